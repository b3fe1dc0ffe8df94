import { store, tokenAtom } from '@preloved/shared';
import { useRevalidator } from '@preloved/shared/router';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';

/** Seller pages load only for a signed-in customer; the /user frame asks a visitor to sign in. */
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
