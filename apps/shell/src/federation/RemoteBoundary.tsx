import { AppLink, type ComponentExposeOf, type ExposeOf, type RemoteModule, type RemoteName } from '@preloved/shared';
import { Button, buttonClassName, EmptyState, RetryIcon } from '@preloved/ui';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from './ComingSoon';
import { RemoteSkeleton } from './RemoteSkeleton';
import { isRemoteConfigured, loadRemoteModule } from './remotes';
import styles from './RemoteBoundary.module.css';

export { RemoteSkeleton };

// The one way the shell mounts a remote. Route pages use remoteRoute() (remote-route.tsx), whose
// loader fetches the module and the page's data before rendering; slots (the header's search box) and
// panels (the bag) use <RemoteBoundary>. Both show the same skeleton while loading, "coming soon"
// when the remote is not deployed, and the same error view with a retry button when it fails.

/** How the shell reaches remotes: the federation runtime, or, in a component test, a stand-in for it. */
export interface RemoteLoader {
  isConfigured(remote: RemoteName): Promise<boolean>;
  load<R extends RemoteName, E extends ExposeOf<R>>(
    remote: R,
    expose: E,
  ): Promise<RemoteModule<R, E>>;
}

export const federationLoader: RemoteLoader = {
  isConfigured: isRemoteConfigured,
  load: loadRemoteModule,
};

const RemoteLoaderContext = createContext<RemoteLoader>(federationLoader);
export const RemoteLoaderProvider = RemoteLoaderContext.Provider;

type RemoteState<M> =
  | { status: 'loading' }
  | { status: 'absent' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; module: M };

/** Loads `remote/expose` in an effect (the rest of the page never waits for it) and offers a retry. */
export function useRemote<R extends RemoteName, E extends ExposeOf<R>>(remote: R, expose: E) {
  const loader = useContext(RemoteLoaderContext);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<RemoteState<RemoteModule<R, E>>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        if (!(await loader.isConfigured(remote))) {
          if (live) setState({ status: 'absent' });
          return;
        }
        const module = await loader.load(remote, expose);
        if (live) setState({ status: 'ready', module });
      } catch (error) {
        if (live) setState({ status: 'failed', error });
      }
    })();
    return () => {
      live = false;
    };
  }, [loader, remote, expose, attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  return { state, retry };
}

/**
 * The error view of one remote's part of the page: the header, footer and the shell's own pages keep
 * working. `page` fills the page's slot; `inline` fits a header slot (one line and a retry button).
 */
export function RemoteErrorView({
  onRetry,
  busy = false,
  variant = 'page',
  message,
}: {
  onRetry: () => void;
  busy?: boolean;
  variant?: 'page' | 'inline';
  /** The inline view's sentence, naming the part that failed (e.g. "Search could not be loaded."). */
  message?: string;
}) {
  const { t } = useTranslation('common');
  if (variant === 'inline') {
    return (
      <div className={styles.inline} role="alert">
        <p>{message ?? t('errors.remoteFailed')}</p>
        <Button variant="secondary" className={styles.retry} onClick={onRetry} busy={busy}>
          <RetryIcon size={20} className={styles.retryIcon} />
          <span className={styles.retryLabel}>{t('errors.retry')}</span>
        </Button>
      </div>
    );
  }
  return (
    <EmptyState
      role="alert"
      title={t('errors.remoteFailed')}
      action={
        <div className={styles.actions}>
          <Button onClick={onRetry} busy={busy}>
            {t('errors.retry')}
          </Button>
          <AppLink to="/" className={buttonClassName('secondary')}>
            {t('errors.backHome')}
          </AppLink>
        </div>
      }
    >
      {t('errors.network')}
    </EmptyState>
  );
}


export interface RemoteBoundaryProps<R extends RemoteName, E extends ComponentExposeOf<R>> {
  remote: R;
  expose: E;
  /** Renders the loaded module; by default its component with no props. */
  children?: (module: RemoteModule<R, E>) => ReactNode;
  /** Shown while the remote loads; a page skeleton by default. */
  skeleton?: ReactNode;
  /** Shown when the remote is not deployed (absent from remotes.json); "coming soon" by default. */
  absent?: ReactNode;
  variant?: 'page' | 'inline';
  /** The inline error's sentence. */
  message?: string;
  /** Wraps every state but the remote's own content, e.g. in the side panel the remote would open. */
  frame?: (content: ReactNode) => ReactNode;
}

/**
 * A remote component mounted in a shell slot or panel: a skeleton while it loads, an error view with
 * retry when it cannot be loaded or throws while rendering, and nothing else on the page breaks.
 */
export function RemoteBoundary<R extends RemoteName, E extends ComponentExposeOf<R>>({
  remote,
  expose,
  children,
  skeleton = <RemoteSkeleton />,
  absent = <ComingSoon />,
  variant = 'page',
  message,
  frame = (content) => content,
}: RemoteBoundaryProps<R, E>) {
  const { state, retry } = useRemote(remote, expose);
  if (state.status === 'loading') return <>{frame(skeleton)}</>;
  if (state.status === 'absent') return <>{frame(absent)}</>;
  if (state.status === 'failed')
    return <>{frame(<RemoteErrorView onRetry={retry} variant={variant} message={message} />)}</>;
  const module = state.module;
  return (
    <ErrorBoundary
      fallbackRender={({ resetErrorBoundary }) =>
        frame(<RemoteErrorView onRetry={resetErrorBoundary} variant={variant} message={message} />)
      }
    >
      {children ? children(module) : <DefaultExport module={module} />}
    </ErrorBoundary>
  );
}

function DefaultExport({ module }: { module: unknown }) {
  const { default: Component } = module as { default: () => ReactNode };
  return <Component />;
}
