import type { PagesOf } from '@preloved/shared';
import { CheckoutPage, checkoutLoader } from '../features/checkout/CheckoutPage';
import '../i18n';

/**
 * The checkout pages, by the keys the shell's route table uses. Only /checkout ('checkout', the
 * order summary) so far; review, payment, payment-result and review-order show "coming soon".
 */
export const pages: PagesOf<'bag-checkout', 'CheckoutPages'> = {
  checkout: { Component: CheckoutPage, loader: checkoutLoader },
};
