import { SaleList, VerificationDetail } from '@preloved/contract';
import { testAppForFile, testClock, type TestApp } from '../../test/app';
import { inject } from '../../test/checkout';
import { nextCode, signedInStaff } from '../../test/staff';
import { expectLedgerBalanced, nextTrackingNumber, sale } from '../../test/wallet';
import { totpCode } from './totp';

// The hub's bench (issue 48) as the back office uses it: a failed piece refunds its buyer, so above
// STAFF_REFUND_STEP_UP_CENTS the decision asks for the member's authenticator code again, spent once
// and only when the decision is made (a refused decision keeps it); wrong codes are throttled per
// member. Each refusal of the bench has a code of its own.
describe('the hub’s bench in the back office', () => {
  const clock = testClock(new Date('2026-11-02T10:00:00Z'));
  let ctx: TestApp;
  testAppForFile({ VERIFICATION_MODE: 'hub', STAFF_REFUND_STEP_UP_CENTS: '3000', LOGIN_MAX_FAILURES_PER_ADDRESS: '3' }, { clock }, (started) => (ctx = started));
  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/backoffice/verification/${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  const detailOf = async (cookie: string, packageId: number) => VerificationDetail.parse((await call('GET', String(packageId), cookie)).json());
  const refundedCents = async (orderId: number) =>
    Number((await ctx.db.query<{ sum: string | null }>('SELECT sum(amount_cents) AS sum FROM payment_refunds WHERE order_id = $1', [orderId])).rows[0]!.sum ?? 0);

  /** A piece sold at `price` cents in hub mode, shipped by its seller: its sale and package. */
  async function shipped(price: number) {
    const s = await sale(ctx.app, ctx.db, { price });
    const pkg = SaleList.parse((await inject(ctx.app, 'GET', 'sales', { token: s.seller.token })).json()).sales.find((candidate) => candidate.order_number === s.orderNumber)!;
    expect((await inject(ctx.app, 'POST', `sales/${pkg.id}/shipped`, { token: s.seller.token, body: { tracking_number: nextTrackingNumber() } })).statusCode).toBe(200);
    return { ...s, packageId: pkg.id };
  }
  const fail = (listingId: number, extra: object = {}) => ({ pieces: [{ listing_id: listingId, verdict: 'fail', checklist: {}, report: 'A seam at the back is torn; the listing does not say so.' }], ...extra });

  it('asks for a fresh code to fail a piece whose refund is above the threshold, refuses a wrong or spent one, and spends it once', async () => {
    const support = await signedInStaff(ctx.app, ctx.db, clock, 'support');
    const s = await shipped(6000);
    expect((await call('POST', `${s.packageId}/received`, support.cookie)).statusCode).toBe(200);
    const detail = await detailOf(support.cookie, s.packageId);
    expect(detail).toMatchObject({ refund_needs_code: true, step_up_above: 30 });

    const without = await call('POST', `${s.packageId}/decision`, support.cookie, fail(s.piece.id));
    expect(without.json()).toMatchObject({ statusCode: 403, code: 'staff_step_up_required', fields: [{ field: 'code', key: 'staff_step_up_required' }] });
    const now = totpCode(support.secret, clock.now());
    const wrong = await call('POST', `${s.packageId}/decision`, support.cookie, fail(s.piece.id, { code: now === '000000' ? '111111' : '000000' }));
    expect(wrong.json()).toMatchObject({ statusCode: 422, code: 'staff_totp_invalid', fields: [{ field: 'code', key: 'staff_totp_invalid' }] });
    // The sign-in's code (the last one spent) does not work again.
    expect((await call('POST', `${s.packageId}/decision`, support.cookie, fail(s.piece.id, { code: now }))).json()).toMatchObject({ code: 'staff_totp_invalid' });
    // Nothing refunded, nothing decided while refused.
    expect(await refundedCents(s.orderId)).toBe(0);
    expect((await detailOf(support.cookie, s.packageId)).status).toBe('at_hub');

    const fresh = nextCode(clock, support.secret);
    // A fresh code with a decision refused for another reason (no report) is not spent.
    const silent = await call('POST', `${s.packageId}/decision`, support.cookie, { pieces: [{ listing_id: s.piece.id, verdict: 'fail', checklist: {} }], code: fresh });
    expect(silent.json()).toMatchObject({ code: 'hub_report_needed' });
    const decided = await call('POST', `${s.packageId}/decision`, support.cookie, fail(s.piece.id, { code: fresh }));
    expect(decided.statusCode).toBe(200);
    const after = VerificationDetail.parse(decided.json());
    expect(after).toMatchObject({ status: 'checked', refund_needs_code: false });
    expect(after.pieces_detail[0]!.refunded).toBeGreaterThan(60);
    expect(await refundedCents(s.orderId)).toBe(Math.round(after.pieces_detail[0]!.refunded! * 100));
    const audit = (await ctx.db.query<{ after: { stepped_up?: boolean } }>("SELECT after FROM staff_audit WHERE action = 'verification.fail' AND target_id = $1", [s.orderNumber])).rows;
    expect(audit.map((row) => row.after.stepped_up)).toEqual([true]);

    // The same code, spent, cannot fail another large piece.
    const other = await shipped(6000);
    expect((await call('POST', `${other.packageId}/received`, support.cookie)).statusCode).toBe(200);
    expect((await call('POST', `${other.packageId}/decision`, support.cookie, fail(other.piece.id, { code: fresh }))).json()).toMatchObject({ code: 'staff_totp_invalid' });
    expect(await refundedCents(other.orderId)).toBe(0);
    await expectLedgerBalanced(ctx.app);
  });

  it('throttles wrong codes per member: a guessed code is a failed attempt', async () => {
    const support = await signedInStaff(ctx.app, ctx.db, clock, 'support');
    const s = await shipped(6000);
    expect((await call('POST', `${s.packageId}/received`, support.cookie)).statusCode).toBe(200);
    const valid = totpCode(support.secret, clock.now());
    const guesses = ['000001', '000002', '000003', '000004'].filter((code) => code !== valid);
    const answers = [];
    for (const code of guesses) answers.push((await call('POST', `${s.packageId}/decision`, support.cookie, fail(s.piece.id, { code }))).statusCode);
    expect(answers).toEqual([422, 422, 422, 429]);
    // Even the right code waits for the window to end.
    expect((await call('POST', `${s.packageId}/decision`, support.cookie, fail(s.piece.id, { code: nextCode(clock, support.secret) }))).statusCode).toBe(429);
    expect(await refundedCents(s.orderId)).toBe(0);
  });

  it('needs no code to pass a piece, nor to fail one whose refund is under the threshold', async () => {
    const support = await signedInStaff(ctx.app, ctx.db, clock, 'support');
    const small = await shipped(1500);
    expect((await call('POST', `${small.packageId}/received`, support.cookie)).statusCode).toBe(200);
    expect((await detailOf(support.cookie, small.packageId)).refund_needs_code).toBe(false);
    expect((await call('POST', `${small.packageId}/decision`, support.cookie, fail(small.piece.id))).statusCode).toBe(200);
    expect(await refundedCents(small.orderId)).toBeGreaterThan(1500);

    const large = await shipped(6000);
    expect((await call('POST', `${large.packageId}/received`, support.cookie)).statusCode).toBe(200);
    const detail = await detailOf(support.cookie, large.packageId);
    const checklist = Object.fromEntries(detail.pieces_detail[0]!.checklist.map((item) => [item, true]));
    expect((await call('POST', `${large.packageId}/decision`, support.cookie, { pieces: [{ listing_id: large.piece.id, verdict: 'pass', checklist }] })).statusCode).toBe(200);
    expect(await refundedCents(large.orderId)).toBe(0);
  });

  it('answers each refusal with a code of its own', async () => {
    const support = await signedInStaff(ctx.app, ctx.db, clock, 'support');
    const s = await shipped(1500);
    const codeOf = async (url: string, payload?: object) => {
      const answer = await call('POST', url, support.cookie, payload);
      return [answer.statusCode, answer.json<{ code: string }>().code];
    };
    expect(await codeOf(`${s.packageId}/decision`, fail(s.piece.id))).toEqual([409, 'parcel_not_at_hub']);
    expect((await call('POST', `${s.packageId}/received`, support.cookie)).statusCode).toBe(200);
    expect(await codeOf(`${s.packageId}/received`)).toEqual([409, 'parcel_received_already']);
    expect(await codeOf(`${s.packageId}/decision`, { pieces: [] })).toEqual([422, 'hub_pieces_needed']);
    expect(await codeOf(`${s.packageId}/decision`, fail(s.piece.id + 100_000))).toEqual([422, 'hub_piece_unknown']);
    expect(await codeOf(`${s.packageId}/decision`, { pieces: [{ listing_id: s.piece.id, verdict: 'pass', checklist: { photos_match: true } }] })).toEqual([422, 'hub_checklist_incomplete']);
    expect((await call('POST', `${s.packageId}/decision`, support.cookie, fail(s.piece.id))).statusCode).toBe(200);
    expect(await codeOf(`${s.packageId}/decision`, fail(s.piece.id))).toEqual([409, 'parcel_decided_already']);

    const lost = await shipped(1500);
    clock.advanceDays(11);
    expect(await ctx.app.hubVerification.markLost()).toContain(lost.orderNumber);
    expect(await codeOf(`${lost.packageId}/received`)).toEqual([409, 'parcel_lost']);
    expect(await codeOf(`${lost.packageId}/decision`, fail(lost.piece.id))).toEqual([409, 'parcel_lost']);
  });
});

describe('the hub’s bench without a hub (VERIFICATION_MODE=none)', () => {
  const clock = testClock();
  let ctx: TestApp;
  testAppForFile({ VERIFICATION_MODE: 'none' }, { clock }, (started) => (ctx = started));

  it('refuses to receive or decide a parcel with hub_not_in_use', async () => {
    const support = await signedInStaff(ctx.app, ctx.db, clock, 'support');
    const answer = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/verification/1/received', headers: { cookie: support.cookie } });
    expect(answer.json()).toMatchObject({ statusCode: 409, code: 'hub_not_in_use' });
  });
});
