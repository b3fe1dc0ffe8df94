import { BRAND_ID } from '@preloved/contract';

// Runtime settings of the storefront. A page that embeds the store may set
// `window.__PRELOVED_CONFIG__` before the shell loads to change them without a rebuild.
export interface StorefrontConfig {
  /** Where the product API lives; the spec's relative paths resolve under it. */
  apiBase: string;
  brandId: number;
  /** Spec §1: switching language by the browser's language is off unless this flag is on. */
  detectBrowserLanguage: boolean;
}

declare global {
  interface Window {
    __PRELOVED_CONFIG__?: Partial<StorefrontConfig>;
  }
}

const defaults: StorefrontConfig = { apiBase: '/api', brandId: BRAND_ID, detectBrowserLanguage: false };

export function getConfig(): StorefrontConfig {
  const overrides = typeof window === 'undefined' ? undefined : window.__PRELOVED_CONFIG__;
  return { ...defaults, ...overrides };
}
