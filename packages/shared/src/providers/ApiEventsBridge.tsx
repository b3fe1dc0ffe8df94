import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { onApiEvent } from '../api/events';
import { navigate } from '../navigation';
import { clearSessionAtom, openLoginAtom } from '../state/store';
import { useToast } from './toast';

/**
 * Turns the API client's events into the spec's reactions (§8): 422 with a message → error toast;
 * 401 → session cleared, home, login opened; 500 → home. Rendered once, in the store's frame (it needs no router).
 */
export function ApiEventsBridge() {
  const toast = useToast();
  const clearSession = useSetAtom(clearSessionAtom);
  const openLogin = useSetAtom(openLoginAtom);

  useEffect(
    () =>
      onApiEvent((event) => {
        if (event.type === 'error-message') toast.error(event.message);
        else if (event.type === 'unauthorized') {
          clearSession();
          void navigate('/');
          openLogin();
        } else if (event.type === 'server-error') void navigate('/');
      }),
    [toast, clearSession, openLogin],
  );
  return null;
}
