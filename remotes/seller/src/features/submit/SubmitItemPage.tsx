import {
  ListingInput,
  LISTING_COMMENT_MAX_LENGTH,
  sellingAmounts,
  suggestedPriceCents,
  type SellerListing,
  type SellerProduct,
  type SellerProductChoice,
  type SellingTerms,
} from '@preloved/contract';
import {
  createListing,
  findSellerProducts,
  formatPrice,
  getPayoutPreference,
  getSellerListing,
  getSellerProductOfChild,
  getSellingTerms,
  readRefusal,
  refusedFields,
  updateListing,
  uploadListingPhoto,
  useToast,
  HTTPError,
} from '@preloved/shared';
import { hasSession, Link, type LoaderFunctionArgs, redirect, useNavigate, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import { Button, EmptyState, Field, FormFailure, PageSkeleton, buttonClassName, useListingText } from '@preloved/ui';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/SellerPage.module.css';
import { eurosText, parseEuros, sellerMessage } from '../../lib/format';
import { dataUrlToBlob, NotAnImage, resizePhoto } from '../../lib/resize';
import { deleteImage, discardDraft, loadDraft, readImage, saveDraft, saveImage, type Draft, type DraftPhoto } from '../../lib/drafts';
import { RESELL_PARAM, resellReference } from '../../lib/resell-link';

export interface SubmitData {
  terms: SellingTerms;
  listing: SellerListing | null;
  /** The address named a listing that does not exist or is another seller's (a 404). */
  missing?: boolean;
  /**
   * Resell from the main shop: the piece named by `?resell=<product child id>`, looked up
   * in the catalogue (null: the catalogue has no such piece). Absent when the address names none.
   */
  resell?: SellerProductChoice | null;
}

const notFoundAsNull = <T,>(error: unknown): T | null => {
  if (error instanceof HTTPError && error.response.status === 404) return null;
  throw error;
};

export async function submitItemLoader({ request, params }: LoaderFunctionArgs): Promise<SubmitData | null> {
  if (!hasSession()) return null;
  const id = params.listingId ? Number(params.listingId) : null;
  // Only the reference is taken from the address (the main shop's "Resell this"): the rest is the catalogue's.
  const asked = new URL(request.url).searchParams.get(RESELL_PARAM);
  const reference = id === null && asked !== null ? resellReference(asked) : null;
  if (id === null) {
    // The Sell button leads here; a customer who has not chosen how to be paid goes to onboarding first
    // (and comes back to the same piece).
    const payout = await getPayoutPreference(request.signal);
    if (!payout.onboarded) throw redirect(reference !== null ? `/user/onboarding?${RESELL_PARAM}=${reference}` : '/user/onboarding');
  }
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const [terms, listing, resell] = await Promise.all([
    getSellingTerms(request.signal),
    id !== null && valid ? getSellerListing(id, request.signal).catch(notFoundAsNull<SellerListing>) : Promise.resolve(null),
    reference !== null ? getSellerProductOfChild(reference, request.signal).catch(notFoundAsNull<SellerProductChoice>) : Promise.resolve(undefined),
  ]);
  return {
    terms,
    listing,
    missing: id !== null && !listing,
    ...(id === null && asked !== null ? { resell: resell ?? null } : {}),
  };
}

type FieldName = 'product' | 'colour' | 'size' | 'condition' | 'comment' | 'photos' | 'price' | 'minPrice';
type Problems = Partial<Record<FieldName, string | null>>;
/** The API's field names → the form's. */
const WIRE: Record<string, FieldName> = {
  product_child_id: 'size',
  condition_id: 'condition',
  comment: 'comment',
  photos: 'photos',
  photo: 'photos',
  price: 'price',
  min_price: 'minPrice',
};

/** A photo in the form: its local row and/or its uploaded URL, and what the page shows. */
interface FormPhoto extends DraftPhoto {
  src: string;
}

const emptyDraft = (key: string): Draft => ({
  key,
  productId: null,
  productTitle: '',
  variantId: null,
  childId: null,
  conditionId: null,
  comment: '',
  price: '',
  minPrice: '',
  // Off until the seller ticks it: a price that drops by itself is the seller's choice.
  smartPricing: false,
  photos: [],
  savedAt: 0,
});

/**
 * The draft a form keeps: the listing's, a resold piece's (one per piece, so a draft started for
 * another piece is not overwritten), else the new piece's.
 */
const draftKey = ({ listing, resell }: Pick<SubmitData, 'listing' | 'resell'>): string =>
  listing ? String(listing.id) : resell ? `resell-${resell.product_child_id}` : 'new';

/** A new draft with the resold piece chosen: product, colour and size from the catalogue. */
const fromResell = (key: string, resell: SellerProductChoice): Draft => ({
  ...emptyDraft(key),
  productId: resell.product.product_id,
  productTitle: resell.product.title,
  variantId: resell.product_variant_id,
  childId: resell.product_child_id,
});

const fromListing = (listing: SellerListing): Draft => ({
  key: String(listing.id),
  productId: listing.product_id,
  productTitle: listing.product,
  variantId: listing.product_variant_id,
  childId: listing.product_child_id,
  conditionId: listing.condition_id,
  comment: listing.comment,
  price: eurosText(listing.price),
  minPrice: eurosText(listing.min_price),
  smartPricing: listing.smart_pricing,
  photos: listing.photos.map((url) => ({ url })),
  savedAt: 0,
});

/**
 * /user/submit-item-2hand and /user/submit-item-2hand/:listingId — pick the piece from the brand's
 * catalogue, its colour and size, condition, comment, 2 to 4 photos, price (with the original and
 * suggested price, live "you receive" and "buyer pays"), minimum price and smart pricing. Everything
 * typed and every photo stays in IndexedDB until the listing is saved.
 */
export function SubmitItemPage() {
  const data = usePageData<SubmitData | null>();
  const { t } = useTranslation('seller');
  useReloadOnSignIn(Boolean(data));
  useEffect(() => {
    document.title = `${t('submit.title')} — Preloved`;
  }, [t]);
  if (!data) return <PageSkeleton label={t('submit.title')} />;
  if (data.missing) {
    return (
      <EmptyState title={t('listing.notFound')}>
        <Link className={buttonClassName('secondary')} to="/user/listings">
          {t('listing.back')}
        </Link>
      </EmptyState>
    );
  }
  return <SubmitForm key={draftKey(data)} terms={data.terms} listing={data.listing} resell={data.resell} />;
}

function SubmitForm({ terms, listing, resell }: SubmitData) {
  const { t, i18n } = useTranslation('seller');
  const { colourName, conditionName } = useListingText();
  const toast = useToast();
  const navigate = useNavigate();
  const titleId = useId();
  const key = draftKey({ listing, resell });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [photos, setPhotos] = useState<FormPhoto[]>([]);
  const [product, setProduct] = useState<SellerProduct | null>(null);
  const [restored, setRestored] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  // Which photo the photos' problem is about ("this photo" named none), when one is.
  const [photoAt, setPhotoAt] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<false | 'uploading' | 'saving'>(false);
  const price = (value: number) => formatPrice(value, i18n.language);
  const formRef = useRef<HTMLFormElement>(null);

  // The draft of this form (a new piece, or the listing being edited) from IndexedDB, else a fresh one.
  useEffect(() => {
    let live = true;
    void (async () => {
      const saved = await loadDraft(key).catch(() => null);
      const start = saved ?? (listing ? fromListing(listing) : resell ? fromResell(key, resell) : emptyDraft(key));
      const shown = await Promise.all(
        start.photos.map(async (photo) => ({ ...photo, src: (photo.imageId !== undefined ? await readImage(photo.imageId) : null) ?? photo.url ?? '' })),
      );
      if (resell && start.productId === resell.product.product_id) {
        if (live) setProduct(resell.product);
      } else if (start.productId !== null && start.productTitle) {
        const found = await findSellerProducts(start.productTitle).catch(() => null);
        if (live) setProduct(found?.products.find((p) => p.product_id === start.productId) ?? null);
      }
      if (!live) return;
      current.current = start;
      setDraft(start);
      setPhotos(shown.filter((photo) => photo.src));
      setRestored(Boolean(saved && saved.savedAt));
    })();
    return () => {
      live = false;
    };
  }, [key, listing, resell]);

  // The latest draft, read by update() outside React's render, so each change is saved as it happens.
  const current = useRef<Draft | null>(null);
  const update = useCallback((change: Partial<Draft>, clear: FieldName[] = []) => {
    if (!current.current) return;
    const next = { ...current.current, ...change, savedAt: Date.now() };
    current.current = next;
    setDraft(next);
    void saveDraft(next).catch(() => undefined);
    if (clear.length) setProblems((shown) => ({ ...shown, ...Object.fromEntries(clear.map((name) => [name, null])) }));
  }, []);

  const setFormPhotos = (next: FormPhoto[]) => {
    setPhotos(next);
    setPhotoAt(null);
    update({ photos: next.map(({ imageId, url }) => ({ imageId, url })) }, ['photos']);
  };

  if (!draft) return <PageSkeleton label={t('submit.title')} />;
  if (listing?.status === 'sold') {
    return (
      <section className={styles.page}>
        <h2 className={styles.title}>{t('submit.editTitle', { number: listing.number })}</h2>
        <p role="alert">{t('submit.soldNoEdit')}</p>
      </section>
    );
  }

  const variant = product?.variants.find((v) => v.product_variant_id === draft.variantId) ?? null;
  const priceEuros = parseEuros(draft.price);
  const amounts = priceEuros !== null ? sellingAmounts(Math.round(priceEuros * 100), terms.fees) : null;
  const suggested = product && draft.conditionId ? suggestedPriceCents(Math.round(product.original_price * 100), draft.conditionId) / 100 : null;
  const message = (name: FieldName) => {
    const key = problems[name];
    if (!key) return null;
    return name === 'photos' && photoAt !== null ? t('submit.photoProblem', { n: photoAt + 1, problem: sellerMessage(key) }) : sellerMessage(key);
  };

  const addPhotos = async (files: FileList | null) => {
    if (!files?.length) return;
    const room = terms.max_photos - photos.length;
    const added: FormPhoto[] = [];
    for (const file of Array.from(files)) {
      if (added.length >= room) {
        setProblems((current) => ({ ...current, photos: 'photos_count' }));
        break;
      }
      try {
        const base64 = await resizePhoto(file);
        added.push({ imageId: await saveImage(base64), src: base64 });
      } catch (error) {
        setProblems((current) => ({ ...current, photos: error instanceof NotAnImage ? 'photo_not_image' : 'photo_read_failed' }));
      }
    }
    if (added.length) setFormPhotos([...photos, ...added]);
  };

  const removePhoto = (index: number) => {
    const photo = photos[index];
    if (photo?.imageId !== undefined) void deleteImage(photo.imageId).catch(() => undefined);
    setFormPhotos(photos.filter((_, i) => i !== index));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const found: Problems = {};
    if (!product) found.product = 'no_product';
    else if (!variant) found.colour = 'no_colour';
    const minEuros = parseEuros(draft.minPrice);
    const parsed = ListingInput.safeParse({
      product_child_id: draft.childId ?? undefined,
      condition_id: draft.conditionId ?? undefined,
      comment: draft.comment,
      // Photos not uploaded yet are checked by their number only (each its own stand-in).
      photos: photos.map((photo, index) => photo.url ?? `/api/photos/${String(index).padStart(32, '0')}.webp`),
      price: draft.price.trim() === '' ? undefined : (priceEuros ?? Number.NaN),
      min_price: draft.minPrice.trim() === '' ? undefined : (minEuros ?? Number.NaN),
      smart_pricing: draft.smartPricing,
    });
    let foundAt: number | null = null;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = WIRE[String(issue.path[0])];
        if (name && !found[name]) {
          found[name] = issue.message;
          if (name === 'photos' && typeof issue.path[1] === 'number') foundAt = issue.path[1];
        }
      }
    }
    if (found.product || found.colour) delete found.size;
    if (Object.values(found).some(Boolean)) {
      setProblems(found);
      setPhotoAt(foundAt);
      // The first field with a problem takes the focus once its message is shown.
      setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    // The photo being uploaded, named by a refusal of it (its upload answers the field 'photo').
    let uploadingAt: number | null = null;
    try {
      setBusy('uploading');
      const uploaded: FormPhoto[] = [...photos];
      for (const [index, photo] of uploaded.entries()) {
        if (photo.url) continue;
        uploadingAt = index;
        const result = await uploadListingPhoto(dataUrlToBlob(photo.src));
        uploaded[index] = { ...photo, url: result.url };
        // Kept at once: a failure after this photo does not upload it again.
        setFormPhotos([...uploaded]);
      }
      uploadingAt = null;
      setBusy('saving');
      const body = {
        product_child_id: draft.childId!,
        condition_id: draft.conditionId!,
        comment: draft.comment,
        photos: uploaded.map((photo) => photo.url!),
        price: priceEuros!,
        min_price: minEuros!,
        smart_pricing: draft.smartPricing,
      };
      const saved = listing ? await updateListing(listing.id, body) : await createListing(body);
      await discardDraft(key).catch(() => undefined);
      toast.success(t(listing ? 'submit.updated' : 'submit.listed', { number: saved.number }));
      void navigate(`/user/listings/${saved.id}`);
    } catch (error) {
      setBusy(false);
      if (!(error instanceof HTTPError)) {
        setFailure(t('submit.offline'));
        return;
      }
      const fields = refusedFields(error);
      const named: Problems = {};
      let namedAt: number | null = null;
      for (const [wire, messageKey] of Object.entries(fields)) {
        // "photos.1": the second photo (the API names the photo it refuses).
        const [head, index] = wire.split('.');
        const name = WIRE[head!];
        if (!name || named[name]) continue;
        named[name] = messageKey;
        if (name === 'photos') namedAt = index !== undefined && /^\d+$/.test(index) ? Number(index) : uploadingAt;
      }
      if (Object.keys(named).length) {
        setProblems(named);
        setPhotoAt(namedAt);
      }
      else setFailure((await readRefusal(error)).text);
    }
  };

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {listing ? t('submit.editTitle', { number: listing.number }) : t('submit.title')}
      </h2>
      <p className={styles.intro}>{resell ? t('submit.resellIntro') : t('submit.intro')}</p>
      {resell === null ? <p role="alert">{t('submit.resellMissing')}</p> : null}
      {restored ? <p role="status">{t('submit.draftRestored')}</p> : null}
      <form ref={formRef} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <ProductPicker
          product={product}
          error={message('product')}
          onChoose={(chosen) => {
            setProduct(chosen);
            const only = chosen && chosen.variants.length === 1 ? chosen.variants[0]! : null;
            update(
              { productId: chosen?.product_id ?? null, productTitle: chosen?.title ?? '', variantId: only?.product_variant_id ?? null, childId: null },
              ['product', 'colour', 'size'],
            );
          }}
        />
        {product ? (
          <div className={styles.row}>
            <Select
              id="seller-colour"
              label={t('submit.colour')}
              value={draft.variantId}
              error={message('colour')}
              options={product.variants.map((v) => ({ value: v.product_variant_id, label: colourName(v.colour) }))}
              onChange={(value) => update({ variantId: value, childId: null }, ['colour', 'size'])}
            />
            <Select
              id="seller-size"
              label={t('submit.size')}
              value={draft.childId}
              error={message('size')}
              options={(variant?.sizes ?? []).map((s) => ({ value: s.product_child_id, label: s.size }))}
              onChange={(value) => update({ childId: value }, ['size'])}
            />
          </div>
        ) : null}
        <Select
          id="seller-condition"
          label={t('submit.condition')}
          value={draft.conditionId}
          error={message('condition')}
          options={terms.conditions.map((c) => ({ value: c.id, label: conditionName(c.id) || c.option }))}
          onChange={(value) => update({ conditionId: value }, ['condition'])}
        />
        <TextArea
          id="seller-comment"
          label={t('submit.comment')}
          hint={t('submit.commentHint')}
          value={draft.comment}
          error={message('comment')}
          onChange={(value) => update({ comment: value }, ['comment'])}
        />
        <PhotoField photos={photos} max={terms.max_photos} error={message('photos')} onAdd={(files) => void addPhotos(files)} onRemove={removePhoto} />
        <div className={styles.row}>
          <div className={styles.stack}>
            <Field
              label={t('submit.price')}
              value={draft.price}
              onChange={(value) => update({ price: value }, ['price', 'minPrice'])}
              error={message('price')}
              inputMode="decimal"
              autoComplete="off"
              maxLength={10}
            />
            {product ? <span className={styles.hint}>{t('submit.originalPrice', { price: price(product.original_price) })}</span> : null}
            {suggested !== null ? (
              <span className={styles.hint}>
                {t('submit.suggestedPrice', { price: price(suggested) })}{' '}
                <Button variant="ghost" onClick={() => update({ price: eurosText(suggested) }, ['price'])}>
                  {t('submit.useSuggested')}
                </Button>
              </span>
            ) : null}
          </div>
          <Field
            label={t('submit.minPrice')}
            hint={t('submit.minPriceHint')}
            value={draft.minPrice}
            onChange={(value) => update({ minPrice: value }, ['minPrice'])}
            error={message('minPrice')}
            inputMode="decimal"
            autoComplete="off"
            maxLength={10}
          />
        </div>
        <dl className={styles.amounts} aria-live="polite">
          <div>
            <dt>{t('submit.youReceive')}</dt>
            <dd>{amounts ? price(amounts.youReceiveCents / 100) : '—'}</dd>
          </div>
          <div>
            <dt>{t('submit.buyerPays')}</dt>
            <dd>{amounts ? price(amounts.buyerPaysCents / 100) : '—'}</dd>
          </div>
        </dl>
        <label className={styles.choice}>
          <input type="checkbox" checked={draft.smartPricing} onChange={(event) => update({ smartPricing: event.target.checked })} />
          <span>
            {t('submit.smartPricing')}
            <span className={styles.hint}>{t('submit.smartPricingHint')}</span>
          </span>
        </label>
        <FormFailure>{failure}</FormFailure>
        <div className={styles.actions}>
          <Button type="submit" busy={Boolean(busy)} disabled={Boolean(busy)}>
            {busy === 'uploading' ? t('submit.uploading') : listing ? t('submit.save') : t('submit.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function ProductPicker({ product, error, onChoose }: { product: SellerProduct | null; error: string | null; onChoose: (product: SellerProduct | null) => void }) {
  const { t } = useTranslation('seller');
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SellerProduct[] | null>(null);
  const resultsId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    clearTimeout(timer.current);
    const text = query.trim();
    if (text.length < 2) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    timer.current = setTimeout(() => {
      findSellerProducts(text, controller.signal)
        .then((answer) => setResults(answer.products))
        .catch(() => undefined);
    }, 300);
    return () => {
      clearTimeout(timer.current);
      controller.abort();
    };
  }, [query]);

  if (product) {
    return (
      <div className={styles.stack}>
        <span className={styles.label}>{t('submit.chosen')}</span>
        <div className={styles.result}>
          <img className={styles.thumb} src={product.photo} alt="" />
          <span>{product.title}</span>
        </div>
        <div>
          <Button variant="secondary" onClick={() => onChoose(null)}>
            {t('submit.change')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.stack}>
      <Field label={t('submit.productSearch')} hint={t('submit.productSearchHint')} value={query} onChange={setQuery} error={error} type="search" autoComplete="off" />
      {results ? (
        results.length ? (
          <ul className={styles.results} aria-label={t('submit.productResults')} id={resultsId}>
            {results.map((candidate) => (
              <li key={candidate.product_id}>
                <button type="button" className={styles.result} aria-label={t('submit.choose', { title: candidate.title })} onClick={() => onChoose(candidate)}>
                  <img className={styles.thumb} src={candidate.photo} alt="" />
                  <span>{candidate.title}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p role="status">{t('submit.noProducts')}</p>
        )
      ) : null}
    </div>
  );
}

function Select({ id, label, value, options, error, onChange }: { id: string; label: string; value: number | null; options: { value: number; label: string }[]; error: string | null; onChange: (value: number | null) => void }) {
  const { t } = useTranslation('seller');
  return (
    <div className={styles.stack}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-message` : undefined}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{t('submit.chooseOne')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-message`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function TextArea({ id, label, hint, value, error, onChange }: { id: string; label: string; hint: string; value: string; error: string | null; onChange: (value: string) => void }) {
  return (
    <div className={styles.stack}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        value={value}
        maxLength={LISTING_COMMENT_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-message`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-message`} className={error ? styles.error : styles.hint}>
        {error ?? hint}
      </p>
    </div>
  );
}

function PhotoField({ photos, max, error, onAdd, onRemove }: { photos: FormPhoto[]; max: number; error: string | null; onAdd: (files: FileList | null) => void; onRemove: (index: number) => void }) {
  const { t } = useTranslation('seller');
  const legendId = useId();
  return (
    <fieldset className={styles.section} aria-labelledby={legendId} aria-describedby="seller-photos-message">
      <legend id={legendId} className={styles.sectionTitle}>
        {t('submit.photos')}
      </legend>
      {photos.length ? (
        <ul className={styles.photos}>
          {photos.map((photo, index) => (
            <li key={`${photo.imageId ?? photo.url}-${index}`} className={styles.photo}>
              <img src={photo.src} alt={t('submit.photoAlt', { n: index + 1 })} />
              <button type="button" className={styles.removePhoto} aria-label={t('submit.removePhoto', { n: index + 1 })} onClick={() => onRemove(index)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {photos.length < max ? (
        <div className={styles.stack}>
          {/* The browser's own file control speaks its own language ("Choose Files / No file chosen"):
              it is hidden from sight, not from the keyboard or screen readers, and its label is the button. */}
          <input
            id="seller-photos"
            className={styles.fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            multiple
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              onAdd(event.target.files);
              event.target.value = '';
            }}
          />
          <label className={`${buttonClassName('secondary')} ${styles.fileButton}`} htmlFor="seller-photos">
            {t('submit.addPhotos')}
          </label>
        </div>
      ) : null}
      <p id="seller-photos-message" className={error ? styles.error : styles.hint}>
        {error ?? t('submit.photosHint')}
      </p>
    </fieldset>
  );
}
