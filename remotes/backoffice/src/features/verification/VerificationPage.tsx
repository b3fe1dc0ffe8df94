import type { VerificationQueue, VerificationQueueEntry } from '@preloved/contract';
import { Link, useSearchParams } from '@preloved/shared/router';
import { EmptyState } from '@preloved/ui';
import { useTranslation } from 'react-i18next';
import { useConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { formatMoment } from '../../lib/format';
import { RecordTable } from '../../lib/RecordTable';
import { StateTabs } from '../../lib/StateTabs';

export const QUEUE_STATES = ['at_hub', 'to_hub', 'checked', 'lost'] as const;
type QueueState = (typeof QUEUE_STATES)[number];

/**
 * `/backoffice/verification`: the parcels sent through the brand's hub (issue 48) in one status
 * (`?status=`: at the hub by default, on the way, checked, lost), the longest waiting first, each
 * linked to its bench page.
 */
export function VerificationPage() {
  const { t, i18n } = useTranslation('backoffice');
  const [params] = useSearchParams();
  const status: QueueState = QUEUE_STATES.find((candidate) => candidate === params.get('status')) ?? 'at_hub';
  const result = useConsoleData<VerificationQueue>('verification', { status });
  const moment = (value: string | null, otherwise: string) => (value ? formatMoment(value, i18n.language) : otherwise);
  return (
    <ConsolePage title={t('verification.title')} intro={t('verification.intro')}>
      <StateTabs label={t('verification.states')} param="status" current={status} options={QUEUE_STATES.map((value): [string, string] => [value, t(`verification.status.${value}`)])} />
      <Loaded result={result}>
        {(queue) =>
          queue.packages.length === 0 ? (
            <EmptyState title={t(`verification.empty.${status}`)} role="status" />
          ) : (
            <RecordTable<VerificationQueueEntry>
              rows={queue.packages}
              rowKey={(entry) => entry.package_id}
              columns={[
                {
                  header: t('verification.order'),
                  cell: (entry) => (
                    <Link to={`/backoffice/verification/${entry.package_id}`} aria-label={t('verification.openOne', { number: entry.order_number, seller: entry.seller })}>
                      {entry.order_number}
                    </Link>
                  ),
                },
                { header: t('verification.seller'), cell: (entry) => entry.seller },
                { header: t('verification.pieces'), cell: (entry) => entry.pieces, numeric: true },
                { header: t('verification.shipped'), cell: (entry) => moment(entry.shipped_at, t('verification.notShipped')) },
                { header: t('verification.tracking'), cell: (entry) => entry.tracking_number ?? '—' },
                { header: t('verification.received'), cell: (entry) => moment(entry.received_at, t('verification.notReceived')) },
              ]}
            />
          )
        }
      </Loaded>
    </ConsolePage>
  );
}
