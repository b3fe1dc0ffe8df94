import { formatMoney, ListingPriceInput, type SellerListingCard } from '@preloved/contract';
import { setListingPrice, useToast } from '@preloved/shared';
import { Button, Field, FormFailure, useFieldForm } from '@preloved/ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/SellerPage.module.css';
import { eurosText, parseEuros, sellerMessage } from '../../lib/format';

const WIRE_FIELDS = { price: 'price' } as const;

/**
 * "Change price" under a card of My listings: the new price is saved from the list in one
 * step, with the listing's rules (the contract's bounds here, the minimum price at the API) and the
 * editor's messages, instead of through "Edit listing" on a phone.
 */
export function PriceChange({ listing, onSaved }: { listing: SellerListingCard; onSaved: (price: number) => void }) {
  const { t } = useTranslation('seller');
  const [open, setOpen] = useState(false);
  const openerId = useId();
  // Back to "Change price" once the form is gone (saved or cancelled).
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => document.getElementById(openerId)?.focus());
  };
  if (!open) {
    return (
      <Button id={openerId} variant="secondary" className={styles.priceButton} onClick={() => setOpen(true)} aria-label={t('listings.changePriceOf', { number: listing.number, title: listing.product })}>
        {t('listings.changePrice')}
      </Button>
    );
  }
  return (
    <PriceForm
      listing={listing}
      onCancel={close}
      onSaved={(price) => {
        onSaved(price);
        close();
      }}
    />
  );
}

function PriceForm({ listing, onSaved, onCancel }: { listing: SellerListingCard; onSaved: (price: number) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation('seller');
  const toast = useToast();
  // The price as the reader writes it ("61,50" in Portuguese and Spanish); parseEuros takes either mark.
  const typed = eurosText(listing.price);
  const form = useFieldForm({ price: i18n.language === 'en' ? typed : typed.replace('.', ',') }, { message: sellerMessage });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    const text = form.values.price.trim();
    const parsed = ListingPriceInput.safeParse({ price: text === '' ? undefined : (parseEuros(text) ?? Number.NaN) });
    if (!form.check({ price: parsed.success ? null : (parsed.error.issues[0]?.message ?? null) }) || !parsed.success) return;
    form.setBusy(true);
    try {
      const saved = await setListingPrice(listing.id, parsed.data);
      form.setBusy(false);
      toast.success(t('listings.priceSaved', { number: saved.number, price: formatMoney(saved.price, i18n.language) }));
      onSaved(saved.price);
    } catch (error) {
      form.setBusy(false);
      await form.refuseFailure(error, WIRE_FIELDS);
    }
  };

  return (
    <form className={styles.priceForm} onSubmit={(event) => void submit(event)} noValidate aria-label={t('listings.priceFormOf', { number: listing.number })}>
      {/* The field opens with the focus, as the button pressed is gone. */}
      <Field {...form.field('price')} label={t('listings.newPrice')} inputMode="decimal" autoComplete="off" maxLength={10} autoFocus />
      <FormFailure>{form.failure}</FormFailure>
      <div className={styles.priceActions}>
        <Button type="submit" block busy={form.busy} disabled={form.busy}>
          {t('listings.savePrice')}
        </Button>
        <Button variant="ghost" block disabled={form.busy} onClick={onCancel}>
          {t('listings.cancelPrice')}
        </Button>
      </div>
    </form>
  );
}
