import { matchRoutes, type RouteObject } from '@preloved/shared/router';

/**
 * The public pages the store's server renders: the same for every visitor, so their HTML
 * can be cached. Paths of the route table's children of `/`; '' is the home page. Everything else
 * (the /user frame, the bag and checkout, redirects) is rendered by the browser alone.
 */
export const SERVER_RENDERED_PATHS: readonly string[] = [
  '',
  'all',
  'women',
  'men',
  'clothing',
  'accessories',
  'product/:productId',
  'vendor/:vendorId',
  'search',
  'about',
  'privacy-policy',
  'terms-and-conditions',
  'shipping',
  'faqs',
  'how-search-works',
  'how-reviews-work',
];

/** Whether `pathname` is one of the server-rendered pages of `routes`. */
export function isServerRenderedPath(routes: RouteObject[], pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  if (!matches || matches.length !== 2) return false;
  const leaf = matches[1]!.route;
  return SERVER_RENDERED_PATHS.includes(leaf.index ? '' : (leaf.path ?? '\0'));
}

/**
 * A route that only sends the visitor elsewhere (spec §2: old and unknown paths lead home). Its
 * `handle` says so to the store's server, which answers the redirect itself (301 when `permanent`,
 * 302 otherwise) instead of a blank page that redirects once its code has run.
 */
export interface RedirectHandle {
  redirect: { to: string; permanent: boolean };
}

/** Where `pathname` is sent, when the route it matches in `routes` is a redirect. */
export function redirectOf(routes: RouteObject[], pathname: string): RedirectHandle['redirect'] | undefined {
  const matches = matchRoutes(routes, pathname);
  const handle = matches?.[matches.length - 1]?.route.handle as Partial<RedirectHandle> | undefined;
  return handle?.redirect;
}

/**
 * `isServerRenderedPath` for one route table, remembered by the path's shape: react-router
 * flattens, ranks and compiles the whole table on every `matchRoutes`, a sixteenth of a render's CPU
 * time in the profile of /all. A segment of digits (a product's or a vendor's id) is matched as `0`:
 * the same routes match either way as long as no path of the table has a segment of digits, which
 * is checked here (a table that has one is matched each time). Bounded: cleared when full.
 */
export function serverRenderedPathMatcher(routes: RouteObject[], max = 5000): (pathname: string) => boolean {
  const paths: string[] = [];
  const collect = (list: RouteObject[]) => {
    for (const route of list) {
      if (route.path) paths.push(route.path);
      if (route.children) collect(route.children);
    }
  };
  collect(routes);
  const digitsInTable = paths.some((path) => path.split('/').some((segment) => /^\d+\??$/.test(segment)));
  if (digitsInTable) return (pathname) => isServerRenderedPath(routes, pathname);
  const known = new Map<string, boolean>();
  return (pathname) => {
    const shape = pathname.replace(/(^|\/)\d+(?=\/|$)/g, '$10');
    let answer = known.get(shape);
    if (answer === undefined) {
      answer = isServerRenderedPath(routes, shape);
      if (known.size >= max) known.clear();
      known.set(shape, answer);
    }
    return answer;
  };
}

/**
 * A copy of the route tree. React-router writes a route's resolved `lazy` back onto the route
 * object, so a tree kept across server requests would pin the first module it loaded (DESIGN §10).
 */
export function freshRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const copy = { ...route } as RouteObject;
    if (route.children) copy.children = freshRoutes(route.children);
    return copy;
  });
}

/** The information pages by path, and their key in the `info` texts (their title and lead). */
export const INFO_PAGE_KEYS: Record<string, string> = {
  about: 'about',
  faqs: 'faqs',
  shipping: 'shipping',
  'terms-and-conditions': 'terms',
  'privacy-policy': 'privacy',
  'how-search-works': 'howSearchWorks',
  'how-reviews-work': 'howReviewsWork',
};
