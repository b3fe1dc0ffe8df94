import type { PagesOf } from '@preloved/shared';
import { checkoutLoader } from '../components/CheckoutFrame';
import { CheckoutPage } from '../features/checkout/CheckoutPage';
import { PaymentPage } from '../features/payment/PaymentPage';
import { PaymentResultPage } from '../features/payment-result/PaymentResultPage';
import { ReviewPage } from '../features/review/ReviewPage';
import '../i18n';

/**
 * The checkout pages, by the keys the shell's route table uses: the three tabs share the checkout's
 * data (the order summary), the result page reads what the payment answered.
 */
export const pages: PagesOf<'bag-checkout', 'CheckoutPages'> = {
  checkout: { Component: CheckoutPage, loader: checkoutLoader },
  review: { Component: ReviewPage, loader: checkoutLoader },
  payment: { Component: PaymentPage, loader: checkoutLoader },
  'payment-result': { Component: PaymentResultPage },
};
