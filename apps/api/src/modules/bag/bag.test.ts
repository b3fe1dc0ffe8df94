import { BagLines, CheckoutData, SignupResult, WishlistEntries } from '@preloved/contract';
import { testApp } from '../../test/app';

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(async () => {
  await ctx.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, options: { body?: unknown; token?: string | null } = {}) {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return ctx.app.inject({
    method,
    url: `/api/${url}`,
    headers,
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
}

let counter = 0;
let lastIp = 0;
async function customer(cart: number[] = []): Promise<{ token: string; id: number; cart: SignupResult['Cart'] }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/customers/signin',
    remoteAddress: `127.2.0.${++lastIp}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ first_name: 'Ana', last_name: 'Costa', EmailAddress: `bag${++counter}@example.com`, password: 'Secret#123', cart, id_brand: 1 }),
  });
  expect(response.statusCode).toBe(200);
  const result = SignupResult.parse(response.json());
  return { token: result.Customer.token, id: result.Customer.CustomerID, cart: result.Cart };
}

// Each test takes listings no other test uses, so their bags never depend on each other.
let taken = 0;
async function listings(count: number): Promise<{ id: number; price_cents: number; child_id: number; seller_id: number; first_name: string }[]> {
  const { rows } = await ctx.db.query<{ id: number; price_cents: number; child_id: number; seller_id: number; first_name: string }>(
    `SELECT l.id, l.price_cents, l.child_id, l.seller_id, s.first_name FROM listings l JOIN customers s ON s.id = l.seller_id
     WHERE l.status = 'active' ORDER BY l.id OFFSET $1 LIMIT $2`,
    [taken, count],
  );
  taken += count;
  return rows;
}

const bagOf = async (token: string) => BagLines.parse((await call('GET', 'cart', { token })).json());
const add = (token: string, listing_id: number, offer_id?: number | null) =>
  call('POST', 'cart', { token, body: offer_id === undefined ? { listing_id } : { listing_id, offer_id } });

describe('bag: who may call', () => {
  const calls: [string, Method, string, unknown][] = [
    ['GET cart', 'GET', 'cart', undefined],
    ['POST cart', 'POST', 'cart', { listing_id: 1 }],
    ['DELETE cart', 'DELETE', 'cart?shopping_bag_line_id=1', undefined],
    ['GET checkout', 'GET', 'checkout', undefined],
    ['PUT customers/wishlist', 'PUT', 'customers/wishlist', { child_id: 1 }],
    ['GET customers/wishlist', 'GET', 'customers/wishlist', undefined],
  ];

  it.each(calls)('%s answers 401 without a token, with garbage, a forged or a signed-out token', async (_name, method, url, body) => {
    const signedOut = await customer();
    await call('POST', 'customers/logout', { token: signedOut.token });
    const forged = 'A'.repeat(43);
    for (const token of [null, 'garbage', forged, signedOut.token]) {
      const response = await call(method, url, { token, body });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'session_ended' });
    }
  });
});

describe('bag: adding, reading and removing lines', () => {
  it('adds listings in order, never twice, with every field of a bag line', async () => {
    const shopper = await customer();
    const [a, b] = await listings(2);
    expect((await add(shopper.token, a!.id)).statusCode).toBe(200);
    const twice = await add(shopper.token, a!.id);
    expect(twice.statusCode).toBe(200);
    expect(BagLines.parse(twice.json()).map((line) => line.listing_id)).toEqual([a!.id]);
    const after = BagLines.parse((await add(shopper.token, b!.id, null)).json());
    expect(after.map((line) => line.listing_id)).toEqual([a!.id, b!.id]);
    expect(after[0]).toMatchObject({ valid_listing: true, valid_offer: true, offer_id: null, price: a!.price_cents / 100, CustomerID: a!.seller_id, customer_name: a!.first_name, currency_symb_code: 'EUR' });
    expect(await bagOf(shopper.token)).toEqual(after);
  });

  it('refuses unknown, sold and own listings and offers that are not the caller’s, with a clear 4xx', async () => {
    const shopper = await customer();
    const [sold, own, free] = await listings(3);
    await ctx.db.query(`UPDATE listings SET status = 'sold' WHERE id = $1`, [sold!.id]);
    await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [shopper.id, own!.id]);
    const unknown = await add(shopper.token, 2147483647);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'listing_unknown']);
    const soldAnswer = await add(shopper.token, sold!.id);
    expect([soldAnswer.statusCode, soldAnswer.json().code]).toEqual([422, 'listing_unavailable']);
    const ownAnswer = await add(shopper.token, own!.id);
    expect([ownAnswer.statusCode, ownAnswer.json().code]).toEqual([422, 'own_listing_in_bag']);
    const offer = await add(shopper.token, free!.id, 1);
    expect([offer.statusCode, offer.json().code]).toEqual([422, 'offer_not_for_bag']);
    expect(await bagOf(shopper.token)).toEqual([]);
  });

  it('refuses a 101st line with a 422: the bag holds what a sign-in can merge', async () => {
    const shopper = await customer();
    const { rows } = await ctx.db.query<{ id: number }>(
      `SELECT id FROM listings WHERE status = 'active' ORDER BY id DESC LIMIT 101`,
    );
    await ctx.db.query('INSERT INTO bag_lines (customer_id, listing_id) SELECT $1, unnest($2::int[])', [shopper.id, rows.slice(0, 100).map((row) => row.id)]);
    const full = await add(shopper.token, rows[100]!.id);
    expect([full.statusCode, full.json().code, full.json().params]).toEqual([422, 'bag_full', { max: 100 }]);
    // A listing already in the full bag is still answered with the bag, unchanged.
    expect((await add(shopper.token, rows[0]!.id)).statusCode).toBe(200);
    expect((await bagOf(shopper.token)).length).toBe(100);
  });

  it('keeps a line whose listing sold as an unavailable line, and adding it again changes nothing', async () => {
    const shopper = await customer();
    const [a] = await listings(1);
    await add(shopper.token, a!.id);
    await ctx.db.query(`UPDATE listings SET status = 'sold' WHERE id = $1`, [a!.id]);
    const again = await add(shopper.token, a!.id);
    expect(again.statusCode).toBe(200);
    expect(BagLines.parse(again.json()).map((line) => [line.listing_id, line.valid_listing])).toEqual([[a!.id, false]]);
  });

  it('removes only the caller’s own lines: someone else’s line id is unknown and stays in their bag', async () => {
    const owner = await customer();
    const intruder = await customer();
    const [a, b] = await listings(2);
    await add(owner.token, a!.id);
    const [line, other] = BagLines.parse((await add(owner.token, b!.id)).json());
    const foreign = await call('DELETE', `cart?shopping_bag_line_id=${line!.id}`, { token: intruder.token });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'bag_line_unknown']);
    expect((await bagOf(owner.token)).length).toBe(2);
    expect(await bagOf(intruder.token)).toEqual([]);

    const removed = await call('DELETE', `cart?shopping_bag_line_id=${line!.id}`, { token: owner.token });
    expect(removed.statusCode).toBe(200);
    expect(BagLines.parse(removed.json())).toEqual([other]);
    expect((await call('DELETE', `cart?shopping_bag_line_id=${line!.id}`, { token: owner.token })).statusCode).toBe(404);
  });

  it.each([
    ['a word as line id', 'DELETE', 'cart?shopping_bag_line_id=abc', undefined],
    ['no line id', 'DELETE', 'cart', undefined],
    ['a negative line id', 'DELETE', 'cart?shopping_bag_line_id=-4', undefined],
    ['a huge line id', 'DELETE', 'cart?shopping_bag_line_id=99999999999999', undefined],
    ['no listing id', 'POST', 'cart', {}],
    ['a word as listing id', 'POST', 'cart', { listing_id: 'x' }],
    ['a fractional listing id', 'POST', 'cart', { listing_id: 1.5 }],
    ['a word as offer id', 'POST', 'cart', { listing_id: 1, offer_id: 'x' }],
    ['a list as body', 'POST', 'cart', [1, 2]],
    ['no child id', 'PUT', 'customers/wishlist', {}],
    ['a word as child id', 'PUT', 'customers/wishlist', { child_id: 'x' }],
  ] as const)('answers %s with 422 and a message, never a 5xx', async (_name, method, url, body) => {
    const shopper = await customer();
    const response = await call(method, url, { token: shopper.token, body });
    expect(response.statusCode).toBe(422);
    // Schema refusals of ids still answer the generic code, their field's key an English sentence.
    expect(response.json()).toMatchObject({ code: 'invalid_request', message: expect.any(String) });
  });

  it('refuses a merge of 1 000 listing ids with a 422, and the bag keeps what it had', async () => {
    const shopper = await customer();
    const [a] = await listings(1);
    await add(shopper.token, a!.id);
    const email = `bag${counter}@example.com`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/customers/login',
      remoteAddress: '127.2.1.1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password: 'Secret#123', cart: Array.from({ length: 1000 }, (_, i) => i + 1), id_brand: 1 }),
    });
    expect(response.statusCode).toBe(422);
    expect((await bagOf(shopper.token)).map((line) => line.listing_id)).toEqual([a!.id]);
  });
});

describe('bag: checkout', () => {
  it('answers the lines with the seller’s FirstName and the subtotal of the lines that can be bought', async () => {
    const [a, b, c] = await listings(3);
    const shopper = await customer([a!.id, b!.id, c!.id]);
    expect(shopper.cart.map((line) => line.listing_id)).toEqual([a!.id, b!.id, c!.id]);
    await ctx.db.query(`UPDATE listings SET status = 'archived' WHERE id = $1`, [c!.id]);
    const response = await call('GET', 'checkout', { token: shopper.token });
    expect(response.statusCode).toBe(200);
    const checkout = CheckoutData.parse(response.json());
    expect(checkout.lines.map((line) => [line.listing_id, line.FirstName, line.valid_listing])).toEqual([
      [a!.id, a!.first_name, true],
      [b!.id, b!.first_name, true],
      [c!.id, c!.first_name, false],
    ]);
    expect(checkout.subtotal).toBe((a!.price_cents + b!.price_cents) / 100);
    expect(checkout.currency_symb_code).toBe('EUR');
  });

  it('answers an empty bag with no lines and a zero subtotal', async () => {
    const shopper = await customer();
    expect(CheckoutData.parse((await call('GET', 'checkout', { token: shopper.token })).json())).toEqual({ lines: [], subtotal: 0, currency_symb_code: 'EUR' });
  });
});

describe('wishlist', () => {
  it('toggles a product child, answers the entries with product_child_id, and marks the bag line wishlisted', async () => {
    const shopper = await customer();
    const other = await customer();
    const [a] = await listings(1);
    await add(shopper.token, a!.id);
    const saved = await call('PUT', 'customers/wishlist', { token: shopper.token, body: { child_id: a!.child_id } });
    expect(saved.statusCode).toBe(200);
    const entries = WishlistEntries.parse(saved.json());
    expect(entries).toEqual([expect.objectContaining({ product_child_id: a!.child_id, currency_symb_code: 'EUR' })]);
    expect(entries[0]!.available).toBeGreaterThanOrEqual(1);
    expect(entries[0]!.price).toBeLessThanOrEqual(a!.price_cents / 100);
    expect((await bagOf(shopper.token))[0]!.wishlisted).toBe(true);
    expect(WishlistEntries.parse((await call('GET', 'customers/wishlist', { token: shopper.token })).json())).toEqual(entries);

    // Another customer sees none of it and toggles only their own list.
    expect(WishlistEntries.parse((await call('GET', 'customers/wishlist', { token: other.token })).json())).toEqual([]);
    await call('PUT', 'customers/wishlist', { token: other.token, body: { child_id: a!.child_id } });
    expect(WishlistEntries.parse((await call('GET', 'customers/wishlist', { token: shopper.token })).json())).toEqual(entries);

    const removed = await call('PUT', 'customers/wishlist', { token: shopper.token, body: { child_id: a!.child_id } });
    expect(WishlistEntries.parse(removed.json())).toEqual([]);
    expect((await bagOf(shopper.token))[0]!.wishlisted).toBe(false);
  });

  it('shows a saved piece whose listings all sold as unavailable, with no price', async () => {
    const shopper = await customer();
    const [a] = await listings(1);
    await call('PUT', 'customers/wishlist', { token: shopper.token, body: { child_id: a!.child_id } });
    await ctx.db.query(`UPDATE listings SET status = 'sold' WHERE child_id = $1`, [a!.child_id]);
    const [entry] = WishlistEntries.parse((await call('GET', 'customers/wishlist', { token: shopper.token })).json());
    expect(entry).toMatchObject({ product_child_id: a!.child_id, available: 0, price: null });
  });

  it('answers an unknown product child with 404', async () => {
    const shopper = await customer();
    const response = await call('PUT', 'customers/wishlist', { token: shopper.token, body: { child_id: 2147483647 } });
    expect([response.statusCode, response.json().code]).toEqual([404, 'product_unknown']);
  });
});

describe('bag: concurrent adds', () => {
  it('adding one listing twice at once keeps one line and answers both with the bag', async () => {
    const shopper = await customer();
    const [a] = await listings(1);
    const answers = await Promise.all([add(shopper.token, a!.id), add(shopper.token, a!.id), add(shopper.token, a!.id)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await bagOf(shopper.token)).map((line) => line.listing_id)).toEqual([a!.id]);
  });
});
