import type { StaffSessionResponse } from '@preloved/contract';
import { describeError, LANGUAGES, setLanguage, type Language } from '@preloved/shared';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from '@preloved/shared/router';
import { Button, PageSkeleton } from '@preloved/ui';
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi } from '../../lib/console-api';
import { LoadFailure } from '../../lib/LoadFailure';
import { SECTIONS, SessionContext, opens, type ConsoleSession } from '../../lib/session';
import styles from './ConsoleFrame.module.css';

/** What the frame's session check found, and for which visit. */
interface SessionCheck {
  visit: object;
  session?: StaffSessionResponse;
  signedOut?: boolean;
  error?: unknown;
}

/** The console's pages a member reaches without a session. */
const OPEN_PAGES = /^\/backoffice\/(sign-in|invitation\/)/;

/** The language switch: the console speaks English, Portuguese and Spanish like the store, and remembers the choice as the store does (setLanguage). */
function LanguageSwitch() {
  const { t, i18n } = useTranslation('backoffice');
  return (
    <div className={styles.languages} role="group" aria-label={t('frame.language')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          className={styles.language}
          aria-pressed={i18n.language === language}
          onClick={() => void setLanguage(language as Language)}
          lang={language}
        >
          {t(`frame.languages.${language}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * The back office's frame (page key `frame`): the sign-in and invitation pages alone; every other page
 * once the member's session is confirmed, beside the navigation of the sections their role opens. A
 * page asked for without a session leads to sign-in, which comes back to it.
 */
export function ConsoleFrame() {
  const { t } = useTranslation('backoffice');
  const location = useLocation();
  const navigate = useNavigate();
  const open = OPEN_PAGES.test(location.pathname);
  // What the session check found, for this visit of the signed-in pages: coming back from the sign-in
  // page is a new visit, checked again (the old "signed out" must not send the member back there).
  const visit = useMemo(() => ({ open }), [open]);
  const [found, setFound] = useState<SessionCheck>({ visit: {} });
  const [round, setRound] = useState(0);
  const state: SessionCheck = found.visit === visit ? found : { visit };

  useEffect(() => {
    document.title = t('frame.documentTitle');
  }, [t, location.pathname]);

  useEffect(() => {
    if (visit.open) return;
    let live = true;
    consoleApi
      .get<StaffSessionResponse>('session')
      .then((session) => live && setFound({ visit, session }))
      .catch(async (error: unknown) => {
        if (!live) return;
        const { status } = await describeError(error);
        setFound(status === 401 ? { visit, signedOut: true } : { visit, error });
      });
    return () => {
      live = false;
    };
  }, [visit, round]);

  const signOut = useCallback(() => {
    void consoleApi
      .delete('session')
      .catch(() => undefined)
      .then(() => navigate('/backoffice/sign-in', { replace: true }));
  }, [navigate]);

  const current = state.session;
  const session = useMemo<ConsoleSession | null>(() => (current ? { member: current.staff, signOut } : null), [current, signOut]);

  if (open) {
    return (
      <div className={styles.open}>
        <header className={styles.openHeader}>
          <p className={styles.brand}>{t('frame.brand')}</p>
          <LanguageSwitch />
        </header>
        <Outlet />
      </div>
    );
  }
  if (state.signedOut) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/backoffice/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  if (state.error) return <LoadFailure error={state.error} onRetry={() => setRound((value) => value + 1)} />;
  if (!session) return <PageSkeleton label={t('frame.loading')} />;
  const { member } = session;
  return (
    <SessionContext.Provider value={session}>
      <div className={styles.console}>
        <header className={styles.bar}>
          <p className={styles.brand}>{t('frame.brand')}</p>
          <p className={styles.member}>
            {t('frame.member', { name: member.name, role: t(`roles.${member.role}`) })}
          </p>
          <LanguageSwitch />
          <Button variant="secondary" onClick={signOut}>
            {t('frame.signOut')}
          </Button>
        </header>
        <nav className={styles.nav} aria-label={t('frame.sections')}>
          <ul>
            {SECTIONS.filter((section) => opens(member, section)).map((section) => (
              <li key={section}>
                <NavLink to={`/backoffice/${section}`} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
                  {t(`${section}.title`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.page}>
          <Outlet />
        </div>
      </div>
    </SessionContext.Provider>
  );
}

/** `/backoffice`: the first section the member's role opens. */
export function ConsoleHome() {
  const member = useContext(SessionContext)?.member;
  const first = member ? SECTIONS.find((section) => opens(member, section)) : undefined;
  return <Navigate to={`/backoffice/${first ?? 'audit'}`} replace />;
}
