import { testPaymentProvider } from '../payments/test-provider';
import { testApp } from '../../test/app';
import { CARDS, fillBag, key, listings, payment, quotedTotal, shopper } from '../../test/checkout';

// Payment velocity (card testing) and discount-code guessing, counted in the
// database per account, per e-mail and per client address; each refusal a 429 with Retry-After in the
// shopper's language.

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp(
    { PAYMENT_MAX_ATTEMPTS: '4', PAYMENT_MAX_ATTEMPTS_PER_ADDRESS: '8', PAYMENT_MAX_DECLINES: '3', PAYMENT_MAX_DECLINES_PER_ADDRESS: '5', DISCOUNT_CODE_MAX_FAILURES: '3' },
    { paymentProvider: testPaymentProvider() },
  );
});
afterAll(() => ctx.close());

const post = (url: string, body: unknown, options: { address: string; token?: string; idempotencyKey?: string; language?: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    remoteAddress: options.address,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
    payload: body as object,
  });

let piece: { id: number };
beforeAll(async () => {
  piece = (await listings(ctx.db, 1))[0]!;
});
const declinedBy = async (email: string, address: string) => {
  const total = await quotedTotal(ctx.app, { delivery_option: 'home', cart: [piece.id] });
  return post('checkout/payment', payment(total, { cart: [piece.id], email }, CARDS.declined), { address, idempotencyKey: key() });
};

describe('card testing', () => {
  it('declined cards: 3 per e-mail, whatever the address, then 429 with Retry-After before the card is asked', async () => {
    for (let i = 0; i < 3; i++) expect((await declinedBy('tester@example.com', `10.20.0.${i + 1}`)).statusCode).toBe(402);
    const refused = await declinedBy('tester@example.com', '10.20.0.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('declined cards: 5 per client address, whatever the e-mail', async () => {
    for (let i = 0; i < 5; i++) expect((await declinedBy(`many${i}@example.com`, '10.21.0.1')).statusCode).toBe(402);
    expect((await declinedBy('fresh@example.com', '10.21.0.1')).statusCode).toBe(429);
    // Another address is not held by this one's declines.
    expect((await declinedBy('fresh@example.com', '10.21.0.2')).statusCode).toBe(402);
  });

  it('attempts per account: the 5th in the hour is a 429 in the shopper’s language, and not stored under its key', async () => {
    const buyer = await shopper(ctx.app);
    await fillBag(ctx.db, buyer.id, [piece.id]);
    for (let i = 0; i < 4; i++) expect((await post('checkout/payment', payment(1), { address: `10.22.0.${i + 1}`, token: buyer.token, idempotencyKey: key() })).statusCode).toBe(409);
    const idempotencyKey = key();
    const refused = await post('checkout/payment', payment(1), { address: '10.22.0.9', token: buyer.token, idempotencyKey, language: 'pt-PT' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().message).toMatch(/^Demasiadas tentativas\. Tente de novo dentro de \d+ minutos\.$/);
    expect((await ctx.db.query('SELECT 1 FROM payment_attempts WHERE idempotency_key = $1', [idempotencyKey])).rows).toHaveLength(0);
  });
});

describe('discount codes', () => {
  it('an empty bag answers 422 empty_bag for a valid and an unknown code alike', async () => {
    const answers = await Promise.all(['WELCOME10', 'NOPE1234'].map((code) => post('checkout/discountcode', { code, cart: [] }, { address: '10.23.0.1' })));
    expect(answers.map((answer) => [answer.statusCode, answer.json().fields])).toEqual([
      [422, [{ field: 'cart', key: 'empty_bag' }]],
      [422, [{ field: 'cart', key: 'empty_bag' }]],
    ]);
  });

  it('3 wrong codes per client address, then 429 even for a valid one; valid codes do not count', async () => {
    for (let i = 0; i < 5; i++) expect((await post('checkout/discountcode', { code: 'WELCOME10', cart: [piece.id] }, { address: '10.24.0.1' })).statusCode).toBe(200);
    for (const code of ['GUESS001', 'GUESS002']) expect((await post('checkout/discountcode', { code, cart: [piece.id] }, { address: '10.24.0.1' })).statusCode).toBe(422);
    // The quote counts too.
    expect((await post('checkout/quote', { delivery_option: 'home', cart: [piece.id], discount_code: 'GUESS003' }, { address: '10.24.0.1' })).statusCode).toBe(422);
    const refused = await post('checkout/discountcode', { code: 'WELCOME10', cart: [piece.id] }, { address: '10.24.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('per account, whatever the address', async () => {
    const buyer = await shopper(ctx.app);
    await fillBag(ctx.db, buyer.id, [piece.id]);
    for (let i = 0; i < 3; i++) expect((await post('checkout/discountcode', { code: `WRONG00${i}` }, { address: `10.25.0.${i + 1}`, token: buyer.token })).statusCode).toBe(422);
    expect((await post('checkout/discountcode', { code: 'WRONG009' }, { address: '10.25.0.9', token: buyer.token })).statusCode).toBe(429);
  });
});
