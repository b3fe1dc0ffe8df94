import type { PagesOf } from '@preloved/shared';
import { HomePage, homeLoader } from '../features/home/HomePage';
import { ListingPage, listingLoader } from '../features/listing/ListingPage';
import { ProductPage, productLoader } from '../features/product/ProductPage';
import { VendorPage, vendorLoader } from '../features/vendor/VendorPage';
import { homeMeta, listingMeta, productMeta, vendorMeta } from '../features/meta';
import '../i18n';

/** The catalog's pages, by the keys the shell's route table uses. */
export const pages: PagesOf<'catalog', 'CatalogPages'> = {
  home: { Component: HomePage, loader: homeLoader, meta: homeMeta },
  all: { Component: ListingPage, loader: listingLoader('all'), meta: listingMeta },
  women: { Component: ListingPage, loader: listingLoader('women'), meta: listingMeta },
  men: { Component: ListingPage, loader: listingLoader('men'), meta: listingMeta },
  clothing: { Component: ListingPage, loader: listingLoader('clothing'), meta: listingMeta },
  accessories: { Component: ListingPage, loader: listingLoader('accessories'), meta: listingMeta },
  product: { Component: ProductPage, loader: productLoader, meta: productMeta },
  vendor: { Component: VendorPage, loader: vendorLoader, meta: vendorMeta },
};
