import type { ListingOffer } from '@preloved/contract';
import { isSignedInAtom, navigate, openLoginAtom, startThread, userDataAtom } from '@preloved/shared';
import { Button } from '@preloved/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Ask the seller" (issue 47): opens the shopper's conversation with the piece's seller about it (the
 * same one on every ask). A visitor signs in first and is taken there after (the login's intent); one's
 * own piece has no seller to ask.
 */
export function AskSellerButton({ listing, title }: { listing: ListingOffer; title: string }) {
  const { t } = useTranslation('catalog');
  const signedIn = useAtomValue(isSignedInAtom);
  const customerId = useAtomValue(userDataAtom)?.customer.CustomerID;
  const openLogin = useSetAtom(openLoginAtom);
  const [busy, setBusy] = useState(false);
  if (customerId === listing.CustomerID) return null;

  const ask = async () => {
    if (!signedIn) {
      openLogin({ intent: { kind: 'ask', listingId: listing.listing_id } });
      return;
    }
    setBusy(true);
    try {
      const thread = await startThread(listing.listing_id);
      await navigate(`/user/messages/${thread.id}`);
    } catch {
      // The shared catalogue's toast has said why (the piece is no longer there).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" disabled={busy} onClick={() => void ask()} aria-label={t('ask.label', { name: listing.FirstName, item: title })}>
      {t('ask.button')}
    </Button>
  );
}
