import type { PagesOf } from '@preloved/shared';
import { DetailsPage, detailsLoader } from '../features/details/DetailsPage';
import { SecurityPage } from '../features/security/SecurityPage';
import '../i18n';

/**
 * The account's pages, by the keys the shell's route table uses (/user → details, /user/security →
 * security). Keys not here yet (addresses, wishlist, offers, orders, order) show "coming soon".
 */
export const pages: PagesOf<'account', 'AccountPages'> = {
  details: { Component: DetailsPage, loader: detailsLoader },
  security: { Component: SecurityPage },
};
