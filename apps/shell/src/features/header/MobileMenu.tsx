import { Link, NavLink, useNavigate } from '@preloved/shared';
import { SidePanel } from '@preloved/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../user-frame/use-sign-out';
import { USER_LINKS } from '../user-frame/user-links';
import { CATEGORY_LINKS, useAccountActions } from './Header';
import { LanguageSwitcher } from './LanguageSwitcher';
import styles from './MobileMenu.module.css';

/** The mobile side menu: categories, an account section, and the user sub-panel (back, sign out). */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { signedIn, openAccount, sell } = useAccountActions();
  const [userPanel, setUserPanel] = useState(false);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const close = () => {
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
      closeLabel={t('header.back')}
      title={userPanel ? t('user.title') : t('header.menu')}
      before={
        userPanel ? (
          <button type="button" className={styles.back} onClick={() => setUserPanel(false)}>
            ← {t('header.back')}
          </button>
        ) : null
      }
    >
      {userPanel ? (
        <nav aria-label={t('user.navigation')}>
          <ul className={styles.list}>
            {USER_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end onClick={close}>
                  {t(`user.${link.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
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
                  <Link to={link.to} onClick={close}>
                    {t(`header.${link.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section className={styles.account} aria-label={t('header.account')}>
            {signedIn ? (
              <button type="button" className={styles.row} onClick={() => setUserPanel(true)}>
                {t('header.myAccount')} →
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
