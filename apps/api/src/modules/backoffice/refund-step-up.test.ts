import { DisputeDetail } from '@preloved/contract';
import { testAppForFile, testClock, type TestApp } from '../../test/app';
import { inject } from '../../test/checkout';
import { nextCode, signedInStaff } from '../../test/staff';
import { sale } from '../../test/wallet';
import { testPaymentProvider } from '../payments/test-provider';
import { totpCode } from './totp';

// Step-up for staff refunds (issue 45): a refund above the threshold needs the member's authenticator
// code again, spent once like a sign-in's, so a stolen console session alone moves no money out. A
// release of the credit, or a refund under the threshold, needs none.
describe('a support agent’s refund above the step-up threshold', () => {
  const clock = testClock();
  let ctx: TestApp;
  testAppForFile({ STAFF_REFUND_STEP_UP_CENTS: '3000' }, { clock, paymentProvider: testPaymentProvider() }, (started) => (ctx = started));
  const resolve = (cookie: string, orderId: number, body: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/backoffice/disputes/${orderId}/resolve`, headers: { cookie }, payload: { reason: 'The piece arrived torn.', ...body } });

  async function claim(price: number) {
    const s = await sale(ctx.app, ctx.db, { price });
    expect((await inject(ctx.app, 'POST', `orders/${s.orderId}/problem`, { token: s.buyer.token, body: { description: 'Torn.' } })).statusCode).toBe(200);
    return s;
  }

  it('asks for the code, refuses a wrong or spent one, and refunds with a fresh one', async () => {
    const support = await signedInStaff(ctx.app, ctx.db, clock, 'support');
    const large = await claim(6000);
    const detail = DisputeDetail.parse((await ctx.app.inject({ method: 'GET', url: `/api/backoffice/disputes/${large.orderId}`, headers: { cookie: support.cookie } })).json());
    expect(detail.refund_needs_code).toBe(true);

    const without = await resolve(support.cookie, large.orderId, { resolution: 'refund' });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ code: 'staff_step_up_required', fields: [{ field: 'code', key: 'staff_step_up_required' }] });
    const wrong = await resolve(support.cookie, large.orderId, { resolution: 'refund', code: '000000' === totpCode(support.secret, clock.now()) ? '111111' : '000000' });
    expect(wrong.json()).toMatchObject({ code: 'staff_totp_invalid' });
    // The code of the sign-in (the last one spent) does not work again.
    const spent = await resolve(support.cookie, large.orderId, { resolution: 'refund', code: totpCode(support.secret, clock.now()) });
    expect(spent.json()).toMatchObject({ code: 'staff_totp_invalid' });

    const fresh = await resolve(support.cookie, large.orderId, { resolution: 'refund', code: nextCode(clock, support.secret) });
    expect(fresh.statusCode).toBe(200);
    const audit = (await ctx.app.inject({ method: 'GET', url: `/api/backoffice/audit?action=dispute.resolve&staff_id=${support.id}`, headers: { cookie: support.cookie } })).json();
    expect(audit.entries[0].after).toMatchObject({ resolution: 'refund', stepped_up: true });
  });

  it('needs no code to release the credit, nor for a refund under the threshold', async () => {
    const support = await signedInStaff(ctx.app, ctx.db, clock, 'support');
    const large = await claim(6000);
    expect((await resolve(support.cookie, large.orderId, { resolution: 'release' })).statusCode).toBe(200);
    const small = await claim(1000);
    const detail = DisputeDetail.parse((await ctx.app.inject({ method: 'GET', url: `/api/backoffice/disputes/${small.orderId}`, headers: { cookie: support.cookie } })).json());
    expect(detail.refund_needs_code).toBe(false);
    expect((await resolve(support.cookie, small.orderId, { resolution: 'refund' })).statusCode).toBe(200);
  });
});
