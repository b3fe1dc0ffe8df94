import { Navigate } from '@preloved/shared/router';
import { mountStandalone, pageRoutes } from '@preloved/shared/standalone';
import { SignedInStandaloneFrame } from '@preloved/ui/standalone';
import { pages } from './exposes/SellerPages';

// The seller's pages in the signed-in standalone frame, against the API: for working on this
// remote alone. `@preloved/ui/standalone` is outside the shared package's entry, so production
// bundles never carry it.
const paths: Record<string, string> = {
  listings: '/user/listings',
  listing: '/user/listings/:listingId',
  onboarding: '/user/onboarding',
  'submit-item': '/user/submit-item-2hand',
};
const links = [
  { to: paths.listings!, label: 'listings.title' },
  { to: paths.onboarding!, label: 'onboarding.title' },
  { to: paths['submit-item']!, label: 'submit.title' },
];

function Frame() {
  return <SignedInStandaloneFrame namespace="seller" links={links} />;
}

mountStandalone('seller', Frame, [{ index: true, element: <Navigate to="/user/listings" replace /> }, ...pageRoutes(pages, paths)]);
