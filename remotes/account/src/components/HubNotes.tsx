import type { PackageVerification } from '@preloved/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format';
import parts from './OrderParts.module.css';

/** Whose page reads it: the buyer's order (`order.*` sentences) or the seller's sale (`sales.*`). */
export type HubSide = 'order' | 'sales';

/**
 * Where a package sent through the brand's verification hub is (issue 48), in the reader's words: on
 * its way to the hub (the seller: to send there), being checked, passed and on its way to the buyer,
 * failed (refunded to the buyer, coming back to the seller) or lost. The buyer reads the hub's
 * parcel's tracking number, the seller the return's.
 */
export function HubNote({ verification, side }: { verification: PackageVerification; side: HubSide }) {
  const { t, i18n } = useTranslation('account');
  const when = verification.state === 'at_hub' ? verification.received_at : verification.state === 'lost' ? verification.lost_at : verification.decided_at;
  const tracking = side === 'order' ? verification.outbound_tracking : verification.return_tracking;
  return (
    <p className={parts.meta} data-hub-state={verification.state}>
      <strong>{t(`${side}.hub.label`)}: </strong>
      {t(`${side}.hub.${verification.state}`, { date: when ? formatDate(when, i18n.language) : '', tracking: tracking ?? '' })}
    </p>
  );
}

/** A piece's verdict at the hub under it: a failure's report is both parties' to read. */
export function HubVerdict({ verification, listingId, side }: { verification: PackageVerification | null | undefined; listingId: number; side: HubSide }) {
  const { t } = useTranslation('account');
  const piece = verification?.pieces.find((candidate) => candidate.listing_id === listingId);
  if (!piece?.verdict) return null;
  return <p className={parts.meta}>{piece.verdict === 'fail' ? t(`${side}.hub.pieceFailed`, { report: piece.report ?? '' }) : t(`${side}.hub.piecePassed`)}</p>;
}

/**
 * Why a piece refunded alone was: it failed the hub's check, it was lost on its way there, it was
 * refunded after the buyer's report once shipped (a partial decision), or its seller could not send it.
 */
export function refundReason(verification: PackageVerification | null | undefined, listingId: number, shipped: boolean): 'failed' | 'lost' | 'claim' | 'cancelled' {
  if (verification?.state === 'lost') return 'lost';
  if (verification?.pieces.some((piece) => piece.listing_id === listingId && piece.verdict === 'fail')) return 'failed';
  return shipped ? 'claim' : 'cancelled';
}

/** The sentence of a piece refunded alone, by its reason (refundReason). */
export function refundKey(side: HubSide, reason: ReturnType<typeof refundReason>): string {
  if (reason === 'failed' || reason === 'lost') return `${side}.hub.refunded_${reason}`;
  return reason === 'claim' ? `${side}.pieceRefundedAfterReport` : `${side}.pieceRefunded`;
}
