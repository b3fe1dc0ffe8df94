// `@preloved/shared/standalone`: a remote's page on its own (its dev script), apart from the router's
// subpath so the store's pages do not carry it. A remote's standalone entry bundles it: it takes the
// store, providers, API client and router by the package's names (the one shared instance of each),
// never by a relative path, which would bundle copies of them.
import { AppProviders, HTTPError } from '@preloved/shared';
import {
  createBrowserRouter,
  RouterProvider,
  useRevalidator,
  useRouteError,
  type LoaderFunctionArgs,
  type RouteObject,
} from '@preloved/shared/router';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import type { RemotePage } from './remote-modules';

/**
 * A remote's pages as routes, each page's loader result handed over as `{ data }` exactly as the
 * shell's route table does (read with usePageData).
 */
export function pageRoutes<Key extends string>(
  pages: Partial<Record<Key, RemotePage>>,
  paths: Record<Key, string>,
): RouteObject[] {
  return (Object.entries(pages) as [Key, RemotePage][])
    .filter(([key]) => paths[key])
    .map(([key, page]) => ({
      path: paths[key],
      Component: page.Component,
      loader: page.loader ? async (args: LoaderFunctionArgs) => ({ data: await page.loader?.(args) }) : undefined,
    }));
}

/** The dev server answers 502–504 for /api when nothing listens behind its proxy; fetch itself throws a TypeError offline. */
export function isApiUnreachable(error: unknown): boolean {
  if (error instanceof HTTPError) return [502, 503, 504].includes(error.response.status);
  return error instanceof TypeError;
}

/**
 * The standalone frame's error view: when the API cannot be reached it says so and how to start it;
 * any other failure is one sentence, never a stack trace.
 */
export function StandaloneError({ remote }: { remote: string }) {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const revalidator = useRevalidator();
  const unreachable = isApiUnreachable(error);
  return (
    <section role="alert" style={{ maxWidth: 640, margin: '48px auto', padding: 16, display: 'grid', gap: 12 }}>
      <h1 style={{ margin: 0, fontSize: '1.4rem' }}>{unreachable ? t('standalone.apiDown') : t('errors.unexpected')}</h1>
      {unreachable ? (
        <>
          <p style={{ margin: 0 }}>{t('standalone.apiDownText')}</p>
          <pre style={{ margin: 0, padding: 12, background: 'var(--color-surface)', overflowX: 'auto' }}>
            {t('standalone.apiDownCommands', { remote })}
          </pre>
        </>
      ) : (
        <p style={{ margin: 0 }}>{error instanceof Error ? error.message : t('errors.generic')}</p>
      )}
      <p style={{ margin: 0 }}>
        <button type="button" onClick={() => void revalidator.revalidate()}>
          {t('errors.retry')}
        </button>
      </p>
    </section>
  );
}

/** A remote's frame around its routes; a page whose data cannot be loaded shows StandaloneError inside the frame. */
export function standaloneRoutes(remote: string, Frame: ComponentType, children: RouteObject[]): RouteObject[] {
  return [{ path: '/', Component: Frame, children: [{ errorElement: <StandaloneError remote={remote} />, children }] }];
}

/**
 * Renders a remote on its own (`pnpm --filter @preloved/<remote> dev`): its frame, with the same
 * providers as the shell, around its routes.
 */
export function mountStandalone(remote: string, Frame: ComponentType, children: RouteObject[]): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createBrowserRouter(standaloneRoutes(remote, Frame, children))} />
      </AppProviders>
    </StrictMode>,
  );
}
