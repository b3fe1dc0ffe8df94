import { Provider as StoreProvider } from 'jotai';
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { i18n as sharedI18n } from '../i18n';
import { store } from '../state/store';

const Toaster = lazy(() => import('./Toaster'));

/**
 * The toasts' code is a shared module of the federation: resolving it asks every registered remote's
 * manifest, so a remote that is down makes it fail. Without this boundary that failure reached the
 * root and unmounted the whole store (a blank page); now the store keeps working without toasts.
 */
class ToasterBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('[preloved] toasts could not be loaded', error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The toasts mount once the page is interactive: the server's HTML and the first render have none. */
function ToasterAfterMount() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? (
    <ToasterBoundary>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ToasterBoundary>
  ) : null;
}

/**
 * The providers every frame needs: the one store, the one i18n instance, the toasts (top centre).
 * The shell uses it once; a remote's standalone frame uses it too, so both behave the same. The
 * store's server passes a per-request copy of the i18n instance in the request's language.
 */
export function AppProviders({ children, i18n = sharedI18n }: { children: ReactNode; i18n?: I18n }) {
  return (
    <StoreProvider store={store}>
      <I18nextProvider i18n={i18n}>
        {children}
        <ToasterAfterMount />
      </I18nextProvider>
    </StoreProvider>
  );
}
