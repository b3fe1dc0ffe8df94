import { dateTimeFormat, localeOf, type ListingOffer, type ProductResponse, type SimilarPiece, type VerificationMode } from '@preloved/contract';
import {
  addToBag,
  bagLineFromListing,
  BagFullError,
  bagOpenAtom,
  cartAtom,
  describeError,
  isSignedInAtom,
  getProduct,
  getSimilarPieces,
  loadBrandDetails,
  loadWishlistIds,
  selectedListingAtom,
  selectedSizeAtom,
  userDataAtom,
  useToast,
} from '@preloved/shared';
import {
  Link,
  usePageData,
  useRevalidator,
  useSearchParams,
  type LoaderFunctionArgs,
} from '@preloved/shared/router';
import { Button, PieceCards, useListingText, WishlistButton } from '@preloved/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotFound } from '../../components/NotFound';
import { ReportButton } from '../../components/report/ReportButton';
import { SellerRating } from '../../components/SellerRating';
import { AllInPrice } from './AllInPrice';
import { MakeOfferButton } from './MakeOffer';
import { AskSellerButton } from './AskSeller';
import { AnswerTime } from '../../components/AnswerTime';
import { BundleTiers } from './BundleTiers';
import styles from './ProductPage.module.css';
import { PhotoGallery } from './PhotoGallery';
import { TraderDetails } from '../../components/TraderDetails';

interface ProductData {
  product: ProductResponse | null;
  sampleCustomerId: number | null;
  /** The brand's size guide (brand details' `2hand_size_guide`): a store path or the main shop's page. */
  sizeGuide?: string | null;
  /** In the page's data, so the server renders them with the page. */
  similar?: SimilarPiece[];
  /** The brand's verification mode (issue 48): whether Buyer Protection may say the piece is checked. */
  verification?: VerificationMode | null;
}

const positiveInt = (value: string | null | undefined) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 && number <= 2147483647 ? number : undefined;
};

export async function productLoader({ params, request }: LoaderFunctionArgs): Promise<ProductData> {
  const productId = positiveInt(params.productId);
  if (!productId) return { product: null, sampleCustomerId: null };
  const query = new URL(request.url).searchParams;
  const variant = positiveInt(query.get('variant'));
  const [product, brand, similar] = await Promise.all([
    getProduct(productId, variant, request.signal, positiveInt(query.get('listing'))),
    loadBrandDetails().catch(() => null),
    getSimilarPieces(productId, variant, request.signal),
  ]);
  return { product, sampleCustomerId: brand?.customerID ?? null, sizeGuide: brand?.['2hand_size_guide'] || null, similar, verification: brand?.verification ?? null };
}

const numbers = (value: string | null) =>
  (value ?? '')
    .split(',')
    .filter((part) => part.trim() !== '')
    .map(Number)
    .filter(Number.isFinite);

/**
 * The piece a link names: `listing` (a bag line, a seller's card), else the cheapest listing that
 * matches the card's filters (`size`, `condition`, `min_price`, `max_price`), the piece whose price the
 * card showed. The listings come cheapest first.
 */
export function linkedPiece(listings: readonly ListingOffer[], params: URLSearchParams): ListingOffer | undefined {
  const listingId = params.get('listing');
  if (listingId) return listings.find((listing) => String(listing.listing_id) === listingId);
  const sizes = (params.get('size') ?? '').split(',').filter(Boolean);
  const conditions = numbers(params.get('condition'));
  const [min] = numbers(params.get('min_price'));
  const [max] = numbers(params.get('max_price'));
  if (sizes.length === 0 && conditions.length === 0 && min === undefined && max === undefined) return undefined;
  return listings.find(
    (listing) =>
      (sizes.length === 0 || sizes.includes(listing.O2Child)) &&
      (conditions.length === 0 || conditions.includes(listing.condition_id)) &&
      (min === undefined || listing.price >= min) &&
      (max === undefined || listing.price <= max),
  );
}

export function ProductPage() {
  const { t, i18n } = useTranslation('catalog');
  // Smart pricing's next cut, as a day in Lisbon (the same on the server and in the browser).
  const dropDate = (value: string) =>
    dateTimeFormat(localeOf(i18n.language), { day: 'numeric', month: 'long', timeZone: 'Europe/Lisbon' }).format(new Date(value));
  const { product: data, similar = [], sizeGuide = null, verification = null } = usePageData<ProductData>();
  const [photoIndex, setPhotoIndex] = useState(0);
  const [searchParams] = useSearchParams();
  const { conditionName, colourName, sizeName, sizeLabel, categoryName, price } = useListingText(
    data?.listings.map((listing) => ({ id: listing.condition_id, option: listing.condition })),
  );

  useEffect(() => {
    document.title = data ? `${data.product.title} — Preloved` : `${t('product.notFoundTitle')} — Preloved`;
  }, [data, t]);
  // Another colour starts on its first photo; the page's first render keeps the photo the shopper may
  // have swiped to before the page's code arrived (PhotoGallery adopts it).
  const variant = data?.variant.product_variant_id;
  const shownVariant = useRef(variant);
  useEffect(() => {
    if (shownVariant.current === variant) return;
    shownVariant.current = variant;
    setPhotoIndex(0);
  }, [variant]);

  // A bag line or a seller's card links here with &listing= (spec §2), a listing card with the
  // shopper's piece filters: that piece is chosen, in its size. The size and piece shown come from
  // this page's own link and taps only (a size chosen on another product, remembered in
  // localStorage, opened a 74 € piece from a "28,50–91,00 €" card); the spec's stored keys are still
  // written as the shopper chooses, and read by nothing that picks a piece.
  const linkedListing = data ? linkedPiece(data.listings, searchParams) : undefined;
  const linkKey = `${data?.product.product_id}:${data?.variant.product_variant_id}?${searchParams.toString()}`;
  const [choice, setChoice] = useState(() => ({ key: linkKey, size: linkedListing?.O2Child ?? null, listing: linkedListing?.listing_id ?? null }));
  if (choice.key !== linkKey) setChoice({ key: linkKey, size: linkedListing?.O2Child ?? null, listing: linkedListing?.listing_id ?? null });
  const selectedSize = choice.key === linkKey ? choice.size : (linkedListing?.O2Child ?? null);
  const selectedListing = choice.key === linkKey ? choice.listing : (linkedListing?.listing_id ?? null);
  const storeSize = useSetAtom(selectedSizeAtom);
  const storeListing = useSetAtom(selectedListingAtom);
  useEffect(() => {
    if (!linkedListing) return;
    storeListing(linkedListing.listing_id);
    storeSize(linkedListing.O2Child);
  }, [linkedListing, storeListing, storeSize]);
  const setSelectedSize = (size: string | null) => {
    setChoice((was) => ({ ...was, key: linkKey, size }));
    storeSize(size);
  };
  const setSelectedListing = (listingId: number | null) => {
    setChoice((was) => ({ ...was, key: linkKey, listing: listingId }));
    storeListing(listingId);
  };
  // A link to a piece that has sold (or was withdrawn) says so, and the page offers the other pieces.
  const linkedId = searchParams.get('listing');
  const linkedGone = Boolean(data && linkedId && !linkedListing);
  // An open page whose piece sells stops offering it: read again when the tab comes back into view
  // (at most every 15 s), and after "Add to bag" is refused because the piece has gone.
  const revalidator = useRevalidator();
  const lastRead = useRef(Date.now());
  const readAgain = useRef(() => {});
  readAgain.current = () => {
    lastRead.current = Date.now();
    if (revalidator.state === 'idle') void revalidator.revalidate();
  };
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastRead.current > 15_000) readAgain.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, []);
  // The hearts' saved pieces, read once a session: as the page opens, or as the shopper signs in on it
  // (then the bag, opening on an "Add to bag", has them too and asks for nothing but the addition).
  const signedIn = useAtomValue(isSignedInAtom);
  useEffect(() => {
    if (signedIn) loadWishlistIds().catch(() => undefined);
  }, [signedIn]);

  const sizeFilter = data && selectedSize && data.sizes.includes(selectedSize) ? selectedSize : null;
  const listings = useMemo(
    () => (data ? data.listings.filter((listing) => !sizeFilter || listing.O2Child === sizeFilter) : []),
    [data, sizeFilter],
  );
  if (!data) return <NotFound title={t('product.notFoundTitle')} text={t('product.notFoundText')} />;

  const chosen: ListingOffer | undefined =
    listings.find((listing) => listing.listing_id === selectedListing) ?? listings[0];
  const photos = chosen?.photos.length ? chosen.photos : [data.variant.photo];

  return (
    <article className={styles.page}>
      <nav className={styles.crumbs} aria-label={t('product.breadcrumb')}>
        <Link to={`/${data.product.gender}`}>{t(`listing.title.${data.product.gender}`)}</Link>
        <span aria-hidden="true">/</span>
        <span>{categoryName(data.product.category_id, data.product.category)}</span>
      </nav>
      <div className={styles.layout}>
        <section className={styles.gallery} aria-label={t('product.photos')}>
          <PhotoGallery photos={photos} index={Math.min(photoIndex, photos.length - 1)} onIndex={setPhotoIndex} title={data.product.title} />
        </section>
        <section className={styles.info}>
          <h1 className={styles.title}>{data.product.title}</h1>
          {linkedGone ? (
            <p className={styles.gone} role="status">
              {t(data.listings.length > 0 ? 'product.linkedGone' : 'product.linkedGoneNoOther')}
            </p>
          ) : null}
          {chosen ? (
            <section className={styles.buy} aria-label={t('product.chosenPiece')}>
              <p className={styles.buyPrice}>{price(chosen.price)}</p>
              <AllInPrice listing={chosen} price={price} explain verification={verification} />
              <p className={styles.original}>{t('product.originalPrice', { price: price(data.product.original_price) })}</p>
              <p className={styles.buyCondition}>
                <span className={styles.tag}>{conditionName(chosen.condition_id)}</span> {chosen.condition_description}
              </p>
              <p className={styles.buyMeta}>
                {sizeLabel(chosen.O2Child)} · {t('product.listedBy')} <Link to={`/vendor/${chosen.CustomerID}`}>{chosen.FirstName}</Link>{' '}
                <SellerRating rating={chosen.seller_rating} />
              </p>
              <AnswerTime minutes={chosen.answer_minutes} className={styles.answers} />
              <TraderDetails trader={chosen.trader} />
              <BundleTiers tiers={chosen.bundle_tiers} sellerId={chosen.CustomerID} className={styles.bundle} />
              <div className={styles.buyActions}>
                <AddToBagButton product={data} listing={chosen} onAdd={() => setPhotoIndex(0)} onGone={() => readAgain.current()} />
                <WishlistButton childId={chosen.product_child_id} title={`${data.product.title} (${sizeLabel(chosen.O2Child)})`} />
                <AskSellerButton listing={chosen} title={`${data.product.title}, ${sizeLabel(chosen.O2Child)}`} />
              </div>
              <ul className={styles.facts}>
                <li>
                  {t('product.shipping', {
                    price: price(data.delivery.shipping_per_package),
                    days: data.delivery.ships_within_business_days,
                  })}
                </li>
                <li>
                  {data.delivery.pickup_point === 0
                    ? t('product.deliveryFreePickup', { home: price(data.delivery.home_delivery), days: data.delivery.delivery_business_days })
                    : t('product.delivery', {
                        home: price(data.delivery.home_delivery),
                        pickup: price(data.delivery.pickup_point),
                        days: data.delivery.delivery_business_days,
                      })}
                </li>
                <li>
                  {t('product.protection')} <Link to="/faqs">{t('product.protectionLink')}</Link>
                </li>
              </ul>
              <p>
                <ReportButton target="listing" id={chosen.listing_id} />
              </p>
            </section>
          ) : (
            <p className={styles.original}>{t('product.originalPrice', { price: price(data.product.original_price) })}</p>
          )}
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
              <div className={styles.sizeHead}>
                <h2 className={styles.label} id="size-label">
                  {t('product.size')}
                </h2>
                {sizeGuide ? <SizeGuideLink href={sizeGuide} /> : null}
              </div>
              <div className={styles.sizes} role="group" aria-labelledby="size-label">
                <button type="button" aria-pressed={!sizeFilter} onClick={() => setSelectedSize(null)}>
                  {t('product.allSizes')}
                </button>
                {data.sizes.map((size) => {
                  const offer = data.size_offers.find((entry) => entry.size === size);
                  return (
                    <button key={size} type="button" aria-pressed={sizeFilter === size} onClick={() => setSelectedSize(size)}>
                      <span className={styles.sizeName}>{sizeName(size)}</span>
                      {offer ? (
                        <span className={styles.sizeOffer}>
                          {t('product.sizeOffer', { count: offer.listings_count, price: price(offer.min_price) })}
                        </span>
                      ) : null}
                    </button>
                  );
                })}
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
                    <AllInPrice listing={listing} price={price} />
                    {listing.next_price_drop ? (
                      <p className={styles.listingMeta}>
                        {t('product.nextPriceDrop', { price: price(listing.next_price_drop.price), date: dropDate(listing.next_price_drop.date) })}
                      </p>
                    ) : null}
                    <p className={styles.listingMeta}>
                      <span className={styles.tag}>{conditionName(listing.condition_id)}</span>
                      <span>{sizeLabel(listing.O2Child)}</span>
                    </p>
                    {listing.comment ? <p className={styles.comment}>“{listing.comment}”</p> : null}
                    <BundleTiers tiers={listing.bundle_tiers} sellerId={listing.CustomerID} className={styles.bundle} />
                    <p className={styles.seller}>
                      {t('product.listedBy')}{' '}
                      <Link to={`/vendor/${listing.CustomerID}`}>{listing.FirstName}</Link>{' '}
                      <SellerRating rating={listing.seller_rating} />
                      {listing.verified ? (
                        <span className={styles.verified} title={t('product.verifiedHint')}>
                          ✓ {t('product.verified')}
                        </span>
                      ) : null}
                    </p>
                    {listing.listing_id === chosen?.listing_id ? null : (
                      <button
                        type="button"
                        className={styles.showPhotos}
                        onClick={() => {
                          setSelectedListing(listing.listing_id);
                          setPhotoIndex(0);
                        }}
                      >
                        {t('product.showPhotos')}
                      </button>
                    )}
                  </div>
                  <div className={styles.listingActions}>
                    <WishlistButton childId={listing.product_child_id} title={`${data.product.title} (${sizeLabel(listing.O2Child)})`} />
                    <MakeOfferButton listing={listing} title={`${data.product.title}, ${sizeLabel(listing.O2Child)}`} />
                    <AddToBagButton
                      product={data}
                      listing={listing}
                      onAdd={() => {
                        setSelectedListing(listing.listing_id);
                        setPhotoIndex(0);
                      }}
                      onGone={() => readAgain.current()}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {similar.length > 0 ? <SimilarPieces pieces={similar} /> : null}
    </article>
  );
}

/** Up to 8 available pieces like this one, below the fold, each linked to its piece. */
function SimilarPieces({ pieces }: { pieces: SimilarPiece[] }) {
  const { t } = useTranslation('catalog');
  const { colourName } = useListingText();
  return (
    <section className={styles.similar} aria-labelledby="similar-title">
      <h2 id="similar-title" className={styles.similarTitle}>
        {t('product.similar')}
      </h2>
      <PieceCards
        pieces={pieces}
        size={(piece) => piece.size}
        title={(piece) => t('product.similarTitle', { title: piece.title, colour: colourName(piece.colour.id, piece.colour.option) })}
      />
    </section>
  );
}

/**
 * "Add to bag" of one listing row (spec §4: the bag opens and the "added" flag is up for 2 s). A
 * listing already in the bag opens the bag instead; a shopper's own listing cannot be added.
 */
function AddToBagButton({ product, listing, onAdd, onGone }: { product: ProductResponse; listing: ListingOffer; onAdd: () => void; onGone: () => void }) {
  const { t } = useTranslation('catalog');
  const toast = useToast();
  const inBag = useAtomValue(cartAtom).some((line) => line.listing_id === listing.listing_id);
  const customerId = useAtomValue(userDataAtom)?.customer.CustomerID;
  const openBag = useSetAtom(bagOpenAtom);
  const [busy, setBusy] = useState(false);
  const { sizeName } = useListingText();
  const label = `${product.product.title}, ${sizeName(listing.O2Child)}`;
  if (customerId === listing.CustomerID) {
    return (
      <Button variant="secondary" disabled>
        {t('product.ownListing')}
      </Button>
    );
  }
  if (inBag) {
    return (
      <Button variant="secondary" onClick={() => openBag(true)} aria-label={t('product.inBagLabel', { item: label })}>
        {t('product.inBag')}
      </Button>
    );
  }
  const add = async () => {
    setBusy(true);
    onAdd();
    try {
      await addToBag(bagLineFromListing(product, listing));
    } catch (error) {
      // Refusals from the API (sold meanwhile, own listing) are toasted by the API client; a piece
      // that has gone is then no longer offered (the page reads its pieces again).
      if (error instanceof BagFullError) toast.error(t('product.bagFull'));
      else if ((await describeError(error)).code === 'listing_unavailable') onGone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void add()} busy={busy} disabled={busy} aria-label={t('product.addToBagLabel', { item: label })} data-opens-bag="">
      {t('product.addToBag')}
    </Button>
  );
}

/** The brand's size guide beside the sizes: a page of the store through the router, else the brand's own page. */
function SizeGuideLink({ href }: { href: string }) {
  const { t } = useTranslation('catalog');
  if (href.startsWith('/'))
    return (
      <Link className={styles.sizeGuide} to={href}>
        {t('product.sizeGuide')}
      </Link>
    );
  return (
    <a className={styles.sizeGuide} href={href} target="_blank" rel="noopener">
      {t('product.sizeGuide')}
    </a>
  );
}
