import type { DisputeDetail } from '@preloved/contract';
import { useToast } from '@preloved/shared';
import { Link, useParams } from '@preloved/shared/router';
import { useTranslation } from 'react-i18next';
import { consoleApi, useConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { DecisionForm } from '../../lib/DecisionForm';
import { formatMoment, formatMoney } from '../../lib/format';
import styles from '../../lib/console.module.css';

/**
 * `/backoffice/disputes/:orderId`: a claim with what a decision needs (the buyer's words, the pieces,
 * each package's shipping and tracking), and the decision: a full refund or the credit released to
 * the sellers, with a reason both parties are mailed in their language.
 */
export function DisputePage() {
  const { t, i18n } = useTranslation('backoffice');
  const { orderId } = useParams();
  const toast = useToast();
  const result = useConsoleData<DisputeDetail>(`disputes/${Number(orderId) || 0}`);
  const language = i18n.language;
  const moment = (value: string | null, otherwise: string) => (value ? formatMoment(value, language) : otherwise);
  return (
    <Loaded result={result}>
      {(dispute) => (
        <ConsolePage title={t('disputes.orderTitle', { number: dispute.number })} actions={<Link to="/backoffice/disputes">{t('disputes.back')}</Link>}>
          <div className={styles.card}>
            <h2 className={styles.subtitle}>{t('disputes.claim')}</h2>
            <blockquote className={styles.quote}>{dispute.description}</blockquote>
            <dl className={styles.facts}>
              <dt>{t('disputes.buyer')}</dt>
              <dd>{dispute.buyer_email}</dd>
              <dt>{t('disputes.placed')}</dt>
              <dd>{formatMoment(dispute.placed_at, language)}</dd>
              <dt>{t('disputes.delivered')}</dt>
              <dd>{moment(dispute.delivered_at, t('disputes.notDelivered'))}</dd>
              <dt>{t('disputes.reported')}</dt>
              <dd>{formatMoment(dispute.reported_at, language)}</dd>
              <dt>{t('disputes.answerBy')}</dt>
              <dd>
                {formatMoment(dispute.answer_by, language)}{' '}
                {!dispute.resolution && Date.parse(dispute.answer_by) < Date.now() ? <span className={`${styles.badge} ${styles.late}`}>{t('disputes.late')}</span> : null}
              </dd>
              <dt>{t('disputes.total')}</dt>
              <dd>{formatMoney(dispute.total, language)}</dd>
            </dl>
          </div>
          <div className={styles.card}>
            <h2 className={styles.subtitle}>{t('disputes.pieces')}</h2>
            <ul className={styles.list}>
              {dispute.pieces.map((piece) => (
                <li key={piece.listing_id} className={styles.piece}>
                  <img src={piece.photo} alt="" width={64} height={80} loading="lazy" />
                  <span>{t('disputes.piece', piece)}</span>
                  <span>{formatMoney(piece.price, language)}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className={styles.card}>
            <h2 className={styles.subtitle}>{t('disputes.packages')}</h2>
            {dispute.packages.map((pack, index) => (
              <dl key={index} className={styles.facts}>
                <dt>{t('disputes.seller')}</dt>
                <dd>
                  {pack.seller_name} ({pack.seller_email})
                </dd>
                <dt>{t('disputes.shipBy')}</dt>
                <dd>{formatMoment(pack.ship_by, language)}</dd>
                <dt>{t('disputes.shipped')}</dt>
                <dd>{moment(pack.shipped_at, t('disputes.notShipped'))}</dd>
                {pack.tracking_number ? (
                  <>
                    <dt>{t('disputes.tracking')}</dt>
                    <dd>
                      {pack.carrier} ·{' '}
                      {pack.tracking_url ? (
                        <a href={pack.tracking_url} target="_blank" rel="noreferrer">
                          {pack.tracking_number}
                        </a>
                      ) : (
                        pack.tracking_number
                      )}
                    </dd>
                  </>
                ) : null}
                {pack.carrier_delivered_at ? (
                  <>
                    <dt>{t('disputes.carrierDelivered')}</dt>
                    <dd>{formatMoment(pack.carrier_delivered_at, language)}</dd>
                  </>
                ) : null}
              </dl>
            ))}
          </div>
          <div className={styles.card}>
            <h2 className={styles.subtitle}>{t('disputes.decide')}</h2>
            {dispute.resolution && dispute.resolved_at ? (
              <p role="status">{t('disputes.resolvedAs', { date: formatMoment(dispute.resolved_at, language), outcome: t(`disputes.resolution.${dispute.resolution}`) })}</p>
            ) : (
              <DecisionForm
                legend={t('disputes.decision')}
                choices={[
                  ['refund', t('disputes.refund')],
                  ['release', t('disputes.release')],
                ]}
                reasonLabel={t('disputes.reasonLabel')}
                submitLabel={t('disputes.submit')}
                stepUp={dispute.refund_needs_code ? { choice: 'refund', label: t('disputes.code'), hint: t('disputes.codeHint') } : undefined}
                onSubmit={async (resolution, reason, code) => {
                  await consoleApi.post(`disputes/${dispute.order_id}/resolve`, { resolution, reason, ...(code ? { code } : {}) });
                  toast.success(t('disputes.resolvedToast'));
                  result.reload();
                }}
              />
            )}
          </div>
        </ConsolePage>
      )}
    </Loaded>
  );
}
