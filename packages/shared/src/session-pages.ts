import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { store, tokenAtom } from './state/store';

/**
 * The /user pages (account and seller remotes) load only for a signed-in customer: without a token
 * a page's loader answers null instead of calling the API (a 401 would send the visitor home; the
 * /user frame asks them to sign in instead).
 */
export function hasSession(): boolean {
  return Boolean(store.get(tokenAtom));
}

/** Loads the page's data again once a token arrives (sign-in from the /user frame). */
export function useReloadOnSignIn(loaded: boolean): void {
  const token = useAtomValue(tokenAtom);
  const revalidator = useRevalidator();
  useEffect(() => {
    if (token && !loaded && revalidator.state === 'idle') void revalidator.revalidate();
  }, [token, loaded, revalidator]);
}
