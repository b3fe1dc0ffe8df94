import { isSignedInAtom, toggleWishlist, wishlistAtom } from '@preloved/shared';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './WishlistButton.module.css';

export interface WishlistButtonProps {
  /** The product child (a piece in one colour and size) the heart saves. */
  childId: number;
  /** Names the piece in the button's accessible name. */
  title: string;
  /** Unavailable bag lines keep the heart, disabled (spec §4 bag line flags). */
  disabled?: boolean;
}

/**
 * The wishlist heart (spec §6): a signed-in customer toggles the piece with PUT customers/wishlist;
 * visitors and guest-checkout users get the login panel instead (toggleWishlist decides).
 */
export function WishlistButton({ childId, title, disabled = false }: WishlistButtonProps) {
  const { t } = useTranslation('common');
  const signedIn = useAtomValue(isSignedInAtom);
  const savedIds = useAtomValue(wishlistAtom);
  const saved = signedIn && (savedIds ?? []).includes(childId);
  const [busy, setBusy] = useState(false);
  const toggle = () => {
    setBusy(true);
    // A refusal is shown by the API client's error catalogue; the heart just stays as it was.
    toggleWishlist(childId)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <button
      type="button"
      className={`${styles.heart} ${saved ? styles.saved : ''}`}
      aria-pressed={saved}
      aria-label={t(saved ? 'wishlist.remove' : 'wishlist.add', { title })}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      onClick={toggle}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8 3.6 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.4 0 5.5 3.5 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z" />
      </svg>
    </button>
  );
}
