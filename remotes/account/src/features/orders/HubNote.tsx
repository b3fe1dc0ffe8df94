import type { PackageVerification } from '@preloved/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import parts from '../../components/OrderParts.module.css';

/**
 * Where a package sent through the brand's verification hub is (issue 48), in the buyer's words: on
 * its way to the hub, being checked, passed and on its way, failed (refunded) or lost (refunded).
 */
export function HubNote({ verification }: { verification: PackageVerification }) {
  const { t, i18n } = useTranslation('account');
  const when = verification.state === 'at_hub' ? verification.received_at : verification.state === 'lost' ? verification.lost_at : verification.decided_at;
  return (
    <p className={parts.meta} data-hub-state={verification.state}>
      <strong>{t('order.hub.label')}: </strong>
      {t(`order.hub.${verification.state}`, { date: when ? formatDate(when, i18n.language) : '', tracking: verification.outbound_tracking ?? '' })}
    </p>
  );
}

/** A piece's verdict at the hub under it: a failure's report is the buyer's to read. */
export function HubVerdict({ verification, listingId }: { verification: PackageVerification | null | undefined; listingId: number }) {
  const { t } = useTranslation('account');
  const piece = verification?.pieces.find((candidate) => candidate.listing_id === listingId);
  if (!piece?.verdict) return null;
  return <p className={parts.meta}>{piece.verdict === 'fail' ? t('order.hub.pieceFailed', { report: piece.report ?? '' }) : t('order.hub.piecePassed')}</p>;
}
