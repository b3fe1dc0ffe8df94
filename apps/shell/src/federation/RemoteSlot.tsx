import type { RemoteComponentModule, RemoteName } from '@preloved/shared';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { isRemoteConfigured, loadRemoteModule } from './remotes';

type SlotState = { status: 'loading' | 'absent' | 'failed' } | { status: 'ready'; Component: ComponentType };

/**
 * A remote component mounted in a shell slot (header search box, bag panel). Loaded in an effect, not
 * with Suspense, so the rest of the page never waits for it; a remote that is absent or fails renders
 * `fallback` and nothing else breaks.
 */
export function RemoteSlot({
  remote,
  expose,
  fallback = null,
  loading = fallback,
}: {
  remote: RemoteName;
  expose: string;
  /** Shown when the remote is absent or fails. */
  fallback?: ReactNode;
  /** Shown while it loads; the fallback unless said otherwise. */
  loading?: ReactNode;
}) {
  const [state, setState] = useState<SlotState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void (async () => {
      if (!(await isRemoteConfigured(remote))) {
        if (live) setState({ status: 'absent' });
        return;
      }
      try {
        const module = await loadRemoteModule<RemoteComponentModule>(remote, expose);
        if (live) setState({ status: 'ready', Component: module.default });
      } catch {
        if (live) setState({ status: 'failed' });
      }
    })();
    return () => {
      live = false;
    };
  }, [remote, expose]);

  if (state.status === 'loading') return <>{loading}</>;
  if (state.status !== 'ready') return <>{fallback}</>;
  return (
    <ErrorBoundary fallback={<>{fallback}</>}>
      <state.Component />
    </ErrorBoundary>
  );
}
