// Navigation without the router (the JS budget): the store's frame (header, menus, footer,
// panels) hydrates before the router's code has arrived, so it cannot use the router's hooks. These
// pieces use the router once it has registered itself (`registerRouter`), and before that the
// browser's own location and full page loads. Pages (remotes) keep the router pieces of
// `@preloved/shared/router`. Nothing here imports react-router.
import {
  createContext,
  useContext,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/** Where the shopper is: the parts of a URL the frame reads. */
export interface CurrentLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface NavigateOptions {
  replace?: boolean;
  /** Keep the scroll position (a filter change), as the router's option of the same name. */
  preventScrollReset?: boolean;
}

/** What the navigation layer needs of the page router (react-router's data router has it). */
export interface NavigationRouter {
  state: { location: CurrentLocation };
  navigate(to: string, options?: NavigateOptions): Promise<void>;
  subscribe(listener: () => void): () => void;
  revalidate(): Promise<void> | void;
}

let router: NavigationRouter | null = null;
let unsubscribe: (() => void) | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/**
 * The page router, once created, takes over the frame's navigation. Returns the function that
 * unregisters it (tests; a router that is replaced).
 */
export function registerRouter(next: NavigationRouter): () => void {
  unsubscribe?.();
  router = next;
  unsubscribe = next.subscribe(notify);
  notify();
  return () => {
    if (router !== next) return;
    unsubscribe?.();
    router = null;
    unsubscribe = null;
    notify();
  };
}

/** Goes to `to`: a client navigation through the router, or a full page load before it has registered. */
export function navigate(to: string, options: NavigateOptions = {}): Promise<void> {
  if (router) return router.navigate(to, options);
  if (typeof window !== 'undefined') {
    if (options.replace) window.location.replace(to);
    else window.location.assign(to);
  }
  return Promise.resolve();
}

let revalidationAsked = false;

/**
 * Loads the page's data again (the language changed). Asked before the page's router is there (a
 * switch tapped as soon as the header works), it is done once the page has hydrated: earlier, the
 * new data would differ from the server's HTML the page is hydrating.
 */
export function revalidate(): void {
  if (router) void router.revalidate();
  else revalidationAsked = true;
}

/** The page region has hydrated: the revalidation asked for before its router existed, if any. */
export function revalidateAskedBeforeHydration(): void {
  if (!revalidationAsked || !router) return;
  revalidationAsked = false;
  void router.revalidate();
}

let windowSnapshot: { href: string; location: CurrentLocation } | null = null;
function browserLocation(): CurrentLocation {
  if (router) return router.state.location;
  const { href, pathname, search, hash } = window.location;
  if (windowSnapshot?.href !== href) windowSnapshot = { href, location: { pathname, search, hash } };
  return windowSnapshot.location;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Before the router registers, the browser's back and forward buttons change the location.
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const RequestLocationContext = createContext<CurrentLocation | null>(null);

/** On the server: the URL being rendered, for `useCurrentLocation`. */
export function RequestLocationProvider({ url, children }: { url: URL; children: ReactNode }) {
  const location = { pathname: url.pathname, search: url.search, hash: '' };
  return <RequestLocationContext.Provider value={location}>{children}</RequestLocationContext.Provider>;
}

/**
 * The current location, for the frame: the router's once it has registered, the browser's before;
 * on the server the request's. Hydration reads the location the page was loaded at, as the server did.
 */
export function useCurrentLocation(): CurrentLocation {
  const requestLocation = useContext(RequestLocationContext);
  return useSyncExternalStore(subscribe, browserLocation, () => requestLocation ?? browserLocation());
}

/** A plain left click that the page may take over (not a new tab, a download or a modified click). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!target || target === '_self')
  );
}

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  preventScrollReset?: boolean;
}

/**
 * A real link (`<a href>`, works before any script) that navigates in the page on a plain left click
 * once the router is there, and is a plain full page load before.
 */
export function AppLink({ to, replace, preventScrollReset, onClick, ...rest }: AppLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!router || !isPlainClick(event)) return;
    event.preventDefault();
    void router.navigate(to, { replace, preventScrollReset });
  };
  return <a href={to} onClick={handleClick} {...rest} />;
}

/** Whether a link to `to` is the current page (or, without `end`, a parent of it), as the router's NavLink decides. */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const target = to.split(/[?#]/)[0] ?? to;
  if (pathname === target) return true;
  if (end || target === '/') return false;
  const base = target.endsWith('/') ? target.slice(0, -1) : target;
  return pathname.startsWith(base) && pathname.charAt(base.length) === '/';
}

export interface AppNavLinkProps extends Omit<AppLinkProps, 'className'> {
  /** Only the exact path is current (not its children). */
  end?: boolean;
  /** A class, or one chosen by whether the link is current; a plain class gets `active` added when it is. */
  className?: string | ((state: { isActive: boolean }) => string | undefined);
}

/** An AppLink that knows whether it is the current page (`aria-current="page"`, an `active` class). */
export function AppNavLink({ end, className, ...rest }: AppNavLinkProps) {
  const { pathname } = useCurrentLocation();
  const isActive = isActivePath(pathname, rest.to, end);
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : undefined].filter(Boolean).join(' ') || undefined;
  return <AppLink {...rest} className={classes} aria-current={isActive ? 'page' : undefined} />;
}
