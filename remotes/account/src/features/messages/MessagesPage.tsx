import { type MessageSettings, type ThreadList, type ThreadSummary } from '@preloved/contract';
import { getMessageSettings, getThreads, refreshNotifications, setMessageSettings, watchMessages } from '@preloved/shared';
import { hasSession, Link, type LoaderFunctionArgs, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import { EmptyState, PageSkeleton } from '@preloved/ui';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/AccountPage.module.css';
import { formatDate } from '../../lib/format';
import css from './Messages.module.css';
import { OtherParty, PieceFacts } from './PieceFacts';

export type MessagesData = { list: ThreadList; settings: MessageSettings };

export async function messagesLoader({ request }: LoaderFunctionArgs): Promise<MessagesData | null> {
  if (!hasSession()) return null;
  const [list, settings] = await Promise.all([getThreads(request.signal), getMessageSettings(request.signal)]);
  return { list, settings };
}

/** The latest message id of the list: the live stream tells what comes after it. */
export const lastMessageId = (threads: readonly ThreadSummary[]): number => threads.reduce((last, thread) => Math.max(last, thread.last_message_id), 0);

/**
 * /user/messages — the inbox (issue 47): the shopper's conversations, the latest message first, each
 * with the piece's photo, price and state, the other party and the unread count. A new message, on
 * any instance of the store, moves its conversation up without a reload (the live stream); the list
 * is read again then, so its counts and order are the API's.
 */
export function MessagesPage() {
  const data = usePageData<MessagesData | null>();
  const { t } = useTranslation('account');
  const titleId = useId();
  const [threads, setThreads] = useState(data?.list.threads ?? null);
  useReloadOnSignIn(Boolean(data));
  useEffect(() => setThreads(data?.list.threads ?? null), [data]);
  useEffect(() => {
    document.title = `${t('messages.title')} — Preloved`;
  }, [t]);
  const after = data ? lastMessageId(data.list.threads) : null;
  useEffect(() => {
    if (after === null) return;
    const controller = new AbortController();
    const stop = watchMessages(after, () => {
      void refreshNotifications(controller.signal);
      getThreads(controller.signal)
        .then((list) => setThreads(list.threads))
        // A failed read keeps the list as it was; the next message reads it again.
        .catch(() => undefined);
    });
    return () => {
      stop();
      controller.abort();
    };
  }, [after]);

  if (!data || !threads) return <PageSkeleton label={t('messages.title')} />;
  const unread = threads.reduce((sum, thread) => sum + thread.unread, 0);
  return (
    <section className={css.page} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('messages.title')}
      </h2>
      <p className={styles.intro}>{t('messages.intro')}</p>
      <MailSetting initial={data.settings.mails} />
      {threads.length === 0 ? (
        <EmptyState title={t('messages.empty')}>
          <p>{t('messages.emptyText')}</p>
        </EmptyState>
      ) : (
        <>
          <p role="status">{unread > 0 ? t('messages.unread', { count: unread }) : t('messages.allRead')}</p>
          <ul className={css.threads}>
            {threads.map((thread) => (
              <li key={thread.id}>
                <ThreadCard thread={thread} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ThreadCard({ thread }: { thread: ThreadSummary }) {
  const { t, i18n } = useTranslation('account');
  const { piece } = thread;
  return (
    <article className={css.card} data-unread={thread.unread > 0 || undefined}>
      {piece.photo ? <img className={css.photo} src={piece.photo} alt="" width={64} height={80} loading="lazy" /> : <span className={css.photo} />}
      <div className={css.cardBody}>
        <h3 className={css.cardTitle}>
          <Link to={`/user/messages/${thread.id}`} aria-label={t('messages.open', { name: thread.other_name, title: piece.title })}>
            {piece.title}
          </Link>
          {thread.unread > 0 ? <span className={css.badge}>{t('messages.unreadBadge', { count: thread.unread })}</span> : null}
        </h3>
        <PieceFacts thread={thread} lead={<OtherParty thread={thread} />} />
        <p className={css.excerpt}>
          {thread.last_message_removed
            ? t('messages.removedPreview')
            : thread.last_message === null
              ? t('messages.noText')
              : thread.last_message || t('messages.photosPreview', { count: thread.last_message_photos })}
        </p>
        <p className={css.when}>{formatDate(thread.last_message_at, i18n.language)}</p>
      </div>
    </article>
  );
}

/** Whether unread messages are mailed (one digest a conversation, after 10 minutes). */
function MailSetting({ initial }: { initial: boolean }) {
  const { t } = useTranslation('account');
  const [mails, setMails] = useState(initial);
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className={css.setting}>
      <label>
        <input
          type="checkbox"
          checked={mails}
          disabled={busy}
          onChange={(event) => {
            const wanted = event.target.checked;
            setBusy(true);
            setMessageSettings({ mails: wanted })
              .then((saved) => {
                setMails(saved.mails);
                setSaid(t(saved.mails ? 'messages.mailsOn' : 'messages.mailsOff'));
              })
              // The shared catalogue's toast has said what failed; the box shows what is saved.
              .catch(() => undefined)
              .finally(() => setBusy(false));
          }}
        />{' '}
        {t('messages.mails')}
      </label>
      <p role="status" className={css.said}>
        {said}
      </p>
    </div>
  );
}
