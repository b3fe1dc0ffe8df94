import 'fake-indexeddb/auto';
import type { SellerProductChoice } from '@preloved/contract';
import { startSessionAtom, store } from '@preloved/shared';
import { resetStore } from '@preloved/shared/test-utils';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dexie from 'dexie';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { closeDrafts } from '../../lib/drafts';
import { coat, photoFile, renderSubmitPage, signInWithoutDrafts, stubSellingApi } from './submit-page.fixtures';

// Resell from the main shop: "Resell this" carries only the piece's catalogue reference;
// the selling page looks up the product, colour, size and original price from the API and opens
// with them chosen.

const blackM: SellerProductChoice = { product: coat, product_variant_id: 22, product_child_id: 33 };

describe('Resell from the main shop: the selling page', () => {
  let network: ReturnType<typeof stubFetch>;
  let onboarded: boolean;
  beforeEach(async () => {
    await signInWithoutDrafts();
    onboarded = true;
    network = stubSellingApi({
      onboarded: () => onboarded,
      first: (request) => {
        if (request.url === '/api/seller/products/child/33') return { body: blackM };
        if (request.url.startsWith('/api/seller/products/child/')) return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Product not found', code: 'product_not_found' } };
        return undefined;
      },
    });
  });
  afterEach(() => network.restore());

  const renderPage = (search: string) => renderSubmitPage(search);

  it('opens with the product, colour, size and original price chosen, looked up from the reference alone', async () => {
    renderPage('?resell=33');
    expect(await screen.findByText('Wool coat')).toBeInTheDocument();
    expect(screen.getByText(/its product, colour, size and original price come from our catalogue/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Colour' })).toHaveDisplayValue('Black');
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveDisplayValue('M');
    expect(screen.getByText('Original price: €300.00')).toBeInTheDocument();
    // The piece was found by its reference, not by a search of its name.
    expect(network.requests.map((r) => r.url)).toContain('/api/seller/products/child/33');
    expect(network.requests.some((r) => r.url.startsWith('/api/seller/products?'))).toBe(false);
  });

  it('lists the resold piece as its reference names it, then forgets its draft', async () => {
    const user = userEvent.setup();
    renderPage('?resell=33');
    await screen.findByText('Wool coat');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Condition' }), 'Like new');
    await user.upload(screen.getByLabelText('Add photos'), [photoFile('a.jpg'), photoFile('b.jpg')]);
    await screen.findByRole('img', { name: 'Photo 2 of your piece' });
    await user.click(within(screen.getByText(/Suggested price/)).getByRole('button', { name: 'Use the suggested price' }));
    await user.type(screen.getByRole('textbox', { name: 'Minimum price (€)' }), '150');
    await user.click(screen.getByRole('button', { name: 'List my piece' }));
    expect(await screen.findByText('listing page')).toBeInTheDocument();
    expect(network.requests.find((r) => r.url === '/api/seller/listings')!.body).toMatchObject({ product_child_id: 33, condition_id: 2, price: 180, min_price: 150 });
    const db = await new Dexie('preloved-seller').open();
    expect(await db.table('drafts').count()).toBe(0);
    db.close();
  });

  it('keeps a draft started for another piece: each resold piece has its own', async () => {
    const user = userEvent.setup();
    const first = renderPage('');
    await user.type(await screen.findByRole('textbox', { name: 'Comment' }), 'My other piece');
    first.unmount();
    await closeDrafts();
    const second = renderPage('?resell=33');
    await screen.findByText('Wool coat');
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
    second.unmount();
    await closeDrafts();
    renderPage('');
    expect(await screen.findByRole('textbox', { name: 'Comment' })).toHaveValue('My other piece');
  });

  it('says so when the catalogue has no such piece, and offers the search instead', async () => {
    renderPage('?resell=999');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find that piece in our catalogue. Search for it by name below.');
    expect(screen.getByRole('searchbox', { name: 'Search the catalogue by name' })).toBeInTheDocument();
  });

  it.each(['abc', '0', '-1', '33 OR 1=1', '1e3'])('asks the API nothing for the reference %s, and says the piece was not found', async (reference) => {
    renderPage(`?resell=${encodeURIComponent(reference)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find that piece in our catalogue.');
    expect(network.requests.some((r) => r.url.startsWith('/api/seller/products/child/'))).toBe(false);
  });

  it('asks a visitor to sign in first, then opens the piece chosen', async () => {
    act(() => resetStore());
    renderPage('?resell=33');
    // The page waits (its skeleton) while the /user frame asks the visitor to sign in.
    expect(await screen.findByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(network.requests.some((r) => r.url.startsWith('/api/seller'))).toBe(false);
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    expect(await screen.findByText('Wool coat')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveDisplayValue('M');
  }, 15_000);

  it('sends a customer who has not chosen how to be paid to onboarding, which keeps the piece', async () => {
    onboarded = false;
    renderPage('?resell=33');
    expect(await screen.findByText('at /user/onboarding?resell=33')).toBeInTheDocument();
  });
});

