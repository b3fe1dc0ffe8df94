import type { FastifyInstance } from 'fastify';
import { testPaymentProvider } from './modules/payments/test-provider';
import { testApp } from './test/app';
import { fillBag, key, payment, quotedTotal, shopper } from './test/checkout';

// Every personal answer that names a product names it in the language the client asks for
// (Accept-Language, as the catalogue does): the bag, checkout, wishlist, offers, orders, the feed.
let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp({}, { paymentProvider: testPaymentProvider() });
});
afterAll(() => ctx.close());

const TITLES = { en: 'Linen wrap dress', pt: 'Vestido traçado de linho', es: 'Vestido cruzado de lino' } as const;
type Language = keyof typeof TITLES;
const LANGUAGES: Language[] = ['en', 'pt', 'es'];

function ask(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, token: string, language: Language, body?: object) {
  return app.inject({ method, url: `/api/${url}`, headers: { authorization: `Bearer ${token}`, 'accept-language': language }, ...(body ? { payload: body } : {}) });
}

/** The answer is in `language`: it says so, tells caches it depends on the header, and titles the piece so. */
function expectIn(response: Awaited<ReturnType<typeof ask>>, language: Language) {
  expect([response.statusCode, response.headers['content-language']]).toEqual([200, language]);
  expect(String(response.headers.vary)).toContain('Accept-Language');
  expect(response.body).toContain(TITLES[language]);
  for (const other of LANGUAGES.filter((one) => one !== language)) expect(response.body).not.toContain(TITLES[other]);
}

let buyer: Awaited<ReturnType<typeof shopper>>;
let seller: Awaited<ReturnType<typeof shopper>>;
let pieces: { id: number; child_id: number; price_cents: number }[];
beforeAll(async () => {
  buyer = await shopper(ctx.app);
  seller = await shopper(ctx.app);
  // Two pieces of the linen wrap dress, now listed by a seller the test signs in as.
  ({ rows: pieces } = await ctx.db.query<{ id: number; child_id: number; price_cents: number }>(
    `SELECT l.id, l.child_id, l.price_cents FROM listings l JOIN products p ON p.id = l.product_id
     WHERE p.title = $1 AND l.status = 'active' ORDER BY l.id LIMIT 2`,
    [TITLES.en],
  ));
  expect(pieces).toHaveLength(2);
  await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = ANY($2::int[])', [seller.id, pieces.map((piece) => piece.id)]);
});

describe.each(LANGUAGES)('product titles in %s', (language) => {
  it('in the bag, its checkout data and the quote of the review tab', async () => {
    await fillBag(ctx.db, buyer.id, [pieces[0]!.id]);
    expectIn(await ask(ctx.app, 'GET', 'cart', buyer.token, language), language);
    expectIn(await ask(ctx.app, 'GET', 'checkout', buyer.token, language), language);
    expectIn(await ask(ctx.app, 'POST', 'checkout/quote', buyer.token, language, { delivery_option: 'home' }), language);
  });

  it('with the condition’s description in that language, in the bag and on the product page', async () => {
    await fillBag(ctx.db, buyer.id, [pieces[0]!.id]);
    const { rows } = await ctx.db.query<{ description: string; description_pt: string; description_es: string; product_id: number; variant_id: number }>(
      'SELECT c.description, c.description_pt, c.description_es, l.product_id, l.variant_id FROM listings l JOIN conditions c ON c.id = l.condition_id WHERE l.id = $1',
      [pieces[0]!.id],
    );
    const condition = rows[0]!;
    const expected = { en: condition.description, pt: condition.description_pt, es: condition.description_es }[language];
    expect([condition.description_pt, condition.description_es]).toEqual([expect.any(String), expect.any(String)]);
    const bag = await ask(ctx.app, 'GET', 'cart', buyer.token, language);
    expect(bag.json<{ listing_id: number; condition_description: string }[]>().find((line) => line.listing_id === pieces[0]!.id)?.condition_description).toBe(expected);
    const product = await ask(ctx.app, 'GET', `products/${condition.product_id}?variant=${condition.variant_id}&listing=${pieces[0]!.id}&id_brand=1`, buyer.token, language);
    expect(product.body).toContain(expected);
  });

  it('in the wishlist, when saving and when reading it', async () => {
    const saved = await ask(ctx.app, 'PUT', 'customers/wishlist', buyer.token, language, { child_id: pieces[0]!.child_id });
    expectIn(saved, language);
    expectIn(await ask(ctx.app, 'GET', 'customers/wishlist', buyer.token, language), language);
    // Toggled back: the next language starts from an empty wishlist.
    expect((await ask(ctx.app, 'PUT', 'customers/wishlist', buyer.token, language, { child_id: pieces[0]!.child_id })).statusCode).toBe(200);
  });

  it('in offers: the one made, both lists, and the seller’s answer', async () => {
    const price = Math.ceil(pieces[1]!.price_cents * 0.9) / 100;
    const made = await ask(ctx.app, 'POST', 'offers', buyer.token, language, { listing_id: pieces[1]!.id, price });
    expectIn(made, language);
    expectIn(await ask(ctx.app, 'GET', 'offers', buyer.token, language), language);
    expectIn(await ask(ctx.app, 'GET', 'offers', seller.token, language), language);
    expectIn(await ask(ctx.app, 'POST', `offers/${made.json<{ id: number }>().id}/decline`, seller.token, language), language);
  });
});

describe('an order placed', () => {
  let orderId: number;
  beforeAll(async () => {
    await fillBag(ctx.db, buyer.id, [pieces[0]!.id]);
    const total = await quotedTotal(ctx.app, { delivery_option: 'home' }, buyer.token);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/api/checkout/payment',
      headers: { authorization: `Bearer ${buyer.token}`, 'idempotency-key': key() },
      payload: payment(total),
    });
    expect(paid.statusCode).toBe(200);
    orderId = paid.json<{ order_id: number }>().order_id;
  });

  it.each(LANGUAGES)('shows its pieces in %s on the order page', async (language) => {
    expectIn(await ask(ctx.app, 'GET', `orders/${orderId}`, buyer.token, language), language);
  });

  it.each(LANGUAGES)('tells the seller of the sale in %s in the notifications feed', async (language) => {
    const feed = await ask(ctx.app, 'GET', 'notifications/feed', seller.token, language);
    expectIn(feed, language);
    expect(feed.json<{ notifications: { kind: string; title: string | null }[] }>().notifications).toContainEqual(
      expect.objectContaining({ kind: 'sale', title: TITLES[language] }),
    );
  });

  it('keeps the English title in the order itself, for its mails', async () => {
    const { rows } = await ctx.db.query<{ title: string }>('SELECT title FROM order_lines WHERE order_id = $1', [orderId]);
    expect(rows).toEqual([{ title: TITLES.en }]);
  });
});
