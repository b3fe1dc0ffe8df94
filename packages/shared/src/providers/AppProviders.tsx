import { Provider as StoreProvider } from 'jotai';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { i18n as sharedI18n } from '../i18n';
import { store } from '../state/store';
import { TOAST_MS } from './toast';

/**
 * The providers every frame needs: the one store, the one i18n instance, the toasts (top centre).
 * The shell uses it once; a remote's standalone frame uses it too, so both behave the same. The
 * store's server passes a per-request copy of the i18n instance in the request's language.
 */
export function AppProviders({ children, i18n = sharedI18n }: { children: ReactNode; i18n?: I18n }) {
  return (
    <StoreProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <SnackbarProvider
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
          autoHideDuration={TOAST_MS}
          maxSnack={3}
        >
          {children}
        </SnackbarProvider>
      </I18nextProvider>
    </StoreProvider>
  );
}
