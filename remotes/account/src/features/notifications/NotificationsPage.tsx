import { formatMoney, type NotificationEntry, type NotificationFeed } from '@preloved/contract';
import { getNotificationFeed, markNotificationsRead } from '@preloved/shared';
import { hasSession, Link, type LoaderFunctionArgs, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import { Button, EmptyState, PageSkeleton, Pagination } from '@preloved/ui';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/AccountPage.module.css';
import { formatDate } from '../../lib/format';
import css from './NotificationsPage.module.css';

/** Entries a page shows (the API's default too). */
export const NOTIFICATIONS_PER_PAGE = 20;

export type NotificationsData = { feed: NotificationFeed; page: number };

export async function notificationsLoader({ request }: LoaderFunctionArgs): Promise<NotificationsData | null> {
  if (!hasSession()) return null;
  const asked = Number(new URL(request.url).searchParams.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 500 ? asked : 1;
  return { feed: await getNotificationFeed(page, request.signal), page };
}

/**
 * /user/notifications — the feed: sales, payouts, discount codes (made and used), offers, shipping
 * and price drops, newest first. Opening a page of it marks that page's entries read (issue 26 item
 * 4: the header's badge then counts what is left); they keep their "New" mark for this visit.
 * "Mark all as read" covers the pages not opened.
 */
export function NotificationsPage() {
  const data = usePageData<NotificationsData | null>();
  const { t } = useTranslation('account');
  const titleId = useId();
  const [feed, setFeed] = useState(data?.feed ?? null);
  const [busy, setBusy] = useState(false);
  // The entries that were unread when this page was opened: shown as new while it stays open.
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  useReloadOnSignIn(Boolean(data));
  useEffect(() => {
    setFeed(data?.feed ?? null);
    const unread = (data?.feed.notifications ?? []).filter((entry) => !entry.read).map((entry) => entry.id);
    setFresh(new Set(unread));
    if (unread.length === 0) return;
    markNotificationsRead(unread)
      .then(({ unread: left }) =>
        setFeed((current) => current && { ...current, unread: left, notifications: current.notifications.map((entry) => (unread.includes(entry.id) ? { ...entry, read: true } : entry)) }),
      )
      // The shared catalogue's toast has said what failed; the entries stay unread.
      .catch(() => undefined);
  }, [data]);
  useEffect(() => {
    document.title = `${t('notifications.title')} — Preloved`;
  }, [t]);

  if (!data || !feed) return <PageSkeleton label={t('notifications.title')} />;
  const pages = Math.max(1, Math.ceil(feed.count / NOTIFICATIONS_PER_PAGE));

  const markRead = async (ids?: number[]) => {
    setBusy(true);
    try {
      const { unread } = await markNotificationsRead(ids);
      if (!ids) setFresh(new Set());
      setFeed((current) =>
        current && {
          ...current,
          unread,
          notifications: current.notifications.map((entry) => (!ids || ids.includes(entry.id) ? { ...entry, read: true } : entry)),
        },
      );
    } catch {
      // The shared catalogue's toast has said what failed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={css.page} aria-labelledby={titleId}>
      <div className={css.top}>
        <h2 id={titleId} className={styles.title}>
          {t('notifications.title')}
        </h2>
        {feed.unread > 0 ? (
          <Button variant="secondary" disabled={busy} onClick={() => void markRead()}>
            {t('notifications.markAllRead')}
          </Button>
        ) : null}
      </div>
      {feed.notifications.length === 0 ? (
        <EmptyState title={t('notifications.empty')}>
          <p>{t('notifications.emptyText')}</p>
        </EmptyState>
      ) : (
        <>
          {/* Entries read by opening this page are still "New" for this visit: the line says so rather
              than "No unread notifications" above entries tagged "New". */}
          <p className={styles.intro}>
            {feed.unread === 0 && fresh.size > 0 ? t('notifications.fresh', { count: fresh.size }) : t('notifications.unread', { count: feed.unread })}
          </p>
          <ul className={css.list}>
            {feed.notifications.map((entry) => (
              <li key={entry.id}>
                <Entry entry={entry} isNew={fresh.has(entry.id)} busy={busy} onRead={() => void markRead([entry.id])} />
              </li>
            ))}
          </ul>
          {pages > 1 ? <Pagination page={data.page} pages={pages} /> : null}
        </>
      )}
    </section>
  );
}

function Entry({ entry, isNew, busy, onRead }: { entry: NotificationEntry; isNew: boolean; busy: boolean; onRead: () => void }) {
  const { t, i18n } = useTranslation('account');
  const values = {
    amount: entry.amount === null ? '' : formatMoney(entry.amount, i18n.language),
    reference: entry.reference ?? '',
    title: entry.title ?? '',
  };
  return (
    <article className={`${css.entry} ${entry.read && !isNew ? '' : css.unreadEntry}`}>
      <p className={css.text}>
        {entry.read && !isNew ? null : <span className={css.badge}>{t('notifications.new')}</span>}
        {t(`notifications.kinds.${entry.kind}`, values)}
      </p>
      <div className={css.meta}>
        <span>{formatDate(entry.date, i18n.language)}</span>
        {entry.link ? <Link to={entry.link}>{t(`notifications.links.${entry.kind}`)}</Link> : null}
        {entry.read ? null : (
          <Button variant="secondary" disabled={busy} onClick={onRead} aria-label={t('notifications.markReadOf', { text: t(`notifications.kinds.${entry.kind}`, values) })}>
            {t('notifications.markRead')}
          </Button>
        )}
      </div>
    </article>
  );
}
