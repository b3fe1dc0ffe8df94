import { AppProviders, isLanguage, setLanguage, type ResellWidgetOptions } from '@preloved/shared';
import { createRoot, type Root } from 'react-dom/client';
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
  const storeUrl = (options.storeUrl ?? window.location.origin).replace(/\/$/, '');
  // Drawn once the page's language and its sentences are in: a widget drawn before them would stay in
  // English beside one drawn after (a page mounts one per piece).
  const ready = options.language && isLanguage(options.language) ? setLanguage(options.language) : Promise.resolve();
  let root: Root | null = null;
  let unmounted = false;
  const draw = () => {
    if (unmounted) return;
    root = createRoot(element);
    root.render(
      <AppProviders>
        <ResellWidget reference={reference} storeUrl={storeUrl} />
      </AppProviders>,
    );
  };
  void ready.then(draw, draw);
  return () => {
    unmounted = true;
    root?.unmount();
  };
}
