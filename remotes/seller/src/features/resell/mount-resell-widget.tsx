import { AppProviders, isLanguage, setLanguage, type ResellWidgetOptions } from '@preloved/shared';
import { createRoot } from 'react-dom/client';
import { ResellWidget } from './ResellWidget';
import { resellReference } from '../../lib/resell-link';

/**
 * Mounts "Resell this" into `element` with no React needed by the caller (the embedding contract:
 * apps/main-shop/README.md); returns the function that unmounts it. A reference that is not a
 * catalogue reference mounts nothing: the selling flow would have nothing to fill in.
 */
export function mount(element: HTMLElement, options: ResellWidgetOptions): () => void {
  const reference = resellReference(options.reference);
  if (reference === null) {
    console.warn('Resell this: the reference is not a product child id', options.reference);
    return () => undefined;
  }
  if (options.language && isLanguage(options.language)) void setLanguage(options.language);
  const storeUrl = (options.storeUrl ?? window.location.origin).replace(/\/$/, '');
  const root = createRoot(element);
  root.render(
    <AppProviders>
      <ResellWidget reference={reference} storeUrl={storeUrl} />
    </AppProviders>,
  );
  return () => root.unmount();
}
