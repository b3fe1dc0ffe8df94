import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { MAIN_SHOP_NAME } from '@preloved/contract';
import type { MountBagWidgetModule } from '@preloved/shared';
import './main-shop.css';
import { startRedeem } from './redeem';
import { startResell, type ShopLanguage } from './resell';

// The brand's main shop, reduced to what the embedding needs: it knows the widgets' remotes only by
// the URLs in its page (or the query string), loads them through the federation runtime at run time,
// and mounts them with no React of its own. The bag widget reads the store's local bag and token
// (same origin), and follows changes made in the store's tabs through storage events; the order page
// mounts "Resell this" on each piece it sold.

type Setting = 'widget' | 'resell-widget' | 'store' | 'shop-server';
const DEFAULTS: Record<Setting, string> = {
  widget: '/remotes/bag-checkout/mf-manifest.json',
  'resell-widget': '/remotes/seller/mf-manifest.json',
  store: '/',
  // The shop's own server (it holds the shop key): in the demo, the store's stand-in of it.
  'shop-server': '/main-shop/server/discount-codes',
};
const QUERY: Record<Setting, string> = { widget: 'widget', 'resell-widget': 'resellWidget', store: 'store', 'shop-server': 'shopServer' };

function setting(name: Setting): string {
  const fromQuery = new URLSearchParams(window.location.search).get(QUERY[name]);
  const fromPage = document.querySelector<HTMLMetaElement>(`meta[name="preloved-${name}"]`)?.content;
  return fromQuery || fromPage || DEFAULTS[name];
}

/** The widgets' language: `?lang=pt` or `?lang=es`, else the page's own; English otherwise. */
function language(): ShopLanguage {
  const asked = (new URLSearchParams(window.location.search).get('lang') ?? document.documentElement.lang).slice(0, 2);
  return asked === 'pt' || asked === 'es' ? asked : 'en';
}

async function startBag(storeUrl: string): Promise<void> {
  const element = document.getElementById('preloved-bag');
  const status = document.getElementById('preloved-status');
  if (!element) return;
  try {
    const widget = await loadRemote<MountBagWidgetModule>('bag_checkout/mountBagWidget');
    if (!widget) throw new Error('the bag widget module is empty');
    widget.default(element, { storeUrl, language: language() });
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

function start(): void {
  const storeUrl = new URL(setting('store'), window.location.href).href.replace(/\/$/, '');
  startRedeem(new URL(setting('shop-server'), window.location.href).href.replace(/\/$/, ''));
  registerRemotes([
    { name: 'bag_checkout', entry: new URL(setting('widget'), window.location.href).href },
    { name: 'seller', entry: new URL(setting('resell-widget'), window.location.href).href },
  ]);
  void startBag(storeUrl);
  void startResell(storeUrl, language());
}

start();
