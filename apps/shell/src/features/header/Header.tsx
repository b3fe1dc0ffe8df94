import {
  AppLink,
  AppNavLink,
  bagAddedAtom,
  bagOpenAtom,
  cartQuantityAtom,
  cartUnavailableCountAtom,
  navigate,
  notificationsCountAtom,
  openSearchAtom,
  refreshBagWhenVisible,
  useCurrentLocation,
  unreadMessagesAtom,
  useNotificationsRefresh,
} from '@preloved/shared';
import { BagIcon, MenuIcon, MessageIcon, SearchIcon, Skeleton, UserIcon } from '@preloved/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyRemoteBoundary } from '../../federation/LazyRemoteBoundary';
import { CATEGORY_LINKS, CHECKOUT_PATHS, useAccountActions } from '../../navigation';
import { LanguageSwitcher } from './LanguageSwitcher';
import styles from './Header.module.css';
import { useScrolled } from './use-scrolled';

/** The phone menu's and the leave-the-checkout dialog's code come the first time they open (nothing on intent in the first load). */
const MobileMenu = lazy(async () => ({ default: (await import('./MobileMenu')).MobileMenu }));
const LeaveCheckoutDialog = lazy(async () => ({
  default: (await import('./LeaveCheckoutDialog')).LeaveCheckoutDialog,
}));

export function Header() {
  const { t } = useTranslation('shell');
  const { pathname } = useCurrentLocation();
  const scrolled = useScrolled();
  // The count is of lines that can still be bought; the name says when others cannot.
  const quantity = useAtomValue(cartQuantityAtom);
  const unavailable = useAtomValue(cartUnavailableCountAtom);
  // A shopper back on the tab sees the bag as it is now (a piece sold or repriced meanwhile).
  useEffect(() => refreshBagWhenVisible(), []);
  const added = useAtomValue(bagAddedAtom);
  const setBagOpen = useSetAtom(bagOpenAtom);
  const openSearch = useSetAtom(openSearchAtom);
  const { signedIn, openAccount, sell } = useAccountActions();
  const notifications = useAtomValue(notificationsCountAtom);
  const messages = useAtomValue(unreadMessagesAtom);
  // The count is read at sign-in, then again on window focus (and after offer actions).
  useNotificationsRefresh();
  const [leaveOpen, setLeaveOpen] = useState(false);
  const [leaveWanted, setLeaveWanted] = useState(false);
  if (leaveOpen && !leaveWanted) setLeaveWanted(true);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  if (menuOpen && !menuWanted) setMenuWanted(true);

  const onLogo = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (CHECKOUT_PATHS.includes(pathname)) setLeaveOpen(true);
    else {
      void navigate('/');
      window.scrollTo({ top: 0 });
    }
  };

  const atTop = !scrolled;
  const overHero = atTop && pathname === '/';
  return (
    <header
      className={styles.header}
      data-state={atTop ? 'top' : 'scrolled'}
      data-over-hero={overHero || undefined}
    >
      <a className={styles.skip} href="#main">
        {t('skipToContent')}
      </a>
      <div className={styles.bar}>
        <button
          type="button"
          className={`${styles.icon} ${styles.mobileOnly}`}
          onClick={() => setMenuOpen(true)}
          aria-label={t('header.openMenu')}
        >
          <MenuIcon />
        </button>
        <AppLink to="/" className={styles.logo} onClick={onLogo} aria-label={t('header.home')}>
          Preloved
        </AppLink>
        <nav className={styles.categories} aria-label={t('header.categories')}>
          {CATEGORY_LINKS.map((link) => (
            <AppNavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) => (isActive ? styles.active : undefined)}
            >
              {t(`header.${link.key}`)}
            </AppNavLink>
          ))}
        </nav>
        <div className={styles.search}>
          <LazyRemoteBoundary
            remote="search"
            expose="SearchBox"
            variant="inline"
            message={t('header.searchFailed')}
            skeleton={
              <span className={styles.desktopOnly}>
                <Skeleton width={320} height={40} />
              </span>
            }
            absent={null}
          />
        </div>
        <div className={styles.actions}>
          {/* Phones: the header has no room for the search box, so this button opens the search overlay (spec §2). */}
          <button
            type="button"
            className={`${styles.icon} ${styles.mobileOnly}`}
            onClick={() => openSearch('button')}
            aria-label={t('header.search')}
          >
            <SearchIcon />
          </button>
          <LanguageSwitcher className={styles.desktopOnly} />
          <button type="button" className={`${styles.sell} ${styles.desktopOnly}`} onClick={sell}>
            {t('header.sell')}
          </button>
          <button
            type="button"
            className={styles.icon}
            onClick={openAccount}
            aria-label={
              signedIn
                ? notifications > 0
                  ? t('header.myAccountWithCount', { count: notifications })
                  : t('header.myAccount')
                : t('header.signIn')
            }
          >
            <UserIcon />
            {signedIn && notifications > 0 ? (
              <span className={styles.badge} aria-hidden="true">
                {notifications}
              </span>
            ) : null}
          </button>
          {/* Unread messages beside the bag (issue 47): the way to them when there is something to read. */}
          {signedIn && messages > 0 ? (
            <AppLink to="/user/messages" className={styles.icon} aria-label={t('header.messagesWithCount', { count: messages })}>
              <MessageIcon />
              <span className={styles.badge} aria-hidden="true">
                {messages}
              </span>
            </AppLink>
          ) : null}
          <button
            type="button"
            className={styles.icon}
            data-opens-bag=""
            onClick={() => setBagOpen(true)}
            aria-label={
              unavailable > 0 ? t('header.bagWithUnavailable', { count: quantity, unavailable }) : t('header.bagWithCount', { count: quantity })
            }
          >
            <BagIcon />
            <span className={styles.badge} data-added={added || undefined} aria-hidden="true">
              {quantity}
            </span>
          </button>
        </div>
      </div>
      {menuWanted ? (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : null}
      {leaveWanted ? (
        <Suspense fallback={null}>
          <LeaveCheckoutDialog open={leaveOpen} onClose={() => setLeaveOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
