import type { ListingsQuery } from '@preloved/contract';
import type { z } from 'zod';
import type { ContentLanguage } from '../../core/language';

// The shapes the catalogue's readers exchange: the validated query, and rows as the SQL returns them.

/** The validated query, and the language the titles are answered in (English when absent). */
export type BrowseQuery = z.output<typeof ListingsQuery> & { lang?: ContentLanguage };

/** A card as the page query returns it (prices in cents). */
export interface CardRow {
  variant_id: number;
  product_id: number;
  min_price: number;
  max_price: number;
  condition_id: number;
  /** The conditions and sizes of the pieces the card counts (those that match the shopper's filters). */
  condition_ids: number[];
  sizes: string[];
  n: number;
  total: number;
}

/** What a card shows beyond its pieces: title, photo and the product's colours. */
export interface CardDetail {
  id: number;
  title: string;
  kind: string;
  colour_id: string;
  /** The variant's colour name (English, the client translates it by id). */
  colour: string;
  colours: string[] | null;
}

/** Per filter value, how many cards the shopper's other filters leave with it (keys as strings). */
export interface FacetCounts {
  size: Record<string, number>;
  condition: Record<string, number>;
  colour: Record<string, number>;
}

/** The filter values as the facet queries return them. */
export interface FacetRow {
  conditions: { id: number; option: string }[];
  sizes: string[];
  colours: { id: string; option: string; hex: string }[];
  min_price: number | null;
  max_price: number | null;
}
