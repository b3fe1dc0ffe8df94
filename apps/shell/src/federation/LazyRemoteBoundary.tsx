import type { ComponentExposeOf, RemoteName } from '@preloved/shared';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { RemoteBoundaryProps } from './RemoteBoundary';
import { RemoteSkeleton } from './RemoteSkeleton';

type AnyBoundaryProps = RemoteBoundaryProps<RemoteName, ComponentExposeOf<RemoteName>>;

const RemoteBoundary = lazy(async () => ({
  default: (await import('./RemoteBoundary')).RemoteBoundary as unknown as ComponentType<AnyBoundaryProps>,
}));

/**
 * `<RemoteBoundary>` whose own code (the federation glue, the error views) loads after the store's
 * frame has hydrated: the header's search box and the bag panel need none of it before then (issue
 * 13, the JS budget). Until it is there the slot shows what RemoteBoundary shows while its remote
 * loads, on the server and in the browser alike, so the HTML hydrates as it is.
 */
export function LazyRemoteBoundary<R extends RemoteName, E extends ComponentExposeOf<R>>(props: RemoteBoundaryProps<R, E>) {
  const frame = props.frame ?? ((content: ReactNode) => content);
  return (
    <Suspense fallback={frame(props.skeleton ?? <RemoteSkeleton />)}>
      <RemoteBoundary {...(props as unknown as AnyBoundaryProps)} />
    </Suspense>
  );
}
