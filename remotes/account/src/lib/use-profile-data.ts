import { store, tokenAtom } from '@preloved/shared';
import { useRevalidator } from '@preloved/shared/router';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';

/**
 * Account pages load only for a signed-in customer: without a token the loader answers null instead
 * of calling the API (a 401 would send the visitor home; the /user frame asks them to sign in
 * instead). Once a token arrives, the page's data is loaded again.
 */
export function hasSession(): boolean {
  return Boolean(store.get(tokenAtom));
}

export function useReloadOnSignIn(loaded: boolean): void {
  const token = useAtomValue(tokenAtom);
  const revalidator = useRevalidator();
  useEffect(() => {
    if (token && !loaded && revalidator.state === 'idle') void revalidator.revalidate();
  }, [token, loaded, revalidator]);
}
