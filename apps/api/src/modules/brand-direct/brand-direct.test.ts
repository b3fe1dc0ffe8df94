import { BrandOrders, BrandSales, BrandStockAdded, BrandCatalogue, ListingsResponse, OrderReturns, PaymentResult, ProductResponse, Quote } from '@preloved/contract';
import sharp from 'sharp';
import { decodedBody } from '../../../../../tools/test-support/smtp';
import { mailedTestApp, testClock, type MailedTestApp } from '../../test/app';
import { fillBag, inject, key, payment, quotedTotal, shopper } from '../../test/checkout';
import { signedInStaff } from '../../test/staff';
import { expectLedgerBalanced, sale } from '../../test/wallet';
import { returnDeadline } from './brand-direct-service';
import { brandAccountId } from './brand-stock';

// Brand Direct (issue 48) on the real app, database and a real mailbox, with the hub on (the demo's
// mode) and the test carrier: staff list the brand's pieces in bulk, shoppers see them as the brand's
// with the brand's trader notice, buy them, return them within 14 days of the delivery on a prepaid
// label, are refunded once when the hub has the piece; the brand's sales are its revenue (no wallet),
// recorded with the margin scheme's figures, and the ledger audit balances.
describe('Brand Direct', () => {
  const clock = testClock(new Date('2026-11-02T10:00:00Z'));
  let store: MailedTestApp;
  mailedTestApp({ VERIFICATION_MODE: 'hub' }, { clock }, (started) => (store = started));
  const app = () => store.ctx.app;
  const db = () => store.ctx.db;
  const staffCall = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    app().inject({ method, url: `/api/backoffice/${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  let moderator: Awaited<ReturnType<typeof signedInStaff>>;
  let support: Awaited<ReturnType<typeof signedInStaff>>;
  let finance: Awaited<ReturnType<typeof signedInStaff>>;
  let photos: string[];
  let child: { child_id: number; product_id: number; title: string };

  let shade = 0;
  async function uploadPhoto(cookie: string): Promise<string> {
    shade += 1;
    const png = await sharp({ create: { width: 400, height: 500, channels: 3, background: { r: 40 + shade, g: 90, b: 120 } } }).png().toBuffer();
    const response = await app().inject({ method: 'POST', url: '/api/backoffice/brand-stock/photos', headers: { cookie, 'content-type': 'image/png' }, payload: png });
    expect(response.statusCode).toBe(201);
    return response.json<{ url: string }>().url;
  }

  const row = (extra: Record<string, unknown> = {}) => ({ child_id: child.child_id, condition_id: 2, price: 30, source: 'second', acquired: null, photos, comment: 'A second from the brand.', ...extra });
  async function list(pieces: object[]): Promise<BrandStockAdded> {
    const response = await staffCall('POST', 'brand-stock', moderator.cookie, { pieces });
    expect(response.statusCode).toBe(200);
    return BrandStockAdded.parse(response.json());
  }

  /** A new shopper buys these listings (home delivery, the test card). */
  async function buy(listingIds: number[], buyer?: Awaited<ReturnType<typeof shopper>>) {
    const who = buyer ?? (await shopper(app()));
    await fillBag(db(), who.id, listingIds);
    const total = await quotedTotal(app(), { delivery_option: 'home' }, who.token);
    const response = await inject(app(), 'POST', 'checkout/payment', { token: who.token, idempotencyKey: key(), body: payment(total) });
    expect(response.statusCode).toBe(200);
    const paid = PaymentResult.parse(response.json());
    return { buyer: who, orderId: paid.order_id!, number: paid.order_number!, total };
  }
  const brandPackage = async (orderId: number) => (await db().query<{ id: number }>('SELECT id FROM order_packages WHERE order_id = $1 AND seller_id = $2', [orderId, await brandAccountId(db())])).rows[0]!.id;
  const returnsOf = async (orderId: number, token: string) => OrderReturns.parse((await inject(app(), 'GET', `orders/${orderId}/returns`, { token })).json());
  const askReturn = (orderId: number, token: string, listingId: number) => inject(app(), 'POST', `orders/${orderId}/returns`, { token, body: { listing_id: listingId } });

  beforeAll(async () => {
    moderator = await signedInStaff(app(), db(), clock, 'moderator');
    support = await signedInStaff(app(), db(), clock, 'support');
    finance = await signedInStaff(app(), db(), clock, 'finance');
    photos = [await uploadPhoto(moderator.cookie), await uploadPhoto(moderator.cookie)];
    const product = (await db().query<{ id: number }>("SELECT p.id FROM products p WHERE p.brand_id = 1 AND p.category_id = 6 ORDER BY p.id LIMIT 1")).rows[0]!;
    const catalogue = BrandCatalogue.parse((await staffCall('GET', `brand-stock/catalogue?q=${product.id}`, moderator.cookie)).json());
    child = catalogue.children[0]!;
  });

  it('lets moderators find products by code or name and list many pieces at once, each in the audit log; other roles and shoppers are refused', async () => {
    const byName = BrandCatalogue.parse((await staffCall('GET', `brand-stock/catalogue?q=${encodeURIComponent(child.title.slice(0, 6))}`, moderator.cookie)).json());
    expect(byName.children.some((entry) => entry.child_id === child.child_id)).toBe(true);
    const byCode = BrandCatalogue.parse((await staffCall('GET', `brand-stock/catalogue?q=${child.product_id}-${child.child_id}`, moderator.cookie)).json());
    expect(byCode.children).toHaveLength(1);
    expect((await staffCall('GET', 'brand-stock/catalogue?q=a', moderator.cookie)).json()).toMatchObject({ statusCode: 422, code: 'brand_stock_search' });

    const added = await list([row(), row({ price: 45, source: 'trade_in', acquired: 20, condition_id: 1 })]);
    expect(added.listings).toHaveLength(2);
    const audit = await db().query<{ staff_id: number }>("SELECT staff_id FROM staff_audit WHERE action = 'brand_stock.add' AND target_id = ANY($1::text[])", [added.listings.map((listing) => listing.number)]);
    expect(audit.rows.map((entry) => entry.staff_id)).toEqual([moderator.id, moderator.id]);

    expect((await staffCall('POST', 'brand-stock', support.cookie, { pieces: [row()] })).json()).toMatchObject({ statusCode: 403, code: 'staff_role_refused' });
    expect((await app().inject({ method: 'POST', url: '/api/backoffice/brand-stock', payload: { pieces: [row()] } })).statusCode).toBe(401);
    const buyer = await shopper(app());
    expect((await app().inject({ method: 'POST', url: '/api/backoffice/brand-stock', headers: { authorization: `Bearer ${buyer.token}` }, payload: { pieces: [row()] } })).statusCode).toBe(401);
  });

  it('refuses a batch with a bad row, naming the row and each problem, and lists none of it', async () => {
    const before = (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM brand_stock')).rows[0]!.n;
    const sellersPhoto = '/api/photos/0123456789abcdef0123456789abcdef.webp';
    const refused = await staffCall('POST', 'brand-stock', moderator.cookie, {
      pieces: [row(), row({ price: 2, source: 'trade_in', acquired: null }), row({ child_id: 2_000_000_000, source: 'sample', acquired: 5, photos: [photos[0], sellersPhoto] })],
    });
    expect(refused.statusCode).toBe(422);
    const body = refused.json<{ code: string; message: string; fields: { field: string; key: string }[] }>();
    expect(body.code).toBe('brand_stock_price');
    expect(body.message).toMatch(/^Row 2: /);
    expect(body.fields).toEqual([
      { field: 'pieces.1.price', key: 'brand_stock_price' },
      { field: 'pieces.1.acquired', key: 'brand_stock_acquired_needed' },
      { field: 'pieces.2.child_id', key: 'brand_stock_child_unknown' },
      { field: 'pieces.2.acquired', key: 'brand_stock_acquired_not_trade_in' },
      { field: 'pieces.2.photos', key: 'brand_stock_photos' },
    ]);
    expect((await staffCall('POST', 'brand-stock', moderator.cookie, { pieces: [] })).json()).toMatchObject({ statusCode: 422, code: 'brand_stock_rows' });
    expect((await db().query<{ n: number }>('SELECT count(*)::int AS n FROM brand_stock')).rows[0]!.n).toBe(before);
  });

  it('shows the brand’s pieces as sold by the brand on cards and product pages, and its trader notice for its package at checkout', async () => {
    const [piece] = (await list([row()])).listings;
    const listing = (await db().query<{ product_id: number; variant_id: number }>('SELECT product_id, variant_id FROM listings WHERE id = $1', [piece!.listing_id])).rows[0]!;
    const product = ProductResponse.parse((await inject(app(), 'GET', `products/${listing.product_id}?id_brand=1&variant=${listing.variant_id}&listing=${piece!.listing_id}`)).json());
    const offer = product.listings.find((candidate) => candidate.listing_id === piece!.listing_id)!;
    expect(offer.trader).toMatchObject({ brand: true, name: 'Preloved Demo, Lda.' });
    const peer = product.listings.find((candidate) => candidate.CustomerID !== offer.CustomerID);
    if (peer) expect(peer.trader?.brand).toBeUndefined();
    const cards = ListingsResponse.parse((await inject(app(), 'GET', `products/listings/all?id_brand=1&q=${encodeURIComponent(child.title)}&limit=60`)).json());
    const card = cards.products_listings.find((candidate) => candidate.product_variant_id === listing.variant_id)!;
    expect(card.brand_pieces).toBeGreaterThanOrEqual(1);
    expect(cards.products_listings.filter((candidate) => candidate.product_variant_id !== listing.variant_id).every((candidate) => candidate.brand_pieces === undefined)).toBe(true);

    const quote = Quote.parse((await inject(app(), 'POST', 'checkout/quote', { body: { delivery_option: 'home', cart: [piece!.listing_id] } })).json());
    expect(quote.sellers).toEqual([expect.objectContaining({ seller_id: await brandAccountId(db()), trader: expect.objectContaining({ brand: true, vat_number: 'PT509999990' }) })]);
  });

  it('sells a brand piece as the brand’s revenue: no wallet nor deposit, not sent through the hub, sent by the hub’s team once', async () => {
    const [piece] = (await list([row({ price: 40 })])).listings;
    const order = await buy([piece!.listing_id]);
    const brandId = await brandAccountId(db());
    expect((await db().query('SELECT 1 FROM wallets WHERE customer_id = $1', [brandId])).rows).toEqual([]);
    const pkg = await brandPackage(order.orderId);
    expect((await db().query('SELECT 1 FROM package_verifications WHERE package_id = $1', [pkg])).rows).toEqual([]);
    expect((await db().query<{ scheme: string; sale_cents: number; vat_cents: number }>('SELECT scheme, sale_cents, vat_cents FROM brand_sales WHERE listing_id = $1', [piece!.listing_id])).rows).toEqual([
      { scheme: 'standard', sale_cents: 4000, vat_cents: 748 },
    ]);
    const queue = BrandOrders.parse((await staffCall('GET', 'brand-stock/orders', support.cookie)).json());
    expect(queue.to_send.find((entry) => entry.package_id === pkg)).toMatchObject({ shipped_at: null, order_number: order.number });
    expect((await staffCall('GET', 'brand-stock/orders', moderator.cookie)).statusCode).toBe(403);
    const sent = BrandOrders.parse((await staffCall('POST', `brand-stock/packages/${pkg}/sent`, support.cookie)).json());
    expect(sent.to_send.find((entry) => entry.package_id === pkg)!.tracking_number).toMatch(/^PLB\d{9}$/);
    expect((await staffCall('POST', `brand-stock/packages/${pkg}/sent`, support.cookie)).json()).toMatchObject({ statusCode: 409, code: 'brand_package_sent_already' });
    await expectLedgerBalanced(app());
  });

  it('lets the buyer return a delivered brand piece within 14 days on a prepaid label, refunded once when the hub has it, the ledger balanced', async () => {
    const [piece] = (await list([row({ price: 50 })])).listings;
    const order = await buy([piece!.listing_id]);
    const token = order.buyer.token;
    // Not delivered yet: nothing to return.
    expect((await returnsOf(order.orderId, token)).pieces).toEqual([expect.objectContaining({ listing_id: piece!.listing_id, returnable: false, returnable_until: null, return: null })]);
    expect((await askReturn(order.orderId, token, piece!.listing_id)).json()).toMatchObject({ statusCode: 409, code: 'brand_return_not_delivered' });
    await staffCall('POST', `brand-stock/packages/${await brandPackage(order.orderId)}/sent`, support.cookie);
    clock.advanceDays(3);
    const open = (await returnsOf(order.orderId, token)).pieces[0]!;
    expect(open.returnable).toBe(true);
    const mailsBefore = store.smtp.received.length;
    const asked = await askReturn(order.orderId, token, piece!.listing_id);
    expect(asked.statusCode).toBe(200);
    const requested = OrderReturns.parse(asked.json()).pieces[0]!;
    expect(requested).toMatchObject({ returnable: false, return: { received_at: null, refunded: null } });
    expect(requested.return!.tracking_number).toMatch(/^PLR\d{9}$/);
    expect(decodedBody((await store.smtp.mailTo(order.buyer.email, mailsBefore, /return/)).raw)).toMatch(/14-day right of withdrawal/);
    const label = await app().inject({ method: 'GET', url: requested.return!.label_url, headers: { authorization: `Bearer ${token}` } });
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another customer cannot read it.
    const stranger = await shopper(app());
    expect((await app().inject({ method: 'GET', url: requested.return!.label_url, headers: { authorization: `Bearer ${stranger.token}` } })).statusCode).toBe(404);
    expect((await askReturn(order.orderId, token, piece!.listing_id)).json()).toMatchObject({ statusCode: 409, code: 'brand_return_requested' });
    expect((await inject(app(), 'GET', `orders/${order.orderId}/brand-invoice`, { token })).statusCode).toBe(200);

    const queue = BrandOrders.parse((await staffCall('GET', 'brand-stock/orders', support.cookie)).json());
    const entry = queue.returns.find((candidate) => candidate.listing_id === piece!.listing_id)!;
    const refundMails = store.smtp.received.length;
    const [first, second] = await Promise.all([
      staffCall('POST', `brand-stock/returns/${entry.return_id}/received`, support.cookie, { relist: true }),
      staffCall('POST', `brand-stock/returns/${entry.return_id}/received`, support.cookie, { relist: true }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const refunds = await db().query<{ amount_cents: number }>('SELECT amount_cents FROM payment_refunds WHERE order_id = $1', [order.orderId]);
    // The order's only piece: its price, its fee shares, the package's shipping and the delivery (a whole withdrawal).
    expect(refunds.rows).toEqual([{ amount_cents: Math.round(order.total * 100) }]);
    expect(decodedBody((await store.smtp.mailTo(order.buyer.email, refundMails, /refunded/)).raw)).toMatch(/reached our hub/);
    const done = (await returnsOf(order.orderId, token)).pieces[0]!;
    expect(done.return).toMatchObject({ refunded: order.total });
    expect(done.return!.received_at).not.toBeNull();
    // The piece is on sale again as a new listing of the brand's.
    const relisted = (await db().query<{ relisted_as: number }>('SELECT relisted_as FROM brand_returns WHERE id = $1', [entry.return_id])).rows[0]!.relisted_as;
    expect((await db().query<{ status: string }>('SELECT status FROM listings WHERE id = $1', [relisted])).rows[0]!.status).toBe('active');
    expect((await db().query("SELECT 1 FROM staff_audit WHERE action = 'brand_stock.return_received' AND target_id = $1", [order.number])).rows).toHaveLength(1);
    await expectLedgerBalanced(app());
  });

  it('refuses a return after the 14 days, and of another seller’s piece', async () => {
    const [piece] = (await list([row({ price: 35 })])).listings;
    const order = await buy([piece!.listing_id]);
    await staffCall('POST', `brand-stock/packages/${await brandPackage(order.orderId)}/sent`, support.cookie);
    clock.advanceDays(3);
    const until = new Date((await returnsOf(order.orderId, order.buyer.token)).pieces[0]!.returnable_until!);
    clock.set(new Date(until.getTime() - 60_000));
    expect((await returnsOf(order.orderId, order.buyer.token)).pieces[0]!.returnable).toBe(true);
    clock.set(until);
    expect((await returnsOf(order.orderId, order.buyer.token)).pieces[0]!.returnable).toBe(false);
    expect((await askReturn(order.orderId, order.buyer.token, piece!.listing_id)).json()).toMatchObject({ statusCode: 409, code: 'brand_return_window_closed' });

    const peer = await sale(app(), db(), { price: 2500 });
    expect((await askReturn(peer.orderId, peer.buyer.token, peer.piece.id)).json()).toMatchObject({ statusCode: 422, code: 'brand_return_not_brand' });
    expect((await returnsOf(peer.orderId, peer.buyer.token))).toEqual({ pieces: [], invoice_url: null });
    await expectLedgerBalanced(app());
  });

  it('ends the withdrawal period at the end of the 14th day after the delivery, Lisbon time', () => {
    // Delivered on 4 November (winter, UTC+0): the last day is 18 November.
    expect(returnDeadline(new Date('2026-11-04T10:00:00Z')).toISOString()).toBe('2026-11-19T00:00:00.000Z');
    // Delivered on 1 July (summer, UTC+1), late in the Lisbon evening: the 15th ends at Lisbon's midnight.
    expect(returnDeadline(new Date('2026-07-01T23:30:00Z')).toISOString()).toBe('2026-07-16T23:00:00.000Z');
  });

  it('records a trade-in’s sale under the margin scheme, VAT on the margin only, for finance as a table and a CSV', async () => {
    const [traded, second] = (await list([row({ price: 45, source: 'trade_in', acquired: 20 }), row({ price: 30 })])).listings;
    await buy([traded!.listing_id, second!.listing_id]);
    const day = clock.now().toISOString().slice(0, 10);
    const report = await staffCall('GET', `brand-stock/sales?from=${day}&to=${day}`, finance.cookie);
    expect(report.statusCode).toBe(200);
    const sales = BrandSales.parse(report.json());
    const byNumber = new Map(sales.sales.map((entry) => [entry.listing_number, entry]));
    // 45 − 20 = 25 of margin; the VAT in it at 23 %: 25 × 23 / 123 = 4.67. No VAT on the price.
    expect(byNumber.get(traded!.number)).toMatchObject({ scheme: 'margin', source: 'trade_in', sale: 45, purchase: 20, margin: 25, vat_rate: 23, vat: 4.67, refunded: null });
    // A second is not bought from a consumer: VAT on its whole price, 30 × 23 / 123 = 5.61.
    expect(byNumber.get(second!.number)).toMatchObject({ scheme: 'standard', sale: 30, purchase: null, margin: null, vat: 5.61 });
    expect(sales.totals).toMatchObject({ margin_sales: 45, purchases: 20, margin: 25, margin_vat: 4.67, standard_sales: 30, standard_vat: 5.61 });
    const csv = await staffCall('GET', `brand-stock/sales?from=${day}&to=${day}&format=csv`, finance.cookie);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('sold_at,order,listing,title,source,scheme,sale_eur,purchase_eur,margin_eur,vat_rate,vat_eur,returned_at,refunded_eur');
    expect(csv.body).toContain(`,${traded!.number},`);
    expect(csv.body).toMatch(/,trade_in,margin,45\.00,20\.00,25\.00,23,4\.67,,/);
    expect((await staffCall('GET', `brand-stock/sales?from=${day}&to=${day}`, moderator.cookie)).statusCode).toBe(403);
    await expectLedgerBalanced(app());
  });
});
