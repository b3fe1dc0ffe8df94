import { AppProviders, getConfig, isLanguage, setLanguage, startSessionAtom, store, tokenAtom, type BagWidgetOptions } from '@preloved/shared';
import { createRoot } from 'react-dom/client';
import { BagWidget } from './BagWidget';

export const BAG_CHANGE_EVENT = 'preloved-bag-change';

/**
 * Mounts the bag widget into `element` with no React needed by the caller (DESIGN.md §3); returns
 * the function that unmounts it.
 */
export function mount(element: HTMLElement, options: BagWidgetOptions = {}): () => void {
  const storeUrl = (options.storeUrl ?? '').replace(/\/$/, '');
  // The API client reads its base on first use; the page's own override, if any, still wins.
  window.__PRELOVED_CONFIG__ = { apiBase: options.apiBase ?? `${storeUrl}/api`, ...window.__PRELOVED_CONFIG__ };
  if (options.language && isLanguage(options.language)) void setLanguage(options.language);
  // On another origin the store's storage is not shared: a token the brand hands over lets the widget
  // read the customer's server bag (it stays in this origin's storage, as the store keeps it).
  if (options.token && !store.get(tokenAtom)) store.set(startSessionAtom, { token: options.token, cart: [], notifications: 0 });
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
