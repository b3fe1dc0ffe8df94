import { renderWithProviders } from '@preloved/shared/test-utils';
import { UserFrame } from './UserFrame';

/**
 * For tests: the /user frame at `route` with a page per child path (`sales` → "sales page", the index
 * → "details page"), as the shell's router mounts it.
 */
export function renderUserFrame(route: string, pages: Record<string, string>) {
  return renderWithProviders(<></>, {
    path: '/unused',
    route,
    routes: [
      {
        path: '/user',
        element: <UserFrame />,
        children: [{ index: true, element: <p>details page</p> }, ...Object.entries(pages).map(([path, text]) => ({ path, element: <p>{text}</p> }))],
      },
    ],
  });
}
