import type { CheckoutSummary, DeliveryOption } from '@preloved/contract';

/**
 * What POST /api/checkout/summary answers for one €20 piece with the default fees (the API's own
 * tests prove those amounts): the component tests stand in for the server with it.
 */
export function summaryAnswer(body: unknown): CheckoutSummary {
  const option = (body as { delivery_option?: DeliveryOption } | undefined)?.delivery_option ?? null;
  const delivery = option === 'home' ? 2.5 : 0;
  return {
    subtotal: 20,
    fees: { processing: 1.7, verification: 1.5, shipping: 3.9, delivery, discount: 0, bundle_discount: 0 },
    before_delivery: 23.2,
    delivery_prices: { home: 6.4, pickup: 3.9 },
    delivery_option: option,
    total: option === null ? null : Math.round((23.2 + 3.9 + delivery) * 100) / 100,
    packages: 1,
    bundles: [],
    currency_symb_code: 'EUR',
  };
}
