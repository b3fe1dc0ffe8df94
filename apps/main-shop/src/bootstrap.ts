import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { MAIN_SHOP_NAME } from '@preloved/contract';
import type { MountBagWidgetModule } from '@preloved/shared';
import './main-shop.css';
import { startRedeem } from './redeem';

// The brand's main shop, reduced to what the embedding needs: it knows the widget's remote only by
// the URL in its page (or the query string), loads it through the federation runtime at run time,
// and mounts it with no React of its own. The widget reads the store's local bag and token (same
// origin), and follows changes made in the store's tabs through storage events.

function setting(name: 'widget' | 'store'): string {
  const fromQuery = new URLSearchParams(window.location.search).get(name);
  const fromPage = document.querySelector<HTMLMetaElement>(`meta[name="preloved-${name}"]`)?.content;
  return fromQuery || fromPage || (name === 'store' ? '/' : '/remotes/bag-checkout/mf-manifest.json');
}

async function start(): Promise<void> {
  const element = document.getElementById('preloved-bag');
  const status = document.getElementById('preloved-status');
  if (!element) return;
  const storeUrl = new URL(setting('store'), window.location.href).href.replace(/\/$/, '');
  startRedeem(`${storeUrl}/api`);
  try {
    registerRemotes([{ name: 'bag_checkout', entry: new URL(setting('widget'), window.location.href).href }]);
    const widget = await loadRemote<MountBagWidgetModule>('bag_checkout/mountBagWidget');
    if (!widget) throw new Error('the bag widget module is empty');
    const language = document.documentElement.lang === 'pt' ? 'pt' : 'en';
    widget.default(element, { storeUrl, language });
    element.addEventListener(widget.BAG_CHANGE_EVENT, (event) => {
      const { count } = (event as CustomEvent<{ count: number; total: number }>).detail;
      document.title = count > 0 ? `(${count}) ${MAIN_SHOP_NAME} — main shop` : `${MAIN_SHOP_NAME} — main shop`;
    });
  } catch (error) {
    // The store being down must not break the brand's page: a plain link stands in for the widget.
    console.warn('The pre-loved bag widget could not be loaded', error);
    const link = document.createElement('a');
    link.href = `${storeUrl}/`;
    link.textContent = 'Pre-loved bag';
    element.replaceChildren(link);
    if (status) status.textContent = '';
  }
}

void start();
