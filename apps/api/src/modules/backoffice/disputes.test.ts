import { DisputeDetail, DisputeQueue, StaffThread, ThreadList, Wallet } from '@preloved/contract';
import { decodedBody } from '../../../../../tools/test-support/smtp';
import { mailedTestApp, testClock, type MailedTestApp } from '../../test/app';
import { inject } from '../../test/checkout';
import { signedInStaff } from '../../test/staff';
import { sale } from '../../test/wallet';
import { testPaymentProvider } from '../payments/test-provider';

// Support resolves the buyers' claims from the back office: the queue, a claim's pieces and tracking,
// the decision through orders' own resolve (refund or release), the reason mailed to both parties in
// their language, and the audit entry written with it.
describe('/api/backoffice/disputes', () => {
  const clock = testClock();
  let store: MailedTestApp;
  mailedTestApp({}, { clock, paymentProvider: testPaymentProvider() }, (started) => (store = started));
  const app = () => store.ctx.app;
  const get = (url: string, cookie: string) => app().inject({ method: 'GET', url: `/api/backoffice/${url}`, headers: { cookie } });
  const post = (url: string, cookie: string, payload: object) => app().inject({ method: 'POST', url: `/api/backoffice/${url}`, headers: { cookie }, payload });

  async function claim(description: string) {
    const s = await sale(app(), store.ctx.db);
    const reported = await inject(app(), 'POST', `orders/${s.orderId}/problem`, { token: s.buyer.token, body: { description } });
    expect(reported.statusCode).toBe(200);
    return s;
  }

  it('lists open claims oldest first with their answer-by time, and shows one with its pieces and packages', async () => {
    const support = await signedInStaff(app(), store.ctx.db, clock, 'support');
    const first = await claim('The zip is broken.');
    const second = await claim('Not the size listed.');
    const queue = DisputeQueue.parse((await get('disputes', support.cookie)).json());
    const mine = queue.disputes.filter((entry) => [first.orderId, second.orderId].includes(entry.order_id));
    expect(mine.map((entry) => entry.description)).toEqual(['The zip is broken.', 'Not the size listed.']);
    const [entry] = mine;
    expect(new Date(entry!.answer_by!).getTime() - new Date(entry!.reported_at).getTime()).toBe(48 * 3_600_000);
    expect(entry!.buyer_email).toBe(first.buyer.email);

    const detail = DisputeDetail.parse((await get(`disputes/${first.orderId}`, support.cookie)).json());
    expect(detail.pieces).toEqual([expect.objectContaining({ listing_id: first.piece.id, price: first.price / 100 })]);
    expect(detail.packages).toEqual([expect.objectContaining({ seller_email: first.seller.email, shipped_at: null })]);
  });

  it("shows each package's conversation between the buyer and its seller, read on the record with the dispute as the reason", async () => {
    const support = await signedInStaff(app(), store.ctx.db, clock, 'support');
    const s = await claim('The zip came off.');
    const threads = ThreadList.parse((await inject(app(), 'GET', 'threads', { token: s.buyer.token })).json()).threads;
    const thread = threads.find((entry) => entry.piece.listing_id === s.piece.id);
    expect(thread).toBeDefined();
    expect((await inject(app(), 'POST', `threads/${thread!.id}/messages`, { token: s.buyer.token, body: { text: 'The zip came off on the first day.' } })).statusCode).toBe(201);

    const detail = DisputeDetail.parse((await get(`disputes/${s.orderId}`, support.cookie)).json());
    const entries = Number((await store.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM thread_messages WHERE thread_id = $1', [thread!.id])).rows[0]!.n);
    expect(detail.packages).toEqual([expect.objectContaining({ thread: { id: thread!.id, messages: entries } })]);
    expect(entries).toBeGreaterThanOrEqual(2);
    const read = StaffThread.parse((await get(`threads/${thread!.id}?reason=${encodeURIComponent(`Dispute on order ${detail.number}`)}`, support.cookie)).json());
    expect(read.messages.map((message) => message.text)).toContain('The zip came off on the first day.');
    const audit = await store.ctx.db.query<{ reason: string }>("SELECT reason FROM staff_audit WHERE action = 'thread.read' ORDER BY id DESC LIMIT 1");
    expect(audit.rows[0]?.reason).toBe(`Dispute on order ${detail.number}`);
  });

  it('refunds the buyer on a support agent’s decision, mails the reason to both, logs it, and decides once', async () => {
    const support = await signedInStaff(app(), store.ctx.db, clock, 'support');
    const s = await claim('The coat has a torn sleeve.');
    const before = store.smtp.received.length;
    const reason = 'The photos show the tear; the listing did not mention it.';
    const resolved = await post(`disputes/${s.orderId}/resolve`, support.cookie, { resolution: 'refund', reason });
    expect(resolved.statusCode).toBe(200);
    expect(DisputeDetail.parse(resolved.json()).claim).toMatchObject({ resolution: 'refund' });

    for (const email of [s.buyer.email, s.seller.email]) {
      const mail = decodedBody((await store.smtp.mailTo(email, before, /the problem is resolved|o problema está resolvido/)).raw);
      expect(mail).toContain(reason);
    }
    const sellerWallet = Wallet.parse((await inject(app(), 'GET', 'wallet', { token: s.seller.token })).json());
    expect(sellerWallet.pending).toBe(0);
    expect(sellerWallet.total_credit).toBe(0);

    const audit = (await get(`audit?action=dispute.resolve&staff_id=${support.id}`, support.cookie)).json();
    expect(audit.entries).toEqual([expect.objectContaining({ target_type: 'order', target_id: s.orderNumber, reason, after: expect.objectContaining({ resolution: 'refund' }) })]);

    const twice = await post(`disputes/${s.orderId}/resolve`, support.cookie, { resolution: 'release', reason: 'Changed my mind' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('no_open_problem');
    expect((await get(`audit?action=dispute.resolve&staff_id=${support.id}`, support.cookie)).json().total).toBe(1);
  });

  it('lists a chargeback with its amount, the bank’s reason and the evidence’s due date, and shows it on its order until the bank decides', async () => {
    const support = await signedInStaff(app(), store.ctx.db, clock, 'support');
    const s = await sale(app(), store.ctx.db);
    const intentId = (
      await store.ctx.db.query<{ payment_reference: string }>(
        'SELECT payment_reference FROM orders WHERE id = $1',
        [s.orderId],
      )
    ).rows[0]!.payment_reference;
    const dueBy = new Date(clock.now().getTime() + 7 * 86_400_000);
    const dispute = {
      kind: 'dispute',
      disputeId: `dp_${s.orderId}`,
      amountCents: 1234,
      reason: 'product_not_received',
      evidenceDueBy: dueBy,
    } as const;
    await app().providerEvents.handle({
      id: `evt_open_${s.orderId}`,
      type: 'charge.dispute.created',
      intentId,
      subject: { ...dispute, status: 'open' },
    });

    const chargebacks = DisputeQueue.parse(
      (await get('disputes?kind=chargeback', support.cookie)).json(),
    ).disputes;
    expect(chargebacks.find((entry) => entry.order_id === s.orderId)).toEqual(
      expect.objectContaining({
        kind: 'chargeback',
        amount: 12.34,
        reason: 'product_not_received',
        answer_by: dueBy.toISOString(),
        resolution: null,
      }),
    );
    const claimsOnly = DisputeQueue.parse(
      (await get('disputes?kind=claim', support.cookie)).json(),
    ).disputes;
    expect(claimsOnly.some((entry) => entry.order_id === s.orderId)).toBe(false);
    const detail = DisputeDetail.parse((await get(`disputes/${s.orderId}`, support.cookie)).json());
    expect(detail.claim).toBeNull();
    expect(detail.chargeback).toMatchObject({
      id: `dp_${s.orderId}`,
      status: 'open',
      amount: 12.34,
      evidence_due_by: dueBy.toISOString(),
      provider_url: expect.stringContaining(`disputes/dp_${s.orderId}`),
    });
    // No claim to decide: a decision is refused.
    expect(
      (
        await post(`disputes/${s.orderId}/resolve`, support.cookie, {
          resolution: 'refund',
          reason: 'x',
        })
      ).json().code,
    ).toBe('no_open_problem');

    await app().providerEvents.handle({
      id: `evt_lost_${s.orderId}`,
      type: 'charge.dispute.closed',
      intentId,
      subject: { ...dispute, status: 'lost' },
    });
    const ended = DisputeQueue.parse(
      (await get('disputes?state=resolved&kind=chargeback', support.cookie)).json(),
    ).disputes;
    expect(ended.find((entry) => entry.order_id === s.orderId)).toEqual(
      expect.objectContaining({ resolution: 'lost', resolved_at: expect.any(String) }),
    );
    expect(
      DisputeQueue.parse((await get('disputes', support.cookie)).json()).disputes.some(
        (entry) => entry.order_id === s.orderId,
      ),
    ).toBe(false);
  });

  it('asks for a reason, and keeps the queue from a moderator', async () => {
    const support = await signedInStaff(app(), store.ctx.db, clock, 'support');
    const moderator = await signedInStaff(app(), store.ctx.db, clock, 'moderator');
    const s = await claim('Wrong colour.');
    const noReason = await post(`disputes/${s.orderId}/resolve`, support.cookie, { resolution: 'release', reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json()).toMatchObject({ code: 'dispute_reason_needed', fields: [{ field: 'reason', key: 'dispute_reason_needed' }] });
    expect((await get('disputes', moderator.cookie)).json().code).toBe('staff_role_refused');
    expect((await post(`disputes/${s.orderId}/resolve`, moderator.cookie, { resolution: 'release', reason: 'x' })).statusCode).toBe(403);
    expect((await get('disputes/999999', support.cookie)).json().code).toBe('order_not_found');
  });
});
