import { isSignedInAtom, notificationPartsAtom, openLoginAtom } from '@preloved/shared';
import { Outlet, useLocation } from '@preloved/shared/router';
import { Button, EmptyState } from '@preloved/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_LINKS, UserLinks, useSignOut } from '../../navigation';
import { EmailVerificationNotice } from './EmailVerificationNotice';
import styles from './UserFrame.module.css';

/** The account area's frame: one navigation for the account and seller pages (DESIGN.md §4). */
export function UserFrame() {
  const { t } = useTranslation('shell');
  const signedIn = useAtomValue(isSignedInAtom);
  const openLogin = useSetAtom(openLoginAtom);
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const current = currentLink(pathname);
  // What the closed menu hides: the offers waiting and the unread notifications, on its button.
  const parts = useAtomValue(notificationPartsAtom);
  const waiting = (parts.offers ?? 0) + (parts.feed ?? 0);
  // A page reached from the menu (or any other way) closes it.
  useEffect(() => setOpen(false), [pathname]);

  if (!signedIn) {
    return (
      <div className={styles.frame}>
        <EmptyState title={t('user.signInTitle')} action={<Button onClick={() => openLogin()}>{t('header.signIn')}</Button>}>
          {t('user.signInText')}
        </EmptyState>
      </div>
    );
  }
  return (
    <div className={styles.frame}>
      <aside className={styles.side}>
        <h1 className={styles.title}>{t('user.title')}</h1>
        <nav aria-label={t('user.navigation')}>
          {/* Phones: one button naming the page shown opens every section ("Sales" was the 7th of 12 tabs in a row that scrolled off the screen). */}
          <button type="button" className={styles.menuButton} aria-expanded={open} aria-controls={listId} onClick={() => setOpen((shown) => !shown)}>
            <span className={styles.menuLabel}>{t('user.sections')}</span>
            <span className={styles.menuCurrent}>{current ? t(`user.${current.key}`) : t('user.title')}</span>
            {waiting > 0 && !open ? (
              <span className={styles.count}>
                <span aria-hidden="true">{waiting}</span>
                <span className="visually-hidden">{t('user.waiting', { count: waiting })}</span>
              </span>
            ) : null}
            <svg className={styles.chevron} width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} aria-hidden="true">
              <path d="m6 9 6 6 6-6" />
            </svg>
          </button>
          <div id={listId} className={open ? styles.menuOpen : styles.menuClosed}>
            <UserLinks className={styles.nav} countClassName={styles.count} onNavigate={() => setOpen(false)} />
          </div>
        </nav>
        <button type="button" className={styles.signOut} onClick={() => void signOut()}>
          {t('header.signOut')}
        </button>
      </aside>
      <div className={styles.content}>
        <EmailVerificationNotice />
        <Outlet />
      </div>
    </div>
  );
}

/** The account section a path belongs to (an order's page is "Orders"); "/user" alone is the details. */
function currentLink(pathname: string) {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/user') return USER_LINKS[0];
  return USER_LINKS.find((link) => link.to !== '/user' && (path === link.to || path.startsWith(`${link.to}/`))) ?? null;
}
