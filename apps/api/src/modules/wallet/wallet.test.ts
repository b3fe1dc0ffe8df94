import { MainStoreCode, NotificationFeed, Wallet, WalletCodeResult } from '@preloved/contract';
import { inject } from '../../test/checkout';
import { testAppForFile, type TestApp, testClock } from '../../test/app';
import { deliver, IBAN, sale, SHOP_KEY, shopCall } from '../../test/wallet';

const clock = testClock();
let ctx: TestApp;
// A new IBAN's 48-hour hold is payout-safety.test.ts's: here transfers go to it at once.
testAppForFile({ IBAN_HOLD_HOURS: '0' }, { clock }, (started) => (ctx = started));
beforeEach(() => clock.set(new Date()));

const wallet = async (token: string) => Wallet.parse((await inject(ctx.app, 'GET', 'wallet', { token })).json());
const euros = (cents: number) => cents / 100;

describe('sale deposits', () => {
  it("credit a sale's price to the seller as a pending deposit, released by the delivery and the buyer's all-is-well, never by the click alone", async () => {
    const s = await sale(ctx.app, ctx.db);
    const before = await wallet(s.seller.token);
    expect(before).toMatchObject({ total_credit: euros(s.price), pending: euros(s.price), available: 0, count: 1 });
    expect(before.activity).toEqual([
      { id: expect.any(Number), type: 'listing_sale_deposit', amount: euros(s.price), date: expect.any(String), code: s.orderNumber, status: 'pending', available_from: null },
    ]);

    await deliver(ctx.app, s, { received: false });
    const shipped = await wallet(s.seller.token);
    expect(shipped).toMatchObject({ pending: euros(s.price), available: 0 });
    const windowEnd = new Date(shipped.activity[0]!.available_from!);

    // "All is well" before the carrier delivered: the credit waits for the delivery, no longer for the window.
    expect((await inject(ctx.app, 'POST', `orders/${s.orderId}/received`, { token: s.buyer.token })).statusCode).toBe(200);
    const clicked = await wallet(s.seller.token);
    expect(clicked).toMatchObject({ total_credit: euros(s.price), pending: euros(s.price), available: 0 });
    const delivery = new Date(clicked.activity[0]!.available_from!);
    expect(windowEnd.getTime() - delivery.getTime()).toBe(48 * 3600 * 1000);
    clock.set(delivery);
    const after = await wallet(s.seller.token);
    expect(after).toMatchObject({ total_credit: euros(s.price), pending: 0, available: euros(s.price) });
    expect(after.activity[0]).toMatchObject({ status: 'available', available_from: null });
    // The buyer's own wallet is untouched.
    expect(await wallet(s.buyer.token)).toMatchObject({ total_credit: 0, activity: [], count: 0 });
  });

  it("without the buyer's word, become available 2 days after the carrier's delivery, by the clock alone", async () => {
    const s = await sale(ctx.app, ctx.db);
    await deliver(ctx.app, s, { received: false });
    const from = new Date((await wallet(s.seller.token)).activity[0]!.available_from!);
    // Shipped now: the test carrier delivers 2 business days on (at least 2 calendar days), then 48 hours.
    expect(from.getTime() - clock.now().getTime()).toBeGreaterThanOrEqual(4 * 24 * 3600 * 1000);
    clock.set(new Date(from.getTime() - 1));
    expect(await wallet(s.seller.token)).toMatchObject({ pending: euros(s.price), available: 0 });
    clock.set(from);
    expect(await wallet(s.seller.token)).toMatchObject({ pending: 0, available: euros(s.price) });
  });

  it('tell the seller in the notifications feed, which marks entries read by id or all at once', async () => {
    const s = await sale(ctx.app, ctx.db);
    const feed = NotificationFeed.parse((await inject(ctx.app, 'GET', 'notifications/feed', { token: s.seller.token })).json());
    expect(feed).toEqual({
      notifications: [{ id: expect.any(Number), kind: 'sale', date: expect.any(String), read: false, amount: euros(s.price), reference: s.orderNumber, title: s.piece.title, link: '/user/sales' }],
      count: 1,
      unread: 1,
    });
    expect(await ctx.app.notificationFeed.unreadCount(s.seller.id)).toBe(1);
    // The unread entries are part of the header's number (the spec's Notifications).
    expect((await inject(ctx.app, 'GET', 'notifications/count', { token: s.seller.token })).json()).toEqual({ Notifications: 1, parts: { offers: 0, feed: 1, messages: 0 } });
    // Someone else's id changes nothing; the owner's id marks it read.
    expect((await inject(ctx.app, 'POST', 'notifications/feed/read', { token: s.buyer.token, body: { ids: [feed.notifications[0]!.id] } })).json()).toEqual({ unread: 0 });
    expect(await ctx.app.notificationFeed.unreadCount(s.seller.id)).toBe(1);
    expect((await inject(ctx.app, 'POST', 'notifications/feed/read', { token: s.seller.token, body: { ids: [feed.notifications[0]!.id] } })).json()).toEqual({ unread: 0 });
    await inject(ctx.app, 'PUT', 'customers/payout', { token: s.seller.token, body: { method: 'wallet', iban: IBAN } });
    await deliver(ctx.app, s);
    await inject(ctx.app, 'POST', 'wallet/transfers', { token: s.seller.token, body: { amount: 10 } });
    expect(await ctx.app.notificationFeed.unreadCount(s.seller.id)).toBe(1);
    expect((await inject(ctx.app, 'POST', 'notifications/feed/read', { token: s.seller.token, body: {} })).json()).toEqual({ unread: 0 });
    expect((await inject(ctx.app, 'GET', 'notifications/count', { token: s.seller.token })).json()).toEqual({ Notifications: 0, parts: { offers: 0, feed: 0, messages: 0 } });
    expect((await inject(ctx.app, 'POST', 'notifications/feed/read', { token: s.seller.token, body: { ids: ['x'] } })).statusCode).toBe(422);
    expect((await inject(ctx.app, 'GET', 'notifications/feed')).statusCode).toBe(401);
  });
});

describe('bank transfer', () => {
  it('pays 97 % to the saved IBAN with a transaction fee row for the rest, to the cent', async () => {
    // A piece dearer than the transfers below, whichever seeded listing the helper picks.
    const s = await sale(ctx.app, ctx.db, { price: 4990 });
    await deliver(ctx.app, s);
    const none = await inject(ctx.app, 'POST', 'wallet/transfers', { token: s.seller.token, body: { amount: 10 } });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'no_iban', fields: [{ field: 'iban', key: 'no_iban' }] });

    await inject(ctx.app, 'PUT', 'customers/payout', { token: s.seller.token, body: { method: 'bank_transfer', iban: IBAN } });
    const done = await inject(ctx.app, 'POST', 'wallet/transfers', { token: s.seller.token, body: { amount: 20.01 } });
    expect(done.statusCode).toBe(200);
    const after = Wallet.parse(done.json());
    expect(after).toMatchObject({ iban: IBAN, bank_transfer_percent: 97, total_credit: euros(s.price - 2001), available: euros(s.price - 2001) });
    const [fee, transfer] = after.activity;
    expect(transfer).toMatchObject({ type: 'bank_transfer', amount: -19.41, status: 'sent', code: expect.stringMatching(/^BT-[0-9A-F]{10}$/) });
    expect(fee).toMatchObject({ type: 'transaction_fee', amount: -0.6, status: 'sent', code: transfer!.code });
  });

  it('refuses amounts outside the bounds, with more than 2 decimals, negative, as strings, or above the available credit', async () => {
    const s = await sale(ctx.app, ctx.db);
    await inject(ctx.app, 'PUT', 'customers/payout', { token: s.seller.token, body: { method: 'wallet', iban: IBAN } });
    const key = async (amount: unknown) => {
      const response = await inject(ctx.app, 'POST', 'wallet/transfers', { token: s.seller.token, body: amount === undefined ? {} : { amount } });
      expect(response.statusCode).toBe(422);
      return response.json().fields[0].key;
    };
    expect(await key(10)).toBe('insufficient_credit'); // pending credit cannot leave
    await deliver(ctx.app, s);
    const { bounds, available } = await wallet(s.seller.token);
    expect(bounds).toEqual({ bank_transfer: { min: 10, max: 5000 }, discount_code: { min: 5, max: 1000 } });
    expect(await key(undefined)).toBe('no_amount');
    expect(await key(9.99)).toBe('amount_too_low');
    expect(await key(5000.01)).toBe('amount_too_high');
    expect(await key(10.001)).toBe('invalid_amount');
    expect(await key(-20)).toBe('invalid_amount');
    expect(await key(0)).toBe('invalid_amount');
    expect(await key('20')).toBe('invalid_amount');
    expect(await key(available + 0.01)).toBe(available + 0.01 > 5000 ? 'amount_too_high' : 'insufficient_credit');
    expect(await wallet(s.seller.token)).toMatchObject({ available: euros(s.price), count: 1 });
    expect((await inject(ctx.app, 'POST', 'wallet/transfers', { body: { amount: 10 } })).statusCode).toBe(401);
    expect((await inject(ctx.app, 'GET', 'wallet')).statusCode).toBe(401);
  });
});

describe('discount codes for the main store', () => {
  it('turn credit into a code worth 100 % that the main shop checks and redeems once, with its key', async () => {
    const s = await sale(ctx.app, ctx.db);
    await deliver(ctx.app, s);
    expect((await inject(ctx.app, 'POST', 'wallet/codes', { token: s.seller.token, body: { amount: 4.99 } })).json().fields[0].key).toBe('amount_too_low');
    const made = WalletCodeResult.parse((await inject(ctx.app, 'POST', 'wallet/codes', { token: s.seller.token, body: { amount: 5.5 } })).json());
    const { code } = made.discount_code;
    expect(made.discount_code).toEqual({ code: expect.stringMatching(/^PL-[A-Z2-9]{12}$/), amount: 5.5, active: true, bonus: 0 });
    expect(made.wallet).toMatchObject({ total_credit: euros(s.price - 550), available: euros(s.price - 550) });
    expect(made.wallet.activity[0]).toMatchObject({ type: 'discount_code', amount: -5.5, code, status: 'active' });

    // Not usable in the second-hand store (checked on a bag: an empty one says nothing of a code).
    const cart = (await ctx.db.query<{ id: number }>(`SELECT id FROM listings WHERE status = 'active' ORDER BY id LIMIT 1`)).rows.map((row) => row.id);
    const here = await inject(ctx.app, 'POST', 'checkout/discountcode', { body: { code, cart } });
    expect(here.json()).toMatchObject({ fields: [{ key: 'invalid_discount_code' }] });

    expect((await shopCall(ctx.app, 'check', { code }, null)).statusCode).toBe(401);
    expect((await shopCall(ctx.app, 'check', { code }, `${SHOP_KEY}x`)).statusCode).toBe(401);
    expect((await shopCall(ctx.app, 'redeem', { code }, 'wrong-key-wrong-key')).statusCode).toBe(401);
    expect((await shopCall(ctx.app, 'check', { code: 'WELCOME10' })).statusCode).toBe(404);
    expect((await shopCall(ctx.app, 'check', { code: 'PL-NOSUCHCODE1' })).json().code).toBe('invalid_discount_code');
    expect((await shopCall(ctx.app, 'check', { code: '' })).json().fields[0].key).toBe('no_discount_code');
    expect(MainStoreCode.parse((await shopCall(ctx.app, 'check', { code: code.toLowerCase() })).json())).toMatchObject({ code, amount: 5.5, active: true, redeemed_at: null });

    const redeemed = await shopCall(ctx.app, 'redeem', { code, reference: 'MAIN-1001' });
    expect(redeemed.json()).toMatchObject({ code, amount: 5.5, active: false, redeemed_at: expect.any(String) });
    const again = await shopCall(ctx.app, 'redeem', { code });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('discount_code_redeemed');
    const after = await wallet(s.seller.token);
    expect(after.activity[0]).toMatchObject({ type: 'discount_code', code, status: 'inactive' });
    expect(after.available).toBe(euros(s.price - 550));
    const feed = NotificationFeed.parse((await inject(ctx.app, 'GET', 'notifications/feed', { token: s.seller.token })).json());
    expect(feed.notifications.map((entry) => entry.kind)).toEqual(['code_redeemed', 'discount_code', 'sale']);
  });

  it('are redeemed once when the main shop sends the same code ten times at once', async () => {
    const s = await sale(ctx.app, ctx.db);
    await deliver(ctx.app, s);
    const { code } = WalletCodeResult.parse((await inject(ctx.app, 'POST', 'wallet/codes', { token: s.seller.token, body: { amount: 5 } })).json()).discount_code;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => shopCall(ctx.app, 'redeem', { code, reference: `till-${n}` })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
  });
});

describe('the ledger under racing withdrawals', () => {
  it('never overdraws: 50 concurrent transfers and codes spend at most the available credit', async () => {
    const s = await sale(ctx.app, ctx.db);
    await deliver(ctx.app, s);
    await inject(ctx.app, 'PUT', 'customers/payout', { token: s.seller.token, body: { method: 'wallet', iban: IBAN } });
    const available = s.price;
    // An amount that fits a few times (at least 10 €, a transfer's minimum), so most of the 50 must lose.
    const amount = Math.max(1000, Math.floor(available / 3));
    const fits = Math.floor(available / amount);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => inject(ctx.app, 'POST', n % 2 ? 'wallet/codes' : 'wallet/transfers', { token: s.seller.token, body: { amount: amount / 100 } })),
    );
    const ok = answers.filter((answer) => answer.statusCode === 200).length;
    expect(answers.every((answer) => answer.statusCode === 200 || answer.json().fields?.[0]?.key === 'insufficient_credit')).toBe(true);
    expect(ok).toBe(fits);
    const after = await wallet(s.seller.token);
    expect(after.available).toBe(euros(available - fits * amount));
    const { rows } = await ctx.db.query<{ sum: number }>('SELECT sum(amount_cents)::int AS sum FROM wallet_entries WHERE customer_id = $1', [s.seller.id]);
    expect(rows[0]!.sum).toBe(available - fits * amount);
    expect(rows[0]!.sum).toBeGreaterThanOrEqual(0);
  });
});

describe('the OpenAPI document', () => {
  it('documents the wallet, main-store and notifications feed calls', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    const calls = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /api/wallet',
        'POST /api/wallet/transfers',
        'POST /api/wallet/codes',
        'POST /api/main-store/discount-codes/check',
        'POST /api/main-store/discount-codes/redeem',
        'GET /api/notifications/feed',
        'POST /api/notifications/feed/read',
      ]),
    );
  });
});
