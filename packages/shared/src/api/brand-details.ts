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

/**
 * The i18next context of a text that may say pieces are checked (issue 48): `checked` when the store
 * checks them at the brand's hub (VERIFICATION_MODE=hub), so `t(key, { context })` reads `key_checked`;
 * otherwise (`none`, or the brand's details not known) the plain key, which promises no check. A
 * forgotten context can only under-promise (tools/lint/verification-claims.test.ts).
 */
export const verificationContext = (mode: BrandDetails['verification'] | null | undefined): 'checked' | undefined => (mode === 'hub' ? 'checked' : undefined);

/** The brand's verification mode for a loader's data: what `verificationContext` takes; null when the details fail. */
export function loadVerificationMode(): Promise<BrandDetails['verification'] | null> {
  return loadBrandDetails().then(
    (brand) => brand.verification,
    () => null,
  );
}
