import type { PagesOf } from '@preloved/shared';
import { CheckoutPage, checkoutLoader } from '../features/checkout/CheckoutPage';
import { ReviewOrderPage, reviewOrderLoader } from '../features/review-order/ReviewOrderPage';
import '../i18n';

/**
 * The checkout pages, by the keys the shell's route table uses: /checkout ('checkout', the order
 * summary) and /review-order/:orderId ('review-order'); review, payment and payment-result show "coming soon".
 */
export const pages: PagesOf<'bag-checkout', 'CheckoutPages'> = {
  checkout: { Component: CheckoutPage, loader: checkoutLoader },
  'review-order': { Component: ReviewOrderPage, loader: reviewOrderLoader },
};
