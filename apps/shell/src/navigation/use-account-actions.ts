import { isSignedInAtom, navigate, openLoginAtom } from '@preloved/shared';
import { useAtomValue, useSetAtom } from 'jotai';

/** The header's and the mobile menu's account and sell actions. */
export function useAccountActions() {
  const signedIn = useAtomValue(isSignedInAtom);
  const openLogin = useSetAtom(openLoginAtom);
  return {
    signedIn,
    /** Spec §2: sign-in when there is no token or the user is a guest-checkout user; else /user. */
    openAccount: () => (signedIn ? void navigate('/user') : openLogin()),
    /** Spec §2: the submit-item page when signed in, otherwise sign-in. */
    sell: () => (signedIn ? void navigate('/user/submit-item-2hand') : openLogin({ intent: { kind: 'sell' } })),
  };
}
