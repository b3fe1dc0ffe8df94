import { AppProviders, getConfig, setLanguage, type Language } from '@preloved/shared';
import { createRoot } from 'react-dom/client';
import { BagWidget } from './BagWidget';

/** What the brand's main shop passes to `mount` (README: the embedding contract). */
export interface MountBagWidgetOptions {
  /** The second-hand store's URL; the widget's links lead there. Default: `/` of this origin. */
  storeUrl?: string;
  /** The product API; default `${storeUrl}/api`. Only needed when the API lives elsewhere. */
  apiBase?: string;
  /** 'en' (default) or 'pt'. */
  language?: Language;
  /** Called with the count and total on every change; the element also gets a `preloved-bag-change` event. */
  onChange?: (bag: { count: number; total: number }) => void;
}

export const BAG_CHANGE_EVENT = 'preloved-bag-change';

/**
 * Mounts the bag widget into `element` with no React needed by the caller (DESIGN.md §3); returns
 * the function that unmounts it.
 */
export function mount(element: HTMLElement, options: MountBagWidgetOptions = {}): () => void {
  const storeUrl = (options.storeUrl ?? '').replace(/\/$/, '');
  // The API client reads its base on first use; the page's own override, if any, still wins.
  window.__PRELOVED_CONFIG__ = { apiBase: options.apiBase ?? `${storeUrl}/api`, ...window.__PRELOVED_CONFIG__ };
  if (options.language) setLanguage(options.language);
  const root = createRoot(element);
  const changed = (bag: { count: number; total: number }) => {
    options.onChange?.(bag);
    element.dispatchEvent(new CustomEvent(BAG_CHANGE_EVENT, { detail: bag, bubbles: true }));
  };
  root.render(
    <AppProviders>
      <BagWidget storeUrl={storeUrl || getConfig().apiBase.replace(/\/api$/, '')} onChange={changed} />
    </AppProviders>,
  );
  return () => root.unmount();
}
