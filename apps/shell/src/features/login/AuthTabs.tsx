import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GoogleSignIn } from './GoogleSignIn';
import styles from './LoginPanel.module.css';
import { RegisterForm } from './RegisterForm';
import { SignInForm } from './SignInForm';

export type AuthTab = 'signin' | 'register';
const TABS: AuthTab[] = ['signin', 'register'];

/**
 * The tabs "sign in" and "new here" (spec §2), as ARIA tabs: arrow keys move between them, and the
 * selected tab's form follows the Google button and the "or" divider.
 */
export function AuthTabs({ tab, onTab, onForgot, email = '' }: { tab: AuthTab; onTab: (tab: AuthTab) => void; onForgot: (email: string) => void; email?: string }) {
  const { t } = useTranslation('shell');
  const id = useId();
  const tabRefs = useRef<Partial<Record<AuthTab, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    let next: AuthTab | undefined;
    if (event.key === 'ArrowRight') next = TABS[(index + 1) % TABS.length];
    else if (event.key === 'ArrowLeft') next = TABS[(index - 1 + TABS.length) % TABS.length];
    else if (event.key === 'Home') next = TABS[0];
    else if (event.key === 'End') next = TABS[TABS.length - 1];
    if (!next) return;
    event.preventDefault();
    onTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={t('login.tabsLabel')} className={styles.tabs}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-controls={`${id}-${name}-panel`}
            aria-selected={tab === name}
            tabIndex={tab === name ? 0 : -1}
            className={styles.tab}
            onClick={() => onTab(name)}
            onKeyDown={onKeyDown}
          >
            {name === 'signin' ? t('login.tabSignIn') : t('login.tabRegister')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`} className={styles.tabPanel}>
        <GoogleSignIn />
        {tab === 'signin' ? <SignInForm onForgot={onForgot} email={email} /> : <RegisterForm email={email} />}
      </div>
    </>
  );
}
