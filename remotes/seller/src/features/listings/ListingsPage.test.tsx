import type { SellerListingCard, SellerListingList } from '@preloved/contract';
import { i18n, startSessionAtom, store } from '@preloved/shared';
import { act, renderWithProviders, resetStore, screen, userEvent, within } from '@preloved/shared/test-utils';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { ListingsPage, listingsLoader } from './ListingsPage';

// On a phone the price could only be changed inside "Edit listing"; now each unsold
// card of My listings changes it in one step, with the listing's rules and messages.

const coat: SellerListingCard = { id: 5, number: 'SL-000005', date: '2026-11-02T10:00:00.000Z', product: 'Wool coat', photo: '/api/photos/a.webp', colour: 'Camel', size: 'M', price: 90, status: 'active' };
const scarf: SellerListingCard = { ...coat, id: 6, number: 'SL-000006', product: 'Silk scarf', status: 'sold' };

describe('My listings: the price from the card', () => {
  let network: ReturnType<typeof stubFetch>;
  let priceAnswer: { status?: number; body?: unknown } | undefined;
  beforeEach(() => {
    resetStore();
    priceAnswer = undefined;
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    network = stubFetch((request) => {
      if (request.url.startsWith('/api/seller/listings?')) return { body: { listings: [coat, scarf], total: 2, page: 1, limit: 24 } satisfies SellerListingList };
      if (request.url === '/api/seller/listings/5/price') return priceAnswer ?? { body: { ...coat, min_price: 50, ...(request.body as object) } };
      if (request.url === '/api/seller/bundle') return { body: { tiers: [] } };
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const renderPage = () => renderWithProviders(<ListingsPage />, { route: '/user/listings', path: '/user/listings', loader: listingsLoader });

  it('saves a new price in one step: the card shows it and the button is back with the focus', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Change the price of listing SL-000005: Wool coat' }));
    const form = screen.getByRole('form', { name: 'New price of listing SL-000005' });
    const field = within(form).getByRole('textbox', { name: 'New price (€)' });
    expect(field).toHaveValue('90');
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.type(field, '80,50');
    await userEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Listing SL-000005 now costs €80.50.')).toBeInTheDocument();
    expect(network.requests.filter((request) => request.method === 'PUT')).toEqual([{ method: 'PUT', url: '/api/seller/listings/5/price', body: { price: 80.5 } }]);
    expect(within(screen.getByRole('link', { name: 'Listing SL-000005: Wool coat' })).getByText('€80.50')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New price of listing SL-000005' })).not.toBeInTheDocument();
    const again = screen.getByRole('button', { name: 'Change the price of listing SL-000005: Wool coat' });
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(again).toHaveFocus();
  });

  it('a sold piece has no price to change', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Listing SL-000006: Silk scarf' });
    expect(screen.queryByRole('button', { name: /Change the price of listing SL-000006/ })).not.toBeInTheDocument();
  });

  it('says what is wrong next to the field: out of bounds before sending, below the minimum from the API', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Change the price of listing SL-000005: Wool coat' }));
    const field = screen.getByRole('textbox', { name: 'New price (€)' });
    await userEvent.clear(field);
    await userEvent.type(field, '4{Enter}');
    expect(field).toHaveAccessibleDescription('The price must be between 5 € and 5000 €.');
    expect(network.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    priceAnswer = { status: 422, body: { code: 'validation_failed', message: 'Invalid', fields: [{ field: 'price', key: 'min_price_above_price' }] } };
    await userEvent.clear(field);
    await userEvent.type(field, '40{Enter}');
    expect(await screen.findByText('The minimum price cannot be higher than the price.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // Cancel keeps the card's price.
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(screen.getByRole('link', { name: 'Listing SL-000005: Wool coat' })).getByText('€90.00')).toBeInTheDocument();
  });

  it('speaks Portuguese to a Portuguese seller', async () => {
    await act(() => i18n.changeLanguage('pt'));
    try {
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Alterar o preço do anúncio SL-000005: Wool coat' }));
      const field = screen.getByRole('textbox', { name: 'Novo preço (€)' });
      await userEvent.clear(field);
      await userEvent.type(field, '75{Enter}');
      expect(await screen.findByText(/^O anúncio SL-000005 custa agora 75,00\s€\.$/)).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
