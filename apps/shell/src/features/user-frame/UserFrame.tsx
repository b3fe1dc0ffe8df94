import { isSignedInAtom, openLoginAtom, Outlet } from '@preloved/shared';
import { Button, EmptyState } from '@preloved/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { UserLinks, useSignOut } from '../../navigation';
import styles from './UserFrame.module.css';

/** The account area's frame: one navigation for the account and seller pages (DESIGN.md §4). */
export function UserFrame() {
  const { t } = useTranslation('shell');
  const signedIn = useAtomValue(isSignedInAtom);
  const openLogin = useSetAtom(openLoginAtom);
  const signOut = useSignOut();

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
          <UserLinks className={styles.nav} countClassName={styles.count} />
        </nav>
        <button type="button" className={styles.signOut} onClick={() => void signOut()}>
          {t('header.signOut')}
        </button>
      </aside>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
