import 'fake-indexeddb/auto';
import { DEFAULT_FEE_RATES, sellingFeesOf, type SellerListing, type SellerProduct, type SellingTerms } from '@preloved/contract';
import { startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { useLocation } from '@preloved/shared/router';
import { act } from '@testing-library/react';
import Dexie from 'dexie';
import { stubFetch, type RecordedRequest } from '../../../../../tools/jest/fetch-stub';
import { closeDrafts } from '../../lib/drafts';
import { SubmitItemPage, submitItemLoader } from './SubmitItemPage';

// What the selling page's tests share (SubmitItemPage.test.tsx, SubmitItemPage.resell.test.tsx):
// the selling terms, one product in the catalogue, a photo, a signed-in seller with no drafts, the
// API's answers and the page on its route.

export const terms: SellingTerms = {
  min_price: 5,
  max_price: 5000,
  min_photos: 2,
  max_photos: 4,
  max_photo_bytes: 10 * 1024 * 1024,
  conditions: [
    { id: 1, option: 'New with tags', description: '' },
    { id: 2, option: 'Like new', description: '' },
  ],
  fees: sellingFeesOf(DEFAULT_FEE_RATES),
};

export const coat: SellerProduct = {
  product_id: 11,
  title: 'Wool coat',
  original_price: 300,
  photo: '/api/assets/photos/coat/camel/1.svg',
  variants: [
    { product_variant_id: 21, colour: 'Camel', hex: '#b8864e', sizes: [{ product_child_id: 31, size: 'S' }, { product_child_id: 32, size: 'M' }] },
    { product_variant_id: 22, colour: 'Black', hex: '#111111', sizes: [{ product_child_id: 33, size: 'M' }, { product_child_id: 34, size: 'L' }] },
  ],
};

export const photoFile = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });

/** A signed-in seller with no drafts left by an earlier test. */
export async function signInWithoutDrafts() {
  await closeDrafts();
  await Dexie.delete('preloved-seller');
  resetStore();
  act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
}

type Answer = { status?: number; body?: unknown } | undefined;

/**
 * The selling API: payout (onboarded as `onboarded()` says), terms, the catalogue, photo uploads
 * (numbered, or `photoAnswer()` when it gives one) and a new listing; `first` answers before them.
 */
export function stubSellingApi(options: { onboarded?: () => boolean; photoAnswer?: () => Answer; first?: (request: RecordedRequest) => Answer } = {}) {
  let uploads = 0;
  return stubFetch((request: RecordedRequest) => {
    const first = options.first?.(request);
    if (first) return first;
    if (request.url === '/api/customers/payout') return { body: { method: 'wallet', iban: null, onboarded: options.onboarded?.() ?? true } };
    if (request.url === '/api/seller/terms') return { body: terms };
    if (request.url.startsWith('/api/seller/products')) return { body: { products: [coat] } };
    if (request.url === '/api/seller/photos') {
      uploads += 1;
      return options.photoAnswer?.() ?? { status: 201, body: { url: `/api/photos/${String(uploads).repeat(32)}.webp`, card_url: '', width: 800, height: 1000 } };
    }
    if (request.url === '/api/seller/listings' && request.method === 'POST') return { status: 201, body: { id: 99, number: 'SL-000099' } as Partial<SellerListing> };
    return undefined;
  });
}

function Where() {
  const location = useLocation();
  return <p>at {location.pathname + location.search}</p>;
}

/** The selling page at `search`; a listing's page and onboarding (which says where it is) beside it. */
export const renderSubmitPage = (search = '') =>
  renderWithProviders(<SubmitItemPage />, {
    route: `/user/submit-item-2hand${search}`,
    path: '/user/submit-item-2hand',
    loader: submitItemLoader,
    routes: [
      { path: '/user/listings/:id', element: <p>listing page</p> },
      { path: '/user/onboarding', element: <Where /> },
    ],
  });
