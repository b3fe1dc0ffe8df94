import type { ListingsQuery, ListingsResponse, ProductResponse, VendorResponse } from '@preloved/contract';
import { getConfig } from '../config';
import { api, HTTPError } from './client';

export type ListingParams = Omit<ListingsQuery, 'id_brand' | 'category' | 'size' | 'colour' | 'condition'> & {
  category?: readonly number[];
  size?: readonly string[];
  colour?: readonly string[];
  condition?: readonly number[];
};

export function toSearchParams(params: ListingParams): Record<string, string | number> {
  const out: Record<string, string | number> = { id_brand: getConfig().brandId, limit: Number(params.limit ?? 0) };
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) out[key] = value.join(',');
    } else out[key] = value as string | number;
  }
  return out;
}

/** GET /api/products/listings/all — cards of product variants, sorted by min_price unless told. */
export function getListings(params: ListingParams, signal?: AbortSignal): Promise<ListingsResponse> {
  return api().get('products/listings/all', { searchParams: toSearchParams(params), signal }).json<ListingsResponse>();
}

/** A call's 404 as `null`: "not found" is a page state, not an error. */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof HTTPError && (error.response.status === 404 || error.response.status === 422)) return null;
    throw error;
  }
}

export function getProduct(productId: number, variant?: number, signal?: AbortSignal, listing?: number): Promise<ProductResponse | null> {
  const searchParams: Record<string, number> = { id_brand: getConfig().brandId };
  if (variant) searchParams.variant = variant;
  if (listing) searchParams.listing = listing;
  return orNull(
    api().get(`products/${productId}`, { searchParams, signal, context: { handlesErrors: true } }).json<ProductResponse>(),
  );
}

export function getVendor(vendorId: number, signal?: AbortSignal): Promise<VendorResponse | null> {
  return orNull(
    api()
      .get(`vendors/${vendorId}`, { searchParams: { id_brand: getConfig().brandId }, signal, context: { handlesErrors: true } })
      .json<VendorResponse>(),
  );
}
