import type { BrandDetails } from '@preloved/contract';
import { useEffect, useState } from 'react';
import { getBrandDetails } from './calls';

// Brand details change rarely and several parts of the page need them (header, footer, home,
// the verified badge): one request per page load, shared. A failure is forgotten so a later use retries.
let pending: Promise<BrandDetails> | undefined;

export function loadBrandDetails(): Promise<BrandDetails> {
  if (!pending) {
    pending = getBrandDetails();
    pending.catch(() => {
      pending = undefined;
    });
  }
  return pending;
}

/** Brand details for components that can render without them first (footer, logos). */
export function useBrandDetails(): { brand: BrandDetails | null; failed: boolean } {
  const [state, setState] = useState<{ brand: BrandDetails | null; failed: boolean }>({
    brand: null,
    failed: false,
  });
  useEffect(() => {
    let live = true;
    loadBrandDetails().then(
      (brand) => live && setState({ brand, failed: false }),
      () => live && setState({ brand: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
