import type { ProductListing } from '@preloved/contract';
import type { Ref } from 'react';
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
}

/** Cards of product variants, each a link to its product page (spec §2). */
export function ListingCards({ listings, conditions, className = layout.grid, eager = 4, ref, 'aria-label': label }: ListingCardsProps) {
  const { cardText } = useListingText(conditions);
  return (
    <ul ref={ref} className={className} aria-label={label}>
      {listings.map((listing, index) => (
        <li key={listing.product_variant_id}>
          <ProductCard
            to={`/product/${listing.product_id}?variant=${listing.product_variant_id}`}
            photo={listing.photo}
            title={listing.title}
            eager={index < eager}
            {...cardText(listing)}
          />
        </li>
      ))}
    </ul>
  );
}
