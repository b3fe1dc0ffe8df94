import { carrierName, type OrderTracking } from '@preloved/contract';
import { useTranslation } from 'react-i18next';

/** An order's parcels, each its tracking number linked to the carrier's page; `none` before it ships. */
export function TrackingNumbers({ tracking, none }: { tracking: OrderTracking[]; none: string }) {
  const { t } = useTranslation('account');
  if (tracking.length === 0) return <>{none}</>;
  return tracking.map((package_, index) => (
    <span key={package_.number}>
      {index > 0 ? ', ' : null}
      <a href={package_.url} target="_blank" rel="noopener noreferrer" aria-label={t('orders.track', { number: package_.number, carrier: carrierName(package_.carrier) })}>
        {package_.number}
      </a>
    </span>
  ));
}
