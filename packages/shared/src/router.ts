// `@preloved/shared/router`: the one router. react-router is bundled inside this subpath of
// @preloved/shared (its own shared singleton), and every app imports the router pieces from here, so
// host and remotes use one router context and the router is tree-shaken (DESIGN.md §8). Importing
// 'react-router' anywhere else is banned by lint. It is a subpath, not part of the main entry, so the
// store's frame hydrates without it (the JS budget): the frame navigates through
// `navigate`/`AppLink` of the main entry, which use this router once it has registered.

// The field keys' English comes with the router, after the store's frame is interactive (the JS budget);
// the API's other refusals come with the first one (./i18n/refusals.ts, loaded by the API client).
import { registerFieldErrors } from './i18n/field-errors.en';

export {
  createBrowserRouter,
  createMemoryRouter,
  RouterProvider,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  useRouteError,
  useNavigation,
  useLoaderData,
  useBlocker,
  isRouteErrorResponse,
  redirect,
  ScrollRestoration,
  matchRoutes,
} from 'react-router';
export type { RouteObject, LoaderFunctionArgs, NavigateFunction } from 'react-router';
export { useRevalidator } from 'react-router';
export { usePageData } from './page-data';
export { useListingFilterChange } from './use-listing-filter-change';
export { hasSession, useReloadOnSignIn } from './session-pages';

registerFieldErrors();
