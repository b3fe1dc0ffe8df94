import { DEFAULT_FEE_RATES, buyerFees, type CheckoutSummary, type DeliveryOption } from '@preloved/contract';

/**
 * What POST /api/checkout/summary answers for one €20 piece with the default fees (the API's own
 * tests prove those amounts): the component tests stand in for the server with it.
 */
export function summaryAnswer(body: unknown): CheckoutSummary {
  const option = (body as { delivery_option?: DeliveryOption } | undefined)?.delivery_option ?? null;
  const fees = (to: DeliveryOption) => buyerFees([{ price_cents: 2000, seller_id: 1 }], to, DEFAULT_FEE_RATES);
  const { subtotal, processing, verification, shipping, delivery } = fees(option ?? 'pickup');
  const beforeDelivery = subtotal + processing + verification;
  return {
    subtotal: subtotal / 100,
    fees: { processing: processing / 100, verification: verification / 100, shipping: shipping / 100, delivery: option === null ? 0 : delivery / 100, discount: 0, bundle_discount: 0 },
    before_delivery: beforeDelivery / 100,
    delivery_prices: { home: (fees('home').shipping + fees('home').delivery) / 100, pickup: (fees('pickup').shipping + fees('pickup').delivery) / 100 },
    delivery_option: option,
    total: option === null ? null : (beforeDelivery + shipping + delivery) / 100,
    packages: 1,
    bundles: [],
    currency_symb_code: 'EUR',
  };
}
