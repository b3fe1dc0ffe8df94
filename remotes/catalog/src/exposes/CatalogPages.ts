import type { PagesOf } from '@preloved/shared';
import { HomePage, homeLoader } from '../features/home/HomePage';
import { ListingPage, listingLoader } from '../features/listing/ListingPage';
import { ProductPage, productLoader } from '../features/product/ProductPage';
import { VendorPage, vendorLoader } from '../features/vendor/VendorPage';
import '../i18n';

/** The catalog's pages, by the keys the shell's route table uses. */
export const pages: PagesOf<'catalog', 'CatalogPages'> = {
  home: { Component: HomePage, loader: homeLoader },
  all: { Component: ListingPage, loader: listingLoader('all') },
  women: { Component: ListingPage, loader: listingLoader('women') },
  men: { Component: ListingPage, loader: listingLoader('men') },
  clothing: { Component: ListingPage, loader: listingLoader('clothing') },
  accessories: { Component: ListingPage, loader: listingLoader('accessories') },
  product: { Component: ProductPage, loader: productLoader },
  vendor: { Component: VendorPage, loader: vendorLoader },
};
