import { formatMoney, type BrandDetails, type ListingsResponse, type ProductResponse, type VendorResponse } from '@preloved/contract';
import type { MetaTranslate, PageMeta } from '@preloved/shared';

// What the catalog's pages tell search engines and link previews, from the same data
// their loaders return. The store's server puts it in the head of the HTML it renders.

const SCHEMA = 'https://schema.org';

// schema.org's offer price is a plain decimal number, whatever the page's language.
const euros = (amount: number) => amount.toFixed(2);

export function homeMeta(data: { brand: BrandDetails | null }, t: MetaTranslate): PageMeta {
  return {
    title: t('catalog:home.title'),
    description: t('catalog:home.intro'),
    image: data.brand?.['2hand_sidebar_image_vertical'] || undefined,
  };
}

export function listingMeta(data: { preset: string; result: ListingsResponse }, t: MetaTranslate): PageMeta {
  const title = t(`catalog:listing.title.${data.preset}`);
  return {
    title: t('catalog:meta.suffix', { title }),
    description: t('catalog:meta.listing', { title, count: data.result.total }),
    image: data.result.products_listings[0]?.photo,
  };
}

/**
 * A product page: schema.org Product with its pieces as offers — each second-hand (UsedCondition),
 * in stock while listed; a product with no piece left is out of stock.
 */
export function productMeta(data: { product: ProductResponse | null }, t: MetaTranslate, language: string): PageMeta {
  const found = data.product;
  if (!found) return { title: t('catalog:meta.suffix', { title: t('catalog:product.notFoundTitle') }), noindex: true, notFound: true };
  const { product, variant, listings } = found;
  const title = `${product.title} — ${variant.O1Child}`;
  const prices = listings.map((listing) => listing.price);
  const currency = listings[0]?.currency_symb_code ?? 'EUR';
  const images = [...new Set([variant.photo, ...listings.flatMap((listing) => listing.photos)].filter(Boolean))].slice(0, 6);
  const offers = listings.map((listing) => ({
    '@type': 'Offer',
    sku: listing.number,
    price: euros(listing.price),
    priceCurrency: listing.currency_symb_code,
    availability: `${SCHEMA}/InStock`,
    itemCondition: `${SCHEMA}/UsedCondition`,
    seller: { '@type': 'Person', name: listing.FirstName },
  }));
  return {
    title: t('catalog:meta.suffix', { title }),
    description:
      listings.length > 0
        ? t('catalog:meta.product', { title, count: listings.length, price: formatMoney(Math.min(...prices), language, { currency }) })
        : t('catalog:meta.productSold', { title }),
    image: variant.photo,
    type: 'product',
    jsonLd: {
      '@context': SCHEMA,
      '@type': 'Product',
      name: title,
      description: product.description,
      image: images,
      category: product.category,
      offers:
        listings.length > 0
          ? {
              '@type': 'AggregateOffer',
              priceCurrency: currency,
              lowPrice: euros(Math.min(...prices)),
              highPrice: euros(Math.max(...prices)),
              offerCount: variant.listings_count,
              availability: `${SCHEMA}/InStock`,
              itemCondition: `${SCHEMA}/UsedCondition`,
              offers,
            }
          : {
              '@type': 'Offer',
              price: euros(product.original_price),
              priceCurrency: currency,
              availability: `${SCHEMA}/OutOfStock`,
              itemCondition: `${SCHEMA}/UsedCondition`,
            },
    },
  };
}

export function vendorMeta(data: { vendor: VendorResponse | null }, t: MetaTranslate): PageMeta {
  if (!data.vendor) return { title: t('catalog:meta.suffix', { title: t('catalog:vendor.notFoundTitle') }), noindex: true, notFound: true };
  const name = data.vendor.FirstName;
  return {
    title: t('catalog:meta.suffix', { title: t('catalog:vendor.title', { name }) }),
    description: t('catalog:meta.vendor', { name }),
    image: data.vendor.listings[0]?.photo,
    type: 'profile',
  };
}
