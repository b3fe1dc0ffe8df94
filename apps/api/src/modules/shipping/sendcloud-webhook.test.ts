import fc from 'fast-check';
import type { Sale } from '@preloved/contract';
import { sendcloudTestApp, testClock, type TestApp } from '../../test/app';
import { inject, shopper } from '../../test/checkout';
import type { SendcloudServer } from '../../test/sendcloud-server';
import { expectLedgerBalanced, sale } from '../../test/wallet';
import { externalReference } from './carrier-labels';
import { sendcloudSignature } from './sendcloud';
import { saleMail } from '../orders/order-mails';

// Issue 42, "real labels and tracking": with CARRIER_MODE=sendcloud the store buys each package's label
// from Sendcloud at the sale and learns of the parcel's journey from Sendcloud's signed webhook (or by
// asking, when a webhook is lost); the delivery releases the seller's credit after the protection
// window. Offline, against the Sendcloud stand-in (test/sendcloud-server.ts) with Sendcloud's shapes;
// the ledger audit balances after each test that moves money.

const clock = testClock();
let ctx: TestApp;
let sendcloud: SendcloudServer;
sendcloudTestApp((store) => ({ ctx, sendcloud } = store), {}, { clock });

interface PackageRow {
  id: number;
  label_status: string | null;
  label_tries: number;
  label_error: string | null;
  parcel_id: string | null;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  shipped_at: Date | null;
  carrier_delivered_at: Date | null;
}
const packageOf = async (orderId: number) =>
  (await ctx.db.query<PackageRow>('SELECT * FROM order_packages WHERE order_id = $1', [orderId])).rows[0]!;

/** Waits for the label bought in the background after the sale's answer (or its first failed try). */
async function settled(orderId: number, until: (row: PackageRow) => boolean) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const row = await packageOf(orderId);
    if (until(row)) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`package of order ${orderId} did not settle: ${JSON.stringify(await packageOf(orderId))}`);
}
const bought = (orderId: number) => settled(orderId, (row) => row.label_status === 'bought');

const audit = () => expectLedgerBalanced(ctx.app);

/** A report to the store's webhook, as Sendcloud posts it. */
const post = (report: { body: string; signature?: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/carriers/sendcloud/webhook',
    headers: { 'content-type': 'application/json', ...(report.signature === undefined ? {} : { 'sendcloud-signature': report.signature }) },
    payload: report.body,
  });

const salesOf = async (token: string) => (await inject(ctx.app, 'GET', 'sales', { token })).json<{ sales: Sale[] }>().sales;
const wallet = async (token: string) => (await inject(ctx.app, 'GET', 'wallet', { token })).json<{ available: number; pending: number }>();
const parcelCreations = (packageId: number) =>
  sendcloud.calls.filter((call) => call.method === 'POST' && call.path === '/parcels' && (call.body?.parcel as { external_reference?: string })?.external_reference === externalReference(packageId));

describe('a label bought at the sale', () => {
  it('records the carrier and tracking number, lets the seller (only) download the PDF, and needs no typed number', async () => {
    const seller = await shopper(ctx.app);
    await ctx.db.query(
      `INSERT INTO addresses (customer_id, first_name, last_name, phone, address, zip_code, city, country, is_default)
       VALUES ($1, 'Marta', 'Sousa', '+351 913 000 000', 'Rua do Almada 5', '4050-036', 'Porto', 'PT', true)`,
      [seller.id],
    );
    const sold = await sale(ctx.app, ctx.db, { seller });
    const row = await bought(sold.orderId);
    expect(row).toMatchObject({ carrier: 'ctt', tracking_number: expect.stringMatching(/^[A-Z]{2}\d{9}PT$/), tracking_url: expect.stringContaining('tracking.sendcloud.sc') });
    // One parcel, for the package's weight and route (seller in Porto → buyer in Lisbon, home: method 8), its label asked for.
    const [creation, ...more] = parcelCreations(row.id);
    expect(more).toEqual([]);
    expect(creation!.body!.parcel).toMatchObject({
      request_label: true,
      shipment: { id: 8 },
      country: 'PT',
      city: 'Lisboa',
      from_city: 'Porto',
      from_country: 'PT',
      order_number: sold.orderNumber,
      weight: expect.stringMatching(/^\d+\.\d{3}$/),
    });

    const [listed] = (await salesOf(sold.seller.token)).filter((entry) => entry.order_number === sold.orderNumber);
    expect(listed).toMatchObject({ label: 'ready', carrier: 'ctt', tracking_number: row.tracking_number, tracking_url: row.tracking_url, status: 'paid' });

    const pdf = await inject(ctx.app, 'GET', `sales/${row.id}/label`, { token: sold.seller.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await shopper(ctx.app);
    expect((await inject(ctx.app, 'GET', `sales/${row.id}/label`, { token: stranger.token })).statusCode).toBe(404);
    expect((await inject(ctx.app, 'GET', `sales/${row.id}/label`)).statusCode).toBe(401);

    const typed = await inject(ctx.app, 'POST', `sales/${row.id}/shipped`, { token: sold.seller.token, body: { tracking_number: 'RR123456785PT' } });
    expect(typed.statusCode).toBe(409);
    expect(typed.json()).toMatchObject({ code: 'shipped_by_carrier' });

    // The sale mail says where the label is; no label is drawn by the store.
    const mail = await saleMail((await ctx.app.ordersRepository.record(sold.orderId))!, row.id);
    expect(mail.text).toContain('Its prepaid label is ready in your sales, in your account');
    expect(mail.text).toContain('the sale counts as shipped at its first scan, with no number to type');
    expect(mail.attachments).toEqual([]);

    // The buyer's order follows the parcel on the carrier's page.
    const order = (await inject(ctx.app, 'GET', `orders/${sold.orderId}`, { token: sold.buyer.token })).json<{ tracking: { number: string; carrier: string; url: string }[] }>();
    expect(order.tracking).toEqual([{ number: row.tracking_number, carrier: 'ctt', url: row.tracking_url }]);
    await audit();
  });

  it('with Sendcloud down at the sale, keeps the order and the job buys the label later, exactly once', async () => {
    sendcloud.fail(1);
    const sold = await sale(ctx.app, ctx.db);
    const pending = await settled(sold.orderId, (row) => row.label_tries >= 1 && row.label_error !== null);
    expect(pending.label_status).toBe('pending');
    const [listed] = (await salesOf(sold.seller.token)).filter((entry) => entry.order_number === sold.orderNumber);
    expect(listed).toMatchObject({ label: 'pending', tracking_number: null });
    expect((await inject(ctx.app, 'GET', `sales/${pending.id}/label`, { token: sold.seller.token })).json()).toMatchObject({ code: 'label_pending' });

    // Not before its backoff; then once, however often the job runs.
    expect(await ctx.app.carrierLabels.buyDue()).toBe(0);
    clock.advance(2 * 60 * 1000);
    expect(await ctx.app.carrierLabels.buyDue()).toBe(1);
    expect(await ctx.app.carrierLabels.buyDue()).toBe(0);
    expect(parcelCreations(pending.id)).toHaveLength(1);
    const row = await packageOf(sold.orderId);
    expect(row).toMatchObject({ label_status: 'bought', label_error: null, tracking_number: expect.any(String) });

    // A try that died after Sendcloud bought the label (the store never heard): the retry finds that parcel, buys none.
    await ctx.db.query(
      "UPDATE order_packages SET label_status = 'pending', parcel_id = NULL, carrier = NULL, tracking_number = NULL, tracking_url = NULL, label_claimed_until = NULL WHERE id = $1",
      [row.id],
    );
    expect(await ctx.app.carrierLabels.buyDue([row.id])).toBe(1);
    expect(parcelCreations(row.id)).toHaveLength(1);
    expect(await packageOf(sold.orderId)).toMatchObject({ parcel_id: row.parcel_id, tracking_number: row.tracking_number });
    await audit();
  });

  it('a label that cannot be bought (no shipping method for the route) fails at once for the operator; the sale stands', async () => {
    const seller = await shopper(ctx.app);
    // A seller in France: the account has no method from there.
    await ctx.db.query(
      `INSERT INTO addresses (customer_id, first_name, last_name, phone, address, zip_code, city, country, is_default)
       VALUES ($1, 'Camille', 'Martin', '+33 600 000 000', 'Rue de Rivoli 1', '75001', 'Paris', 'FR', true)`,
      [seller.id],
    );
    const sold = await sale(ctx.app, ctx.db, { seller });
    const row = await settled(sold.orderId, (found) => found.label_status !== 'pending');
    expect(row).toMatchObject({ label_status: 'failed', label_error: expect.stringContaining('FR-PT-home'), parcel_id: null });
    expect(parcelCreations(row.id)).toEqual([]);
    const [listed] = (await salesOf(sold.seller.token)).filter((entry) => entry.order_number === sold.orderNumber);
    expect(listed).toMatchObject({ label: 'failed', status: 'paid' });
    await audit();
  });
});

describe('a sale cancelled before it shipped', () => {
  it("has its unused label cancelled at Sendcloud, once; a parcel already moving is not", async () => {
    const sold = await sale(ctx.app, ctx.db);
    const row = await bought(sold.orderId);
    const cancelled = await inject(ctx.app, 'POST', `orders/${sold.orderId}/cancel`, { token: sold.buyer.token });
    expect(cancelled.statusCode).toBe(200);
    const cancels = (parcel: string | null) => sendcloud.calls.filter((call) => call.method === 'POST' && call.path === `/parcels/${parcel}/cancel`);
    expect(await ctx.app.carrierLabels.cancelUnused()).toBe(1);
    expect(await ctx.app.carrierLabels.cancelUnused()).toBe(0);
    expect(cancels(row.parcel_id)).toHaveLength(1);
    expect(sendcloud.parcels.get(Number(row.parcel_id))?.status).toEqual({ id: 1999, message: 'Cancellation requested' });
    // Sendcloud confirms: the report changes nothing of the (cancelled) sale.
    expect((await post(sendcloud.report(Number(row.parcel_id), 2000))).json()).toMatchObject({ handled: true });
    expect(await packageOf(sold.orderId)).toMatchObject({ shipped_at: null, carrier_delivered_at: null });

    // The carrier scanned this one, but its report has not arrived when the buyer cancels: Sendcloud refuses, the operator sees why.
    const other = await sale(ctx.app, ctx.db);
    const moving = await bought(other.orderId);
    sendcloud.setStatus(Number(moving.parcel_id), 3);
    expect((await inject(ctx.app, 'POST', `orders/${other.orderId}/cancel`, { token: other.buyer.token })).statusCode).toBe(200);
    expect(await ctx.app.carrierLabels.cancelUnused()).toBe(0);
    expect(await ctx.app.carrierLabels.cancelUnused()).toBe(0);
    expect(cancels(moving.parcel_id)).toHaveLength(1);
    expect((await packageOf(other.orderId)).label_error).toMatch(/^cancellation refused: .*can no longer be cancelled/);
    await audit();
  });
});

describe("Sendcloud's tracking webhook", () => {
  it('a signed delivery releases the credit after the protection window; shipped at the first scan', async () => {
    const sold = await sale(ctx.app, ctx.db);
    const row = await bought(sold.orderId);
    const parcel = Number(row.parcel_id);

    const scanned = await post(sendcloud.report(parcel, 3, { at: clock.now() }));
    expect(scanned.statusCode).toBe(200);
    expect(scanned.json()).toEqual({ received: true, duplicate: false, handled: true });
    const [listed] = (await salesOf(sold.seller.token)).filter((entry) => entry.order_number === sold.orderNumber);
    expect(listed).toMatchObject({ status: 'shipped', shipped_at: clock.now().toISOString() });
    // The buyer's tracking mail is queued once, at the first scan, not at later reports.
    const shippedMails = async () =>
      Number((await ctx.db.query<{ count: string }>("SELECT count(*) FROM mail_outbox WHERE kind = 'order-shipped' AND (data->>'orderId')::int = $1", [sold.orderId])).rows[0]!.count);
    expect(await shippedMails()).toBe(1);
    expect((await post(sendcloud.report(parcel, 5, { at: clock.now() }))).statusCode).toBe(200);
    expect(await shippedMails()).toBe(1);

    clock.advance(24 * 60 * 60 * 1000);
    const deliveredAt = clock.now();
    expect((await post(sendcloud.report(parcel, 11, { at: deliveredAt }))).json()).toEqual({ received: true, duplicate: false, handled: true });
    expect((await packageOf(sold.orderId)).carrier_delivered_at).toEqual(deliveredAt);
    expect(await wallet(sold.seller.token)).toMatchObject({ available: 0, pending: sold.price / 100 });
    await audit();

    clock.advance((ctx.config.WALLET_PROTECTION_HOURS + 1) * 60 * 60 * 1000);
    expect(await wallet(sold.seller.token)).toMatchObject({ available: sold.price / 100, pending: 0 });
    await audit();
  });

  it('a forged or replayed report changes nothing; the first delivery wins', async () => {
    const sold = await sale(ctx.app, ctx.db);
    const row = await bought(sold.orderId);
    const parcel = Number(row.parcel_id);

    const forged = sendcloud.report(parcel, 11, { secret: 'not-the-secret' });
    expect((await post(forged)).statusCode).toBe(401);
    expect((await post({ body: forged.body })).statusCode).toBe(401);
    expect((await post({ body: forged.body, signature: 'zz' })).statusCode).toBe(401);
    // A genuine signature over another body: not this body's.
    const genuine = sendcloud.report(parcel, 3);
    expect((await post({ body: forged.body, signature: genuine.signature })).statusCode).toBe(401);
    expect(await packageOf(sold.orderId)).toMatchObject({ shipped_at: null, carrier_delivered_at: null });

    const delivered = sendcloud.report(parcel, 11, { at: clock.now() });
    expect((await post(delivered)).json()).toMatchObject({ duplicate: false, handled: true });
    const first = (await packageOf(sold.orderId)).carrier_delivered_at;
    clock.advance(60 * 60 * 1000);
    expect((await post(delivered)).json()).toMatchObject({ duplicate: true, handled: false });
    // Another delivery report, later: the first delivery stays.
    expect((await post(sendcloud.report(parcel, 93, { at: clock.now() }))).statusCode).toBe(200);
    expect((await packageOf(sold.orderId)).carrier_delivered_at).toEqual(first);
    await audit();
  });

  it('a fuzz of signed and unsigned bodies never answers 5xx, and the ledger balances after', async () => {
    const sold = await sale(ctx.app, ctx.db);
    const parcel = Number((await bought(sold.orderId)).parcel_id);
    const secret = sendcloud.keys.secretKey;
    const bodies = fc.oneof(
      fc.string(),
      fc.json(),
      fc.record({
        action: fc.oneof(fc.constant('parcel_status_changed'), fc.string()),
        timestamp: fc.oneof(fc.integer(), fc.double(), fc.constant(null), fc.string()),
        carrier_status_change_timestamp: fc.oneof(fc.integer({ min: -1e15, max: 1e15 }), fc.constant(null)),
        parcel: fc.oneof(
          fc.record({ id: fc.oneof(fc.constant(parcel), fc.integer(), fc.double(), fc.string()), status: fc.record({ id: fc.oneof(fc.constantFrom(1, 3, 11, 12, 93, 2000), fc.integer()), message: fc.string() }) }),
          fc.anything(),
        ),
      }).map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(bodies, fc.boolean(), async (body, signed) => {
        const answer = await post({ body, signature: signed ? sendcloudSignature(body, secret) : 'f'.repeat(64) });
        expect(answer.statusCode).toBeLessThan(500);
        if (!signed) expect(answer.statusCode).toBe(401);
      }),
      { numRuns: 150 },
    );
    await audit();
  });

  it('answers 404 on a store whose carrier is not Sendcloud', async () => {
    const { testApp } = await import('../../test/app');
    const other = await testApp();
    try {
      const answer = await other.app.inject({ method: 'POST', url: '/api/carriers/sendcloud/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(answer.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('the polling fallback', () => {
  it('records a delivery whose webhook was lost, once the parcel is old enough to ask about', async () => {
    const sold = await sale(ctx.app, ctx.db);
    const row = await bought(sold.orderId);
    sendcloud.setStatus(Number(row.parcel_id), 11);
    const asked = () => sendcloud.calls.filter((call) => call.method === 'GET' && call.path === `/parcels/${row.parcel_id}`).length;
    await ctx.app.carrierLabels.poll();
    expect(asked()).toBe(0);
    clock.advance((ctx.config.CARRIER_POLL_AFTER_HOURS + 1) * 60 * 60 * 1000);
    await ctx.app.carrierLabels.poll();
    expect(asked()).toBe(1);
    const found = await packageOf(sold.orderId);
    expect(found.carrier_delivered_at).toEqual(clock.now());
    expect(found.shipped_at).toEqual(clock.now());
    // Delivered: not asked again.
    clock.advance((ctx.config.CARRIER_POLL_EVERY_HOURS + 1) * 60 * 60 * 1000);
    await ctx.app.carrierLabels.poll();
    expect(asked()).toBe(1);
    await audit();
  });
});
