import { formatMoney, formatMoment, MESSAGE_MAX_LENGTH, MESSAGE_PHOTOS_MAX, type ThreadDetail, type ThreadMessage, type UploadedPhoto } from '@preloved/contract';
import { blockThread, findThread, markThreadRead, refusalText, sendMessage, uploadListingPhoto, watchMessages } from '@preloved/shared';
import { hasSession, Link, type LoaderFunctionArgs, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import { Button, buttonClassName, ConfirmDialog, EmptyState, PageSkeleton, TextAreaField } from '@preloved/ui';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDraft } from './use-draft';
import css from './Messages.module.css';
import { OtherParty, PieceFacts } from './PieceFacts';

// The report form (notice and action) loads when a shopper opens it, as on the product page.
const ReportDialog = lazy(() => import(/* webpackChunkName: "report-dialog" */ '@preloved/ui/report'));

export type ThreadData = { thread: ThreadDetail } | { missing: true };

export async function threadLoader({ params, request }: LoaderFunctionArgs): Promise<ThreadData | null> {
  if (!hasSession()) return null;
  const thread = await findThread(params.threadId, request.signal);
  return thread ? { thread } : { missing: true };
}

/**
 * /user/messages/{id} — one conversation about a piece (issue 47): the piece, the messages of both
 * parties with the store's entries for the piece's events (an offer, the sale, the shipping), and the
 * box to write in, whose draft survives a reload. The other party's new messages appear as they are
 * written (the live stream) and are marked read while the page is open. Either party may block the
 * other; the thread then takes no new message.
 */
export function ThreadPage() {
  const data = usePageData<ThreadData | null>();
  const { t } = useTranslation('account');
  useReloadOnSignIn(Boolean(data));
  const title = data && 'thread' in data ? t('messages.conversation', { name: data.thread.other_name }) : t('messages.missing');
  useEffect(() => {
    document.title = `${title} — Preloved`;
  }, [title]);

  if (!data) return <PageSkeleton label={t('messages.title')} />;
  if ('missing' in data)
    return (
      <EmptyState
        role="status"
        title={t('messages.missing')}
        action={
          <Link to="/user/messages" className={buttonClassName('primary')}>
            {t('messages.back')}
          </Link>
        }
      >
        <p>{t('messages.missingText')}</p>
      </EmptyState>
    );
  return <Thread key={data.thread.id} initial={data.thread} />;
}

const lastIdOf = (messages: readonly ThreadMessage[]) => messages.at(-1)?.id ?? 0;

function Thread({ initial }: { initial: ThreadDetail }) {
  const { t } = useTranslation('account');
  const titleId = useId();
  const [thread, setThread] = useState(initial);
  const [messages, setMessages] = useState(initial.messages);
  const { piece } = thread;
  const href = `/product/${piece.product_id}?variant=${piece.variant_id}&listing=${piece.listing_id}`;

  // What the other party wrote is read by being shown: the mark goes up to the last message on screen.
  const readUpTo = useRef(0);
  const unreadShown = useRef(initial.unread);
  const lastId = lastIdOf(messages);
  useEffect(() => {
    if (lastId <= readUpTo.current || unreadShown.current === 0) return;
    readUpTo.current = lastId;
    unreadShown.current = 0;
    // A mark that did not go through leaves the messages unread: the next visit marks them.
    markThreadRead(thread.id, lastId).catch(() => undefined);
  }, [lastId, thread.id]);

  useEffect(
    () =>
      watchMessages(lastIdOf(initial.messages), (event) => {
        if (event.thread_id !== initial.id) return;
        setMessages((shown) => (shown.some((message) => message.id === event.message.id) ? shown : [...shown, event.message].sort((a, b) => a.id - b.id)));
        if (event.message.from === 'them') unreadShown.current += 1;
      }),
    [initial],
  );

  const log = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = log.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  return (
    <section className={css.thread} aria-labelledby={titleId}>
      <Link to="/user/messages" className={css.back}>
        {t('messages.back')}
      </Link>
      <header className={css.piece}>
        {piece.photo ? <img className={css.photo} src={piece.photo} alt="" width={64} height={80} /> : <span className={css.photo} />}
        <div className={css.cardBody}>
          <h2 id={titleId} className={css.cardTitle}>
            {t('messages.conversation', { name: thread.other_name })}
          </h2>
          <PieceFacts thread={thread} lead={<Link to={href}>{piece.title}</Link>} />
          <p className={css.facts}>
            <OtherParty thread={thread} />
          </p>
        </div>
      </header>
      <ol ref={log} className={css.log} role="log" aria-label={t('messages.conversation', { name: thread.other_name })} aria-live="polite">
        {messages.map((message) => (
          <li key={message.id} className={css.entry} data-from={message.from}>
            <Entry message={message} otherName={thread.other_name} />
          </li>
        ))}
      </ol>
      {messages.some((message) => message.masked) ? (
        <p className={css.notice} role="note">
          {t('messages.masked')}
        </p>
      ) : null}
      <Composer thread={thread} onSent={(message) => setMessages((shown) => (shown.some((held) => held.id === message.id) ? shown : [...shown, message]))} />
      <Blocking thread={thread} onChange={(changed) => setThread(changed)} />
    </section>
  );
}

function Entry({ message, otherName }: { message: ThreadMessage; otherName: string }) {
  const { t, i18n } = useTranslation('account');
  const when = <time dateTime={message.created_at}>{formatMoment(message.created_at, i18n.language)}</time>;
  if (message.event) {
    const { event } = message;
    return (
      <p className={css.event}>
        <span>{t(`threadEvents.${event.type}`, { ns: 'common', amount: event.amount === null ? '' : formatMoney(event.amount, i18n.language) })}</span>{' '}
        {event.tracking_url && event.tracking_number ? (
          <a href={event.tracking_url} target="_blank" rel="noreferrer">
            {t('messages.tracking', { number: event.tracking_number })}
          </a>
        ) : null}{' '}
        {when}
      </p>
    );
  }
  const who = message.from === 'me' ? t('messages.you') : otherName;
  return (
    <div className={css.bubble}>
      <p className={css.who}>
        {who} · {when}
      </p>
      {message.removed ? (
        <p className={css.removed}>{t('messages.removed')}</p>
      ) : (
        <>
          {message.text ? <p className={css.text}>{message.text}</p> : null}
          {message.photos.length ? (
            <ul className={css.photos}>
              {message.photos.map((photo, index) => (
                <li key={photo}>
                  <a href={photo} target="_blank" rel="noreferrer">
                    <img src={photo.replace(/\.webp$/, '-card.webp')} alt={t('messages.photoOf', { n: index + 1, name: who })} width={96} height={120} loading="lazy" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
      {message.from === 'them' && !message.removed ? <ReportMessage id={message.id} name={otherName} /> : null}
    </div>
  );
}

/** "Report" under the other party's message: the notice-and-action form about it, for the moderators. */
function ReportMessage({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={button} type="button" className={css.report} aria-haspopup="dialog" aria-label={t('messages.reportOf', { name })} onClick={() => setOpen(true)}>
        {t('messages.report')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            target="message"
            id={id}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function Composer({ thread, onSent }: { thread: ThreadDetail; onSent: (message: ThreadMessage) => void }) {
  const { t, i18n } = useTranslation('account');
  const [draft, setDraft] = useDraft(`messageDraft.${thread.id}`);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const photos = useMessagePhotos();
  if (thread.blocked)
    return (
      <p className={css.notice} role="status">
        {thread.blocked === 'by_me' ? t('messages.blockedByMe', { name: thread.other_name }) : t('messages.blockedByThem')}
      </p>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text && photos.list.length === 0) {
      setError(i18n.t('validation.message_empty', { ns: 'common' }));
      box.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSent(await sendMessage(thread.id, { text, photos: photos.list.map((photo) => photo.url) }));
      setDraft('');
      photos.clear();
    } catch (failure) {
      setError(await refusalText(failure));
      box.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  const left = MESSAGE_MAX_LENGTH - draft.length;
  return (
    <form className={css.composer} onSubmit={(event) => void submit(event)} noValidate>
      <TextAreaField
        ref={box}
        label={t('messages.message')}
        value={draft}
        onChange={(value) => {
          setDraft(value);
          if (error) setError(null);
        }}
        maxLength={MESSAGE_MAX_LENGTH}
        rows={3}
        error={error}
        hint={left < 200 ? t('messages.left', { count: left }) : t('messages.messageHint', { max: MESSAGE_MAX_LENGTH })}
      />
      <PhotoPicker threadId={thread.id} photos={photos} />
      <Button type="submit" disabled={busy || photos.uploading}>
        {busy ? t('messages.sending') : t('messages.send')}
      </Button>
    </form>
  );
}

/** The photos going with the next message: uploaded as they are chosen, through the listings' photo checks. */
function useMessagePhotos() {
  const [list, setList] = useState<UploadedPhoto[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    list,
    uploading,
    error,
    clear: () => setList([]),
    remove: (index: number) => setList((held) => held.filter((_, at) => at !== index)),
    async add(files: FileList | null, tooMany: string) {
      const chosen = [...(files ?? [])];
      if (chosen.length === 0) return;
      setError(null);
      if (list.length + chosen.length > MESSAGE_PHOTOS_MAX) setError(tooMany);
      setUploading(true);
      try {
        for (const file of chosen.slice(0, MESSAGE_PHOTOS_MAX - list.length)) {
          const uploaded = await uploadListingPhoto(file);
          setList((held) => [...held, uploaded].slice(0, MESSAGE_PHOTOS_MAX));
        }
      } catch (failure) {
        setError(await refusalText(failure));
      } finally {
        setUploading(false);
      }
    },
  };
}

function PhotoPicker({ threadId, photos }: { threadId: number; photos: ReturnType<typeof useMessagePhotos> }) {
  const { t, i18n } = useTranslation('account');
  const inputId = `message-photos-${threadId}`;
  const messageId = `${inputId}-message`;
  return (
    <div className={css.picker}>
      {photos.list.length ? (
        <ul className={css.photos}>
          {photos.list.map((photo, index) => (
            <li key={photo.url}>
              <img src={photo.card_url} alt={t('messages.photoToSend', { n: index + 1 })} width={96} height={120} />
              <button type="button" className={css.removePhoto} aria-label={t('messages.removePhoto', { n: index + 1 })} onClick={() => photos.remove(index)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {photos.list.length < MESSAGE_PHOTOS_MAX ? (
        <>
          {/* The browser's own file control speaks its own language: hidden from sight, not from the keyboard or screen readers; its label is the button. */}
          <input
            id={inputId}
            className={css.fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            multiple
            aria-describedby={messageId}
            aria-invalid={photos.error ? true : undefined}
            onChange={(event) => {
              void photos.add(event.target.files, i18n.t('validation.message_photos_count', { ns: 'common' }));
              event.target.value = '';
            }}
          />
          <label className={buttonClassName('secondary')} htmlFor={inputId}>
            {photos.uploading ? t('messages.uploading') : t('messages.addPhotos')}
          </label>
        </>
      ) : null}
      <p id={messageId} className={photos.error ? css.photoError : css.photoHint} role={photos.error ? 'alert' : undefined}>
        {photos.error ?? t('messages.photosHint', { max: MESSAGE_PHOTOS_MAX })}
      </p>
    </div>
  );
}

function Blocking({ thread, onChange }: { thread: ThreadDetail; onChange: (thread: ThreadDetail) => void }) {
  const { t } = useTranslation('account');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (thread.blocked === 'by_them') return null;
  const change = async (blocked: boolean) => {
    setAsking(false);
    setBusy(true);
    try {
      onChange(await blockThread(thread.id, blocked));
    } catch {
      // The shared catalogue's toast has said what failed; the thread stays as it was.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={css.actions}>
      {thread.blocked === 'by_me' ? (
        <Button variant="secondary" disabled={busy} onClick={() => void change(false)}>
          {t('messages.unblock')}
        </Button>
      ) : (
        <Button variant="secondary" disabled={busy} onClick={() => setAsking(true)}>
          {t('messages.block', { name: thread.other_name })}
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        title={t('messages.blockTitle', { name: thread.other_name })}
        confirmLabel={t('messages.blockConfirm')}
        cancelLabel={t('messages.cancel')}
        onConfirm={() => void change(true)}
        onCancel={() => setAsking(false)}
      >
        <p>{t('messages.blockText')}</p>
      </ConfirmDialog>
    </div>
  );
}
