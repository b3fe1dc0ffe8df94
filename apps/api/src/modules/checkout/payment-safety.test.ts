import { PaymentResult } from '@preloved/contract';
import { testPaymentProvider } from '../payments/test-provider';
import { testApp, testClock } from '../../test/app';
import { CARDS, inject, key, listings, payment, quotedTotal } from '../../test/checkout';

// The card's extra step re-prices and expires; a refused payment is answered again.

const provider = testPaymentProvider();
const clock = testClock();
let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp({}, { paymentProvider: provider, clock });
});
afterAll(async () => {
  await ctx?.close();
});

let skip = 0;
/** A guest checkout of one fresh piece with the confirmation card, started: its attempt and piece. */
async function startAction() {
  const [piece] = await listings(ctx.db, 1, { skip: skip++ });
  const body = { cart: [piece!.id], email: 'guest@example.com' };
  const total = await quotedTotal(ctx.app, { delivery_option: 'home', cart: [piece!.id] });
  const started = PaymentResult.parse((await inject(ctx.app, 'POST', 'checkout/payment', { idempotencyKey: key(), body: payment(total, body, CARDS.action) })).json());
  expect(started.status).toBe('requires_action');
  return { started, piece: piece!, total };
}

const statusOf = async (id: number) => (await ctx.db.query<{ status: string }>('SELECT status FROM listings WHERE id = $1', [id])).rows[0]!.status;

describe('3-D Secure confirmation', () => {
  it('a piece whose price changed meanwhile is not sold at the old price: 409 with the new total, nothing charged', async () => {
    const { started, piece, total } = await startAction();
    await ctx.db.query('UPDATE listings SET price_cents = price_cents + 1000 WHERE id = $1', [piece.id]);
    const newTotal = await quotedTotal(ctx.app, { delivery_option: 'home', cart: [piece.id] });
    expect(newTotal).toBeGreaterThan(total);

    const confirmed = await inject(ctx.app, 'POST', `checkout/payment/${started.attempt_id}/confirm`);
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json()).toMatchObject({ params: { total: newTotal } });
    expect(await statusOf(piece.id)).toBe('active');
    expect([...provider.ledger.values()].some((entry) => entry.state === 'captured' && entry.amountCents === Math.round(total * 100))).toBe(false);
    // Repeating the confirmation answers the same refusal.
    expect((await inject(ctx.app, 'POST', `checkout/payment/${started.attempt_id}/confirm`)).statusCode).toBe(409);
  });

  it('expires 15 minutes after the card asked for it: 409, nothing sold', async () => {
    const { started, piece } = await startAction();
    clock.advance(15 * 60 * 1000 + 1000);
    try {
      const confirmed = await inject(ctx.app, 'POST', `checkout/payment/${started.attempt_id}/confirm`);
      expect(confirmed.statusCode).toBe(409);
      expect(confirmed.json().message).toMatch(/expired/i);
      expect(await statusOf(piece.id)).toBe('active');
    } finally {
      clock.advance(-(15 * 60 * 1000 + 1000));
    }
  });

  it('within 15 minutes at an unchanged price, the order is placed', async () => {
    const { started, piece } = await startAction();
    clock.advance(14 * 60 * 1000);
    try {
      const confirmed = await inject(ctx.app, 'POST', `checkout/payment/${started.attempt_id}/confirm`);
      expect(confirmed.statusCode).toBe(200);
      expect(await statusOf(piece.id)).toBe('sold');
    } finally {
      clock.advance(-14 * 60 * 1000);
    }
  });
});

describe('a refused payment', () => {
  it('is stored under its Idempotency-Key: the same request again answers the same 402 at once, without a second authorization', async () => {
    const [piece] = await listings(ctx.db, 1, { skip: skip++ });
    const body = payment(await quotedTotal(ctx.app, { delivery_option: 'home', cart: [piece!.id] }), { cart: [piece!.id], email: 'guest@example.com' }, CARDS.declined);
    const idempotencyKey = key();
    const first = await inject(ctx.app, 'POST', 'checkout/payment', { idempotencyKey, body });
    expect(first.statusCode).toBe(402);
    const started = Date.now();
    const again = await inject(ctx.app, 'POST', 'checkout/payment', { idempotencyKey, body });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(again.statusCode).toBe(402);
    expect(again.json()).toEqual(first.json());
  });

  it('a stale total is stored too: the same request again answers the same 409', async () => {
    const [piece] = await listings(ctx.db, 1, { skip: skip++ });
    const body = payment(1, { cart: [piece!.id], email: 'guest@example.com' });
    const idempotencyKey = key();
    const first = await inject(ctx.app, 'POST', 'checkout/payment', { idempotencyKey, body });
    expect(first.statusCode).toBe(409);
    const started = Date.now();
    const again = await inject(ctx.app, 'POST', 'checkout/payment', { idempotencyKey, body });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(again.statusCode).toBe(409);
  });
});
