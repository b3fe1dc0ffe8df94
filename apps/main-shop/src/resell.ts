import { loadRemote } from '@module-federation/enhanced/runtime';
import type { MountResellWidgetModule } from '@preloved/shared';

// "Resell this" on the brand's order page: every element with `data-preloved-resell`
// (the piece's catalogue reference, its product child id) gets the seller remote's widget. The page
// gives the reference and nothing else: the store's selling flow looks up the product, colour, size
// and original price itself, and asks a visitor to sign in first.

/** The languages the store's widgets speak. */
export type ShopLanguage = 'en' | 'pt' | 'es';

/** The stand-in link's words, when the widget cannot load. */
const RESELL_THIS: Record<ShopLanguage, string> = { en: 'Resell this', pt: 'Revender esta peça', es: 'Revender esta prenda' };

/** Mounts "Resell this" on each piece of the page; a plain link stands in when the remote cannot load. */
export async function startResell(storeUrl: string, language: ShopLanguage): Promise<void> {
  const pieces = Array.from(document.querySelectorAll<HTMLElement>('[data-preloved-resell]'));
  if (pieces.length === 0) return;
  try {
    const widget = await loadRemote<MountResellWidgetModule>('seller/mountResellWidget');
    if (!widget) throw new Error('the resell widget module is empty');
    for (const element of pieces) widget.default(element, { reference: element.dataset.prelovedResell ?? '', storeUrl, language });
  } catch (error) {
    // The store being down must not break the brand's order page: a plain link into its selling page.
    console.warn('The resell widget could not be loaded', error);
    for (const element of pieces) {
      const link = document.createElement('a');
      link.href = `${storeUrl}/user/submit-item-2hand?resell=${encodeURIComponent(element.dataset.prelovedResell ?? '')}`;
      link.textContent = RESELL_THIS[language];
      element.replaceChildren(link);
    }
  }
}
