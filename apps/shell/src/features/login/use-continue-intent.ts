import { goToCheckout, isSignedInAtom, loadWishlistIds, loginIntentAtom, navigate, saveSearch, startThread, store, toggleWishlist, wishlistAtom, type LoginIntent } from '@preloved/shared';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';

/**
 * Carries on what a visitor started before signing in. "Make an offer" is left to
 * the offer button of that piece (it opens its dialog again with the amount); the rest is done here.
 * A piece already saved stays saved (the wishlist call toggles, so it is read first).
 */
export async function continueIntent(intent: Exclude<LoginIntent, { kind: 'offer' }>): Promise<void> {
  switch (intent.kind) {
    case 'sell':
      await navigate('/user/submit-item-2hand');
      return;
    case 'checkout': {
      const next = await goToCheckout();
      if (next.next === 'checkout') await navigate('/checkout');
      return;
    }
    case 'wishlist':
      await loadWishlistIds();
      if (!store.get(wishlistAtom)?.includes(intent.childId)) await toggleWishlist(intent.childId);
      return;
    case 'ask': {
      // "Ask the seller": the conversation about the piece, where the question is written.
      const thread = await startThread(intent.listingId);
      await navigate(`/user/messages/${thread.id}`);
      return;
    }
    case 'saveSearch':
      // Saved now, and the account's list is where it is renamed, paused or deleted.
      await saveSearch(intent.search);
      await navigate('/user/saved-searches');
      return;
  }
}

/** Lives in the login panel (loaded with it, so the first page load carries none of it). */
export function useContinueIntent() {
  const signedIn = useAtomValue(isSignedInAtom);
  const [intent, setIntent] = useAtom(loginIntentAtom);
  useEffect(() => {
    if (!signedIn || !intent || intent.kind === 'offer') return;
    setIntent(null);
    // A failed call has told the shopper through the shared toasts; nothing more to do here.
    continueIntent(intent).catch(() => undefined);
  }, [signedIn, intent, setIntent]);
}
