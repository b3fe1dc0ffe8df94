import { HeldIbanList, LedgerReport, TransferList } from '@preloved/contract';
import { testAppForFile, testClock, type TestApp } from '../../test/app';
import { inject } from '../../test/checkout';
import { signedInStaff } from '../../test/staff';
import { deliver, IBAN, sale } from '../../test/wallet';

// Finance in the back office: a new IBAN's hold, approved early or frozen, each with its reason in the
// audit log; the transfers that follow; the ledger's audit as a page.
describe('/api/backoffice/payouts', () => {
  const clock = testClock();
  let ctx: TestApp;
  testAppForFile({}, { clock }, (started) => (ctx = started));
  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/backoffice/${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

  async function heldSeller() {
    const s = await sale(ctx.app, ctx.db, { price: 4990 });
    await deliver(ctx.app, s);
    expect((await inject(ctx.app, 'PUT', 'customers/payout', { token: s.seller.token, body: { method: 'bank_transfer', iban: IBAN } })).statusCode).toBe(200);
    return s;
  }

  it('lets finance approve a held IBAN with a reason: the transfer is refused before and goes out after', async () => {
    const finance = await signedInStaff(ctx.app, ctx.db, clock, 'finance');
    const s = await heldSeller();
    const refused = await inject(ctx.app, 'POST', 'wallet/transfers', { token: s.seller.token, body: { amount: 20 } });
    expect(refused.json()).toMatchObject({ code: 'iban_on_hold' });

    const held = HeldIbanList.parse((await call('GET', 'payouts/held', finance.cookie)).json()).held.find((row) => row.customer_id === s.seller.id);
    expect(held).toMatchObject({ iban: `PT •••• ${IBAN.slice(-4)}`, frozen: false, sales: 1, available: 49.9 });
    expect(JSON.stringify(held)).not.toContain(IBAN);

    const reason = 'Called the seller on the phone number of the account; the IBAN is theirs.';
    expect((await call('POST', `payouts/held/${s.seller.id}`, finance.cookie, { decision: 'approve', reason })).statusCode).toBe(204);
    expect((await inject(ctx.app, 'POST', 'wallet/transfers', { token: s.seller.token, body: { amount: 20 } })).statusCode).toBe(200);
    const transfers = TransferList.parse((await call('GET', 'payouts/transfers?state=due', finance.cookie)).json()).transfers;
    expect(transfers).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'bank_transfer', customer_id: s.seller.id, amount: 19.4, state: 'due' })]));

    const audit = (await call('GET', `audit?action=payout.approve_iban&staff_id=${finance.id}`, finance.cookie)).json();
    expect(audit.entries).toEqual([expect.objectContaining({ target_id: String(s.seller.id), reason })]);
    expect((await call('POST', `payouts/held/${s.seller.id}`, finance.cookie, { decision: 'approve', reason })).json().code).toBe('iban_not_on_hold');
  });

  it('freezes a suspicious seller’s payouts, asks for a reason, and keeps the section from support', async () => {
    const finance = await signedInStaff(ctx.app, ctx.db, clock, 'finance');
    const support = await signedInStaff(ctx.app, ctx.db, clock, 'support');
    const s = await heldSeller();
    expect((await call('POST', `payouts/held/${s.seller.id}`, finance.cookie, { decision: 'freeze', reason: ' ' })).json().code).toBe('staff_reason_needed');
    expect((await call('POST', `payouts/held/${s.seller.id}`, finance.cookie, { decision: 'freeze', reason: 'New IBAN from a country the seller never used.' })).statusCode).toBe(204);
    const preference = (await inject(ctx.app, 'GET', 'customers/payout', { token: s.seller.token })).json();
    expect(preference.frozen).toBe(true);
    expect((await call('GET', 'payouts/held', support.cookie)).statusCode).toBe(403);
    expect((await call('GET', 'ledger', support.cookie)).statusCode).toBe(403);
  });

  it('shows the ledger’s audit: every cent accounted for', async () => {
    const finance = await signedInStaff(ctx.app, ctx.db, clock, 'finance');
    await heldSeller();
    const ledger = LedgerReport.parse((await call('GET', 'ledger', finance.cookie)).json());
    expect(ledger).toMatchObject({ ok: true, mismatches: [] });
    expect(ledger.totals.orders).toBeGreaterThan(0);
    expect(ledger.totals.walletTotal).toBeCloseTo(ledger.totals.walletAvailable! + ledger.totals.walletPending!, 2);
  });
});
