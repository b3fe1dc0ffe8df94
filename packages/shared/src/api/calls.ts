import type { BrandDetails, NewsletterResponse } from '@preloved/contract';
import { getConfig } from '../config';
import { api } from './client';

// One function per call of the API, typed from @preloved/contract. Components call these; they never
// build URLs or call fetch themselves.

export function getBrandDetails(signal?: AbortSignal): Promise<BrandDetails> {
  return api()
    .get('brands/details', { searchParams: { id_brand: getConfig().brandId }, signal })
    .json<BrandDetails>();
}

/** Newsletter sign-up; the caller shows the failure (status and text go to an error toast, spec §7). */
export function subscribeNewsletter(email: string): Promise<NewsletterResponse> {
  return api()
    .post('commons/newsletteremail', {
      json: { email, id_brand: getConfig().brandId },
      context: { handlesErrors: true },
    })
    .json<NewsletterResponse>();
}

/** Logout: the session is cleared whatever the server answers (spec §4), so errors are the caller's. */
export async function logout(): Promise<void> {
  await api().post('customers/logout', { context: { handlesErrors: true } });
}
