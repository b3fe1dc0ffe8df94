import type { PackageVerification } from '@preloved/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import parts from '../../components/OrderParts.module.css';

/**
 * Where a sale sent through the brand's verification hub is (issue 48), in the seller's words: to send
 * to the hub, being checked, passed and on its way to the buyer, failed (coming back) or lost.
 */
export function SaleHubNote({ verification }: { verification: PackageVerification }) {
  const { t, i18n } = useTranslation('account');
  const when = verification.state === 'at_hub' ? verification.received_at : verification.state === 'lost' ? verification.lost_at : verification.decided_at;
  return (
    <p className={parts.meta} data-hub-state={verification.state}>
      <strong>{t('sales.hub.label')}: </strong>
      {t(`sales.hub.${verification.state}`, { date: when ? formatDate(when, i18n.language) : '', tracking: verification.return_tracking ?? '' })}
    </p>
  );
}

/** A piece's verdict at the hub: a failure's report is the seller's to read too. */
export function SaleHubVerdict({ verification, listingId }: { verification: PackageVerification | null | undefined; listingId: number }) {
  const { t } = useTranslation('account');
  const piece = verification?.pieces.find((candidate) => candidate.listing_id === listingId);
  if (!piece?.verdict) return null;
  return <p className={parts.meta}>{piece.verdict === 'fail' ? t('sales.hub.pieceFailed', { report: piece.report ?? '' }) : t('sales.hub.piecePassed')}</p>;
}
