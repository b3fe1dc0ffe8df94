import { AppLink, navigate, userDataAtom } from '@preloved/shared';
import { SidePanel } from '@preloved/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_LINKS, useAccountActions, UserLinks, useSignOut } from '../../navigation';
import { LanguageSwitcher } from './LanguageSwitcher';
import styles from './MobileMenu.module.css';

/** The mobile side menu: categories, an account section, and the user sub-panel (back, sign out). */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { signedIn, openAccount, sell } = useAccountActions();
  const [subPanel, setUserPanel] = useState(false);
  const userData = useAtomValue(userDataAtom);
  const signOut = useSignOut();
  // Signed out meanwhile (a 401 elsewhere): the user sub-panel has nothing left to show.
  const userPanel = subPanel && signedIn;
  const backRef = useRef<HTMLButtonElement>(null);
  const accountRef = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  // Moving between the menu and the user sub-panel replaces the content under the focus: focus
  // follows to the sub-panel's back button, and back to the "My account" row.
  useEffect(() => {
    if (!moved.current) return;
    (userPanel ? backRef : accountRef).current?.focus();
  }, [userPanel]);
  const showUserPanel = (show: boolean) => {
    moved.current = true;
    setUserPanel(show);
  };
  const close = () => {
    moved.current = false;
    setUserPanel(false);
    onClose();
  };
  const go = (to: string) => {
    close();
    void navigate(to);
  };

  return (
    <SidePanel
      open={open}
      onClose={close}
      side="left"
      closeLabel={t('header.closeMenu')}
      title={userPanel ? t('user.title') : t('header.menu')}
      before={
        userPanel ? (
          <button ref={backRef} type="button" className={styles.back} onClick={() => showUserPanel(false)}>
            <span aria-hidden="true">← </span>
            {t('header.back')}
          </button>
        ) : null
      }
    >
      {userPanel ? (
        <nav aria-label={t('user.navigation')}>
          {userData?.customer.FirstName ? (
            <p className={styles.hello}>{t('user.hello', { name: userData.customer.FirstName })}</p>
          ) : null}
          <UserLinks className={styles.list} countClassName={styles.count} onNavigate={close} />
          <button
            type="button"
            className={styles.signOut}
            onClick={() => {
              close();
              void signOut();
            }}
          >
            {t('header.signOut')}
          </button>
        </nav>
      ) : (
        <>
          <nav aria-label={t('header.categories')}>
            <ul className={styles.list}>
              {CATEGORY_LINKS.map((link) => (
                <li key={link.to}>
                  <AppLink to={link.to} onClick={close}>
                    {t(`header.${link.key}`)}
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
          <section className={styles.account} aria-label={t('header.account')}>
            {signedIn ? (
              <button ref={accountRef} type="button" className={styles.row} onClick={() => showUserPanel(true)}>
                {t('header.myAccount')}
                <span aria-hidden="true"> →</span>
              </button>
            ) : (
              <button
                type="button"
                className={styles.row}
                onClick={() => {
                  close();
                  openAccount();
                }}
              >
                {t('header.signIn')}
              </button>
            )}
            <button
              type="button"
              className={styles.row}
              onClick={() => {
                close();
                sell();
              }}
            >
              {t('header.sell')}
            </button>
            <button type="button" className={styles.row} onClick={() => go('/faqs')}>
              {t('footer.faqs')}
            </button>
            <LanguageSwitcher />
          </section>
        </>
      )}
    </SidePanel>
  );
}
