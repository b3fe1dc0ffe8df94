import { formatMoney, LISTING_FILTERS, type SellerListingCard, type SellerListingList } from '@preloved/contract';
import { getSellerListings } from '@preloved/shared';
import { hasSession, Link, type LoaderFunctionArgs, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import { EmptyState, PageSkeleton, Pagination, TaxDataNotice, buttonClassName, useListingText } from '@preloved/ui';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/SellerPage.module.css';
import { BundleDiscount } from './BundleDiscount';
import { PriceChange } from './PriceChange';

export const LISTINGS_PER_PAGE = 24;
type Filter = (typeof LISTING_FILTERS)[number];
const filterOf = (value: string | null): Filter => ((LISTING_FILTERS as readonly string[]).includes(value ?? '') ? (value as Filter) : 'all');

export type ListingsData = { listings: SellerListingList; filter: Filter };

export async function listingsLoader({ request }: LoaderFunctionArgs): Promise<ListingsData | null> {
  if (!hasSession()) return null;
  const params = new URL(request.url).searchParams;
  const filter = filterOf(params.get('status'));
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 500 ? asked : 1;
  return { listings: await getSellerListings({ status: filter, page, limit: LISTINGS_PER_PAGE }, request.signal), filter };
}

/**
 * /user/listings — the seller's pieces, all / active / archived, a card each with its status; an unsold
 * one's price changes from its card.
 */
export function ListingsPage() {
  const data = usePageData<ListingsData | null>();
  const { t } = useTranslation('seller');
  const titleId = useId();
  useReloadOnSignIn(Boolean(data));
  useEffect(() => {
    document.title = `${t('listings.title')} — Preloved`;
  }, [t]);
  if (!data) return <PageSkeleton label={t('listings.title')} />;
  const { listings, filter } = data;
  const pages = Math.max(1, Math.ceil(listings.total / listings.limit));
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('listings.title')}
      </h2>
      <p className={styles.intro}>{t('listings.intro')}</p>
      <TaxDataNotice />
      <BundleDiscount />
      <nav className={styles.tabs} aria-label={t('listings.filters')}>
        {LISTING_FILTERS.map((value) => (
          <Link key={value} className={styles.tab} to={value === 'all' ? '/user/listings' : `/user/listings?status=${value}`} aria-current={filter === value ? 'page' : undefined}>
            {t(`listings.${value}`)}
          </Link>
        ))}
      </nav>
      {listings.listings.length === 0 ? (
        <EmptyState title={t('listings.empty')}>
          <p>{t('listings.emptyText')}</p>
          <Link className={buttonClassName()} to="/user/submit-item-2hand">
            {t('listings.sell')}
          </Link>
        </EmptyState>
      ) : (
        <>
          <p className={styles.hint}>{t('listings.caption', { count: listings.total })}</p>
          <ul className={styles.cards}>
            {listings.listings.map((listing) => (
              <li key={listing.id}>
                <ListingCard initial={listing} />
              </li>
            ))}
          </ul>
          {pages > 1 ? <Pagination page={listings.page} pages={pages} /> : null}
        </>
      )}
    </section>
  );
}

function ListingCard({ initial }: { initial: SellerListingCard }) {
  const { t, i18n } = useTranslation('seller');
  const { colourName, sizeLabel } = useListingText();
  const [listing, setListing] = useState(initial);
  useEffect(() => setListing(initial), [initial]);
  return (
    <>
      <Link className={styles.card} to={`/user/listings/${listing.id}`} aria-label={t('listings.open', { number: listing.number, title: listing.product })}>
        <img src={listing.photo} alt="" loading="lazy" />
        <span className={`${styles.status} ${styles[listing.status] ?? ''}`}>{t(`listings.statuses.${listing.status}`)}</span>
        <span className={styles.cardTitle}>{listing.product}</span>
        <span className={styles.hint}>{t('listings.options', { colour: colourName(listing.colour), size: sizeLabel(listing.size) })}</span>
        <span className={styles.price}>{formatMoney(listing.price, i18n.language)}</span>
      </Link>
      {listing.status === 'sold' ? null : <PriceChange listing={listing} onSaved={(price) => setListing((current) => ({ ...current, price }))} />}
    </>
  );
}
