import type { DisputeDetail } from '@preloved/contract';
import { messageFor, useToast } from '@preloved/shared';
import { Link, useParams } from '@preloved/shared/router';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, useConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { DecisionForm } from '../../lib/DecisionForm';
import { formatMoment, formatMoney } from '../../lib/format';
import styles from '../../lib/console.module.css';
import { ThreadReader } from '../../lib/ThreadReader';

type Resolution = 'refund' | 'partial' | 'release';

/**
 * `/backoffice/disputes/:orderId`: an order with a buyer's claim, a bank's chargeback or both, with
 * what a decision needs (the buyer's words, the bank's reason and due date, the pieces, each package's
 * shipping and tracking). A claim is decided here: a full refund, a refund of some pieces (the rest of
 * the credit released) or the release, with a reason both parties are mailed in their language. A
 * chargeback is the bank's to decide: the page links to the provider, where the evidence is answered.
 */
export function DisputePage() {
  const { t, i18n } = useTranslation('backoffice');
  const { orderId } = useParams();
  const toast = useToast();
  const result = useConsoleData<DisputeDetail>(`disputes/${Number(orderId) || 0}`);
  const language = i18n.language;
  const moment = (value: string | null, otherwise: string) =>
    value ? formatMoment(value, language) : otherwise;
  const late = (due: string | null, decided: boolean) =>
    !decided && due && Date.parse(due) < Date.now() ? (
      <span className={`${styles.badge} ${styles.late}`}>{t('disputes.late')}</span>
    ) : null;
  return (
    <Loaded result={result}>
      {(dispute) => (
        <ConsolePage
          title={t('disputes.orderTitle', { number: dispute.number })}
          actions={<Link to="/backoffice/disputes">{t('disputes.back')}</Link>}
        >
          {dispute.claim ? (
            <div className={styles.card}>
              <h2 className={styles.subtitle}>{t('disputes.claim')}</h2>
              <blockquote className={styles.quote}>{dispute.claim.description}</blockquote>
              <dl className={styles.facts}>
                <dt>{t('disputes.reported')}</dt>
                <dd>{formatMoment(dispute.claim.reported_at, language)}</dd>
                <dt>{t('disputes.answerBy')}</dt>
                <dd>
                  {formatMoment(dispute.claim.answer_by, language)}{' '}
                  {late(dispute.claim.answer_by, dispute.claim.resolution !== null)}
                </dd>
              </dl>
            </div>
          ) : null}
          {dispute.chargeback ? <Chargeback chargeback={dispute.chargeback} late={late} /> : null}
          <div className={styles.card}>
            <h2 className={styles.subtitle}>{t('disputes.order')}</h2>
            <dl className={styles.facts}>
              <dt>{t('disputes.buyer')}</dt>
              <dd>{dispute.buyer_email}</dd>
              <dt>{t('disputes.placed')}</dt>
              <dd>{formatMoment(dispute.placed_at, language)}</dd>
              <dt>{t('disputes.delivered')}</dt>
              <dd>{moment(dispute.delivered_at, t('disputes.notDelivered'))}</dd>
              <dt>{t('disputes.total')}</dt>
              <dd>{formatMoney(dispute.total, language)}</dd>
              <dt>{t('disputes.refundedSoFar')}</dt>
              <dd>{formatMoney(dispute.refunded, language)}</dd>
            </dl>
          </div>
          <div className={styles.card}>
            <h2 className={styles.subtitle}>{t('disputes.pieces')}</h2>
            <ul className={styles.list}>
              {dispute.pieces.map((piece) => (
                <li key={piece.listing_id} className={styles.piece}>
                  <img src={piece.photo} alt="" width={64} height={80} loading="lazy" />
                  <span>
                    {t('disputes.piece', piece)}{' '}
                    {piece.refunded ? (
                      <span className={styles.badge}>{t('disputes.refundedBadge')}</span>
                    ) : null}
                  </span>
                  <span>{formatMoney(piece.price, language)}</span>
                </li>
              ))}
            </ul>
          </div>
          <Packages packages={dispute.packages} number={dispute.number} />
          {dispute.claim ? (
            <div className={styles.card}>
              <h2 className={styles.subtitle}>{t('disputes.decide')}</h2>
              {dispute.claim.resolution && dispute.claim.resolved_at ? (
                <p role="status">
                  {t('disputes.resolvedAs', {
                    date: formatMoment(dispute.claim.resolved_at, language),
                    outcome: t(`disputes.resolution.${dispute.claim.resolution}`),
                  })}
                </p>
              ) : (
                <ClaimDecision
                  dispute={dispute}
                  onDecided={() => {
                    toast.success(t('disputes.resolvedToast'));
                    result.reload();
                  }}
                />
              )}
            </div>
          ) : null}
        </ConsolePage>
      )}
    </Loaded>
  );
}

/** The decision on an open claim: the three choices, the pieces a partial refund gives back, the reason, the code for a large refund. */
function ClaimDecision({ dispute, onDecided }: { dispute: DisputeDetail; onDecided: () => void }) {
  const { t, i18n } = useTranslation('backoffice');
  const [chosen, setChosen] = useState<number[]>([]);
  const [piecesError, setPiecesError] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const id = useId();
  const threshold = formatMoney(dispute.step_up_above, i18n.language);
  const refundable = dispute.pieces.filter((piece) => !piece.refunded);
  return (
    <DecisionForm<Resolution>
      legend={t('disputes.decision')}
      choices={[
        ['refund', t('disputes.refund')],
        ...(refundable.length > 1 ? ([['partial', t('disputes.partial')]] as const) : []),
        ['release', t('disputes.release')],
      ]}
      reasonLabel={t('disputes.reasonLabel')}
      submitLabel={t('disputes.submit')}
      stepUp={{
        label: t('disputes.code'),
        ask: (choice) =>
          choice === 'refund' && dispute.refund_needs_code
            ? { hint: t('disputes.codeHint'), required: true }
            : choice === 'partial' && dispute.refund_needs_code
              ? { hint: t('disputes.codeOptional', { amount: threshold }), required: false }
              : null,
      }}
      precheck={(choice) => {
        if (choice !== 'partial' || chosen.length > 0) return true;
        setPiecesError(true);
        first.current?.focus();
        return false;
      }}
      onSubmit={async (resolution, reason, code) => {
        await consoleApi.post(`disputes/${dispute.order_id}/resolve`, {
          resolution,
          reason,
          ...(resolution === 'partial' ? { listing_ids: chosen } : {}),
          ...(code ? { code } : {}),
        });
        onDecided();
      }}
    >
      {(choice) =>
        choice === 'partial' ? (
          <fieldset
            className={styles.choices}
            aria-describedby={`${id}-hint${piecesError ? ` ${id}-error` : ''}`}
          >
            <legend>{t('disputes.piecesToRefund')}</legend>
            <p id={`${id}-hint`} className={styles.muted}>
              {t('disputes.piecesHint')}
            </p>
            {refundable.map((piece, index) => (
              <label key={piece.listing_id} className={styles.choice}>
                <input
                  ref={index === 0 ? first : undefined}
                  type="checkbox"
                  checked={chosen.includes(piece.listing_id)}
                  onChange={(event) => {
                    setPiecesError(false);
                    setChosen((now) =>
                      event.target.checked
                        ? [...now, piece.listing_id]
                        : now.filter((listing) => listing !== piece.listing_id),
                    );
                  }}
                />
                {t('disputes.pieceChoice', {
                  ...piece,
                  price: formatMoney(piece.price, i18n.language),
                })}
              </label>
            ))}
            {piecesError ? (
              <p id={`${id}-error`} className={styles.error}>
                {messageFor('dispute_pieces_needed', 'backoffice')}
              </p>
            ) : null}
          </fieldset>
        ) : null
      }
    </DecisionForm>
  );
}

/** A chargeback: what the bank says, when the evidence is due, and where to answer it. */
function Chargeback({
  chargeback,
  late,
}: {
  chargeback: NonNullable<DisputeDetail['chargeback']>;
  late: (due: string | null, decided: boolean) => ReactNode;
}) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.language;
  const reason = chargeback.reason
    ? t(`disputes.reasons.${chargeback.reason}`, { defaultValue: chargeback.reason })
    : '—';
  return (
    <div className={styles.card}>
      <h2 className={styles.subtitle}>{t('disputes.chargeback')}</h2>
      <p>{t('disputes.chargebackExplained')}</p>
      <dl className={styles.facts}>
        <dt>{t('disputes.status')}</dt>
        <dd>{t(`disputes.statusName.${chargeback.status}`)}</dd>
        <dt>{t('disputes.bankReason')}</dt>
        <dd>{reason}</dd>
        <dt>{t('disputes.amount')}</dt>
        <dd>{formatMoney(chargeback.amount, language)}</dd>
        <dt>{t('disputes.opened')}</dt>
        <dd>{formatMoment(chargeback.opened_at, language)}</dd>
        <dt>{t('disputes.evidenceDueBy')}</dt>
        <dd>
          {chargeback.evidence_due_by
            ? formatMoment(chargeback.evidence_due_by, language)
            : t('disputes.noDueDate')}{' '}
          {late(chargeback.evidence_due_by, chargeback.status !== 'open')}
        </dd>
        {chargeback.closed_at ? (
          <>
            <dt>{t('disputes.closed')}</dt>
            <dd>{formatMoment(chargeback.closed_at, language)}</dd>
          </>
        ) : null}
      </dl>
      {chargeback.status === 'open' ? (
        <p>
          <a href={chargeback.provider_url} target="_blank" rel="noreferrer">
            {t('disputes.answerAtProvider')}
          </a>
        </p>
      ) : null}
    </div>
  );
}

/** Each seller's package: when it was due and shipped, its tracking, the carrier's delivery, and the buyer's conversation with its seller. */
function Packages({ packages, number }: { packages: DisputeDetail['packages']; number: string }) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.language;
  return (
    <div className={styles.card}>
      <h2 className={styles.subtitle}>{t('disputes.packages')}</h2>
      {packages.map((pack, index) => (
        <dl key={index} className={styles.facts}>
          <dt>{t('disputes.seller')}</dt>
          <dd>
            {pack.seller_name} ({pack.seller_email})
          </dd>
          <dt>{t('disputes.shipBy')}</dt>
          <dd>{formatMoment(pack.ship_by, language)}</dd>
          <dt>{t('disputes.shipped')}</dt>
          <dd>
            {pack.shipped_at ? formatMoment(pack.shipped_at, language) : t('disputes.notShipped')}
          </dd>
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
          <dt>{t('disputes.conversation')}</dt>
          <dd>
            {pack.thread && pack.thread.messages > 0 ? (
              <>
                {t('disputes.conversationEntries', { count: pack.thread.messages })}
                <ThreadReader threadId={pack.thread.id} title={t('disputes.conversationTitle', { number, seller: pack.seller_name })} suggestedReason={t('threads.disputePrefill', { number })} />
              </>
            ) : (
              t('disputes.noConversation')
            )}
          </dd>
        </dl>
      ))}
    </div>
  );
}
