import { formatMoney, ListingPricingInput, type SellerListing } from '@preloved/contract';
import {
  getSellerListing,
  HTTPError,
  resendLabel,
  setListingPricing,
  setListingStatus,
  useToast,
} from '@preloved/shared';
import { hasSession, Link, type LoaderFunctionArgs, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import { Button, EmptyState, Field, FormFailure, PageSkeleton, buttonClassName, useFieldForm, useListingText } from '@preloved/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/SellerPage.module.css';
import { eurosText, formatDate, parseEuros, sellerMessage } from '../../lib/format';

export type ListingData = { listing: SellerListing | null; missing?: boolean };

export async function listingLoader({ params, request }: LoaderFunctionArgs): Promise<ListingData | null> {
  if (!hasSession()) return null;
  const id = Number(params.listingId);
  if (!Number.isInteger(id) || id <= 0) return { listing: null, missing: true };
  try {
    return { listing: await getSellerListing(id, request.signal) };
  } catch (error) {
    // Another seller's listing is a 404 like a missing one: the page says so instead of failing.
    if (error instanceof HTTPError && error.response.status === 404) return { listing: null, missing: true };
    throw error;
  }
}

/**
 * /user/listings/:id — every field of spec §3's listing, and the seller's actions (spec §6): change
 * the minimum price, turn smart pricing on or off, archive or reactivate, resend the label e-mail of
 * a sold piece.
 */
export function ListingPage() {
  const data = usePageData<ListingData | null>();
  const { t } = useTranslation('seller');
  useReloadOnSignIn(Boolean(data));
  if (!data) return <PageSkeleton label={t('listings.title')} />;
  if (!data.listing) {
    return (
      <EmptyState title={t('listing.notFound')}>
        <Link className={buttonClassName('secondary')} to="/user/listings">
          {t('listing.back')}
        </Link>
      </EmptyState>
    );
  }
  return <ListingView key={data.listing.id} initial={data.listing} />;
}

function ListingView({ initial }: { initial: SellerListing }) {
  const { t, i18n } = useTranslation('seller');
  const { colourName, sizeName, conditionName } = useListingText();
  const toast = useToast();
  const [listing, setListing] = useState(initial);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const price = (value: number) => formatMoney(value, i18n.language);
  const date = (value: string) => formatDate(value, i18n.language);
  useEffect(() => {
    document.title = `${t('listing.title', { number: listing.number })} — Preloved`;
  }, [t, listing.number]);

  const toggleStatus = async () => {
    setBusy(true);
    try {
      const next = await setListingStatus(listing.id, listing.status === 'active' ? 'archived' : 'active');
      setListing(next);
      toast.success(t(next.status === 'archived' ? 'listing.archivedDone' : 'listing.reactivatedDone'));
    } catch {
      // The shared catalogue's toast has said what failed.
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (listing.package_id === null) return;
    setBusy(true);
    try {
      await resendLabel(listing.package_id);
      toast.success(t('listing.labelSent'));
    } catch {
      // As above.
    } finally {
      setBusy(false);
    }
  };

  const facts: [string, string][] = [
    [t('listing.number'), listing.number],
    [t('listing.date'), date(listing.date)],
    ...(listing.sold_date ? ([[t('listing.soldDate'), date(listing.sold_date)]] as [string, string][]) : []),
    ...(listing.customer ? ([[t('listing.customer'), listing.customer]] as [string, string][]) : []),
    [t('listing.product'), listing.product],
    [t('listing.colour'), colourName(listing.colour)],
    [t('listing.size'), sizeName(listing.size)],
    [t('listing.condition'), conditionName(listing.condition_id) || listing.condition],
    [t('listing.comment'), listing.comment || t('listing.noComment')],
    [t('listing.price'), price(listing.price)],
    [t('listing.youReceive'), price(listing.you_receive)],
    [t('listing.buyerPays'), price(listing.buyer_pays)],
    [t('listing.originalPrice'), price(listing.original_price)],
    [t('listing.suggestedPrice'), price(listing.suggested_price)],
    [t('listing.smartPricing'), listing.smart_pricing ? t('listing.on') : t('listing.off')],
    [t('listing.minPrice'), price(listing.min_price)],
    [t('listing.nextUpdate'), listing.next_update_date ? date(listing.next_update_date) : t('listing.noUpdate')],
    [t('listing.status'), t(`listings.statuses.${listing.status}`)],
  ];

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <p>
        <Link to="/user/listings">{t('listing.back')}</Link>
      </p>
      <h2 id={titleId} className={styles.title}>
        {t('listing.title', { number: listing.number })}
      </h2>
      <ul className={styles.photos} aria-label={t('listing.photos')}>
        {listing.photos.map((photo, index) => (
          <li key={photo} className={styles.photo}>
            <img src={photo} alt={t('listing.photoAlt', { n: index + 1 })} />
          </li>
        ))}
      </ul>
      <dl className={styles.facts}>
        {facts.map(([name, value]) => (
          <div key={name} style={{ display: 'contents' }}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {listing.status !== 'sold' ? <PricingForm listing={listing} onSaved={setListing} /> : null}
      <div className={styles.actions}>
        {listing.status === 'sold' ? (
          <Button variant="secondary" busy={busy} disabled={busy || listing.package_id === null} onClick={() => void resend()}>
            {t('listing.resendLabel')}
          </Button>
        ) : (
          <>
            {/* A rejected piece stays as the brand left it; one sent back for changes is edited and reviewed again. */}
            {listing.status === 'rejected' ? null : (
              <Link className={buttonClassName('secondary')} to={`/user/submit-item-2hand/${listing.id}`}>
                {t('listing.edit')}
              </Link>
            )}
            {listing.status === 'active' || listing.status === 'archived' ? (
              <Button variant="secondary" busy={busy} disabled={busy} onClick={() => void toggleStatus()}>
                {listing.status === 'active' ? t('listing.archive') : t('listing.reactivate')}
              </Button>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}

const WIRE_FIELDS = { min_price: 'minPrice' } as const;

function PricingForm({ listing, onSaved }: { listing: SellerListing; onSaved: (listing: SellerListing) => void }) {
  const { t } = useTranslation('seller');
  const toast = useToast();
  const [smart, setSmart] = useState(listing.smart_pricing);
  const form = useFieldForm({ minPrice: eurosText(listing.min_price) }, { message: sellerMessage });
  const legendId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    const text = form.values.minPrice.trim();
    const minPrice = text === '' ? undefined : (parseEuros(text) ?? Number.NaN);
    const parsed = ListingPricingInput.safeParse({ min_price: minPrice, smart_pricing: smart });
    let problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
    if (!problem && minPrice !== undefined && minPrice > listing.price) problem = 'min_price_above_price';
    if (!form.check({ minPrice: problem })) return;
    form.setBusy(true);
    try {
      onSaved(await setListingPricing(listing.id, { min_price: minPrice!, smart_pricing: smart }));
      toast.success(t('listing.pricingSaved'));
    } catch (error) {
      await form.refuseFailure(error, WIRE_FIELDS);
    } finally {
      form.setBusy(false);
    }
  };

  return (
    <form className={`${styles.form} ${styles.section}`} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={legendId}>
      <h3 id={legendId} className={styles.sectionTitle}>
        {t('listing.pricingTitle')}
      </h3>
      <Field {...form.field('minPrice')} label={t('submit.minPrice')} hint={t('submit.minPriceHint')} inputMode="decimal" autoComplete="off" maxLength={10} />
      <label className={styles.choice}>
        <input type="checkbox" checked={smart} onChange={(event) => setSmart(event.target.checked)} />
        <span>
          {t('submit.smartPricing')}
          <span className={styles.hint}>{t('submit.smartPricingHint')}</span>
        </span>
      </label>
      <FormFailure>{form.failure}</FormFailure>
      <div>
        <Button type="submit" busy={form.busy} disabled={form.busy}>
          {t('listing.savePricing')}
        </Button>
      </div>
    </form>
  );
}
