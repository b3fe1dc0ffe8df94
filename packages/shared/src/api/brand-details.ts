import type { BrandDetails } from '@preloved/contract';
import { fetchCached, useCached } from '../state/data-cache';
import { getBrandDetails } from './calls';

// Brand details change rarely and several parts of the page need them (header, footer, home,
// the verified badge): one request per page load, shared through the data cache. A failure is not
// kept, so a later use retries.
const brandEntry = ['brand-details'];
const always = { freshMs: Infinity };

/** The brand's details for a loader; the store's server keeps them for every page it renders, as the browser does. */
export function loadBrandDetails(): Promise<BrandDetails> {
  return fetchCached(brandEntry, getBrandDetails, { ...always, everyone: true });
}

/** Brand details for components that can render without them first (footer, logos). */
export function useBrandDetails(): { brand: BrandDetails | null; failed: boolean } {
  const { data, error } = useCached(brandEntry, getBrandDetails, { ...always, everyone: true });
  return { brand: data ?? null, failed: data === undefined && error !== undefined };
}
