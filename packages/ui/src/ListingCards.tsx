import type { ProductListing } from '@preloved/contract';
import { useBrandDetails } from '@preloved/shared';
import { useSyncExternalStore, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import layout from './ListingLayout.module.css';
import { ProductCard } from './ProductCard';
import { useListingText } from './use-listing-text';

export interface ListingCardsProps {
  listings: readonly ProductListing[];
  /** The answer's condition values: names for conditions the translations do not know. */
  conditions?: readonly { id: number; option: string }[];
  /** The grid of the place the cards sit in; by default a listing page's (2 columns on phones, up to 5). */
  className?: string;
  /** How many cards, from the first, load their photo at once (the first visible row). */
  eager?: number;
  ref?: Ref<HTMLUListElement>;
  'aria-label'?: string;
  /** The shopper's piece filters: a card opens its product page on the piece that matches them. */
  pieces?: PieceFilters;
}

/** The filters that choose pieces (not products): the product page selects the cheapest piece that matches them. */
export interface PieceFilters {
  size?: readonly string[];
  condition?: readonly number[];
  min_price?: number;
  max_price?: number;
}

/**
 * A card's product page, on the piece the card's price describes: with a size
 * filter the card's matching sizes, and the condition and price filters, travel in the link.
 */
export function cardLink(listing: ProductListing, pieces: PieceFilters = {}): string {
  const params = new URLSearchParams({ variant: String(listing.product_variant_id) });
  if (pieces.size?.length && listing.Size.length > 0) params.set('size', listing.Size.map((entry) => entry.O2Child).join(','));
  if (pieces.condition?.length) params.set('condition', pieces.condition.join(','));
  if (pieces.min_price !== undefined) params.set('min_price', String(pieces.min_price));
  if (pieces.max_price !== undefined) params.set('max_price', String(pieces.max_price));
  return `/product/${listing.product_id}?${params.toString()}`;
}

/** Cards of product variants, each a link to its product page (spec §2). */
export function ListingCards({ listings, conditions, className = layout.grid, eager = 4, ref, 'aria-label': label, pieces }: ListingCardsProps) {
  const { cardText, cardTitle } = useListingText(conditions);
  return (
    <ul ref={ref} className={className} aria-label={label}>
      {listings.map((listing, index) => (
        <li key={listing.product_variant_id}>
          <ProductCard
            to={cardLink(listing, pieces)}
            photo={listing.photo}
            title={cardTitle(listing)}
            eager={index < eager}
            {...cardText(listing)}
            seller={listing.brand_pieces ? <SoldByBrand all={listing.brand_pieces >= listing.listings_count} /> : undefined}
          />
        </li>
      ))}
    </ul>
  );
}

const noSubscription = () => () => {};

/**
 * Brand Direct (issue 48): the card's pieces are the brand's own ("Sold by …"), or some of them are
 * ("Also sold by …"). The brand's name comes from its details, which the server's render does not have
 * and the browser may already hold at hydration: the name is written once the page is hydrated, so
 * both render the same (React #418 otherwise, on every server-rendered page with a brand piece).
 */
function SoldByBrand({ all }: { all: boolean }) {
  const { t } = useTranslation('common');
  const { brand } = useBrandDetails();
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  if (!brand || !hydrated) return null;
  return <>{t(all ? 'catalogue.card.soldByBrand' : 'catalogue.card.alsoByBrand', { brand: brand.name })}</>;
}
