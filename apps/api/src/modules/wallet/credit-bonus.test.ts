import { CreditBonusSettings, Wallet, WalletCodeResult } from '@preloved/contract';
import { testAppForFile, testClock, type TestApp } from '../../test/app';
import { inject, shopper, stepUp } from '../../test/checkout';
import { signedInStaff } from '../../test/staff';
import { deliver, expectLedgerBalanced, sale } from '../../test/wallet';
import { saveCreditBonusPolicy } from './credit-bonus';

// The store-credit bonus (issue 45), tried as an attacker would: one person with two accounts buys
// their own pieces, lets the credit become available and turns it into main-shop codes again and
// again. The bonus is the brand's money: it must come to at most the monthly cap a month for a seller
// the brand verified, and nothing for an unverified one, whatever the order or timing of the requests.

// Mid-month of the month after next (Lisbon), so the test's "next month" is a clean boundary.
const start = new Date();
start.setUTCMonth(start.getUTCMonth() + 2, 10);
start.setUTCHours(12, 0, 0, 0);
const clock = testClock(start);
let ctx: TestApp;
testAppForFile({}, { clock }, (started) => (ctx = started));

const PERCENT = 20;
const CAP = 10; // euros a month

async function codeOf(token: string, amount: number) {
  const response = await inject(ctx.app, 'POST', 'wallet/codes', { token, body: { amount } });
  expect(response.statusCode).toBe(200);
  return WalletCodeResult.parse(response.json()).discount_code;
}
const wallet = async (token: string) => Wallet.parse((await inject(ctx.app, 'GET', 'wallet', { token })).json());

/** A seller whose second account bought `count` of their own pieces at €50 each, delivered and accepted: €50 × count available. */
async function washTrader(count: number, { verified }: { verified: boolean }) {
  const first = await sale(ctx.app, ctx.db, { price: 5000 });
  await deliver(ctx.app, first);
  for (let index = 1; index < count; index++) {
    const again = await sale(ctx.app, ctx.db, { seller: first.seller, buyer: first.buyer, price: 5000 });
    await deliver(ctx.app, again);
  }
  await ctx.db.query('UPDATE customers SET verified = $2 WHERE id = $1', [first.seller.id, verified]);
  return first.seller;
}

beforeAll(async () => {
  await saveCreditBonusPolicy(ctx.db, { percent: PERCENT, monthly_cap: CAP });
});

it('gives a verified seller the percentage on a code until the month’s cap, then none, and the cap again next month', async () => {
  const seller = await washTrader(4, { verified: true });
  expect((await wallet(seller.token)).code_bonus).toEqual({ percent: PERCENT, remaining: CAP });

  const first = await codeOf(seller.token, 30);
  expect(first).toMatchObject({ amount: 36, bonus: 6 });
  const second = await codeOf(seller.token, 30);
  // 20 % would be €6: only €4 of the month's €10 is left.
  expect(second).toMatchObject({ amount: 34, bonus: 4 });
  const third = await codeOf(seller.token, 30);
  expect(third).toMatchObject({ amount: 30, bonus: 0 });
  expect((await wallet(seller.token)).code_bonus).toEqual({ percent: PERCENT, remaining: 0 });
  // The credit spent is what left the wallet; the bonus is on top of it.
  expect((await wallet(seller.token)).available).toBe(200 - 90);

  clock.advanceDays(31);
  await stepUp(ctx.app, seller.token);
  expect((await wallet(seller.token)).code_bonus).toEqual({ percent: PERCENT, remaining: CAP });
  expect(await codeOf(seller.token, 100)).toMatchObject({ amount: 110, bonus: 10 });
  await expectLedgerBalanced(ctx.app);
});

it('keeps the month’s cap when a seller asks for many codes at once', async () => {
  const seller = await washTrader(2, { verified: true });
  const answers = await Promise.all(Array.from({ length: 6 }, () => inject(ctx.app, 'POST', 'wallet/codes', { token: seller.token, body: { amount: 15 } })));
  const bonuses = answers.filter((answer) => answer.statusCode === 200).map((answer) => WalletCodeResult.parse(answer.json()).discount_code.bonus);
  expect(bonuses).toHaveLength(6);
  expect(bonuses.reduce((sum, bonus) => sum + bonus, 0)).toBe(CAP);
  await expectLedgerBalanced(ctx.app);
});

it('gives an unverified seller no bonus at all', async () => {
  const seller = await washTrader(1, { verified: false });
  expect((await wallet(seller.token)).code_bonus).toBeNull();
  expect(await codeOf(seller.token, 40)).toMatchObject({ amount: 40, bonus: 0 });
  await expectLedgerBalanced(ctx.app);
});

it('turns only available credit into a code: a sale still inside its protection window earns nothing yet', async () => {
  const pending = await sale(ctx.app, ctx.db, { price: 5000 });
  await ctx.db.query('UPDATE customers SET verified = true WHERE id = $1', [pending.seller.id]);
  const refused = await inject(ctx.app, 'POST', 'wallet/codes', { token: pending.seller.token, body: { amount: 20 } });
  expect(refused.statusCode).toBe(422);
  expect(refused.json().code).toBe('insufficient_credit');
});

it('lets finance see what the bonus cost, and only an admin change it, with the change in the audit log', async () => {
  const finance = await signedInStaff(ctx.app, ctx.db, clock, 'finance');
  const admin = await signedInStaff(ctx.app, ctx.db, clock, 'admin');
  const call = (method: 'GET' | 'PUT', cookie: string, payload?: object) =>
    ctx.app.inject({ method, url: '/api/backoffice/settings/credit-bonus', headers: { cookie }, ...(payload ? { payload } : {}) });
  const settings = CreditBonusSettings.parse((await call('GET', finance.cookie)).json());
  expect(settings).toMatchObject({ percent: PERCENT, monthly_cap: CAP });
  // The first seller's €10 last month and €10 this month, the rush's €10 this month.
  expect(settings.cost).toMatchObject({ this_month: 20, all_time: 30 });

  expect((await call('PUT', finance.cookie, { percent: 30, monthly_cap: 20 })).statusCode).toBe(403);
  const refused = await call('PUT', admin.cookie, { percent: 80, monthly_cap: 20 });
  expect(refused.statusCode).toBe(422);
  expect(refused.json().fields).toEqual([{ field: 'percent', key: 'credit_bonus_percent' }]);
  expect((await call('PUT', admin.cookie, { percent: 0, monthly_cap: 0 })).statusCode).toBe(200);
  const audit = (await ctx.app.inject({ method: 'GET', url: '/api/backoffice/audit?action=settings.credit_bonus', headers: { cookie: admin.cookie } })).json();
  expect(audit.entries).toEqual([expect.objectContaining({ before: { percent: PERCENT, monthly_cap: CAP }, after: { percent: 0, monthly_cap: 0 } })]);

  const seller = await shopper(ctx.app);
  expect((await wallet(seller.token)).code_bonus).toBeNull();
});
