import { isSignedInAtom, openLoginAtom } from '@preloved/shared';
import { Outlet, useLocation } from '@preloved/shared/router';
import { Button, EmptyState } from '@preloved/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { UserLinks, useSignOut } from '../../navigation';
import { EmailVerificationNotice } from './EmailVerificationNotice';
import styles from './UserFrame.module.css';

/** The account area's frame: one navigation for the account and seller pages (DESIGN.md §4). */
export function UserFrame() {
  const { t } = useTranslation('shell');
  const signedIn = useAtomValue(isSignedInAtom);
  const openLogin = useSetAtom(openLoginAtom);
  const signOut = useSignOut();
  const nav = useRef<HTMLElement>(null);

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
      <CurrentTabInView nav={nav} />
      <aside className={styles.side}>
        <h1 className={styles.title}>{t('user.title')}</h1>
        <nav ref={nav} aria-label={t('user.navigation')}>
          <UserLinks className={styles.nav} countClassName={styles.count} />
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

/**
 * On a phone the tabs are one row that scrolls sideways (issue 12): the current one is scrolled into
 * view, so "Wallet" is not hidden past the edge when it is the page shown.
 */
function CurrentTabInView({ nav }: { nav: RefObject<HTMLElement | null> }) {
  const { pathname } = useLocation();
  useEffect(() => {
    const list = nav.current?.querySelector('ul');
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollTo({ left: current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2 });
  }, [nav, pathname]);
  return null;
}
