import type { PagesOf } from '@preloved/shared';
import { ListingPage, listingLoader } from '../features/listings/ListingPage';
import { ListingsPage, listingsLoader } from '../features/listings/ListingsPage';
import { OnboardingPage, onboardingLoader } from '../features/onboarding/OnboardingPage';
import { SubmitItemPage, submitItemLoader } from '../features/submit/SubmitItemPage';
import { TaxDataPage, taxDataLoader } from '../features/tax/TaxDataPage';
import '../i18n';

/**
 * The seller's pages, by the keys the shell's route table uses (/user/onboarding → onboarding,
 * /user/submit-item-2hand[/:listingId] → submit-item, /user/listings → listings,
 * /user/listings/:listingId → listing, /user/tax-data → tax-data). The wallet comes with its own issue ("coming soon" until then).
 */
export const pages: PagesOf<'seller', 'SellerPages'> = {
  onboarding: { Component: OnboardingPage, loader: onboardingLoader },
  'submit-item': { Component: SubmitItemPage, loader: submitItemLoader },
  listings: { Component: ListingsPage, loader: listingsLoader },
  listing: { Component: ListingPage, loader: listingLoader },
  'tax-data': { Component: TaxDataPage, loader: taxDataLoader },
};
