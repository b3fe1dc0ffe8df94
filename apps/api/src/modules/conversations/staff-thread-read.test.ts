import { StaffThread, ThreadDetail } from '@preloved/contract';
import { testAppForFile, testClock, type TestApp } from '../../test/app';
import { inject, listings, shopper } from '../../test/checkout';
import { signedInStaff } from '../../test/staff';

// Staff read a buyer–seller thread through the back office only, in a role that may, with a reason;
// every read is an entry of the audit log saying who read which thread and why. On the real app and
// database, with real staff sessions.
describe('GET /api/backoffice/threads/:id', () => {
  const clock = testClock();
  let ctx: TestApp;
  testAppForFile({}, { clock }, (started) => (ctx = started));

  async function conversation() {
    const seller = await shopper(ctx.app);
    const buyer = await shopper(ctx.app);
    const [piece] = await listings(ctx.db, 1, { notSeller: buyer.id, skip: 60 });
    await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [seller.id, piece!.id]);
    await ctx.db.query("UPDATE customers SET first_name = 'Rita', last_name = 'Seller' WHERE id = $1", [seller.id]);
    await ctx.db.query("UPDATE customers SET first_name = 'Bruno', last_name = 'Buyer' WHERE id = $1", [buyer.id]);
    const thread = ThreadDetail.parse((await inject(ctx.app, 'POST', 'threads', { token: buyer.token, body: { listing_id: piece!.id } })).json());
    await inject(ctx.app, 'POST', `threads/${thread.id}/messages`, { token: buyer.token, body: { text: 'Pay me outside, mail me at bruno@example.com' } });
    await inject(ctx.app, 'POST', `threads/${thread.id}/messages`, { token: seller.token, body: { text: 'No, through the store please.' } });
    return { seller, buyer, piece: piece!, thread };
  }
  const read = (id: number, cookie: string, reason?: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/backoffice/threads/${id}${reason === undefined ? '' : `?reason=${encodeURIComponent(reason)}`}`, headers: { cookie } });
  const audit = async (staffId: number) =>
    (await ctx.db.query<{ action: string; target_type: string; target_id: string; reason: string; after: unknown }>('SELECT action, target_type, target_id, reason, after FROM staff_audit WHERE staff_id = $1 AND action = $2 ORDER BY id', [staffId, 'thread.read'])).rows;

  it('gives support, a moderator and an admin the thread as written with both parties’ names, and logs each read with its reason', async () => {
    const { seller, buyer, piece, thread } = await conversation();
    for (const role of ['support', 'moderator', 'admin'] as const) {
      const member = await signedInStaff(ctx.app, ctx.db, clock, role);
      const answer = await read(thread.id, member.cookie, 'Report R-000042');
      expect([role, answer.statusCode]).toEqual([role, 200]);
      expect(answer.headers['cache-control']).toBe('no-store');
      const seen = StaffThread.parse(answer.json());
      expect(seen).toMatchObject({ id: thread.id, piece: { listing_id: piece.id }, buyer: { id: buyer.id, name: 'Bruno Buyer' }, seller: { id: seller.id, name: 'Rita Seller' }, blocked_by: null });
      expect(seen.messages.map((message) => [message.from, message.text])).toEqual([
        ['buyer', 'Pay me outside, mail me at •••'],
        ['seller', 'No, through the store please.'],
      ]);
      expect(await audit(member.id)).toEqual([
        { action: 'thread.read', target_type: 'thread', target_id: String(thread.id), reason: 'Report R-000042', after: { buyer_id: buyer.id, seller_id: seller.id, listing_id: piece.id, messages: 2 } },
      ]);
    }
  });

  it('refuses finance (403), a reason left out (422) and an unknown thread (404), logging none of them', async () => {
    const { thread } = await conversation();
    const finance = await signedInStaff(ctx.app, ctx.db, clock, 'finance');
    expect((await read(thread.id, finance.cookie, 'Curious')).json()).toMatchObject({ statusCode: 403, code: 'staff_role_refused' });
    const support = await signedInStaff(ctx.app, ctx.db, clock, 'support');
    const noReason = await read(thread.id, support.cookie);
    expect(noReason.statusCode).toBe(422);
    expect((await read(thread.id, support.cookie, '   ')).statusCode).toBe(422);
    expect((await read(2147483647, support.cookie, 'Report R-000001')).json()).toMatchObject({ statusCode: 404, code: 'thread_not_found' });
    expect([...(await audit(finance.id)), ...(await audit(support.id))]).toEqual([]);
  });

  it('is not a shopper’s: a party’s own bearer token is 401 there', async () => {
    const { buyer, thread } = await conversation();
    const answer = await ctx.app.inject({ method: 'GET', url: `/api/backoffice/threads/${thread.id}?reason=mine`, headers: { authorization: `Bearer ${buyer.token}` } });
    expect(answer.json()).toMatchObject({ statusCode: 401, code: 'staff_signed_out' });
  });
});
