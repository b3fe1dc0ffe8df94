import { OrderDetail, Sale, SaleList, VerificationDetail, VerificationQueue, Wallet } from '@preloved/contract';
import { decodedBody } from '../../../../../tools/test-support/smtp';
import { mailedTestApp, testClock, type MailedTestApp } from '../../test/app';
import { inject, listings, shopper } from '../../test/checkout';
import { signedInStaff } from '../../test/staff';
import { expectLedgerBalanced, nextTrackingNumber, sale } from '../../test/wallet';

// Verification that happens (issue 48), VERIFICATION_MODE=hub with the test carrier, on the real app,
// database and a real mailbox: a piece passing the hub's check goes on to the buyer and its credit is
// released by the buyer's delivery; a failing one is refunded to the buyer in full (its price and fee
// shares) and never credited to its seller; one lost on the way to the hub is refunded like it. Both
// parties see and are mailed each state, each decision is in the audit log, the ledger audit balances.
describe('verification at the hub', () => {
  const clock = testClock(new Date('2026-11-02T10:00:00Z'));
  let store: MailedTestApp;
  mailedTestApp({ VERIFICATION_MODE: 'hub', VERIFICATION_LOST_AFTER_DAYS: '10' }, { clock }, (started) => (store = started));
  const app = () => store.ctx.app;
  const db = () => store.ctx.db;
  const staffCall = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    app().inject({ method, url: `/api/backoffice/${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** A new seller's piece bought through the checkout, and the sale's package id. */
  async function soldPiece(price = 4000) {
    const sold = await sale(app(), db(), { price });
    const sales = SaleList.parse((await inject(app(), 'GET', 'sales', { token: sold.seller.token })).json());
    const pkg = sales.sales.find((candidate) => candidate.order_number === sold.orderNumber)!;
    return { ...sold, packageId: pkg.id };
  }
  const ship = async (s: Awaited<ReturnType<typeof soldPiece>>) =>
    expect((await inject(app(), 'POST', `sales/${s.packageId}/shipped`, { token: s.seller.token, body: { tracking_number: nextTrackingNumber() } })).statusCode).toBe(200);
  const orderOf = async (s: Awaited<ReturnType<typeof soldPiece>>) => OrderDetail.parse((await inject(app(), 'GET', `orders/${s.orderId}`, { token: s.buyer.token })).json());
  const saleOf = async (s: Awaited<ReturnType<typeof soldPiece>>): Promise<Sale> =>
    SaleList.parse((await inject(app(), 'GET', 'sales', { token: s.seller.token })).json()).sales.find((candidate) => candidate.id === s.packageId)!;
  const walletOf = async (token: string) => Wallet.parse((await inject(app(), 'GET', 'wallet', { token })).json());
  const audit = async (action: string, number: string) =>
    (await db().query('SELECT staff_id, reason FROM staff_audit WHERE action = $1 AND target_id = $2', [action, number])).rows;
  const checklist = async (cookie: string, packageId: number) => {
    const detail = VerificationDetail.parse((await staffCall('GET', `verification/${packageId}`, cookie)).json());
    return Object.fromEntries(detail.pieces_detail[0]!.checklist.map((item) => [item, true]));
  };

  it('sends the seller’s parcel to the hub, and passes the piece on to the buyer once checked: both told, the credit released by the buyer’s delivery', async () => {
    const support = await signedInStaff(app(), db(), clock, 'support');
    const s = await soldPiece();
    // The sale says where the parcel goes, and the label's recipient is the hub.
    expect((await saleOf(s)).verification).toMatchObject({ state: 'to_hub' });
    expect((await orderOf(s)).packages[0]!.verification).toMatchObject({ state: 'to_hub', pieces: [{ listing_id: s.piece.id, verdict: null }] });
    const label = await inject(app(), 'GET', `sales/${s.packageId}/label`, { token: s.seller.token });
    expect(label.statusCode).toBe(200);
    await ship(s);
    // The test carrier's two business days pass: nothing is released, since the parcel is at the hub, not with the buyer.
    clock.advanceDays(5);
    expect((await walletOf(s.seller.token)).available).toBe(0);
    expect((await inject(app(), 'POST', `orders/${s.orderId}/received`, { token: s.buyer.token })).statusCode).toBe(409);

    const queue = VerificationQueue.parse((await staffCall('GET', 'verification?status=to_hub', support.cookie)).json());
    expect(queue.packages.map((entry) => entry.package_id)).toContain(s.packageId);
    const mailsBefore = store.smtp.received.length;
    expect((await staffCall('POST', `verification/${s.packageId}/received`, support.cookie)).statusCode).toBe(200);
    expect((await orderOf(s)).packages[0]!.verification?.state).toBe('at_hub');
    expect((await saleOf(s)).verification?.state).toBe('at_hub');
    expect(decodedBody((await store.smtp.mailTo(s.buyer.email, mailsBefore, /hub/)).raw)).toMatch(/verification hub/);
    expect(decodedBody((await store.smtp.mailTo(s.seller.email, mailsBefore, /hub/)).raw)).toMatch(/verification hub/);
    // Received once: again is refused.
    expect((await staffCall('POST', `verification/${s.packageId}/received`, support.cookie)).statusCode).toBe(409);

    // A pass with a check left unticked is refused.
    const ticked = await checklist(support.cookie, s.packageId);
    const unticked = { ...ticked, photos_match: false };
    const refused = await staffCall('POST', `verification/${s.packageId}/decision`, support.cookie, { pieces: [{ listing_id: s.piece.id, verdict: 'pass', checklist: unticked }] });
    expect(refused.json()).toMatchObject({ statusCode: 422, code: 'hub_checklist_incomplete', fields: [{ field: 'pieces.0.checklist', key: 'hub_checklist_incomplete' }] });
    const passedAt = store.smtp.received.length;
    const decided = await staffCall('POST', `verification/${s.packageId}/decision`, support.cookie, { pieces: [{ listing_id: s.piece.id, verdict: 'pass', checklist: ticked }] });
    expect(decided.statusCode).toBe(200);
    const detail = VerificationDetail.parse(decided.json());
    expect(detail.status).toBe('checked');
    expect(detail.outbound_tracking).toMatch(/^PLH\d{9}$/);
    expect(detail.return_tracking).toBeNull();
    expect((await orderOf(s)).packages[0]!.verification).toMatchObject({ state: 'passed', pieces: [{ verdict: 'pass', report: null }] });
    expect((await saleOf(s)).verification?.state).toBe('passed');
    expect(decodedBody((await store.smtp.mailTo(s.buyer.email, passedAt, /passed/)).raw)).toContain(detail.outbound_tracking!);
    expect(decodedBody((await store.smtp.mailTo(s.seller.email, passedAt, /passed/)).raw)).toMatch(/passed our check/);
    expect(await audit('verification.pass', s.orderNumber)).toEqual([{ staff_id: support.id, reason: null }]);
    const outbound = await staffCall('GET', `verification/${s.packageId}/label?kind=outbound`, support.cookie);
    expect(outbound.headers['content-type']).toBe('application/pdf');

    // The hub's parcel reaches the buyer two business days later; the protection window then frees the credit.
    expect((await walletOf(s.seller.token)).available).toBe(0);
    clock.advanceDays(7);
    expect((await walletOf(s.seller.token)).available).toBe(40);
    expect((await inject(app(), 'POST', `orders/${s.orderId}/received`, { token: s.buyer.token })).statusCode).toBe(200);
    await expectLedgerBalanced(app());
  });

  it('fails a piece with a written report: the buyer gets the piece and every fee back, the seller is not credited, both read the report', async () => {
    const support = await signedInStaff(app(), db(), clock, 'support');
    const s = await soldPiece(4000);
    await ship(s);
    expect((await staffCall('POST', `verification/${s.packageId}/received`, support.cookie)).statusCode).toBe(200);
    // A failure needs its report.
    const silent = await staffCall('POST', `verification/${s.packageId}/decision`, support.cookie, { pieces: [{ listing_id: s.piece.id, verdict: 'fail', checklist: {} }] });
    expect(silent.statusCode).toBe(422);
    expect(silent.json()).toMatchObject({ code: 'hub_report_needed', fields: [{ field: 'pieces.0.report', key: 'hub_report_needed' }] });
    const report = 'The label is cut out and a seam at the back is torn: neither is in the listing.';
    const before = store.smtp.received.length;
    const failed = await staffCall('POST', `verification/${s.packageId}/decision`, support.cookie, {
      pieces: [{ listing_id: s.piece.id, verdict: 'fail', checklist: { photos_match: true, condition_as_listed: false }, report }],
    });
    expect(failed.statusCode).toBe(200);
    const detail = VerificationDetail.parse(failed.json());
    expect(detail.return_tracking).toMatch(/^PLH/);
    expect(detail.outbound_tracking).toBeNull();
    // The buyer paid €40 + processing (€0.70 + €2) + verification €1.50 + shipping €3.90 + home delivery €2.50 = €50.60: all of it back.
    const total = (await db().query<{ total_cents: number }>('SELECT total_cents FROM orders WHERE id = $1', [s.orderId])).rows[0]!.total_cents;
    expect(total).toBe(5060);
    expect(detail.pieces_detail[0]!.refunded).toBe(50.6);
    const order = await orderOf(s);
    expect(order.packages[0]!.verification).toMatchObject({ state: 'failed', pieces: [{ verdict: 'fail', report }] });
    expect(order.products[0]!.refunded?.amount).toBe(50.6);
    const sold = await saleOf(s);
    expect(sold.verification?.state).toBe('failed');
    expect(sold.amount).toBe(0);
    const buyerMail = decodedBody((await store.smtp.mailTo(s.buyer.email, before, /did not pass/)).raw);
    expect(buyerMail).toContain(report);
    expect(buyerMail).toContain('€50.60');
    expect(decodedBody((await store.smtp.mailTo(s.seller.email, before, /did not pass/)).raw)).toContain(report);
    expect(await audit('verification.fail', s.orderNumber)).toHaveLength(1);
    // Deciding twice is refused, and the seller never gets the credit, whatever time passes.
    expect((await staffCall('POST', `verification/${s.packageId}/decision`, support.cookie, { pieces: [{ listing_id: s.piece.id, verdict: 'pass', checklist: {} }] })).statusCode).toBe(409);
    clock.advanceDays(30);
    const wallet = await walletOf(s.seller.token);
    expect([wallet.total_credit, wallet.available, wallet.pending]).toEqual([0, 0, 0]);
    const report2 = await expectLedgerBalanced(app());
    expect(report2.totals.refunded).toBeGreaterThanOrEqual(5060);
  });

  it('refunds the buyer of a package that never reached the hub, takes the seller’s credit back and tells both', async () => {
    const s = await soldPiece(3000);
    await ship(s);
    clock.advanceDays(9);
    expect(await app().hubVerification.markLost()).not.toContain(s.orderNumber);
    const before = store.smtp.received.length;
    clock.advanceDays(2);
    expect(await app().hubVerification.markLost()).toContain(s.orderNumber);
    // Once: the job running again finds nothing to do.
    expect(await app().hubVerification.markLost()).not.toContain(s.orderNumber);
    const order = await orderOf(s);
    expect(order.packages[0]!.verification?.state).toBe('lost');
    // €30 + €0.70 + €1.50 + €1.50 + €3.90 + €2.50.
    expect(order.products[0]!.refunded?.amount).toBe(40.1);
    expect(decodedBody((await store.smtp.mailTo(s.buyer.email, before, /not reached/)).raw)).toMatch(/has not reached our verification hub 10 days/);
    expect(decodedBody((await store.smtp.mailTo(s.seller.email, before, /not reached/)).raw)).toMatch(/claim it from the carrier/);
    const wallet = await walletOf(s.seller.token);
    expect([wallet.total_credit, wallet.available]).toEqual([0, 0]);
    // A lost package cannot be received or decided any more.
    const support = await signedInStaff(app(), db(), clock, 'support');
    expect((await staffCall('POST', `verification/${s.packageId}/received`, support.cookie)).statusCode).toBe(409);
    await expectLedgerBalanced(app());
  });

  it('opens the hub’s bench to support and admins only, never to a shopper', async () => {
    const moderator = await signedInStaff(app(), db(), clock, 'moderator');
    expect((await staffCall('GET', 'verification', moderator.cookie)).statusCode).toBe(403);
    const buyer = await shopper(app());
    expect((await app().inject({ method: 'GET', url: '/api/backoffice/verification', headers: { authorization: `Bearer ${buyer.token}` } })).statusCode).toBe(401);
  });
});

describe('no verification (VERIFICATION_MODE=none)', () => {
  let store: MailedTestApp;
  mailedTestApp({ VERIFICATION_MODE: 'none' }, {}, (started) => (store = started));

  it('charges no verification fee and shows no verification line, and sends the parcel straight to the buyer', async () => {
    const app = store.ctx.app;
    const s = await sale(app, store.ctx.db, { price: 4000 });
    // €40 + processing €2.70 + shipping €3.90 + home delivery €2.50: no €1.50.
    const order = OrderDetail.parse((await inject(app, 'GET', `orders/${s.orderId}`, { token: s.buyer.token })).json());
    expect(order.payment.amount).toBe(49.1);
    expect(order.fees.verification).toBeUndefined();
    expect(order.packages[0]!.verification).toBeNull();
    const [other] = await listings(store.ctx.db, 1, { notSeller: s.buyer.id, skip: 300 });
    const summary = (await inject(app, 'POST', 'checkout/summary', { body: { cart: [other!.id] } })).json();
    expect(summary.fees.processing).toBeGreaterThan(0);
    expect(summary.fees).not.toHaveProperty('verification');
    const confirmation = decodedBody((await store.smtp.mailTo(s.buyer.email, 0, /Total/)).raw);
    expect(confirmation).not.toMatch(/verif/i);
  });
});
