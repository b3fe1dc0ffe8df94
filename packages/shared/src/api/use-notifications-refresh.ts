import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { tokenAtom } from '../state/store';
import { refreshNotifications } from './offers';

/**
 * Keeps the notifications count fresh without a reload: read once per session start and again
 * whenever the window gets focus back (the moment a customer who left the tab open looks again).
 * Chosen over server-sent events: the count changes a few times a day, an open stream per tab
 * would hold a connection (and a Fastify socket) per shopper for nothing, and a focus read costs
 * one small GET when someone is actually looking. The store's own offer actions read it right away.
 */
export function useNotificationsRefresh(): void {
  const token = useAtomValue(tokenAtom);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    void refreshNotifications(controller.signal);
    const onFocus = () => void refreshNotifications();
    window.addEventListener('focus', onFocus);
    return () => {
      controller.abort();
      window.removeEventListener('focus', onFocus);
    };
  }, [token]);
}
