import type { ListingOffer, ProductResponse } from '@preloved/contract';
import {
  getProduct,
  Link,
  loadBrandDetails,
  selectedListingAtom,
  selectedSizeAtom,
  usePageData,
  type LoaderFunctionArgs,
} from '@preloved/shared';
import { buttonClassName, useListingText } from '@preloved/ui';
import { useAtom } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotFound } from '../../components/NotFound';
import styles from './ProductPage.module.css';

interface ProductData {
  product: ProductResponse | null;
  sampleCustomerId: number | null;
}

const positiveInt = (value: string | null | undefined) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 && number <= 2147483647 ? number : undefined;
};

export async function productLoader({ params, request }: LoaderFunctionArgs): Promise<ProductData> {
  const productId = positiveInt(params.productId);
  if (!productId) return { product: null, sampleCustomerId: null };
  const variant = positiveInt(new URL(request.url).searchParams.get('variant'));
  const [product, brand] = await Promise.all([
    getProduct(productId, variant, request.signal),
    loadBrandDetails().catch(() => null),
  ]);
  return { product, sampleCustomerId: brand?.customerID ?? null };
}

export function ProductPage() {
  const { t } = useTranslation('catalog');
  const { product: data } = usePageData<ProductData>();
  const [selectedSize, setSelectedSize] = useAtom(selectedSizeAtom);
  const [selectedListing, setSelectedListing] = useAtom(selectedListingAtom);
  const [photoIndex, setPhotoIndex] = useState(0);
  const { conditionName, colourName, sizeLabel, price } = useListingText(
    data?.listings.map((listing) => ({ id: listing.condition_id, option: listing.condition })),
  );

  useEffect(() => {
    document.title = data ? `${data.product.title} — Preloved` : `${t('product.notFoundTitle')} — Preloved`;
  }, [data, t]);
  useEffect(() => setPhotoIndex(0), [data?.variant.product_variant_id]);

  const sizeFilter = data && selectedSize && data.sizes.includes(selectedSize) ? selectedSize : null;
  const listings = useMemo(
    () => (data ? data.listings.filter((listing) => !sizeFilter || listing.O2Child === sizeFilter) : []),
    [data, sizeFilter],
  );
  if (!data) return <NotFound title={t('product.notFoundTitle')} text={t('product.notFoundText')} />;

  const chosen: ListingOffer | undefined =
    listings.find((listing) => listing.listing_id === selectedListing) ?? listings[0];
  const photos = chosen?.photos.length ? chosen.photos : [data.variant.photo];
  const photo = photos[Math.min(photoIndex, photos.length - 1)] ?? data.variant.photo;

  return (
    <article className={styles.page}>
      <nav className={styles.crumbs} aria-label={t('product.breadcrumb')}>
        <Link to={`/${data.product.gender}`}>{t(`listing.title.${data.product.gender}`)}</Link>
        <span aria-hidden="true">/</span>
        <span>{data.product.category}</span>
      </nav>
      <div className={styles.layout}>
        <section className={styles.gallery} aria-label={t('product.photos')}>
          <div className={styles.mainPhoto}>
            <img src={photo} alt={data.product.title} width={800} height={1000} fetchPriority="high" />
          </div>
          {photos.length > 1 ? (
            <ul className={styles.thumbs}>
              {photos.map((src, index) => (
                <li key={src}>
                  <button
                    type="button"
                    onClick={() => setPhotoIndex(index)}
                    aria-pressed={index === photoIndex}
                    aria-label={t('product.photoN', { n: index + 1 })}
                  >
                    <img src={src} alt="" width={80} height={100} loading="lazy" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <section className={styles.info}>
          <h1 className={styles.title}>{data.product.title}</h1>
          <p className={styles.original}>
            {t('product.originalPrice', { price: price(data.product.original_price) })}
          </p>
          <p className={styles.description}>{data.product.description}</p>

          <h2 className={styles.label}>
            {t('product.colour')}: <span>{colourName(data.variant.O1Child)}</span>
          </h2>
          <ul className={styles.variants}>
            {data.variants.map((variant) => (
              <li key={variant.product_variant_id}>
                <Link
                  to={`/product/${data.product.product_id}?variant=${variant.product_variant_id}`}
                  replace
                  preventScrollReset
                  aria-current={variant.product_variant_id === data.variant.product_variant_id ? 'true' : undefined}
                  aria-label={colourName(variant.O1Child)}
                  className={styles.variant}
                  style={{ background: variant.hex }}
                />
              </li>
            ))}
          </ul>

          {data.sizes.length > 0 ? (
            <>
              <h2 className={styles.label} id="size-label">
                {t('product.size')}
              </h2>
              <div className={styles.sizes} role="group" aria-labelledby="size-label">
                <button type="button" aria-pressed={!sizeFilter} onClick={() => setSelectedSize(null)}>
                  {t('product.allSizes')}
                </button>
                {data.sizes.map((size) => (
                  <button key={size} type="button" aria-pressed={sizeFilter === size} onClick={() => setSelectedSize(size)}>
                    {size}
                  </button>
                ))}
              </div>
            </>
          ) : null}

          <h2 className={styles.label}>{t('product.listings', { count: sizeFilter ? listings.length : data.variant.listings_count })}</h2>
          {listings.length === 0 ? (
            <p className={styles.muted}>{t('product.noListings')}</p>
          ) : (
            <ul className={styles.listings}>
              {listings.map((listing) => (
                <li key={listing.listing_id} className={styles.listing} data-selected={listing.listing_id === chosen?.listing_id || undefined}>
                  <div className={styles.listingMain}>
                    <p className={styles.listingPrice}>{price(listing.price)}</p>
                    <p className={styles.listingMeta}>
                      <span className={styles.tag}>{conditionName(listing.condition_id)}</span>
                      <span>{sizeLabel(listing.O2Child)}</span>
                    </p>
                    {listing.comment ? <p className={styles.comment}>“{listing.comment}”</p> : null}
                    <p className={styles.seller}>
                      {t('product.listedBy')}{' '}
                      <Link to={`/vendor/${listing.CustomerID}`}>{listing.FirstName}</Link>
                      {listing.verified ? (
                        <span className={styles.verified} title={t('product.verifiedHint')}>
                          ✓ {t('product.verified')}
                        </span>
                      ) : null}
                    </p>
                  </div>
                  <button
                    type="button"
                    className={buttonClassName(listing.listing_id === chosen?.listing_id ? 'primary' : 'secondary')}
                    aria-pressed={listing.listing_id === chosen?.listing_id}
                    onClick={() => {
                      setSelectedListing(listing.listing_id);
                      setPhotoIndex(0);
                    }}
                  >
                    {listing.listing_id === chosen?.listing_id ? t('product.selected') : t('product.select')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {/* Add to bag, wishlist and offers are the bag and offers work's; their place is kept here. */}
          <div className={styles.actionsSlot} />
        </section>
      </div>
    </article>
  );
}
