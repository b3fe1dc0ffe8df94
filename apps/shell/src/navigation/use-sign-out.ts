import { clearSessionAtom, logout, useNavigate } from '@preloved/shared';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';

/** Logout (spec §4): token, notifications, bag and user data cleared, then home, whatever the server says. */
export function useSignOut() {
  const clearSession = useSetAtom(clearSessionAtom);
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout().catch(() => undefined);
    clearSession();
    await navigate('/');
  }, [clearSession, navigate]);
}
