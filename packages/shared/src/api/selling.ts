import type {
  BundleSettings,
  BundleSettingsInput,
  ListingInput,
  ListingPriceInput,
  ListingPricingInput,
  SellerListing,
  SellerListingList,
  SellerListingsQuery,
  SellerProductChoice,
  SellerProductList,
  SellingTerms,
  UploadedPhoto,
} from '@preloved/contract';
import { setCached, type CacheKey } from '../state/data-cache';
import { api } from './client';

// The seller's calls (/user/submit-item-2hand, /user/listings). The forms show 422 `fields` next to
// their inputs, so the catalogue's toast is skipped for the writes.
const own = { handlesErrors: true };

/** GET /api/seller/terms — price bounds, photo count and the buyer's fees. */
export function getSellingTerms(signal?: AbortSignal): Promise<SellingTerms> {
  return api().get('seller/terms', { signal }).json<SellingTerms>();
}

/** GET /api/seller/products?q= — the brand's products by name, with colours and sizes. */
export function findSellerProducts(q: string, signal?: AbortSignal): Promise<SellerProductList> {
  return api().get('seller/products', { searchParams: { q }, signal }).json<SellerProductList>();
}

/** GET /api/seller/products/child/:childId — one piece of the catalogue by its reference (resell from the main shop); 404 `product_not_found`. */
export function getSellerProductOfChild(childId: number, signal?: AbortSignal): Promise<SellerProductChoice> {
  return api().get(`seller/products/child/${childId}`, { signal, context: own }).json<SellerProductChoice>();
}

/** POST /api/seller/photos — one photo's bytes; 413 `photo_too_large`, 422 `photo_not_image`. */
export function uploadListingPhoto(photo: Blob, signal?: AbortSignal): Promise<UploadedPhoto> {
  return api()
    .post('seller/photos', { body: photo, headers: { 'content-type': photo.type || 'application/octet-stream' }, signal, context: own })
    .json<UploadedPhoto>();
}

/** GET /api/seller/listings?status=&page= */
export function getSellerListings(query: SellerListingsQuery = {}, signal?: AbortSignal): Promise<SellerListingList> {
  const searchParams: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) searchParams[key] = String(value);
  return api().get('seller/listings', { searchParams, signal }).json<SellerListingList>();
}

/** GET /api/seller/listings/:id — another seller's: 404. */
export function getSellerListing(id: number, signal?: AbortSignal): Promise<SellerListing> {
  return api().get(`seller/listings/${id}`, { signal }).json<SellerListing>();
}

/** POST /api/seller/listings — active at once. */
export function createListing(json: ListingInput): Promise<SellerListing> {
  return api().post('seller/listings', { json, context: own }).json<SellerListing>();
}

/** PUT /api/seller/listings/:id — edits an unsold listing. */
export function updateListing(id: number, json: ListingInput): Promise<SellerListing> {
  return api().put(`seller/listings/${id}`, { json, context: own }).json<SellerListing>();
}

/** PUT /api/seller/listings/:id/pricing — minimum price and smart pricing (spec §6). */
export function setListingPricing(id: number, json: ListingPricingInput): Promise<SellerListing> {
  return api().put(`seller/listings/${id}/pricing`, { json, context: own }).json<SellerListing>();
}

/** PUT /api/seller/listings/:id/price — the price alone, from My listings. */
export function setListingPrice(id: number, json: ListingPriceInput): Promise<SellerListing> {
  return api().put(`seller/listings/${id}/price`, { json, context: own }).json<SellerListing>();
}

/** PUT /api/seller/listings/:id/status — archive or reactivate. */
export function setListingStatus(id: number, status: 'active' | 'archived'): Promise<SellerListing> {
  return api().put(`seller/listings/${id}/status`, { json: { status } }).json<SellerListing>();
}

/** GET /api/seller/bundle — the seller's bundle discount tiers and their bounds. */
export function getBundleSettings(signal?: AbortSignal): Promise<BundleSettings> {
  return api().get('seller/bundle', { signal }).json<BundleSettings>();
}

/** The seller's bundle settings' key in the data cache; saving writes the answer there. */
export const bundleSettingsEntry: CacheKey = ['seller-bundle'];

/** PUT /api/seller/bundle — 422 with a field and a `bundle_*` key when a tier is out of bounds. */
export async function saveBundleSettings(json: BundleSettingsInput): Promise<BundleSettings> {
  const saved = await api().put('seller/bundle', { json, context: own }).json<BundleSettings>();
  setCached(bundleSettingsEntry, saved);
  return saved;
}
