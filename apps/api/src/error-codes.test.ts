import { ERROR_CODES, errorSentence, isErrorCode, MAX_CART_IDS, REFUSAL_MESSAGES, VALIDATION_MESSAGES } from '@preloved/contract';
import { apiError, codeOf, HttpError, notFound, STATUS_CODES } from './core/errors';
import { testApp } from './test/app';
import { fillBag, inject, key, listings, payment, shopper } from './test/checkout';

// Every error the API answers carries a stable `code` of the contract's one list (which the
// storefront's catalogues translate, en and pt: packages/shared/src/i18n/catalogue.test.ts), next to
// the English `message` and the fields as before.
let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(() => ctx.close());

type Answer = { statusCode: number; error: string; code: string; message: string; fields?: { field: string; key: string }[]; params?: Record<string, unknown> };

describe('error codes', () => {
  it('answers refusals, validation, unknown routes and malformed requests with a code of the list', async () => {
    const buyer = await shopper(ctx.app);
    const answers = await Promise.all([
      inject(ctx.app, 'GET', 'no/such/route'),
      inject(ctx.app, 'GET', 'cart', { token: 'not-a-session' }),
      inject(ctx.app, 'POST', 'cart', { token: buyer.token, body: { listing_id: 2_000_000_000 } }),
      inject(ctx.app, 'POST', 'customers/signin', { body: { first_name: 'Rita', last_name: 'Lopes', EmailAddress: 'not-an-email', password: 'Secret#123', cart: [], id_brand: 1 } }),
      ctx.app.inject({ method: 'POST', url: '/api/cart', headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' }, payload: '{"listing_id":' }),
      ctx.app.inject({ method: 'POST', url: '/api/cart', headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/xml' }, payload: '<a/>' }),
      ctx.app.inject({ method: 'GET', url: '/api/%c0' }),
    ]);
    const bodies = answers.map((answer) => answer.json<Answer>());
    expect(bodies.map((body) => [body.statusCode, body.code])).toEqual([
      [404, 'route_not_found'],
      [401, 'session_ended'],
      [404, 'listing_unknown'],
      [422, 'invalid_email'],
      [400, 'bad_request'],
      [415, 'unsupported_media_type'],
      [400, 'invalid_url'],
    ]);
    for (const body of bodies) {
      expect(isErrorCode(body.code)).toBe(true);
      expect(body.message).not.toBe('');
      expect(typeof body.error).toBe('string');
    }
    // The validation answer keeps its fields; the code is the first field's key.
    expect(bodies[3]!.fields?.[0]).toEqual({ field: 'EmailAddress', key: 'invalid_email' });
    expect(bodies[3]!.message).toBe(VALIDATION_MESSAGES.invalid_email);
    // The code's English sentence is the message, its placeholders sent as `params`.
    expect(bodies[0]!.params).toEqual({ method: 'GET', path: '/api/no/such/route' });
    expect(bodies[2]!.message).toBe(REFUSAL_MESSAGES.listing_unknown);
  });

  it('answers a checkout refusal kept with its payment attempt with a code too', async () => {
    const buyer = await shopper(ctx.app);
    const [piece] = await listings(ctx.db, 1, { notSeller: buyer.id });
    await fillBag(ctx.db, buyer.id, [piece!.id]);
    const response = await inject(ctx.app, 'POST', 'checkout/payment', { token: buyer.token, body: payment(1), idempotencyKey: key() });
    expect(response.statusCode).toBe(409);
    const body = response.json<Answer>();
    expect(body.code).toBe('total_changed');
    expect(body.message).toBe(errorSentence('total_changed', body.params as Record<string, string>));
    expect(body.message).toMatch(/^The total is now €\d+\.\d\d\. Please review your order before paying\.$/);
  });

  it('gives older throws a code: their field key, their code-like message, their catalogue sentence, else the status', () => {
    expect(new HttpError(422, 'Anything', [{ field: 'x', key: 'no_size' }]).code).toBe('no_size');
    expect(new HttpError(422, 'incorret_combination').code).toBe('incorret_combination');
    expect(new HttpError(422, REFUSAL_MESSAGES.offer_already_open).code).toBe('offer_already_open');
    expect(new HttpError(409, 'A sentence nobody catalogued').code).toBe('conflict');
    expect(new HttpError(422, 'x', undefined, { code: 'bundle_too_small' }).code).toBe('bundle_too_small');
    expect(codeOf(418, 'teapot')).toBe('invalid_request');
    expect(notFound('Order').code).toBe('order_not_found');
    expect(notFound('Something new').code).toBe('not_found');
    expect(apiError(422, 'bag_full', { params: { max: MAX_CART_IDS } }).message).toBe(`Your bag is full (${MAX_CART_IDS} items): remove an item before adding another.`);
  });

  it('only falls back to codes of the list', () => {
    for (const code of Object.values(STATUS_CODES)) expect(ERROR_CODES).toContain(code);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
  });
});
