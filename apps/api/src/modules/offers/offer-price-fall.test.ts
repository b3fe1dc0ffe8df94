import { BagLines, Offer, OfferLists, PaymentResult, Quote } from '@preloved/contract';
import { testPaymentProvider } from '../payments/test-provider';
import { auditLedger, formatAudit } from '../wallet/ledger-audit';
import { testApp, testClock } from '../../test/app';
import { CARDS, inject, key, listings, payment, shopper } from '../../test/checkout';

// An accepted offer above the listing's price now (smart pricing's cut that accepted it, or
// the seller lowering the price) is bought at the listing's price: the bag, the quote, the payment,
// the order's line and the seller's deposit all say the lower one, and the ledger audit holds.
const DAY = 24 * 60 * 60 * 1000;
const clock = testClock(new Date('2026-11-23T10:00:00Z'));
let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp({}, { paymentProvider: testPaymentProvider(), clock });
}, 120_000);
afterAll(() => ctx?.close());

let skip = 0;
/** A seller given one seeded listing at `priceCents` (smart pricing from the clock's now when asked), and a buyer. */
async function pair(priceCents: number, smart = false) {
  const seller = await shopper(ctx.app);
  const buyer = await shopper(ctx.app);
  const [listing] = await listings(ctx.db, 1, { skip: 40 + skip++ * 3 });
  await ctx.db.query(
    `UPDATE listings SET seller_id = $1, price_cents = $2, price_base_cents = $2, min_price_cents = $2 / 2, smart_pricing = $4, price_anchor_at = $5,
       next_price_drop_at = listing_next_drop_at($2, $2 / 2, $4, $5, $5) WHERE id = $3`,
    [seller.id, priceCents, listing!.id, smart, clock.now()],
  );
  return { seller, buyer, listingId: listing!.id };
}

const made = async (token: string) => OfferLists.parse((await inject(ctx.app, 'GET', 'offers', { token })).json()).made[0]!;
const bag = async (token: string) => BagLines.parse((await inject(ctx.app, 'GET', 'cart', { token })).json());
const quote = async (token: string) => {
  const response = await inject(ctx.app, 'POST', 'checkout/quote', { token, body: { delivery_option: 'home' } });
  expect(response.statusCode).toBe(200);
  return Quote.parse(response.json());
};

/** Pays the bag at its quoted total; answers the order's line price and the seller's deposit, in cents. */
async function buy(token: string) {
  const paid = await inject(ctx.app, 'POST', 'checkout/payment', { token, idempotencyKey: key(), body: payment((await quote(token)).total) });
  expect(paid.statusCode).toBe(200);
  const orderId = PaymentResult.parse(paid.json()).order_id;
  const { rows: lines } = await ctx.db.query<{ price_cents: number }>('SELECT price_cents FROM order_lines WHERE order_id = $1', [orderId]);
  const { rows: deposits } = await ctx.db.query<{ amount_cents: number }>(
    `SELECT e.amount_cents FROM wallet_entries e JOIN order_packages k ON k.id = e.package_id
     WHERE k.order_id = $1 AND e.type = 'listing_sale_deposit'`,
    [orderId],
  );
  const report = await auditLedger(ctx.db, ctx.config, ctx.app.carriers, clock.now());
  if (!report.ok) throw new Error(formatAudit(report, 'test'));
  return { lines: lines.map((line) => line.price_cents), deposits: deposits.map((deposit) => deposit.amount_cents) };
}

describe('an accepted offer above the listing’s price now', () => {
  it('smart pricing’s cut accepts a €95 offer at €90: the buyer pays €90, and the seller’s deposit is €90', async () => {
    const { buyer, listingId } = await pair(10_000, true);
    // The day before the first cut: the seller's 48 h to answer are still running when it comes.
    clock.advance(6 * DAY);
    const offer = await inject(ctx.app, 'POST', 'offers', { token: buyer.token, body: { listing_id: listingId, price: 95 } });
    expect(offer.statusCode).toBe(200);
    const offerId = Offer.parse(offer.json()).id;

    clock.advance(DAY + 1000);
    // The cut (10 %: €90) accepts the offer for the seller; the card still knows both prices.
    expect(await made(buyer.token)).toMatchObject({ id: offerId, status: 'accepted', price: 95, listing_price: 90 });

    const added = await inject(ctx.app, 'POST', 'cart', { token: buyer.token, body: { listing_id: listingId, offer_id: offerId } });
    expect(added.statusCode).toBe(200);
    expect(BagLines.parse(added.json())[0]).toMatchObject({ offer_id: offerId, valid_offer: true, price: 90, price_added: 90, offer_price: 95 });
    const quoted = await quote(buyer.token);
    expect([quoted.lines[0]!.price, quoted.subtotal]).toEqual([90, 90]);

    expect(await buy(buyer.token)).toEqual({ lines: [9000], deposits: [9000] });
    expect(await made(buyer.token)).toMatchObject({ status: 'archived', reason: 'purchased' });
  });

  it('the seller lowers the price under an accepted €70 offer once it is in the bag: €60 is paid; a higher listing price never raises the offer', async () => {
    const { seller, buyer, listingId } = await pair(10_000);
    const offerId = Offer.parse((await inject(ctx.app, 'POST', 'offers', { token: buyer.token, body: { listing_id: listingId, price: 70 } })).json()).id;
    expect((await inject(ctx.app, 'POST', `offers/${offerId}/accept`, { token: seller.token })).statusCode).toBe(200);
    expect((await inject(ctx.app, 'POST', 'cart', { token: buyer.token, body: { listing_id: listingId, offer_id: offerId } })).statusCode).toBe(200);
    expect((await bag(buyer.token))[0]).toMatchObject({ price: 70, price_added: 70 });

    await ctx.db.query('UPDATE listings SET price_cents = 12000 WHERE id = $1', [listingId]);
    expect((await bag(buyer.token))[0]).toMatchObject({ price: 70 });
    await ctx.db.query('UPDATE listings SET price_cents = 6000 WHERE id = $1', [listingId]);
    expect((await bag(buyer.token))[0]).toMatchObject({ offer_id: offerId, valid_offer: true, price: 60 });
    expect((await quote(buyer.token)).lines[0]!.price).toBe(60);

    expect(await buy(buyer.token)).toEqual({ lines: [6000], deposits: [6000] });
  });

  it('a fall during the card’s extra step is not charged at the offer’s price: 409 with the new total, then paid at it', async () => {
    const { seller, buyer, listingId } = await pair(10_000);
    const offerId = Offer.parse((await inject(ctx.app, 'POST', 'offers', { token: buyer.token, body: { listing_id: listingId, price: 70 } })).json()).id;
    await inject(ctx.app, 'POST', `offers/${offerId}/accept`, { token: seller.token });
    await inject(ctx.app, 'POST', 'cart', { token: buyer.token, body: { listing_id: listingId, offer_id: offerId } });
    const total = (await quote(buyer.token)).total;
    const started = PaymentResult.parse((await inject(ctx.app, 'POST', 'checkout/payment', { token: buyer.token, idempotencyKey: key(), body: payment(total, {}, CARDS.action) })).json());
    expect(started.status).toBe('requires_action');

    await ctx.db.query('UPDATE listings SET price_cents = 6000 WHERE id = $1', [listingId]);
    const lower = (await quote(buyer.token)).total;
    expect(lower).toBeLessThan(total);
    const confirmed = await inject(ctx.app, 'POST', `checkout/payment/${started.attempt_id}/confirm`, { token: buyer.token });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json()).toMatchObject({ code: 'total_changed_not_charged', params: { total: lower } });
    expect(await buy(buyer.token)).toEqual({ lines: [6000], deposits: [6000] });
  });
});
