import { OFFER_MAX_PERCENT, OFFER_MESSAGES, OFFER_MIN_PERCENT, offerBounds, type ListingOffer } from '@preloved/contract';
import { formatPrice, isSignedInAtom, makeOffer, messageFor, openLoginAtom, readRefusal, refusedFields, userDataAtom, useToast } from '@preloved/shared';
import { Button, Field, useModalDialog } from '@preloved/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './MakeOffer.module.css';

/** "25", "25.5", "25,50" → 25.5; null when it is not an amount with at most 2 decimals. */
export function parseAmount(text: string): number | null {
  const normal = text.trim().replace(/\s|€/g, '').replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(normal)) return null;
  return Number(normal);
}

/**
 * "Make an offer" on one listing row (issue 15 item 2): visitors and guest-checkout users get the
 * login panel first (spec §6); a signed-in shopper gets a dialog with the listing's bounds
 * (50–99 % of its price), the amount checked before sending and the API's refusal in the form.
 */
export function MakeOfferButton({ listing, title }: { listing: ListingOffer; title: string }) {
  const { t } = useTranslation('catalog');
  const signedIn = useAtomValue(isSignedInAtom);
  const openLogin = useSetAtom(openLoginAtom);
  const customerId = useAtomValue(userDataAtom)?.customer.CustomerID;
  const [open, setOpen] = useState(false);
  if (customerId === listing.CustomerID) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => (signedIn ? setOpen(true) : openLogin())} aria-label={t('offer.makeLabel', { item: title })}>
        {t('offer.make')}
      </Button>
      <OfferDialog open={open} listing={listing} title={title} onClose={() => setOpen(false)} />
    </>
  );
}

function OfferDialog({ open, listing, title, onClose }: { open: boolean; listing: ListingOffer; title: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('catalog');
  const toast = useToast();
  const ref = useModalDialog(open, onClose);
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bounds = offerBounds(listing.price, OFFER_MIN_PERCENT, OFFER_MAX_PERCENT);
  const money = (value: number) => formatPrice(value, i18n.language, listing.currency_symb_code);

  const close = () => {
    setAmount('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const price = amount.trim() === '' ? undefined : parseAmount(amount);
    const problem =
      price === undefined
        ? messageFor('no_offer_price')
        : price === null
          ? messageFor('invalid_offer_price')
          : price < bounds.min || price > bounds.max
            ? t('offer.outOfBounds', { min: money(bounds.min), max: money(bounds.max) })
            : null;
    if (problem || price == null) {
      setError(problem);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await makeOffer({ listing_id: listing.listing_id, price });
      toast.success(t('offer.sent', { price: money(price) }));
      close();
    } catch (failure) {
      const fields = refusedFields(failure);
      const refusal = await readRefusal(failure);
      // The API's refusals are English sentences (OFFER_MESSAGES): shown in the page's language.
      const known = (Object.keys(OFFER_MESSAGES) as (keyof typeof OFFER_MESSAGES)[]).find((key) => OFFER_MESSAGES[key] === refusal.text);
      setError(fields.price ? messageFor(fields.price) : known ? t(`offer.refusals.${known}`) : refusal.text);
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId}>
      {open ? (
        <form onSubmit={(event) => void submit(event)} noValidate className={styles.form}>
          <h2 id={titleId} className={styles.title}>
            {t('offer.title', { item: title })}
          </h2>
          <p className={styles.price}>{t('offer.listed', { price: money(listing.price) })}</p>
          <Field
            ref={inputRef}
            label={t('offer.amount')}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setError(null);
            }}
            inputMode="decimal"
            autoComplete="off"
            maxLength={10}
            error={error}
            hint={t('offer.bounds', { min: money(bounds.min), max: money(bounds.max) })}
            autoFocus
          />
          <p className={styles.note}>{t('offer.how')}</p>
          <div className={styles.actions}>
            <Button type="button" variant="secondary" onClick={close}>
              {t('offer.cancel')}
            </Button>
            <Button type="submit" busy={busy} disabled={busy}>
              {t('offer.send')}
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
