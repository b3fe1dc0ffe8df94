// The one router. react-router is bundled inside @preloved/shared (a shared singleton), and every app
// imports the router pieces from here, so host and remotes use one router context and the router is
// tree-shaken (DESIGN.md §8). Importing 'react-router' anywhere else is banned by lint.
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
