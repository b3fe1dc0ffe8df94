import 'fake-indexeddb/auto';
import { DEFAULT_FEE_RATES, sellingAmounts, sellingFeesOf, type SellerListing } from '@preloved/contract';
import { i18n } from '@preloved/shared';
import { act, renderWithProviders } from '@preloved/shared/test-utils';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { SubmitItemPage, submitItemLoader } from './SubmitItemPage';
import { signInWithoutDrafts, stubSellingApi } from './submit-page.fixtures';

// A seeded listing's photos are the store's placeholder drawings. "Save changes"
// failed with "Could not use this photo. Please upload it again." naming none, until every photo
// was replaced: the drawings it has are kept now, and a refused photo is named with its number.

const seeded: SellerListing = {
  id: 77,
  number: 'SL-000077',
  date: '2026-11-02T10:00:00.000Z',
  sold_date: null,
  customer: null,
  product_id: 11,
  product_variant_id: 21,
  product_child_id: 32,
  product: 'Wool coat',
  colour: 'Camel',
  size: 'M',
  condition_id: 2,
  condition: 'Like new',
  comment: 'Worn twice.',
  photos: ['/api/assets/photos/coat/camel/1-77-c2.svg', '/api/assets/photos/coat/camel/2-77-c2.svg'],
  price: 90,
  you_receive: 90,
  buyer_pays: sellingAmounts(9000, sellingFeesOf(DEFAULT_FEE_RATES)).buyerPaysCents / 100,
  original_price: 300,
  suggested_price: 180,
  smart_pricing: false,
  min_price: 75,
  next_update_date: null,
  status: 'active',
  package_id: null,
};

describe('editing a seeded listing whose photos are placeholder drawings', () => {
  let network: ReturnType<typeof stubFetch>;
  let saveAnswer: { status: number; body: unknown } | undefined;
  beforeEach(async () => {
    await signInWithoutDrafts();
    saveAnswer = undefined;
    network = stubSellingApi({
      first: (request) => {
        if (request.url === '/api/seller/listings/77' && request.method === 'GET') return { body: seeded };
        if (request.url === '/api/seller/listings/77' && request.method === 'PUT') return saveAnswer ?? { body: { ...seeded, ...(request.body as object) } };
        return undefined;
      },
    });
  });
  afterEach(() => network.restore());

  const renderEditor = () =>
    renderWithProviders(<SubmitItemPage />, {
      route: '/user/submit-item-2hand/77',
      path: '/user/submit-item-2hand/:listingId',
      loader: submitItemLoader,
      routes: [{ path: '/user/listings/:id', element: <p>listing page</p> }],
    });

  it('saves a new price with the drawings kept as they are', async () => {
    const user = userEvent.setup();
    renderEditor();
    const price = await screen.findByRole('textbox', { name: 'Price (€)' }, { timeout: 8000 });
    await screen.findByRole('img', { name: 'Photo 2 of your piece' });
    await user.clear(price);
    await user.type(price, '85');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('listing page')).toBeInTheDocument();
    const put = network.requests.find((request) => request.method === 'PUT');
    expect(put).toMatchObject({ url: '/api/seller/listings/77', body: { photos: seeded.photos, price: 85 } });
    expect(network.requests.some((request) => request.url === '/api/seller/photos')).toBe(false);
  });

  it('names the photo the API refuses and why, in the reader’s language', async () => {
    saveAnswer = { status: 422, body: { code: 'validation_failed', message: 'Invalid', fields: [{ field: 'photos.1', key: 'photo_not_yours' }] } };
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('img', { name: 'Photo 2 of your piece' }, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Photo 2: Use photos you uploaded yourself. Please upload this photo again.')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('pt'));
    try {
      expect(await screen.findByText('Fotografia 2: Use fotografias carregadas por si. Por favor, carregue esta fotografia de novo.')).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
