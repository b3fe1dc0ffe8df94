import { DiscountCodeEntry, DiscountCodeList, DiscountRedemptions } from '@preloved/contract';
import { testApp, testClock } from '../../test/app';
import { fillBag, inject, key, listings, payment, proveEmail, shopper } from '../../test/checkout';
import { signedInStaff } from '../../test/staff';
import { testPaymentProvider } from '../payments/test-provider';

// An admin's discount codes: made with checkout's own rules, redeemed by a real checkout, paused and
// ended for good — each change in the audit log.
describe('/api/backoffice/codes', () => {
  const clock = testClock();
  let ctx: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    // The code's cost below counts the order's €1.50 verification fee (the hub's check, the demo's mode).
    ctx = await testApp({ VERIFICATION_MODE: 'hub' }, { clock, paymentProvider: testPaymentProvider() });
  });
  afterAll(() => ctx.close());
  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/backoffice/${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

  async function checkoutWith(code: string) {
    const buyer = await shopper(ctx.app);
    const [piece] = await listings(ctx.db, 1, { notSeller: buyer.id, skip: 60 });
    await fillBag(ctx.db, buyer.id, [piece!.id]);
    // A first-order code asks for a proven e-mail.
    await proveEmail(ctx.db, buyer.id);
    const quote = await inject(ctx.app, 'POST', 'checkout/quote', { token: buyer.token, body: { delivery_option: 'home', discount_code: code } });
    if (quote.statusCode !== 200) return quote;
    return inject(ctx.app, 'POST', 'checkout/payment', { token: buyer.token, idempotencyKey: key(), body: payment(quote.json().total, { discount_code: code }) });
  }

  it('creates a code checkout honours, and shows its redemption and cost', async () => {
    const admin = await signedInStaff(ctx.app, ctx.db, clock, 'admin');
    const created = await call('POST', 'codes', admin.cookie, { code: 'spring-10', amount_off: 10, max_uses: 5, first_order_only: true });
    expect(created.statusCode).toBe(201);
    expect(DiscountCodeEntry.parse(created.json())).toMatchObject({ code: 'SPRING-10', amount_off: 10, state: 'live', redemptions: 0, cost: 0 });

    const paid = await checkoutWith('SPRING-10');
    expect(paid.statusCode).toBe(200);
    const list = DiscountCodeList.parse((await call('GET', 'codes', admin.cookie)).json());
    expect(list.codes.find((code) => code.code === 'SPRING-10')).toMatchObject({ uses: 1, redemptions: 1, cost: 10 });
    const redemptions = DiscountRedemptions.parse((await call('GET', 'codes/SPRING-10/redemptions', admin.cookie)).json());
    expect(redemptions.redemptions).toEqual([expect.objectContaining({ order_id: paid.json().order_id, amount: 10 })]);
    // The wallet's main-shop codes are sellers' money, not the store's offers.
    expect(list.codes.map((code) => code.code)).not.toContain('MAIN-WALLET-2026');
  });

  it('pauses, resumes and ends a code, and checkout refuses it while paused and once ended', async () => {
    const admin = await signedInStaff(ctx.app, ctx.db, clock, 'admin');
    expect((await call('POST', 'codes', admin.cookie, { code: 'FLASH', percent_off: 20 })).statusCode).toBe(201);
    expect((await call('POST', 'codes/flash/pause', admin.cookie)).json()).toMatchObject({ state: 'paused' });
    expect((await call('POST', 'codes/FLASH/pause', admin.cookie)).json().code).toBe('discount_code_not_changed');
    expect((await checkoutWith('FLASH')).json().code).toBe('invalid_discount_code');
    expect((await call('POST', 'codes/FLASH/resume', admin.cookie)).json()).toMatchObject({ state: 'live' });
    expect((await call('POST', 'codes/FLASH/end', admin.cookie)).json()).toMatchObject({ state: 'ended' });
    expect((await checkoutWith('FLASH')).json().code).toBe('discount_code_expired');

    const audit = (await call('GET', `audit?staff_id=${admin.id}`, admin.cookie)).json();
    expect(audit.entries.map((entry: { action: string }) => entry.action).slice(0, 4)).toEqual(['code.end', 'code.resume', 'code.pause', 'code.create']);
  });

  it('refuses a code twice, both kinds at once, a window backwards, and a role other than admin', async () => {
    const admin = await signedInStaff(ctx.app, ctx.db, clock, 'admin');
    const finance = await signedInStaff(ctx.app, ctx.db, clock, 'finance');
    expect((await call('POST', 'codes', admin.cookie, { code: 'TWICE', percent_off: 5 })).statusCode).toBe(201);
    const twice = await call('POST', 'codes', admin.cookie, { code: 'twice', percent_off: 5 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('discount_code_taken');
    expect((await call('POST', 'codes', admin.cookie, { code: 'BOTH', percent_off: 5, amount_off: 5 })).json().code).toBe('discount_code_one_kind');
    const backwards = { code: 'BACKWARDS', percent_off: 5, starts_at: '2027-02-01T00:00:00Z', ends_at: '2027-01-01T00:00:00Z' };
    expect((await call('POST', 'codes', admin.cookie, backwards)).json().code).toBe('discount_code_window');
    expect((await call('POST', 'codes', admin.cookie, { code: 'x!', percent_off: 5 })).json().code).toBe('discount_code_format');
    expect((await call('GET', 'codes', finance.cookie)).statusCode).toBe(403);
    expect((await call('POST', 'codes/NOPE-NOPE/end', admin.cookie)).json().code).toBe('discount_code_not_found');
  });
});
