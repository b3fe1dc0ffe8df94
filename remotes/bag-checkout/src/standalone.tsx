import { formatMoney, type ProductResponse } from '@preloved/contract';
import {
  addToBag,
  ApiEventsBridge,
  bagLineFromListing,
  bagOpenAtom,
  cartQuantityAtom,
  getListings,
  getProduct,
} from '@preloved/shared';
import {
  Link,
  Outlet,
} from '@preloved/shared/router';
import { mountStandalone, pageRoutes } from '@preloved/shared/standalone';
import { Button } from '@preloved/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import BagPanel from './exposes/BagPanel';
import BagWidget from './exposes/BagWidget';
import { pages } from './exposes/CheckoutPages';

// The bag panel, the widget and /checkout in a minimal frame with the same providers as the shell,
// against the API: for working on this remote alone. A product's listings stand in for the catalog.
const paths: Record<string, string> = { checkout: '/checkout' };

function Listings() {
  const { t, i18n } = useTranslation('bag');
  const [product, setProduct] = useState<ProductResponse | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getListings({}, controller.signal)
      .then((list) => {
        const first = list.products_listings[0];
        return first ? getProduct(first.product_id, first.product_variant_id, controller.signal) : null;
      })
      .then(setProduct)
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  if (!product) return null;
  return (
    <section>
      <h2>{t('standalone.product')}</h2>
      <ul>
        {product.listings.slice(0, 6).map((listing) => (
          <li key={listing.listing_id} style={{ display: 'flex', gap: 12, alignItems: 'center', padding: 4 }}>
            <span>
              {product.product.title} · {listing.O2Child} · {formatMoney(listing.price, i18n.language)}
            </span>
            <Button variant="secondary" onClick={() => void addToBag(bagLineFromListing(product, listing)).catch(() => undefined)}>
              {t('standalone.add')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Frame() {
  const { t } = useTranslation('bag');
  const count = useAtomValue(cartQuantityAtom);
  const setOpen = useSetAtom(bagOpenAtom);
  return (
    <>
      <ApiEventsBridge />
      <header style={{ display: 'flex', gap: 16, alignItems: 'center', padding: 16 }}>
        <Link to="/">{t('standalone.title')}</Link>
        <Link to="/checkout">{t('checkout.title')}</Link>
        <Button onClick={() => setOpen(true)}>{t('standalone.openBag', { count })}</Button>
      </header>
      <main id="main" style={{ padding: 16, display: 'grid', gap: 24 }}>
        <Outlet />
        <Listings />
        <section>
          <h2>{t('standalone.widget')}</h2>
          <BagWidget storeUrl="" />
        </section>
      </main>
      <BagPanel />
    </>
  );
}

mountStandalone('bag-checkout', Frame, [{ index: true, element: null }, ...pageRoutes(pages, paths)]);
