import { PaymentResult } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db';
import { cttTrackingNumber } from '../modules/shipping/tracking-numbers';
import { auditLedger } from '../modules/wallet/ledger-audit';
import { fillBag, inject, key, listings, payment, proveEmail, quotedTotal, shopper, stepUp } from './checkout';

// What the wallet tests share: a fresh seller who sold a piece through the real checkout.

let skip = 0;
/**
 * A new seller (e-mail proven, stepped up) whose piece a new buyer paid for through the checkout;
 * answers both, the order and the price in cents. The piece (a seeded listing) is handed to the new seller first, so their
 * wallet holds this sale alone.
 */
export async function sale(
  app: FastifyInstance,
  db: Queryable,
  options: { seller?: { id: number; token: string; email: string }; buyer?: { id: number; token: string; email: string }; price?: number } = {},
) {
  const seller = options.seller ?? (await shopper(app));
  const buyer = options.buyer ?? (await shopper(app));
  // A seller who proved the e-mail and the password just now, so money may leave the wallet.
  await proveEmail(db, seller.id);
  await stepUp(app, seller.token);
  const [piece] = await listings(db, 1, { notSeller: buyer.id, skip: 40 + skip++ });
  if (!piece) throw new Error('no listing left');
  if (options.price) piece.price_cents = options.price;
  await db.query('UPDATE listings SET seller_id = $1, price_cents = $3 WHERE id = $2', [seller.id, piece.id, piece.price_cents]);
  await fillBag(db, buyer.id, [piece.id]);
  const total = await quotedTotal(app, { delivery_option: 'home' }, buyer.token);
  const response = await inject(app, 'POST', 'checkout/payment', { token: buyer.token, idempotencyKey: key(), body: payment(total) });
  if (response.statusCode !== 200) throw new Error(`payment failed: ${response.body}`);
  const paid = PaymentResult.parse(response.json());
  return { seller, buyer, piece, price: piece.price_cents, orderId: paid.order_id!, orderNumber: paid.order_number! };
}

let parcel = 0;
/** A CTT tracking number no other package of this test run has. */
export const nextTrackingNumber = () => cttTrackingNumber(((process.pid % 900) * 100_000 + ++parcel) % 100_000_000);

/**
 * The seller ships the sale's package (tracking number) and, when asked, the carrier reports it
 * delivered a minute ago (as a live carrier's feed writes it) and the buyer says all is well: the
 * credit is then available at once.
 */
export async function deliver(app: FastifyInstance, s: Pick<Awaited<ReturnType<typeof sale>>, 'seller' | 'buyer' | 'orderId' | 'orderNumber'>, { received = true } = {}) {
  const sales = (await inject(app, 'GET', 'sales', { token: s.seller.token })).json<{ sales: { id: number; order_number: string }[] }>();
  const pkg = sales.sales.find((candidate) => candidate.order_number === s.orderNumber)!;
  const shipped = await inject(app, 'POST', `sales/${pkg.id}/shipped`, { token: s.seller.token, body: { tracking_number: nextTrackingNumber() } });
  if (shipped.statusCode !== 200) throw new Error(`ship failed: ${shipped.body}`);
  if (received) {
    await app.db.query('UPDATE order_packages SET carrier_delivered_at = $2 WHERE id = $1', [pkg.id, new Date(app.clock.now().getTime() - 60_000)]);
    const got = await inject(app, 'POST', `orders/${s.orderId}/received`, { token: s.buyer.token });
    if (got.statusCode !== 200) throw new Error(`received failed: ${got.body}`);
  }
}

/** A checksum-valid IBAN (Banco de Portugal's example). */
export const IBAN = 'PT50000201231234567890154';
export const SHOP_KEY = 'preloved-main-shop-demo-key';

export function shopCall(app: FastifyInstance, action: 'check' | 'redeem', body: unknown, shopKey: string | null = SHOP_KEY) {
  return app.inject({
    method: 'POST',
    url: `/api/main-store/discount-codes/${action}`,
    headers: shopKey === null ? {} : { 'x-shop-key': shopKey },
    payload: body as object,
  });
}

/** The ledger audit of the store's database as it is now, every mismatch failing the test; answers the report. */
export async function expectLedgerBalanced(app: FastifyInstance) {
  const report = await auditLedger(app.db, app.config, app.carriers, app.clock.now());
  expect(report.mismatches).toEqual([]);
  return report;
}

/** A private seller's DAC7 tax data (a valid Portuguese NIF), so a test's big sales do not pause their payouts (modules/tax). */
export const TAX_DATA = { kind: 'private', first_name: 'Rita', last_name: 'Lopes', birth_date: '1990-04-25', address: 'Rua Augusta 10', zip_code: '1100-053', city: 'Lisboa', country: 'PT', tin: '123456789', tin_country: 'PT' };

/** The seller gives their tax data, as one past the DAC7 threshold must before money leaves (409 `tax_data_needed` otherwise). */
export async function giveTaxData(app: FastifyInstance, token: string) {
  const saved = await inject(app, 'PUT', 'seller/tax', { token, body: TAX_DATA });
  if (saved.statusCode !== 200) throw new Error(`tax data refused: ${saved.body}`);
}
