import {
  continueAsGuestAtom,
  loginIntentAtom,
  loginPanelAtom,
  loginPanelOpeningsAtom,
  navigate,
  useBrandDetails,
  type LoginPanelMode,
} from '@preloved/shared';
import { Button, SidePanel } from '@preloved/ui';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthTabs } from './AuthTabs';
import { ForgotPasswordForm, ForgotSent } from './ForgotPasswordForm';
import styles from './LoginPanel.module.css';
import { useContinueIntent } from './use-continue-intent';

const TITLES: Record<Exclude<LoginPanelMode, 'closed'>, string> = {
  signin: 'login.titleSignIn',
  register: 'login.titleRegister',
  forgot: 'login.titleForgot',
  'forgot-sent': 'login.titleSent',
};

/** The host of a main-domain URL, for the "separate account" warning. */
function domainOf(mainDomain: string): string {
  try {
    return new URL(mainDomain.includes('://') ? mainDomain : `https://${mainDomain}`).host;
  } catch {
    return mainDomain;
  }
}

/**
 * The login/register panel (spec §2, §4): sign in and "new here" tabs, Google, the forgot-password
 * view and its "check inbox" confirmation, and "continue as guest" when opened on the way to checkout.
 * Every opening starts in sign-in mode with empty fields; the panel is a modal side panel (focus kept
 * inside and given back on close), a full-width sheet on phones.
 */
export function LoginPanel() {
  const { t } = useTranslation('shell');
  const [panel, setPanel] = useAtom(loginPanelAtom);
  const openings = useAtomValue(loginPanelOpeningsAtom);
  const continueAsGuest = useSetAtom(continueAsGuestAtom);
  const setIntent = useSetAtom(loginIntentAtom);
  useContinueIntent();
  const { brand } = useBrandDetails();
  const [sentTo, setSentTo] = useState('');
  // The e-mail typed on the sign-in form, carried to "forgot password".
  const [typedEmail, setTypedEmail] = useState('');
  const guestTitleId = useId();
  const body = useRef<HTMLDivElement>(null);

  // Focus goes to the first field of each view as it appears (not when the user switches tabs).
  // This parent effect runs after the side panel's own, once the dialog is shown as a modal, and
  // after it noted which element opened it (focus goes back there on close).
  const shownView = panel.mode === 'register' ? 'signin' : panel.mode;
  useEffect(() => {
    if (shownView !== 'closed') body.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [shownView, openings]);

  const open = panel.mode !== 'closed';
  const setMode = (mode: LoginPanelMode) => setPanel((current) => ({ ...current, mode }));
  // Closed without signing in: what the visitor was doing is dropped, not done at a later sign-in.
  const close = () => {
    setIntent(null);
    setPanel({ mode: 'closed', forCheckout: false });
  };
  const mainDomain = brand?.main_domain ? domainOf(brand.main_domain) : '';

  let view = null;
  if (panel.mode === 'signin' || panel.mode === 'register') {
    view = (
      <AuthTabs
        tab={panel.mode}
        onTab={setMode}
        email={panel.email}
        onForgot={(email) => {
          setTypedEmail(email);
          setMode('forgot');
        }}
      />
    );
  } else if (panel.mode === 'forgot') {
    view = (
      <ForgotPasswordForm
        initialEmail={typedEmail}
        onBack={() => setMode('signin')}
        onSent={(email) => {
          setSentTo(email);
          setMode('forgot-sent');
        }}
      />
    );
  } else if (panel.mode === 'forgot-sent') {
    view = <ForgotSent email={sentTo} onBack={() => setMode('signin')} />;
  }

  return (
    <SidePanel
      open={open}
      onClose={close}
      title={open ? t(TITLES[panel.mode as keyof typeof TITLES]) : ''}
      closeLabel={t('login.close')}
    >
      {/* Keyed on the openings: each opening starts with empty fields (spec §4). */}
      <div key={openings} ref={body} className={styles.panel}>
        {mainDomain && (panel.mode === 'signin' || panel.mode === 'register') ? (
          <p className={styles.notice}>{t('login.separateAccount', { domain: mainDomain })}</p>
        ) : null}
        {view}
        {panel.forCheckout ? (
          <section className={styles.guest} aria-labelledby={guestTitleId}>
            <h3 id={guestTitleId} className={styles.guestTitle}>
              {t('login.guestTitle')}
            </h3>
            <p className={styles.muted}>{t('login.guestText')}</p>
            <Button
              variant="secondary"
              block
              onClick={() => {
                continueAsGuest();
                void navigate('/checkout');
              }}
            >
              {t('login.continueAsGuest')}
            </Button>
          </section>
        ) : null}
      </div>
    </SidePanel>
  );
}
