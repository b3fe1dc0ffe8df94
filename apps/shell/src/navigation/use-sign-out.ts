import { clearSessionAtom, logout, navigate } from '@preloved/shared';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';

/** Logout (spec §4): token, notifications, bag and user data cleared, then home, whatever the server says. */
export function useSignOut() {
  const clearSession = useSetAtom(clearSessionAtom);
  return useCallback(async () => {
    await logout().catch(() => undefined);
    clearSession();
    await navigate('/');
  }, [clearSession]);
}
