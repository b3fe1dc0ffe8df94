import { AppProviders } from '@preloved/shared';
import type { ComponentProps, ReactNode } from 'react';
import { Frame } from './Frame';

/**
 * The store's tree, the same on the server and in the browser (hydration needs the same shape, or
 * React's `useId`s differ): the providers, the frame, and the page's router in the frame's page
 * region. The server passes its static router and the request's i18n; the browser its lazy router.
 */
export function StoreTree({ i18n, children }: { i18n?: ComponentProps<typeof AppProviders>['i18n']; children: ReactNode }) {
  return (
    <AppProviders i18n={i18n}>
      <Frame>{children}</Frame>
    </AppProviders>
  );
}
