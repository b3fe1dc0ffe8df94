// The submit form's draft: what the seller typed and chose, kept in IndexedDB (lib/drafts) until the
// listing is saved, started from the listing being edited, a resold piece, or nothing.
import type { SellerListing, SellerProduct, SellerProductChoice } from '@preloved/contract';
import { findSellerProducts } from '@preloved/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadDraft, readImage, saveDraft, type Draft, type DraftPhoto } from '../../lib/drafts';
import { eurosText } from '../../lib/format';
import type { SubmitData } from './submit-loader';

export type FieldName = 'product' | 'colour' | 'size' | 'condition' | 'comment' | 'photos' | 'price' | 'minPrice';
export type Problems = Partial<Record<FieldName, string | null>>;
/** The API's field names → the form's. */
export const WIRE: Record<string, FieldName> = {
  product_child_id: 'size',
  condition_id: 'condition',
  comment: 'comment',
  photos: 'photos',
  photo: 'photos',
  price: 'price',
  min_price: 'minPrice',
};

/** A photo in the form: its local row and/or its uploaded URL, and what the page shows. */
export interface FormPhoto extends DraftPhoto {
  src: string;
}

export const emptyDraft = (key: string): Draft => ({
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
export const draftKey = ({ listing, resell }: Pick<SubmitData, 'listing' | 'resell'>): string =>
  listing ? String(listing.id) : resell ? `resell-${resell.product_child_id}` : 'new';

/** A new draft with the resold piece chosen: product, colour and size from the catalogue. */
export const fromResell = (key: string, resell: SellerProductChoice): Draft => ({
  ...emptyDraft(key),
  productId: resell.product.product_id,
  productTitle: resell.product.title,
  variantId: resell.product_variant_id,
  childId: resell.product_child_id,
});

export const fromListing = (listing: SellerListing): Draft => ({
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
 * The form's draft store: the draft of this form (a new piece, a resold one, or the listing being
 * edited) from IndexedDB, else a fresh one; its photos as the page shows them; the catalogue's piece
 * it names. `save` applies a change and keeps it at once.
 */
export function useSubmitDraft(key: string, listing: SellerListing | null, resell: SellerProductChoice | null | undefined) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [photos, setPhotos] = useState<FormPhoto[]>([]);
  const [product, setProduct] = useState<SellerProduct | null>(null);
  const [restored, setRestored] = useState(false);
  // The latest draft, read by save() outside React's render, so each change is saved as it happens.
  const current = useRef<Draft | null>(null);

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

  const save = useCallback((change: Partial<Draft>) => {
    if (!current.current) return;
    const next = { ...current.current, ...change, savedAt: Date.now() };
    current.current = next;
    setDraft(next);
    void saveDraft(next).catch(() => undefined);
  }, []);

  return { draft, photos, setPhotos, product, setProduct, restored, save };
}
