import type { Queryable } from '../../db/db';
import {
  lineRefund,
  type LineRefund,
  type RefundLine,
  type RefundOrder,
  type RefundPackage,
} from './line-refunds';

/** One piece of a partial refund: the line, and what refunding it gives back (line-refunds.ts's rule). */
export interface PieceRefund {
  lineId: number;
  packageId: number;
  listingId: number;
  title: string;
  refund: LineRefund;
}

/**
 * What refunding some pieces of an order gives back, piece by piece in line order, after the
 * lines refunded before (a seller's cancelled pieces): each piece as if refunded alone, one after
 * the other, so their sum is what the card gets back and the fees go with the last piece of a
 * package or of the order. `whole`: the pieces are every piece not refunded yet (a full refund).
 * Refused: a listing that is not a line of the order, or a line refunded already.
 */
export async function piecesRefund(
  tx: Queryable,
  orderId: number,
  listingIds: readonly number[],
): Promise<
  | { pieces: PieceRefund[]; buyerCents: number; whole: boolean }
  | 'dispute_piece_unknown'
  | 'dispute_piece_refunded'
> {
  const order = (
    await tx.query<RefundOrder>(
      'SELECT processing_cents, verification_cents, shipping_cents, delivery_cents, discount_cents FROM orders WHERE id = $1',
      [orderId],
    )
  ).rows[0];
  if (!order) return 'dispute_piece_unknown';
  const packages = (
    await tx.query<RefundPackage>(
      'SELECT id, bundle_discount_cents FROM order_packages WHERE order_id = $1',
      [orderId],
    )
  ).rows;
  const lines = (
    await tx.query<RefundLine & { listing_id: number; title: string }>(
      'SELECT id, package_id, price_cents, listing_id, title FROM order_lines WHERE order_id = $1 ORDER BY id',
      [orderId],
    )
  ).rows;
  const refunded = new Set(
    (
      await tx.query<{ line_id: number }>(
        'SELECT line_id FROM payment_refunds WHERE order_id = $1 AND line_id IS NOT NULL',
        [orderId],
      )
    ).rows.map((row) => row.line_id),
  );
  const wanted = new Set(listingIds);
  const chosen = lines.filter((line) => wanted.has(line.listing_id));
  if (chosen.length !== wanted.size) return 'dispute_piece_unknown';
  if (chosen.some((line) => refunded.has(line.id))) return 'dispute_piece_refunded';
  const pieces: PieceRefund[] = [];
  const before = new Set(refunded);
  for (const line of chosen) {
    const refund = lineRefund(order, packages, lines, before, line.id);
    pieces.push({
      lineId: line.id,
      packageId: line.package_id,
      listingId: line.listing_id,
      title: line.title,
      refund,
    });
    before.add(line.id);
  }
  return {
    pieces,
    buyerCents: pieces.reduce((sum, piece) => sum + piece.refund.buyerCents, 0),
    whole: lines.every((line) => before.has(line.id)),
  };
}

/** What giving pieces back needs of the store: the wallet's take-back and the provider's refund. */
export interface PieceRefunder {
  wallet: { refundLine(packageId: number, lineId: number, cents: number, now: Date, tx: Queryable): Promise<void> };
  payments: { refund(reference: string, cents: number, key?: string): Promise<string> };
}

/**
 * Gives the pieces of `piecesRefund` back, one by one: the seller's credit for each line is taken back
 * and the buyer's card refunded by the line's rule, keyed by the line at the provider (a retry cannot
 * pay twice), each written to payment_refunds. The provider's refund comes last for each piece, so a
 * refused one rolls the caller's transaction back. A staff partial refund and the hub's failed or lost
 * pieces go through here: one money path for a piece given back.
 */
export async function givePiecesBack(app: PieceRefunder, tx: Queryable, orderId: number, paymentReference: string, pieces: readonly PieceRefund[], now: Date): Promise<void> {
  for (const piece of pieces) {
    await app.wallet.refundLine(piece.packageId, piece.lineId, piece.refund.sellerCents, now, tx);
    const reference = await app.payments.refund(paymentReference, piece.refund.buyerCents, `line-${piece.lineId}`);
    await tx.query('INSERT INTO payment_refunds (order_id, line_id, amount_cents, provider_reference, created_at) VALUES ($1, $2, $3, $4, $5)', [
      orderId,
      piece.lineId,
      piece.refund.buyerCents,
      reference,
      now,
    ]);
  }
}
