import { randomBytes } from 'node:crypto';
import { DEFAULT_TRADE_IN_POLICY, TradeIn, TradeInOffer, TradeInSettings, Wallet, type TradeInPolicy } from '@preloved/contract';
import { decodedBody, subjectOf } from '../../../../../tools/test-support/smtp';
import { mailedTestApp, testClock, type MailedTestApp } from '../../test/app';
import { ADDRESS, inject, proveEmail, shopper, stepUp } from '../../test/checkout';
import { signedInStaff } from '../../test/staff';
import { expectLedgerBalanced, shopCall } from '../../test/wallet';
import { saveCreditBonusPolicy } from '../wallet/credit-bonus';

// Trade-in for boosted credit (issue 48), through real HTTP on a real database and a real mailbox: the
// offer before committing, accepting it with a label, the hub's check, the payment once at the price
// accepted last, the piece as the brand's stock, and the ledger audit balanced after each money move.
// Tried as an attacker would: double accepts, concurrent requests, the limits, the bonus on money.

const clock = testClock(new Date('2027-03-10T10:00:00Z'));
let store: MailedTestApp;
mailedTestApp({ VERIFICATION_MODE: 'hub' }, { clock }, (started) => (store = started));
const app = () => store.ctx.app;
const db = () => store.ctx.db;

const POLICY: TradeInPolicy = {
  ...DEFAULT_TRADE_IN_POLICY,
  rules: [
    { category_id: 6, product_id: null, accepted: true, percent: 30, amount: null },
    { category_id: 7, product_id: null, accepted: false, percent: null, amount: null },
  ],
  bonus_percent: 20,
  max_open: 3,
  monthly_cap: 1000,
  answer_days: 14,
};

let admin: Awaited<ReturnType<typeof signedInStaff>>;
let support: Awaited<ReturnType<typeof signedInStaff>>;
/** A clothing child (€original) and a bag child of the seeded catalogue, new in the catalogue (age 0). */
let dress: { child: number; product: number; original: number };
let bag: { child: number };

const key = () => `trade-${randomBytes(8).toString('hex')}`;
const staffCall = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app().inject({ method, url: `/api/backoffice/${url}`, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function customer() {
  const who = await shopper(app());
  await proveEmail(db(), who.id);
  return who;
}
async function offerFor(child: number, condition: number, token?: string) {
  const response = await inject(app(), 'GET', `trade-ins/offer?child_id=${child}&condition_id=${condition}`, { token });
  expect(response.statusCode).toBe(200);
  return TradeInOffer.parse(response.json());
}
function accept(token: string, body: { child_id: number; condition_id: number; payout: 'credit' | 'money'; price: number }, idempotencyKey = key()) {
  return inject(app(), 'POST', 'trade-ins', { token, body, idempotencyKey });
}
async function accepted(token: string, payout: 'credit' | 'money', condition = 2) {
  const offer = await offerFor(dress.child, condition, token);
  const response = await accept(token, { child_id: dress.child, condition_id: condition, payout, price: offer.offer!.money });
  expect(response.statusCode).toBe(201);
  return TradeIn.parse(response.json());
}
async function atHub(tradeIn: TradeIn) {
  const received = await staffCall(support.cookie, 'POST', `trade-ins/${tradeIn.id}/received`);
  expect(received.statusCode).toBe(200);
}
const wallet = async (token: string) => Wallet.parse((await inject(app(), 'GET', 'wallet', { token })).json());
const mine = async (token: string) => (await inject(app(), 'GET', 'trade-ins', { token })).json().trade_ins as TradeIn[];

beforeAll(async () => {
  admin = await signedInStaff(app(), db(), clock, 'admin');
  support = await signedInStaff(app(), db(), clock, 'support');
  const saved = await staffCall(admin.cookie, 'PUT', 'trade-ins/settings', POLICY);
  expect(saved.statusCode).toBe(200);
  const found = await db().query<{ child: number; product: number; original: number; category_id: number }>(
    `SELECT c.id AS child, p.id AS product, p.original_price_cents AS original, p.category_id FROM product_children c JOIN product_variants v ON v.id = c.variant_id
       JOIN products p ON p.id = v.product_id WHERE p.category_id IN (6, 7) ORDER BY p.original_price_cents DESC, c.id`,
  );
  dress = found.rows.find((row) => row.category_id === 6)!;
  bag = found.rows.find((row) => row.category_id === 7)!;
  // The product's age and demand are part of the price: none of either here (released now, no pieces listed).
  await db().query('UPDATE products SET created_at = $2 WHERE id = $1', [dress.product, clock.now()]);
  await db().query("UPDATE listings SET created_at = created_at - interval '1000 days' WHERE product_id = $1", [dress.product]);
});

describe('the offer', () => {
  it('prices a piece from the table by condition before anyone commits, with the bonus on credit only', async () => {
    const offer = await offerFor(dress.child, 2);
    const base = Math.round(dress.original * 0.3);
    const money = Math.floor((base * 90 * 100 * 100) / 1_000_000);
    expect(offer.offer).toEqual({ money: money / 100, credit: (money + Math.floor(money * 0.2)) / 100, bonus: Math.floor(money * 0.2) / 100, bonus_percent: 20 });
    expect(offer.breakdown).toMatchObject({ base: base / 100, condition_percent: 90, age_years: 0, age_percent: 100, demand: 'normal', demand_percent: 100 });
    expect(offer.limits).toBeNull();
  });

  it('offers nothing for a category the brand refuses, a condition at 0 % or a product it stops taking', async () => {
    expect((await offerFor(bag.child, 1)).offer).toBeNull();
    expect((await offerFor(dress.child, 5)).offer).toBeNull();
    const refused = await staffCall(admin.cookie, 'PUT', 'trade-ins/settings', { ...POLICY, rules: [...POLICY.rules, { category_id: null, product_id: dress.product, accepted: false, percent: null, amount: null }] });
    expect(refused.statusCode).toBe(200);
    expect((await offerFor(dress.child, 1)).offer).toBeNull();
    expect((await staffCall(admin.cookie, 'PUT', 'trade-ins/settings', POLICY)).statusCode).toBe(200);
  });

  it('takes age off the price for each year since the product’s release, never below the floor', async () => {
    await db().query('UPDATE products SET created_at = $2 WHERE id = $1', [dress.product, new Date(clock.now().getTime() - 3.2 * 365.25 * 86400_000)]);
    const aged = await offerFor(dress.child, 1);
    expect(aged.breakdown).toMatchObject({ age_years: 3, age_percent: 70 });
    await db().query('UPDATE products SET created_at = $2 WHERE id = $1', [dress.product, new Date(clock.now().getTime() - 9 * 365.25 * 86400_000)]);
    expect((await offerFor(dress.child, 1)).breakdown).toMatchObject({ age_percent: 50 });
    await db().query('UPDATE products SET created_at = $2 WHERE id = $1', [dress.product, clock.now()]);
  });
});

describe('accepting and the hub’s check', () => {
  it('creates one trade-in per Idempotency-Key with a prepaid label mailed, confirms it at the hub and pays a main-shop code with the bonus that the main shop redeems once', async () => {
    const who = await customer();
    const offer = await offerFor(dress.child, 2, who.token);
    const body = { child_id: dress.child, condition_id: 2, payout: 'credit' as const, price: offer.offer!.money };
    const idempotencyKey = key();
    const before = store.smtp.received.length;
    const first = await accept(who.token, body, idempotencyKey);
    expect(first.statusCode).toBe(201);
    const again = await accept(who.token, body, idempotencyKey);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const tradeIn = TradeIn.parse(first.json());
    expect(tradeIn).toMatchObject({ state: 'sent', payout: 'credit', price: offer.offer!.money, amounts: offer.offer! });

    const mail = await store.smtp.mailTo(who.email, before, /Tracking number/);
    expect(subjectOf(mail.raw)).toContain(tradeIn.number);
    expect(mail.raw).toContain(`trade-in-inbound-${tradeIn.number}.pdf`);
    const label = await inject(app(), 'GET', `trade-ins/${tradeIn.id}/label`, { token: who.token });
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    await atHub(tradeIn);
    const confirmed = await staffCall(support.cookie, 'POST', `trade-ins/${tradeIn.id}/decision`, { decision: 'confirm' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ state: 'credited', credited: offer.offer!.credit });
    const [paid] = await mine(who.token);
    expect(paid).toMatchObject({ state: 'credited', credited: offer.offer!.credit, code_active: true });
    const check = await shopCall(app(), 'check', { code: paid!.code });
    expect(check.json()).toMatchObject({ amount: offer.offer!.credit, active: true });
    expect((await shopCall(app(), 'redeem', { code: paid!.code })).statusCode).toBe(200);
    expect((await shopCall(app(), 'redeem', { code: paid!.code })).statusCode).toBe(409);

    // The piece is the brand's stock, bought for the price paid (the bonus is the brand's marketing).
    const stock = await db().query<{ acquired_cents: number; status: string; brand: boolean }>(
      'SELECT s.acquired_cents, l.status, c.brand_account AS brand FROM trade_ins t JOIN brand_stock s ON s.listing_id = t.listing_id JOIN listings l ON l.id = t.listing_id JOIN customers c ON c.id = l.seller_id WHERE t.id = $1',
      [tradeIn.id],
    );
    expect(stock.rows[0]).toEqual({ acquired_cents: Math.round(offer.offer!.money * 100), status: 'active', brand: true });
    const audit = await staffCall(admin.cookie, 'GET', `audit?action=trade_in.confirm`);
    expect(audit.json().entries[0]).toMatchObject({ target_id: tradeIn.number });
    await expectLedgerBalanced(app());
  });

  it('pays the money option into the wallet, available at once, with no bonus', async () => {
    const who = await customer();
    const tradeIn = await accepted(who.token, 'money');
    expect(tradeIn.amounts.bonus).toBe(0);
    expect(tradeIn.amounts.credit).toBe(tradeIn.amounts.money);
    await atHub(tradeIn);
    expect((await staffCall(support.cookie, 'POST', `trade-ins/${tradeIn.id}/decision`, { decision: 'confirm' })).statusCode).toBe(200);
    const after = await wallet(who.token);
    expect(after.available).toBe(tradeIn.price);
    expect(after.activity[0]).toMatchObject({ type: 'trade_in_credit', amount: tradeIn.price, status: 'available', code: tradeIn.number });
    const [paid] = await mine(who.token);
    expect(paid).toMatchObject({ credited: tradeIn.price, code: null });
    await expectLedgerBalanced(app());
  });

  it('re-prices with a reason the customer reads; accepting pays only the new price (bonus on it), and a second answer changes nothing', async () => {
    const who = await customer();
    const tradeIn = await accepted(who.token, 'credit', 1);
    await atHub(tradeIn);
    const before = store.smtp.received.length;
    const noReason = await staffCall(support.cookie, 'POST', `trade-ins/${tradeIn.id}/decision`, { decision: 'reprice', price: 10 });
    expect(noReason.json().code).toBe('trade_in_reason_needed');
    const same = await staffCall(support.cookie, 'POST', `trade-ins/${tradeIn.id}/decision`, { decision: 'reprice', price: tradeIn.price, reason: 'A stain' });
    expect(same.json().code).toBe('trade_in_price');
    const repriced = await staffCall(support.cookie, 'POST', `trade-ins/${tradeIn.id}/decision`, { decision: 'reprice', price: 10, reason: 'A small stain on the hem.' });
    expect(repriced.json()).toMatchObject({ state: 'repriced', price: 10, reprice_reason: 'A small stain on the hem.' });
    const mail = await store.smtp.mailTo(who.email, before, /small stain/);
    expect(subjectOf(mail.raw)).toContain('a new price');
    expect(decodedBody(mail.raw)).toContain('€12.00');

    const answers = await Promise.all([1, 2, 3, 4].map(() => inject(app(), 'POST', `trade-ins/${tradeIn.id}/answer`, { token: who.token, body: { answer: 'accept' } })));
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const [paid] = await mine(who.token);
    expect(paid).toMatchObject({ state: 'credited', credited: 12 });
    expect((await shopCall(app(), 'check', { code: paid!.code })).json().amount).toBe(12);
    expect((await inject(app(), 'POST', `trade-ins/${tradeIn.id}/answer`, { token: who.token, body: { answer: 'return' } })).json().code).toBe('trade_in_state');
    await expectLedgerBalanced(app());
  });

  it('sends the piece back free when the customer asks, when the hub refuses it, and when a re-price is not answered in time; nothing is paid', async () => {
    const who = await customer();
    await db().query(`INSERT INTO addresses (customer_id, first_name, last_name, phone, address, address2, zip_code, city, country, is_default) VALUES ($1, 'Rita', 'Lopes', $2, $3, '', $4, $5, 'PT', true)`, [
      who.id,
      ADDRESS.phone,
      ADDRESS.address,
      ADDRESS.zip_code,
      ADDRESS.city,
    ]);
    const asked = await accepted(who.token, 'credit');
    await atHub(asked);
    await staffCall(support.cookie, 'POST', `trade-ins/${asked.id}/decision`, { decision: 'reprice', price: 5, reason: 'Worn at the elbows.' });
    const back = await inject(app(), 'POST', `trade-ins/${asked.id}/answer`, { token: who.token, body: { answer: 'return' } });
    expect(back.json()).toMatchObject({ state: 'returned', credited: null, code: null });
    const label = await inject(app(), 'GET', `trade-ins/${asked.id}/label?kind=return`, { token: who.token });
    expect(label.statusCode).toBe(200);

    const refused = await accepted(who.token, 'money');
    await atHub(refused);
    const hubReturn = await staffCall(support.cookie, 'POST', `trade-ins/${refused.id}/decision`, { decision: 'return', reason: 'Not one of our pieces.' });
    expect(hubReturn.json()).toMatchObject({ state: 'returned' });

    const silent = await accepted(who.token, 'credit');
    await atHub(silent);
    await staffCall(support.cookie, 'POST', `trade-ins/${silent.id}/decision`, { decision: 'reprice', price: 6, reason: 'A missing button.' });
    clock.advance(15 * 24 * 60 * 60 * 1000);
    expect((await inject(app(), 'POST', `trade-ins/${silent.id}/answer`, { token: who.token, body: { answer: 'accept' } })).json().code).toBe('trade_in_state');
    expect(await app().tradeIns.returnUnanswered()).toEqual([silent.number]);
    expect((await mine(who.token)).find((entry) => entry.id === silent.id)).toMatchObject({ state: 'returned', credited: null });
    expect((await wallet(who.token)).total_credit).toBe(0);
    await expectLedgerBalanced(app());
  });
});

describe('money and limits, as an attacker would try them', () => {
  it('pays a trade-in once when the hub confirms it five times at once', async () => {
    const who = await customer();
    const tradeIn = await accepted(who.token, 'money');
    await atHub(tradeIn);
    const decisions = await Promise.all([1, 2, 3, 4, 5].map(() => staffCall(support.cookie, 'POST', `trade-ins/${tradeIn.id}/decision`, { decision: 'confirm' })));
    expect(decisions.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await wallet(who.token)).available).toBe(tradeIn.price);
    const rows = await db().query<{ n: number }>("SELECT count(*)::int AS n FROM wallet_entries WHERE trade_in_id = $1", [tradeIn.id]);
    expect(rows.rows[0]!.n).toBe(1);
    await expectLedgerBalanced(app());
  });

  it('gives no bonus on the money option, even when that money becomes a main-shop code of a seller the brand verified', async () => {
    await saveCreditBonusPolicy(db(), { percent: 20, monthly_cap: 100 });
    const who = await customer();
    await db().query('UPDATE customers SET verified = true WHERE id = $1', [who.id]);
    const tradeIn = await accepted(who.token, 'money');
    await atHub(tradeIn);
    await staffCall(support.cookie, 'POST', `trade-ins/${tradeIn.id}/decision`, { decision: 'confirm' });
    await stepUp(app(), who.token);
    const code = await inject(app(), 'POST', 'wallet/codes', { token: who.token, body: { amount: tradeIn.price } });
    expect(code.statusCode).toBe(200);
    expect(code.json().discount_code).toMatchObject({ amount: tradeIn.price, bonus: 0 });
    await saveCreditBonusPolicy(db(), { percent: 0, monthly_cap: 0 });
    await expectLedgerBalanced(app());
  });

  it('holds the open trade-ins limit under a rush of accepts, and the month’s euros', async () => {
    const who = await customer();
    const offer = await offerFor(dress.child, 1, who.token);
    const rush = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() => accept(who.token, { child_id: dress.child, condition_id: 1, payout: 'credit', price: offer.offer!.money })),
    );
    expect(rush.filter((response) => response.statusCode === 201)).toHaveLength(3);
    expect(rush.filter((response) => response.statusCode === 422).map((response) => response.json().code)).toEqual(['trade_in_open_limit', 'trade_in_open_limit', 'trade_in_open_limit']);

    const other = await customer();
    const cap = Math.floor(offer.offer!.money * 150) / 100;
    expect((await staffCall(admin.cookie, 'PUT', 'trade-ins/settings', { ...POLICY, monthly_cap: cap })).statusCode).toBe(200);
    expect((await accept(other.token, { child_id: dress.child, condition_id: 1, payout: 'money', price: offer.offer!.money })).statusCode).toBe(201);
    const over = await accept(other.token, { child_id: dress.child, condition_id: 1, payout: 'money', price: offer.offer!.money });
    expect(over.json()).toMatchObject({ code: 'trade_in_monthly_limit', params: { amount: cap } });
    await staffCall(admin.cookie, 'PUT', 'trade-ins/settings', POLICY);
  });

  it('refuses a price the customer did not see, an unproven e-mail, someone else’s trade-in, and a cancel after the hub has it', async () => {
    const who = await customer();
    const offer = await offerFor(dress.child, 3, who.token);
    const changed = await accept(who.token, { child_id: dress.child, condition_id: 3, payout: 'credit', price: offer.offer!.money + 5 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'trade_in_offer_changed', params: { amount: offer.offer!.money } });
    const unproven = await shopper(app());
    expect((await accept(unproven.token, { child_id: dress.child, condition_id: 3, payout: 'credit', price: offer.offer!.money })).json().code).toBe('email_not_verified');
    const noOffer = await accept(who.token, { child_id: bag.child, condition_id: 1, payout: 'credit', price: 10 });
    expect(noOffer.json().code).toBe('trade_in_no_offer');

    const tradeIn = await accepted(who.token, 'credit', 3);
    const stranger = await customer();
    expect((await inject(app(), 'POST', `trade-ins/${tradeIn.id}/cancel`, { token: stranger.token })).statusCode).toBe(404);
    expect((await inject(app(), 'GET', `trade-ins/${tradeIn.id}/label`, { token: stranger.token })).statusCode).toBe(404);
    await atHub(tradeIn);
    expect((await inject(app(), 'POST', `trade-ins/${tradeIn.id}/cancel`, { token: who.token })).json().code).toBe('trade_in_state');
    expect((await staffCall(support.cookie, 'POST', `trade-ins/${tradeIn.id}/received`)).json().code).toBe('trade_in_state');
    const early = await accepted(who.token, 'money', 3);
    expect((await inject(app(), 'POST', `trade-ins/${early.id}/cancel`, { token: who.token })).json()).toMatchObject({ state: 'cancelled' });
    expect((await staffCall(support.cookie, 'POST', `trade-ins/${early.id}/decision`, { decision: 'confirm' })).json().code).toBe('trade_in_state');
  });

  it('lets only the roles each console route names in: support checks, finance reads, an admin sets the table', async () => {
    const finance = await signedInStaff(app(), db(), clock, 'finance');
    const moderator = await signedInStaff(app(), db(), clock, 'moderator');
    expect((await staffCall(finance.cookie, 'GET', 'trade-ins/settings')).statusCode).toBe(200);
    expect(TradeInSettings.parse((await staffCall(finance.cookie, 'GET', 'trade-ins/settings')).json()).policy.bonus_percent).toBe(20);
    expect((await staffCall(finance.cookie, 'PUT', 'trade-ins/settings', POLICY)).json().code).toBe('staff_role_refused');
    expect((await staffCall(support.cookie, 'PUT', 'trade-ins/settings', POLICY)).json().code).toBe('staff_role_refused');
    expect((await staffCall(finance.cookie, 'POST', 'trade-ins/1/received')).json().code).toBe('staff_role_refused');
    expect((await staffCall(finance.cookie, 'POST', 'trade-ins/1/decision', { decision: 'confirm' })).json().code).toBe('staff_role_refused');
    expect((await staffCall(moderator.cookie, 'GET', 'trade-ins')).json().code).toBe('staff_role_refused');
    expect((await staffCall(finance.cookie, 'GET', 'trade-ins?state=credited')).statusCode).toBe(200);
    const bad = await staffCall(admin.cookie, 'PUT', 'trade-ins/settings', { ...POLICY, rules: [{ category_id: 6, product_id: null, accepted: true, percent: 30, amount: 10 }] });
    expect(bad.statusCode).toBe(422);
    const audit = await staffCall(admin.cookie, 'GET', 'audit?action=settings.trade_in');
    expect(audit.json().entries.length).toBeGreaterThan(0);
  });
});
