import { REPORT_REASONS, REPORT_TARGET_ACTIONS, type ContestEntry, type ReportAction, type ReportCase, type ReportQueue } from '@preloved/contract';
import { messageFor, useToast } from '@preloved/shared';
import { Button, EmptyState, FormFailure, SelectField, TextAreaField, useFieldForm } from '@preloved/ui';
import { useId, type FormEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, useConsoleData } from '../../lib/console-api';
import { Loaded } from '../../lib/ConsolePage';
import { DecisionForm } from '../../lib/DecisionForm';
import { formatDay } from '../../lib/format';
import styles from '../../lib/console.module.css';
import { ThreadReader } from '../../lib/ThreadReader';

/** An action's label: a message's removal is not a listing's. */
const actionKey = (target: ReportCase['target'] | undefined, action: ReportAction) => (target === 'message' && action === 'remove' ? 'removeMessage' : action);

/** The decision on every open report about one listing or seller: an action, and for a restriction its ground and facts. */
function CaseDecision({ entry, onDecided }: { entry: ReportCase; onDecided: (queue: ReportQueue) => void }) {
  const { t } = useTranslation('backoffice');
  const toast = useToast();
  const name = useId();
  const form = useFieldForm({ action: '', reason: '', note: '' }, { message: (key) => messageFor(key, 'backoffice') });
  const action = form.field('action');
  const note = form.field('note');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { reason } = form.values;
    const chosen = form.values.action as ReportAction | '';
    if (!form.check({ action: chosen ? null : 'choose', reason: chosen && chosen !== 'dismiss' && !reason ? 'moderation_reason_needed' : null })) return;
    form.setBusy(true);
    try {
      const queue = await consoleApi.post<ReportQueue>('reports/decisions', { target: entry.target, id: entry.id, action: chosen, reason: chosen === 'dismiss' ? null : reason, note: form.values.note.trim() });
      toast.success(t('moderation.reports.decided'));
      onDecided(queue);
    } catch (failure) {
      await form.refuseFailure(failure, { action: 'action', reason: 'reason', note: 'note' });
    }
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('moderation.reports.action')}>
      <fieldset className={styles.choices}>
        <legend>{t('moderation.reports.action')}</legend>
        {REPORT_TARGET_ACTIONS[entry.target].map((value, index) => (
          <label key={value} className={styles.choice}>
            <input type="radio" name={name} value={value} checked={action.value === value} onChange={() => action.onChange(value)} ref={index === 0 ? action.ref : undefined} />
            {t(`moderation.reports.actions.${actionKey(entry.target, value)}`)}
          </label>
        ))}
        {form.errors.action ? <p className={styles.error}>{t('common.chooseOne')}</p> : null}
      </fieldset>
      {action.value && action.value !== 'dismiss' ? (
        <SelectField binding={form.field('reason')} label={t('moderation.reports.reason')}>
          <option value="">{t('moderation.reports.chooseReason')}</option>
          {REPORT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`moderation.reports.reasons.${reason}`)}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextAreaField
        ref={note.ref as unknown as Ref<HTMLTextAreaElement>}
        value={note.value}
        onChange={note.onChange}
        error={note.error}
        label={t('moderation.reports.note')}
        rows={3}
        maxLength={1000}
      />
      <FormFailure>{form.failure}</FormFailure>
      <div>
        <Button type="submit" busy={form.busy} disabled={form.busy}>
          {t('moderation.reports.submit')}
        </Button>
      </div>
    </form>
  );
}

/** A reported message as written (escaped as any text React renders), its thread's piece, and its photos. */
function ReportedMessage({ message }: { message: NonNullable<ReportCase['message']> }) {
  const { t, i18n } = useTranslation('backoffice');
  return (
    <>
      <p className={styles.muted}>
        {t('moderation.reports.messageThread', { thread: message.thread_id, number: message.piece.number, date: formatDay(message.at, i18n.language) })}
        {message.removed ? ` · ${t('moderation.reports.messageRemoved')}` : ''}
      </p>
      <dl className={styles.facts}>
        <dt>{t('moderation.reports.messageText')}</dt>
        <dd className={styles.prewrap}>{message.text || t('moderation.reports.noText')}</dd>
        {message.photos.length ? (
          <>
            <dt>{t('moderation.reports.messagePhotos')}</dt>
            <dd>
              {message.photos.map((photo, index) => (
                <a key={photo} href={photo} target="_blank" rel="noreferrer">
                  <img src={photo.replace(/\.webp$/, '-card.webp')} alt={t('moderation.reports.messagePhoto', { n: index + 1 })} width={80} height={100} loading="lazy" />
                </a>
              ))}
            </dd>
          </>
        ) : null}
      </dl>
    </>
  );
}

/** The case's heading: the listing, the seller, or the message with both parties. */
function CaseTitle({ entry }: { entry: ReportCase }) {
  const { t } = useTranslation('backoffice');
  if (entry.message) return <>{t('moderation.reports.messageCase', { writer: entry.message.writer.name, reader: entry.message.reader.name, title: entry.message.piece.title })}</>;
  if (entry.listing) return <>{t('moderation.reports.listingCase', { number: entry.listing.number, title: entry.listing.title })}</>;
  return <>{t('moderation.reports.sellerCase', { name: entry.seller.name })}</>;
}

/** One listing, seller or message as reported: what, by how many, each reporter's reason and words. */
function ReportCaseCard({ entry, onDecided }: { entry: ReportCase; onDecided: (queue: ReportQueue) => void }) {
  const { t, i18n } = useTranslation('backoffice');
  const headingId = `report-${entry.target}-${entry.id}`;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.subtitle}>
        <CaseTitle entry={entry} /> · {t('moderation.reports.count', { count: entry.count })}
      </h3>
      <p className={styles.muted}>
        {t('moderation.reports.since', { date: formatDay(entry.first_at, i18n.language) })}
        {entry.listing ? ` · ${t('moderation.reports.by', { name: entry.seller.name })} · ${t('moderation.reports.status', { status: entry.listing.status })}` : ''}
        {entry.seller.restricted ? ` · ${t('moderation.reports.restricted')}` : ''}
      </p>
      {entry.message ? (
        <>
          <ReportedMessage message={entry.message} />
          <ThreadReader
            threadId={entry.message.thread_id}
            title={entry.message.piece.title}
            suggestedReason={t('threads.prefill', { count: entry.reports.length, references: entry.reports.map((report) => report.reference).join(', ') })}
          />
        </>
      ) : null}
      <ul>
        {entry.reports.map((report) => (
          <li key={report.reference}>
            <strong>{t('moderation.reports.reported', { reason: t(`moderation.reports.reasons.${report.reason}`), date: formatDay(report.at, i18n.language) })}</strong>{' '}
            <span className={styles.prewrap}>{report.text || t('moderation.reports.noText')}</span>
          </li>
        ))}
      </ul>
      <CaseDecision entry={entry} onDecided={onDecided} />
    </article>
  );
}

/** A seller's contest of a decision, with the moderator's answer: upheld or reversed, and why. */
function ContestCard({ contest, onAnswered }: { contest: ContestEntry; onAnswered: (queue: ReportQueue) => void }) {
  const { t, i18n } = useTranslation('backoffice');
  const toast = useToast();
  const headingId = `contest-${contest.id}`;
  const action = t(`moderation.reports.actions.${actionKey(contest.target, contest.action)}`);
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.subtitle}>
        {t('moderation.reports.contest', { action, what: contest.listing ? t('moderation.reports.listingCase', contest.listing) : t('moderation.reports.sellerCase', { name: contest.seller.name }) })}
      </h3>
      <p className={styles.muted}>
        {formatDay(contest.at, i18n.language)} ·{' '}
        {t('moderation.reports.decisionWas', { action, reason: contest.reason ? t(`moderation.reports.reasons.${contest.reason}`) : '—', note: contest.note })}
      </p>
      <dl className={styles.facts}>
        <dt>{t('moderation.reports.contestText')}</dt>
        <dd className={styles.prewrap}>{contest.text}</dd>
      </dl>
      <DecisionForm
        legend={t('moderation.reports.answer')}
        choices={[
          ['upheld', t('moderation.reports.upheld')],
          ['reversed', t('moderation.reports.reversed')],
        ]}
        reasonLabel={t('moderation.reports.answerNote')}
        submitLabel={t('moderation.reports.answerSubmit')}
        onSubmit={async (outcome, note) => {
          const queue = await consoleApi.post<ReportQueue>(`reports/contests/${contest.id}`, { outcome, note });
          toast.success(t('moderation.reports.answered'));
          onAnswered(queue);
        }}
      />
    </article>
  );
}

/** The moderation page's part for notice and action: the shoppers' open reports and the sellers' open contests. */
export function ReportsSection() {
  const { t } = useTranslation('backoffice');
  const queue = useConsoleData<ReportQueue>('reports');
  // A decision answers the queue as it now is; reading it again keeps one way of loading.
  const reload = () => queue.reload();
  return (
    <>
      <section aria-labelledby="reports-title">
        <h2 id="reports-title" className={styles.subtitle}>
          {t('moderation.reports.title')}
        </h2>
        <p className={styles.muted}>{t('moderation.reports.intro')}</p>
        <Loaded result={queue}>
          {({ cases }) =>
            cases.length === 0 ? (
              <EmptyState title={t('moderation.reports.empty')} />
            ) : (
              <div className={styles.cards}>
                {cases.map((entry) => (
                  <ReportCaseCard key={`${entry.target}-${entry.id}`} entry={entry} onDecided={reload} />
                ))}
              </div>
            )
          }
        </Loaded>
      </section>
      <section aria-labelledby="contests-title">
        <h2 id="contests-title" className={styles.subtitle}>
          {t('moderation.reports.contests')}
        </h2>
        <Loaded result={queue}>
          {({ contests }) =>
            contests.length === 0 ? (
              <EmptyState title={t('moderation.reports.contestsEmpty')} />
            ) : (
              <div className={styles.cards}>
                {contests.map((contest) => (
                  <ContestCard key={contest.id} contest={contest} onAnswered={reload} />
                ))}
              </div>
            )
          }
        </Loaded>
      </section>
    </>
  );
}
