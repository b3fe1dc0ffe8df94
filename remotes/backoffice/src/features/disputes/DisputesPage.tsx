import { DISPUTE_KINDS, type DisputeQueue } from '@preloved/contract';
import { Link, useSearchParams } from '@preloved/shared/router';
import { EmptyState, Pagination } from '@preloved/ui';
import { useTranslation } from 'react-i18next';
import { useConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { formatFromNow, formatMoment, formatMoney } from '../../lib/format';
import { StateTabs } from '../../lib/StateTabs';
import styles from '../../lib/console.module.css';

/**
 * `/backoffice/disputes`: the open claims and chargebacks (or the ended ones), oldest first, late ones
 * marked; filtered by kind too (`?kind=claim|chargeback`).
 */
const KINDS = ['all', ...DISPUTE_KINDS] as const;

export function DisputesPage() {
  const { t, i18n } = useTranslation('backoffice');
  const [params] = useSearchParams();
  const state = params.get('state') === 'resolved' ? 'resolved' : 'open';
  const kind = KINDS.find((candidate) => candidate === params.get('kind')) ?? 'all';
  const page = Number(params.get('page')) || 1;
  const result = useConsoleData<DisputeQueue>('disputes', { state, kind, page });
  const now = Date.now();
  return (
    <ConsolePage title={t('disputes.title')} intro={t('disputes.intro')}>
      <StateTabs label={t('disputes.states')} param="state" current={state} options={[['open', t('disputes.open')], ['resolved', t('disputes.resolved')]]} />
      <StateTabs
        label={t('disputes.kinds')}
        param="kind"
        current={kind}
        options={[['all', t('disputes.kindAll')], ...DISPUTE_KINDS.map((value): [string, string] => [value, t(`disputes.kindName.${value}`)])]}
      />
      <Loaded result={result}>
        {(queue) =>
          queue.disputes.length === 0 ? (
            <EmptyState title={state === 'open' ? t('disputes.empty') : t('disputes.emptyResolved')} role="status" />
          ) : (
            <>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('disputes.order')}</th>
                      <th scope="col">{t('disputes.kind')}</th>
                      <th scope="col">{t('disputes.reported')}</th>
                      <th scope="col">{state === 'open' ? t('disputes.answerBy') : t('disputes.outcome')}</th>
                      <th scope="col">{t('disputes.buyer')}</th>
                      <th scope="col">{t('disputes.sellers')}</th>
                      <th scope="col" className={styles.number}>
                        {t('disputes.amount')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {queue.disputes.map((dispute) => (
                      <tr key={`${dispute.kind}-${dispute.order_id}`}>
                        <td>
                          <Link to={`/backoffice/disputes/${dispute.order_id}`} aria-label={t('disputes.open_one', { number: dispute.number })}>
                            {dispute.number}
                          </Link>
                        </td>
                        <td>{t(`disputes.kindName.${dispute.kind}`)}</td>
                        <td>{formatMoment(dispute.reported_at, i18n.language)}</td>
                        <td>
                          {dispute.resolution ? (
                            t(`disputes.resolution.${dispute.resolution}`)
                          ) : dispute.answer_by ? (
                            <>
                              {formatMoment(dispute.answer_by, i18n.language)}{' '}
                              <span className={`${styles.badge} ${Date.parse(dispute.answer_by) < now ? styles.late : ''}`}>
                                {Date.parse(dispute.answer_by) < now ? `${t('disputes.late')} · ` : ''}
                                {formatFromNow(dispute.answer_by, i18n.language, now)}
                              </span>
                            </>
                          ) : (
                            t('disputes.noDueDate')
                          )}
                        </td>
                        <td>{dispute.buyer_email}</td>
                        <td>{dispute.sellers.join(', ')}</td>
                        <td className={styles.number}>{formatMoney(dispute.amount, i18n.language)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination page={queue.page} pages={Math.max(1, Math.ceil(queue.total / queue.page_size))} />
            </>
          )
        }
      </Loaded>
    </ConsolePage>
  );
}
