import 'fake-indexeddb/auto';
import { renderWithProviders } from '@preloved/shared/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dexie from 'dexie';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { closeDrafts } from '../../lib/drafts';
import { SubmitItemPage, submitItemLoader } from './SubmitItemPage';
import { photoFile, renderSubmitPage, signInWithoutDrafts, stubSellingApi } from './submit-page.fixtures';

describe('Submit-item page', () => {
  let network: ReturnType<typeof stubFetch>;
  let photoAnswer: { status: number; body: unknown } | undefined;
  beforeEach(async () => {
    await signInWithoutDrafts();
    photoAnswer = undefined;
    network = stubSellingApi({ photoAnswer: () => photoAnswer });
  });
  afterEach(() => network.restore());

  const renderPage = () => renderSubmitPage();

  async function fillIn(user: ReturnType<typeof userEvent.setup>, options: { photos?: number; price?: string; minPrice?: string } = {}) {
    await user.type(await screen.findByRole('searchbox', { name: 'Search the catalogue by name' }), 'coat');
    await user.click(await screen.findByRole('button', { name: 'Choose Wool coat' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Colour' }), 'Camel');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'M');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Condition' }), 'Like new');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Worn twice');
    const files = Array.from({ length: options.photos ?? 2 }, (_, n) => photoFile(`photo-${n + 1}.jpg`));
    if (files.length) {
      await user.upload(screen.getByLabelText('Add photos'), files);
      await screen.findByRole('img', { name: `Photo ${files.length} of your piece` });
    }
    await user.type(screen.getByRole('textbox', { name: 'Price (€)' }), options.price ?? '120');
    await user.type(screen.getByRole('textbox', { name: 'Minimum price (€)' }), options.minPrice ?? '90');
  }

  it('sends a customer who has not chosen how to be paid to onboarding first', async () => {
    network.restore();
    network = stubFetch((request) => (request.url === '/api/customers/payout' ? { body: { method: 'wallet', iban: null, onboarded: false } } : undefined));
    renderPage();
    expect(await screen.findByText('at /user/onboarding')).toBeInTheDocument();
  });

  it("says so for another seller's listing instead of a form", async () => {
    renderWithProviders(<SubmitItemPage />, { route: '/user/submit-item-2hand/77', path: '/user/submit-item-2hand/:listingId', loader: submitItemLoader });
    expect(await screen.findByText('This listing does not exist, or it is not yours.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('shows the original and suggested price and a live "you receive" and "buyer pays"', async () => {
    const user = userEvent.setup();
    renderPage();
    await fillIn(user, { price: '100' });
    expect(screen.getByText('Original price: €300.00')).toBeInTheDocument();
    expect(screen.getByText(/Suggested price: €180\.00/)).toBeInTheDocument();
    const amounts = screen.getByText('You receive').closest('dl')!;
    // 100 + processing (0.70 + 5 %) + verification 1.50 + shipping 3.90.
    expect(within(amounts).getByText('€100.00')).toBeInTheDocument();
    expect(within(amounts).getByText('€111.10')).toBeInTheDocument();
  });

  it('keeps every field and photo in IndexedDB: a reload restores the draft', async () => {
    const user = userEvent.setup();
    const first = renderPage();
    await fillIn(user);
    const db = await new Dexie('preloved-seller').open();
    await waitFor(() => expect(db.table('Images').count()).resolves.toBe(2));
    db.close();
    first.unmount();
    await closeDrafts();

    renderPage();
    expect(await screen.findByText('We restored the draft you started.')).toBeInTheDocument();
    expect(await screen.findByText('Wool coat')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveDisplayValue('M');
    expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveDisplayValue('Like new');
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('Worn twice');
    expect(screen.getByRole('textbox', { name: 'Price (€)' })).toHaveValue('120');
    expect(screen.getByRole('textbox', { name: 'Minimum price (€)' })).toHaveValue('90');
    expect(await screen.findByRole('img', { name: 'Photo 2 of your piece' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/jpeg;base64,/));
  });

  it.each([
    ['one photo', { photos: 1 }, 'Add 2 to 4 photos.'],
    ['a price under 5 €', { price: '4' , minPrice: '4' }, 'The price must be between 5 € and 5000 €.'],
    ['a price over 5000 €', { price: '6000' }, 'The price must be between 5 € and 5000 €.'],
    ['a minimum above the price', { price: '50', minPrice: '60' }, 'The minimum price cannot be higher than the price.'],
  ])('says what is wrong with %s next to the field and sends nothing', async (_name, options, message) => {
    const user = userEvent.setup();
    renderPage();
    await fillIn(user, options);
    await user.click(screen.getByRole('button', { name: 'List my piece' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(network.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('leaves smart pricing off until the seller ticks it, and says what it does', async () => {
    const user = userEvent.setup();
    renderPage();
    const smart = await screen.findByRole('checkbox', { name: /Smart pricing/ });
    expect(smart).not.toBeChecked();
    expect(smart).toHaveAccessibleName(expect.stringContaining('drops 10 % every 7 days until it reaches your minimum price'));
    await fillIn(user);
    await user.click(smart);
    await user.click(screen.getByRole('button', { name: 'List my piece' }));
    expect(await screen.findByText('listing page')).toBeInTheDocument();
    expect(network.requests.find((r) => r.url === '/api/seller/listings')!.body).toMatchObject({ smart_pricing: true });
  });

  it('uploads the photos, lists the piece, forgets the draft and opens the listing', async () => {
    const user = userEvent.setup();
    renderPage();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'List my piece' }));
    expect(await screen.findByText('listing page')).toBeInTheDocument();
    const created = network.requests.find((r) => r.url === '/api/seller/listings')!;
    expect(created.body).toEqual({
      product_child_id: 32,
      condition_id: 2,
      comment: 'Worn twice',
      photos: [`/api/photos/${'1'.repeat(32)}.webp`, `/api/photos/${'2'.repeat(32)}.webp`],
      price: 120,
      min_price: 90,
      smart_pricing: false,
    });
    const db = await new Dexie('preloved-seller').open();
    expect(await db.table('Images').count()).toBe(0);
    expect(await db.table('drafts').count()).toBe(0);
    db.close();
  });

  it('shows a photo the store refuses next to the photos and keeps the draft', async () => {
    const user = userEvent.setup();
    photoAnswer = { status: 422, body: { message: 'This file is not a JPEG, PNG, WebP or HEIC photo.', fields: [{ field: 'photo', key: 'photo_not_image' }] } };
    renderPage();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'List my piece' }));
    expect(await screen.findByText('Photo 1: This file is not a JPEG, PNG, WebP or HEIC photo.')).toBeInTheDocument();
    expect(network.requests.some((r) => r.url === '/api/seller/listings')).toBe(false);
    const db = await new Dexie('preloved-seller').open();
    expect(await db.table('Images').count()).toBe(2);
    db.close();
  });
});
