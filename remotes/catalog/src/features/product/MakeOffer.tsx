import { formatMoney, offerBounds, offerPayPrice, type ListingOffer, type Offer } from '@preloved/contract';
import {
  getOffers,
  isSignedInAtom,
  loginIntentAtom,
  makeOffer,
  messageFor,
  offersEntry,
  openLoginAtom,
  useCached,
  userDataAtom,
  useToast,
} from '@preloved/shared';
import { Link } from '@preloved/shared/router';
import { AmountDialog, Button, Countdown } from '@preloved/ui';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './MakeOffer.module.css';

/**
 * "Make an offer" on one listing row (issue 26 item 4): a dialog with the listing's
 * bounds (50–99 % of its price), the amount checked before sending and the API's refusal in the form.
 * A visitor (or guest-checkout user) types the amount too; sending it asks them to sign in (spec §6)
 * and, once signed in or registered, the dialog opens again with that amount. A buyer with an offer
 * still waiting (or accepted, to buy) on this listing sees it, with its countdown, instead.
 */
export function MakeOfferButton({ listing, title }: { listing: ListingOffer; title: string }) {
  const { t } = useTranslation('catalog');
  const signedIn = useAtomValue(isSignedInAtom);
  const [intent, setIntent] = useAtom(loginIntentAtom);
  const customerId = useAtomValue(userDataAtom)?.customer.CustomerID;
  const [open, setOpen] = useState(false);
  const [initialAmount, setInitialAmount] = useState('');
  const [pending, reloadPending] = usePendingOffer(signedIn ? listing.listing_id : null);

  // Signed in with this piece's offer pending: the dialog opens again with what was typed.
  useEffect(() => {
    if (!signedIn || intent?.kind !== 'offer' || intent.listingId !== listing.listing_id) return;
    setIntent(null);
    setInitialAmount(intent.amount);
    setOpen(true);
  }, [signedIn, intent, listing.listing_id, setIntent]);

  if (customerId === listing.CustomerID) return null;
  if (pending) return <PendingOffer offer={pending} onEnd={reloadPending} />;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setInitialAmount('');
          setOpen(true);
        }}
        aria-label={t('offer.makeLabel', { item: title })}
      >
        {t('offer.make')}
      </Button>
      <OfferDialog
        open={open}
        listing={listing}
        title={title}
        initialAmount={initialAmount}
        signedIn={signedIn}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * The buyer's offer on the listing that is still waiting for the seller or accepted and not bought;
 * null otherwise. Its list is the data cache's, which the offer the buyer sends lands in (makeOffer),
 * so it shows without asking again.
 */
function usePendingOffer(listingId: number | null): [Offer | null, () => void] {
  // Not knowing about it only leaves the button, which the API guards (one open offer per piece).
  const { data, reload } = useCached(offersEntry(listingId ?? undefined), () => getOffers(undefined, listingId ?? undefined), { enabled: listingId !== null });
  const offer = listingId === null ? null : (data?.made.find((made) => (made.status === 'active' || made.status === 'accepted' || made.status === 'countered') && made.expires_at) ?? null);
  return [offer, useCallback(() => void reload(), [reload])];
}

function PendingOffer({ offer, onEnd }: { offer: Offer; onEnd: () => void }) {
  const { t, i18n } = useTranslation('catalog');
  const price = formatMoney(offer.price, i18n.language);
  // The listing's price fell below the accepted offer since: that lower price is paid.
  const pays = offerPayPrice(offer.price, offer.listing_price);
  return (
    <p className={styles.pending} role="status">
      <span>
        {offer.status === 'accepted'
          ? pays < offer.price
            ? t('offer.pendingAcceptedFell', { price, pays: formatMoney(pays, i18n.language) })
            : t('offer.pendingAccepted', { price })
          : offer.status === 'countered'
            ? t('offer.pendingCountered', { price, counter: formatMoney(offer.counter_price ?? offer.price, i18n.language) })
            : t('offer.pendingWaiting', { price })}
      </span>{' '}
      <Countdown expiresAt={offer.expires_at!} variant="compact" onEnd={onEnd} /> <Link to="/user/offers">{t('offer.pendingLink')}</Link>
    </p>
  );
}

interface OfferDialogProps {
  open: boolean;
  listing: ListingOffer;
  title: string;
  initialAmount: string;
  signedIn: boolean;
  onClose: () => void;
}

function OfferDialog({ open, listing, title, initialAmount, signedIn, onClose }: OfferDialogProps) {
  const { t, i18n } = useTranslation('catalog');
  const toast = useToast();
  const openLogin = useSetAtom(openLoginAtom);
  const bounds = offerBounds(listing.price);
  const money = (value: number) => formatMoney(value, i18n.language, { currency: listing.currency_symb_code });

  return (
    <AmountDialog
      open={open}
      title={t('offer.title', { item: title })}
      intro={t('offer.listed', { price: money(listing.price) })}
      note={t('offer.how')}
      label={t('offer.amount')}
      hint={t('offer.bounds', { min: money(bounds.min), max: money(bounds.max) })}
      initialAmount={initialAmount}
      cancelLabel={t('offer.cancel')}
      sendLabel={signedIn ? t('offer.send') : t('offer.signInToSend')}
      check={(price, text) =>
        text.trim() === ''
          ? messageFor('no_offer_price')
          : price === null
            ? messageFor('invalid_offer_price')
            : price < bounds.min || price > bounds.max
              ? t('offer.outOfBounds', { min: money(bounds.min), max: money(bounds.max) })
              : null
      }
      onSend={async (price, text) => {
        if (!signedIn) {
          // Sign in first; the amount waits (in memory) and this dialog opens again with it.
          onClose();
          openLogin({ intent: { kind: 'offer', listingId: listing.listing_id, amount: text } });
          return;
        }
        await makeOffer({ listing_id: listing.listing_id, price });
        // The offer's answer is in the listing's offers (the data cache): the row shows it as pending.
        toast.success(t('offer.sent', { price: money(price) }));
        onClose();
      }}
      onClose={onClose}
    />
  );
}
