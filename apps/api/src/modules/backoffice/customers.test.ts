import { CustomerDetail, StaffSearchResult } from '@preloved/contract';
import { testAppForFile, testClock, type TestApp } from '../../test/app';
import { inject } from '../../test/checkout';
import { signedInStaff } from '../../test/staff';
import { IBAN, nextTrackingNumber, sale } from '../../test/wallet';

// Support finds people and their orders from one box, reads a customer's page, and blocks a fraudster:
// no sign-in, sessions gone, pieces off sale, payouts frozen — with the reason in the audit log.
describe('/api/backoffice/customers', () => {
  const clock = testClock();
  let ctx: TestApp;
  testAppForFile({}, { clock }, (started) => (ctx = started));
  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/backoffice/${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  const find = async (cookie: string, q: string) => StaffSearchResult.parse((await call('GET', `search?q=${encodeURIComponent(q)}`, cookie)).json());

  it('finds a customer by e-mail or name, an order by its number or tracking number, a listing by its number', async () => {
    const support = await signedInStaff(ctx.app, ctx.db, clock, 'support');
    const s = await sale(ctx.app, ctx.db);
    const tracking = nextTrackingNumber();
    const pkg = (await ctx.db.query<{ id: number }>('SELECT id FROM order_packages WHERE order_id = $1', [s.orderId])).rows[0]!.id;
    expect((await inject(ctx.app, 'POST', `sales/${pkg}/shipped`, { token: s.seller.token, body: { tracking_number: tracking } })).statusCode).toBe(200);

    expect((await find(support.cookie, s.buyer.email.toUpperCase())).customers.map((c) => c.id)).toEqual([s.buyer.id]);
    expect((await find(support.cookie, s.orderNumber.toLowerCase())).orders).toEqual([expect.objectContaining({ order_id: s.orderId, email: s.buyer.email })]);
    expect((await find(support.cookie, tracking)).orders.map((o) => o.order_id)).toEqual([s.orderId]);
    const number = (await ctx.db.query<{ number: string }>('SELECT number FROM listings WHERE id = $1', [s.piece.id])).rows[0]!.number;
    expect((await find(support.cookie, number)).listings).toEqual([expect.objectContaining({ listing_id: s.piece.id, status: 'sold', seller_id: s.seller.id })]);
    // A pattern character is a character, not a wildcard.
    expect((await find(support.cookie, '%')).customers).toEqual([]);

    const page = CustomerDetail.parse((await call('GET', `customers/${s.seller.id}`, support.cookie)).json());
    expect(page).toMatchObject({ id: s.seller.id, blocked: false, sales: [expect.objectContaining({ order_id: s.orderId, pieces: 1 })] });
    expect(page.sign_ins.length).toBeGreaterThan(0);
  });

  it('blocks a seller with a reason: sign-in refused, sessions revoked, pieces off sale, payouts frozen; unblocking lets them in', async () => {
    const support = await signedInStaff(ctx.app, ctx.db, clock, 'support');
    const s = await sale(ctx.app, ctx.db);
    await inject(ctx.app, 'PUT', 'customers/payout', { token: s.seller.token, body: { method: 'wallet', iban: IBAN } });
    const [other] = (await ctx.db.query<{ id: number }>(`SELECT id FROM listings WHERE status = 'active' AND seller_id <> $1 ORDER BY id DESC LIMIT 1`, [s.seller.id])).rows;
    await ctx.db.query(`UPDATE listings SET seller_id = $1 WHERE id = $2`, [s.seller.id, other!.id]);

    const reason = 'Sold three counterfeit bags; the buyers were refunded.';
    const blocked = CustomerDetail.parse((await call('POST', `customers/${s.seller.id}/blocked`, support.cookie, { blocked: true, reason })).json());
    expect(blocked).toMatchObject({ blocked: true, blocked_reason: reason, wallet: { frozen: true } });
    expect(blocked.listings.find((listing) => listing.listing_id === other!.id)?.status).toBe('archived');
    expect((await inject(ctx.app, 'GET', 'wallet', { token: s.seller.token })).statusCode).toBe(401);
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/customers/login', payload: { email: s.seller.email, password: 'Secret#123', cart: [], id_brand: 1 } });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe('account_blocked');
    expect((await call('POST', `customers/${s.seller.id}/blocked`, support.cookie, { blocked: true, reason })).json().code).toBe('customer_blocked_already');

    const audit = (await call('GET', `audit?action=customer.block&staff_id=${support.id}`, support.cookie)).json();
    expect(audit.entries).toEqual([expect.objectContaining({ target_id: String(s.seller.id), reason, after: expect.objectContaining({ blocked: true, archived: 1 }) })]);

    expect((await call('POST', `customers/${s.seller.id}/blocked`, support.cookie, { blocked: false, reason: 'Appeal accepted.' })).json()).toMatchObject({ blocked: false });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/customers/login', payload: { email: s.seller.email, password: 'Secret#123', cart: [], id_brand: 1 } })).statusCode).toBe(200);
  });

  it('keeps customers from a moderator, and answers an unknown one 404', async () => {
    const moderator = await signedInStaff(ctx.app, ctx.db, clock, 'moderator');
    const finance = await signedInStaff(ctx.app, ctx.db, clock, 'finance');
    expect((await call('GET', 'search?q=a', moderator.cookie)).statusCode).toBe(403);
    expect((await call('GET', 'customers/999999', finance.cookie)).json().code).toBe('customer_not_found');
  });
});
