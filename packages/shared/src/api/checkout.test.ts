import { stubFetch } from '../../../../tools/jest/fetch-stub';
import { resetStore } from '../test-utils';
import { HTTPError } from './client';
import { onApiEvent, type ApiEvent } from './events';
import { lostPieces } from './refusal';
import { deleteAddress, getPickupPoints, getQuote, pay, resendLabel } from './checkout';

const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };
const address = { first_name: 'Inês', last_name: 'Carvalho', phone: '912345678', address: 'Rua Augusta 10', zip_code: '1100-053', city: 'Lisboa', country: 'PT' };

describe('checkout calls', () => {
  let network: ReturnType<typeof stubFetch>;
  let keys: (string | null)[];
  let original: typeof fetch;
  beforeEach(() => {
    resetStore();
    keys = [];
  });
  afterEach(() => {
    globalThis.fetch = original;
    network.restore();
  });

  /** The stub, plus the Idempotency-Key header of each request (the stub records method, URL and body). */
  function stub(responder: Parameters<typeof stubFetch>[0]) {
    network = stubFetch(responder);
    original = globalThis.fetch;
    const stubbed = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request) keys.push(input.headers.get('idempotency-key'));
      return stubbed(input, init);
    }) as typeof fetch;
  }

  it('pay sends the attempt’s Idempotency-Key with the body, and a lost piece rejects without a toast', async () => {
    const events: ApiEvent[] = [];
    const stop = onApiEvent((event) => events.push(event));
    let answer: { status: number; body: unknown } = { status: 200, body: { status: 'succeeded', order_number: 'PO-0000001' } };
    stub((request) => (request.url === '/api/checkout/payment' ? answer : undefined));
    const body = { delivery_option: 'home' as const, address, total: 42.5, card };
    await expect(pay(body, 'attempt-key-1')).resolves.toMatchObject({ order_number: 'PO-0000001' });
    expect(network.requests[0]).toEqual({ method: 'POST', url: '/api/checkout/payment', body });
    expect(keys).toEqual(['attempt-key-1']);

    answer = { status: 409, body: { message: 'Sorry, "Coat" is no longer available', lost: [{ listing_id: 3, title: 'Coat' }] } };
    const refusal = await pay(body, 'attempt-key-2').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HTTPError);
    expect(lostPieces(refusal)).toEqual([{ listing_id: 3, title: 'Coat' }]);
    expect(events).toEqual([]);
    stop();
  });

  it('pickup points leave out what was not asked; quote posts the delivery choice; ids go in the path', async () => {
    stub(() => ({ body: {} }));
    await getPickupPoints({ lat: 41.15, lng: -8.61, city: '' });
    await getQuote({ delivery_option: 'pickup', pickup_point_id: 4, discount_code: 'WELCOME10' });
    await deleteAddress(12);
    await resendLabel(7);
    expect(network.requests).toEqual([
      { method: 'GET', url: '/api/checkout/pickuppoints?lat=41.15&lng=-8.61', body: undefined },
      { method: 'POST', url: '/api/checkout/quote', body: { delivery_option: 'pickup', pickup_point_id: 4, discount_code: 'WELCOME10' } },
      { method: 'DELETE', url: '/api/customers/addresses/12', body: undefined },
      { method: 'POST', url: '/api/sales/7/label', body: undefined },
    ]);
  });
});
