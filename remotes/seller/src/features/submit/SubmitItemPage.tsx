import { formatMoney, ListingInput, sellingAmounts, suggestedPriceCents } from '@preloved/contract';
import {
  createListing,
  readRefusal,
  refusedFields,
  updateListing,
  uploadListingPhoto,
  useToast,
  HTTPError,
} from '@preloved/shared';
import { Link, useNavigate, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import { Button, EmptyState, Field, FormFailure, PageSkeleton, buttonClassName, useListingText } from '@preloved/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/SellerPage.module.css';
import { eurosText, parseEuros, sellerMessage } from '../../lib/format';
import { dataUrlToBlob, NotAnImage, resizePhoto } from '../../lib/resize';
import { deleteImage, discardDraft, saveImage, type Draft } from '../../lib/drafts';
import { TradeInChoice } from '../../components/TradeInChoice';
import { ProductPicker } from './ProductPicker';
import { PhotoField, Select, TextArea } from './form-controls';
import { draftKey, useSubmitDraft, WIRE, type FieldName, type FormPhoto, type Problems } from './submit-draft';
import type { SubmitData } from './submit-loader';

export { submitItemLoader } from './submit-loader';

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
  const { draft, photos, setPhotos, product, setProduct, restored, save } = useSubmitDraft(key, listing, resell);
  const [problems, setProblems] = useState<Problems>({});
  // Which photo the photos' problem is about ("this photo" named none), when one is.
  const [photoAt, setPhotoAt] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<false | 'uploading' | 'saving'>(false);
  const price = (value: number) => formatMoney(value, i18n.language);
  const formRef = useRef<HTMLFormElement>(null);

  // Each change is saved as it happens; the fields it answers lose their problem.
  const update = (change: Partial<Draft>, clear: FieldName[] = []) => {
    save(change);
    if (clear.length) setProblems((shown) => ({ ...shown, ...Object.fromEntries(clear.map((name) => [name, null])) }));
  };

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
        {/* Issue 48: the brand's instant offer for the piece, beside selling it to another customer. */}
        {!listing && draft.childId && draft.conditionId ? <TradeInChoice childId={draft.childId} conditionId={draft.conditionId} /> : null}
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

