import type { StaffThread } from '@preloved/contract';
import { messageFor } from '@preloved/shared';
import { Button, Field, FormFailure, useFieldForm, useModalDialog } from '@preloved/ui';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi } from './console-api';
import { formatMoment, formatMoney } from './format';
import styles from './console.module.css';
import own from './ThreadReader.module.css';

/** The API's bound on a reading's reason (StaffThreadQuery): the field stops there rather than be refused. */
const REASON_MAX = 300;

type StaffMessage = StaffThread['messages'][number];

/** A tracking address is the carrier's; anything but http(s) is shown as text, never followed. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** One entry of the conversation: its author and time, then the text as written (a removed one too), its photos, or the event's facts. */
function Entry({ message, thread }: { message: StaffMessage; thread: StaffThread }) {
  const { t, i18n } = useTranslation('backoffice');
  // Who wrote it, by name and side; the store writes the piece's events.
  const name =
    message.from === 'store' ? t('threads.fromStore') : t(message.from === 'buyer' ? 'threads.fromBuyer' : 'threads.fromSeller', { name: thread[message.from].name });
  const event = message.event;
  return (
    <li className={`${own.entry} ${message.from === 'store' ? own.event : ''} ${message.removed ? own.removed : ''}`}>
      <p className={styles.muted}>
        <strong className={own.author}>{name}</strong> · <time dateTime={message.created_at}>{formatMoment(message.created_at, i18n.language)}</time>
      </p>
      {message.removed ? <p className={own.removedNote}>{t('threads.removed')}</p> : null}
      {event ? (
        <p>
          {t(`threadEvents.${event.type}`, { ns: 'common', amount: event.amount === null ? '' : formatMoney(event.amount, i18n.language) })}
          {event.order_id !== null ? ` · ${t('threads.order', { id: event.order_id })}` : ''}
          {event.tracking_number ? (
            <>
              {' · '}
              {event.tracking_url && isWebAddress(event.tracking_url) ? (
                <a href={event.tracking_url} target="_blank" rel="noreferrer">
                  {t('threads.tracking', { number: event.tracking_number })}
                </a>
              ) : (
                t('threads.tracking', { number: event.tracking_number })
              )}
            </>
          ) : null}
        </p>
      ) : (
        <p className={styles.prewrap}>{message.text || t('threads.noText')}</p>
      )}
      {message.masked ? <p className={styles.muted}>{t('threads.masked')}</p> : null}
      {message.photos.length ? (
        <div className={styles.photos}>
          {message.photos.map((photo, index) => (
            <a key={photo} href={photo} target="_blank" rel="noreferrer">
              <img src={photo.replace(/\.webp$/, '-card.webp')} alt={t('threads.photo', { n: index + 1, name })} width={120} height={150} loading="lazy" />
            </a>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** The conversation as the API gave it: the piece, both parties, whether it is blocked, and every entry, oldest first. */
function Conversation({ thread, reason, headingRef }: { thread: StaffThread; reason: string; headingRef: (element: HTMLHeadingElement | null) => void }) {
  const { t, i18n } = useTranslation('backoffice');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={own.conversation}>
      <p role="status" className={own.recorded}>
        {t('threads.recorded', { reason })}
      </p>
      <dl className={styles.facts}>
        <dt>{t('threads.piece')}</dt>
        <dd>
          {t('threads.pieceValue', {
            number: thread.piece.number,
            title: thread.piece.title,
            status: t(`threads.statuses.${thread.piece.status}`, { defaultValue: thread.piece.status }),
          })}
        </dd>
        <dt>{t('threads.buyer')}</dt>
        <dd>{thread.buyer.name}</dd>
        <dt>{t('threads.seller')}</dt>
        <dd>{thread.seller.name}</dd>
        <dt>{t('threads.started')}</dt>
        <dd>{formatMoment(thread.created_at, i18n.language)}</dd>
      </dl>
      {thread.blocked_by ? <p className={styles.muted}>{t(`threads.blocked.${thread.blocked_by}`)}</p> : null}
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className={styles.subtitle}>
        {t('threads.messages', { count: thread.messages.length })}
      </h3>
      {thread.messages.length === 0 ? (
        <p className={styles.muted}>{t('threads.empty')}</p>
      ) : (
        <ol className={own.entries} aria-labelledby={headingId}>
          {thread.messages.map((message) => (
            <Entry key={message.id} message={message} thread={thread} />
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * The modal of one reading: first the reason (required, prefilled for the member to confirm or change),
 * then the conversation. Each confirmed reason is one GET and so one entry of the audit log; closing
 * and opening again asks again, because a new reading is a new entry.
 */
function ReadingDialog({ threadId, title, suggestedReason, onClose }: { threadId: number; title: string; suggestedReason: string; onClose: () => void }) {
  const { t } = useTranslation('backoffice');
  const dialogRef = useModalDialog(true, onClose);
  const titleId = useId();
  const introId = useId();
  const form = useFieldForm({ reason: suggestedReason }, { message: (key) => messageFor(key, 'backoffice') });
  const [reading, setReading] = useState<{ thread: StaffThread; reason: string } | null>(null);
  const pending = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const reason = form.field('reason');
  const bindReason = reason.ref;
  const reasonRef = useCallback(
    (element: HTMLInputElement | null) => {
      bindReason(element);
      input.current = element;
    },
    [bindReason],
  );
  // After showModal (the hook's effect runs first): the member starts at the reason they confirm.
  useEffect(() => {
    input.current?.focus();
    return () => pending.current?.abort();
  }, []);
  // The conversation replaces the form, so the focus would be lost with it: it goes to the list's heading.
  const headingRef = useCallback((element: HTMLHeadingElement | null) => element?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = form.values.reason.trim();
    if (!form.check({ reason: given ? null : 'staff_reason_needed' })) return;
    form.setBusy(true);
    pending.current = new AbortController();
    try {
      const thread = await consoleApi.get<StaffThread>(`threads/${threadId}`, { reason: given }, pending.current.signal);
      setReading({ thread, reason: given });
    } catch (failure) {
      if (pending.current.signal.aborted) return;
      // The reason's refusal is a team message, not a shopper's field key: it is named to land next to the field.
      await form.refuseFailure(failure, { reason: 'reason' }, { staff_reason_needed: 'reason' });
    }
  };

  return (
    <dialog ref={dialogRef} className={own.dialog} aria-labelledby={titleId} aria-describedby={reading ? undefined : introId}>
      <div className={own.head}>
        <h2 id={titleId} className={styles.subtitle}>
          {t('threads.title', { thread: threadId, title })}
        </h2>
        <Button variant="ghost" onClick={onClose}>
          {t('threads.close')}
        </Button>
      </div>
      {reading ? (
        <Conversation thread={reading.thread} reason={reading.reason} headingRef={headingRef} />
      ) : (
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <p id={introId} className={styles.muted}>
            {t('threads.intro')}
          </p>
          <Field
            ref={reasonRef}
            value={reason.value}
            onChange={reason.onChange}
            error={reason.error}
            label={t('threads.reason')}
            hint={t('threads.reasonHint')}
            maxLength={REASON_MAX}
            autoComplete="off"
          />
          <FormFailure>{form.failure}</FormFailure>
          <div className={own.actions}>
            <Button type="button" variant="secondary" onClick={onClose}>
              {t('threads.cancel')}
            </Button>
            <Button type="submit" busy={form.busy} disabled={form.busy}>
              {t('threads.read')}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}

/**
 * "Read the conversation" (a reported message's, a dispute's package's): the whole thread as written, for
 * the member to judge in context. The API records each reading in the audit log with the reason given
 * here; `suggestedReason` (the report's references, the dispute's order) is prefilled for them to confirm.
 */
export function ThreadReader({ threadId, title, suggestedReason }: { threadId: number; title: string; suggestedReason: string }) {
  const { t } = useTranslation('backoffice');
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <div>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('threads.open')}
      </Button>
      {open ? (
        <ReadingDialog
          threadId={threadId}
          title={title}
          suggestedReason={suggestedReason}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
