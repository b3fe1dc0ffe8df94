import { DisputeDetail, OrderDetail, PaymentResult, Quote, Wallet } from '@preloved/contract';
import { decodedBody } from '../../../../../tools/test-support/smtp';
import { mailedTestApp, testClock, type MailedTestApp } from '../../test/app';
import { fillBag, inject, key, listings, payment, shopper } from '../../test/checkout';
import { nextCode, signedInStaff } from '../../test/staff';
import { deliver, expectLedgerBalanced } from '../../test/wallet';
import { testPaymentProvider } from '../payments/test-provider';

// A claim resolved by refunding some of its pieces (issue 45): each piece gives back what it would
// refunded alone (line-refunds.ts: its price and its shares of the fees), the seller's credit for it is
// taken back and the rest of the sale is released; the decision happens once, names the pieces in
// both parties' mails, and keeps the ledger's invariants. On the real app and database.
describe('a partial refund of a claim', () => {
  const clock = testClock();
  const provider = testPaymentProvider();
  let store: MailedTestApp;
  // A refund above €50 asks for the authenticator's code again. The amounts below count the €1.50
  // verification fee a piece: the store checks pieces at its hub (the demo's mode).
  mailedTestApp(
    { STAFF_REFUND_STEP_UP_CENTS: '5000', VERIFICATION_MODE: 'hub' },
    { clock, paymentProvider: provider },
    (started) => (store = started),
  );
  const app = () => store.ctx.app;
  const db = () => store.ctx.db;
  const staffCall = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    app().inject({
      method,
      url: `/api/backoffice/${url}`,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
  let skip = 0;

  /**
   * One seller's three pieces (€30, €40, €50) bought with home delivery and shipped, and the buyer's
   * claim. The fees with the default config: processing 70 + 5 % of 12 000 = 670 (by price: 168, 223,
   * 279 — the cent left goes to the largest remainder, the €30 piece), verification 150 a piece,
   * shipping 390, delivery 250: a total of 13 760.
   */
  async function claimOfThree() {
    const seller = await shopper(app());
    const buyer = await shopper(app());
    const rows = await listings(db(), 3, { notSeller: buyer.id, skip: 200 + skip });
    skip += 3;
    const prices = [3000, 4000, 5000];
    for (const [index, row] of rows.entries())
      await db().query('UPDATE listings SET seller_id = $1, price_cents = $2 WHERE id = $3', [
        seller.id,
        prices[index],
        row.id,
      ]);
    await fillBag(
      db(),
      buyer.id,
      rows.map((row) => row.id),
    );
    const body = { delivery_option: 'home' };
    const quote = Quote.parse(
      (await inject(app(), 'POST', 'checkout/quote', { token: buyer.token, body })).json(),
    );
    const paid = PaymentResult.parse(
      (
        await inject(app(), 'POST', 'checkout/payment', {
          token: buyer.token,
          idempotencyKey: key(),
          body: payment(quote.total, body),
        })
      ).json(),
    );
    const order = {
      seller,
      buyer,
      orderId: paid.order_id!,
      orderNumber: paid.order_number!,
      piece: (price: number) => rows[prices.indexOf(price)]!,
    };
    expect(
      (await db().query('SELECT total_cents FROM orders WHERE id = $1', [order.orderId])).rows[0],
    ).toEqual({ total_cents: 13760 });
    await deliver(app(), order, { received: false });
    expect(
      (
        await inject(app(), 'POST', `orders/${order.orderId}/problem`, {
          token: buyer.token,
          body: { description: 'Two of the three are stained.' },
        })
      ).statusCode,
    ).toBe(200);
    return order;
  }
  const refunded = async (orderId: number) =>
    (
      await db().query<{ back: number; lines: number }>(
        'SELECT coalesce(sum(amount_cents), 0)::int AS back, count(line_id)::int AS lines FROM payment_refunds WHERE order_id = $1',
        [orderId],
      )
    ).rows[0]!;
  const walletOf = async (token: string) =>
    Wallet.parse((await inject(app(), 'GET', 'wallet', { token })).json());

  it('gives back the pieces named and their fee shares, takes their credit back, releases the rest, and says so to both', async () => {
    const support = await signedInStaff(app(), db(), clock, 'support');
    const claim = await claimOfThree();
    const [thirty, forty] = [claim.piece(3000), claim.piece(4000)];
    const before = store.smtp.received.length;
    const reason = 'The photos show stains on both; the third piece is as listed.';
    // €33.18 + €43.73 = €76.91 is above the step-up threshold: the code first.
    const without = await staffCall('POST', `disputes/${claim.orderId}/resolve`, support.cookie, {
      resolution: 'partial',
      listing_ids: [forty.id, thirty.id],
      reason,
    });
    expect(without.json()).toMatchObject({ code: 'staff_step_up_required' });

    const resolved = await staffCall('POST', `disputes/${claim.orderId}/resolve`, support.cookie, {
      resolution: 'partial',
      listing_ids: [forty.id, thirty.id],
      reason,
      code: nextCode(clock, support.secret),
    });
    expect(resolved.statusCode).toBe(200);
    const detail = DisputeDetail.parse(resolved.json());
    expect(detail.claim).toMatchObject({ resolution: 'partial' });
    expect(detail.refunded).toBe(76.91);
    expect(detail.pieces.map((piece) => [piece.price, piece.refunded])).toEqual([
      [30, true],
      [40, true],
      [50, false],
    ]);
    // €30 + 1.68 + 1.50 and €40 + 2.23 + 1.50, one provider refund per piece, keyed by its line.
    expect(await refunded(claim.orderId)).toEqual({ back: 3318 + 4373, lines: 2 });
    const reference = (
      await db().query<{ payment_reference: string }>(
        'SELECT payment_reference FROM orders WHERE id = $1',
        [claim.orderId],
      )
    ).rows[0]!.payment_reference;
    expect(
      Object.entries(provider.ledger.get(reference)!.parts!).map(([part, cents]) => [
        part.replace(/\d+/, 'N'),
        cents,
      ]),
    ).toEqual([
      ['line-N', 3318],
      ['line-N', 4373],
    ]);

    // The seller keeps the €50 piece's credit, available now that the claim is decided.
    const wallet = await walletOf(claim.seller.token);
    expect(wallet.pending).toBe(0);
    expect(wallet.available).toBe(50);
    // The buyer's order says what happened.
    const order = OrderDetail.parse(
      (await inject(app(), 'GET', `orders/${claim.orderId}`, { token: claim.buyer.token })).json(),
    );
    expect(order.problem).toMatchObject({ resolution: 'partial' });

    for (const email of [claim.buyer.email, claim.seller.email]) {
      const mail = decodedBody(
        (
          await store.smtp.mailTo(
            email,
            before,
            /the problem is resolved|o problema está resolvido/,
          )
        ).raw,
      );
      expect(mail).toContain(reason);
      expect(mail).toMatch(/76[.,]91/);
      expect(mail).toContain(thirty.title);
      expect(mail).toContain(forty.title);
    }
    const audit = (
      await staffCall('GET', `audit?action=dispute.resolve&staff_id=${support.id}`, support.cookie)
    ).json();
    expect(audit.entries[0].after).toEqual({
      resolution: 'partial',
      refunded_cents: 7691,
      listing_ids: [thirty.id, forty.id],
      stepped_up: true,
    });
    await expectLedgerBalanced(app());

    // Once: the claim is decided.
    const again = await staffCall('POST', `disputes/${claim.orderId}/resolve`, support.cookie, {
      resolution: 'partial',
      listing_ids: [claim.piece(5000).id],
      reason,
    });
    expect(again.json()).toMatchObject({ code: 'no_open_problem' });
    expect(await refunded(claim.orderId)).toEqual({ back: 7691, lines: 2 });
  });

  it('refunds in full when every piece left is named: the card gets the whole total, to the cent', async () => {
    const support = await signedInStaff(app(), db(), clock, 'support');
    const claim = await claimOfThree();
    const all = [3000, 4000, 5000].map((price) => claim.piece(price).id);
    const resolved = await staffCall('POST', `disputes/${claim.orderId}/resolve`, support.cookie, {
      resolution: 'partial',
      listing_ids: all,
      reason: 'Every piece is stained.',
      code: nextCode(clock, support.secret),
    });
    expect(DisputeDetail.parse(resolved.json()).claim).toMatchObject({ resolution: 'refund' });
    expect((await refunded(claim.orderId)).back).toBe(13760);
    expect((await walletOf(claim.seller.token)).total_credit).toBe(0);
    await expectLedgerBalanced(app());
  });

  it('refuses no pieces, a piece of another order, or a piece given back already, and changes nothing', async () => {
    const support = await signedInStaff(app(), db(), clock, 'support');
    const claim = await claimOfThree();
    const other = await claimOfThree();
    const reason = 'Stained.';
    const none = await staffCall('POST', `disputes/${claim.orderId}/resolve`, support.cookie, {
      resolution: 'partial',
      listing_ids: [],
      reason,
    });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({
      fields: [{ field: 'listing_ids', key: 'dispute_pieces_needed' }],
    });
    const foreign = await staffCall('POST', `disputes/${claim.orderId}/resolve`, support.cookie, {
      resolution: 'partial',
      listing_ids: [other.piece(3000).id],
      reason,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({
      code: 'dispute_piece_unknown',
      fields: [{ field: 'listing_ids' }],
    });

    // A piece refunded by an earlier partial decision cannot be refunded again, even by a new claim's.
    const small = claim.piece(3000).id;
    expect(
      (
        await staffCall('POST', `disputes/${claim.orderId}/resolve`, support.cookie, {
          resolution: 'partial',
          listing_ids: [small],
          reason,
        })
      ).statusCode,
    ).toBe(200);
    await db().query(
      'UPDATE orders SET problem_resolved_at = NULL, problem_resolution = NULL WHERE id = $1',
      [claim.orderId],
    );
    const twice = await staffCall('POST', `disputes/${claim.orderId}/resolve`, support.cookie, {
      resolution: 'partial',
      listing_ids: [small],
      reason,
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ code: 'dispute_piece_refunded' });
    expect(await refunded(claim.orderId)).toEqual({ back: 3318, lines: 1 });
  });
});
