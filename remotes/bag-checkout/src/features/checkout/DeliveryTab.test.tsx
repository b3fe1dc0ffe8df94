import { setCartAtom, setGuestCheckoutAtom, startSessionAtom, store, type SessionStart } from '@preloved/shared';
import { renderWithProviders, resetStore, testBagLine } from '@preloved/shared/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch, type RecordedRequest } from '../../../../../tools/jest/fetch-stub';
import { checkoutProgressAtom, EMPTY_PROGRESS, useCheckoutProgress } from '../../components/checkout-progress';
import { checkoutLoader } from '../../components/CheckoutFrame';
import '../../i18n';
import { summaryAnswer } from '../../test/summary-answer';
import { CheckoutPage } from './CheckoutPage';

const POINT = { id: 7, name: 'Loja Chiado', address: 'Rua Garrett 1', zip_code: '1200-203', city: 'Lisboa', country: 'PT', lat: 38.71, lng: -9.14, opening_hours: '10:00–20:00', distance_km: 0.4 };
const ADDRESS = { id: 3, name: 'Home', first_name: 'Ana', last_name: 'Silva', phone: '912345678', address: 'Rua A 1', address2: '', zip_code: '1000-001', city: 'Lisboa', country: 'PT', default: true };

/** The next tab keeps the progress (it is a checkout page too). */
function NextTab() {
  useCheckoutProgress();
  return <p>review tab</p>;
}

const renderTab = () =>
  renderWithProviders(<CheckoutPage />, {
    route: '/checkout',
    path: '/checkout',
    loader: checkoutLoader,
    routes: [{ path: '/review', element: <NextTab /> }],
  });

/** The API as these tests meet it: one pickup point, one saved address, a checkout of one piece. */
function answers(request: RecordedRequest) {
  if (request.url.startsWith('/api/checkout/pickuppoints')) return { body: { pickup_points: [POINT] } };
  if (request.url === '/api/customers/addresses') return { body: { addresses: [ADDRESS] } };
  if (request.url === '/api/checkout') return { body: { lines: [{ ...testBagLine({ listing_id: 1 }), FirstName: 'Inês' }], subtotal: 20, currency_symb_code: 'EUR' } };
  if (request.url === '/api/checkout/summary') return { body: summaryAnswer(request.body) };
  return undefined;
}

/** A guest checking out one piece of the local bag. */
const asGuest = () =>
  act(() => {
    store.set(setCartAtom, [testBagLine({ listing_id: 1 })]);
    store.set(setGuestCheckoutAtom, true);
  });

/** A signed-in shopper whose server bag holds one piece. */
const signIn = (extra: Partial<SessionStart> = {}) => act(() => store.set(startSessionAtom, { token: 'tok', cart: [testBagLine({ listing_id: 1 })], notifications: 0, ...extra }));

describe('/checkout, the delivery tab', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(async () => {
    // The previous test's page forgets the progress a tick after it unmounts (leaving the checkout).
    await new Promise((resolve) => setTimeout(resolve, 0));
    resetStore();
    act(() => store.set(checkoutProgressAtom, EMPTY_PROGRESS));
    network = stubFetch(answers);
  });
  afterEach(() => network.restore());

  it('a guest who sends nothing sees each missing field’s message and “Please choose one delivery option.”', async () => {
    asGuest();
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to review' }));
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('Please enter your email address.');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription('Please enter your first name.');
    expect(screen.getByRole('textbox', { name: 'ZIP code' })).toHaveAccessibleDescription('Please enter your ZIP code.');
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose one delivery option.');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus();
  });

  it('a guest chooses a pickup point from the list and goes on to review with the choice kept', async () => {
    asGuest();
    renderTab();
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'guest@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Rita');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Sousa');
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '912345678');
    await userEvent.type(screen.getByRole('textbox', { name: 'Address' }), 'Rua B 2');
    await userEvent.type(screen.getByRole('textbox', { name: 'ZIP code' }), '1100-001');
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'Lisboa');
    await userEvent.click(screen.getByRole('radio', { name: /^Pickup point/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a pickup point.');
    await userEvent.click(await screen.findByRole('radio', { name: /Loja Chiado/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to review' }));
    expect(await screen.findByText('review tab')).toBeInTheDocument();
    expect(store.get(checkoutProgressAtom)).toMatchObject({
      delivery_option: 'pickup',
      pickup_point_id: 7,
      email: 'guest@example.com',
      address: { first_name: 'Rita', city: 'Lisboa', country: 'PT' },
    });
  });

  it('asks for the pickup points nearest the delivery address, and finds any point by a typed place, keeping the chosen one', async () => {
    signIn();
    renderTab();
    await screen.findByRole('radio', { name: /Rua A 1/ });
    await userEvent.click(screen.getByRole('radio', { name: /^Pickup point/ }));
    await userEvent.click(await screen.findByRole('radio', { name: /Loja Chiado/ }));
    const asked = () => network.requests.filter((request) => request.url.startsWith('/api/checkout/pickuppoints')).map((request) => new URL(request.url, 'http://x').searchParams);
    // The saved address's postcode orders the list.
    expect(asked()[0]!.get('zip_code')).toBe('1000-001');
    expect(asked()[0]!.get('country')).toBe('PT');
    network.restore();
    const PORTO = { ...POINT, id: 9, name: 'Livraria Aliados', zip_code: '4000-065', city: 'Porto', distance_km: 274 };
    network = stubFetch((request) =>
      new URL(request.url, 'http://x').searchParams.get('q') === 'porto' ? { body: { pickup_points: [PORTO] } } : answers(request),
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a pickup point' }), 'porto');
    expect(await screen.findByRole('radio', { name: /Livraria Aliados/ })).toBeInTheDocument();
    // The point already chosen stays on the list, chosen.
    expect(screen.getByRole('radio', { name: /Loja Chiado/ })).toBeChecked();
    expect(network.requests.some((request) => new URL(request.url, 'http://x').searchParams.get('q') === 'porto')).toBe(true);
  });

  it('a delivery address in Spain is offered Spain’s pickup points: the country is asked for even before a postcode', async () => {
    asGuest();
    renderTab();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Country' }), 'Spain');
    await userEvent.click(screen.getByRole('radio', { name: /^Pickup point/ }));
    const asked = () => network.requests.filter((request) => request.url.startsWith('/api/checkout/pickuppoints')).map((request) => new URL(request.url, 'http://x').searchParams);
    await waitFor(() => expect(asked().at(-1)?.get('country')).toBe('ES'));
    await userEvent.type(screen.getByRole('textbox', { name: 'ZIP code' }), '28009');
    await waitFor(() => expect(asked().at(-1)?.get('zip_code')).toBe('28009'));
    expect(asked().at(-1)?.get('country')).toBe('ES');
  });

  it('a signed-in shopper’s first checkout starts with the account’s name', async () => {
    network.restore();
    network = stubFetch((request) => (request.url === '/api/customers/addresses' ? { body: { addresses: [] } } : answers(request)));
    signIn({ userData: { customer: { FirstName: 'Marta', LastName: 'Reis' } } });
    renderTab();
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Marta');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Reis');
  });

  describe('the pickup map', () => {
    afterEach(() => {
      delete window.__PRELOVED_CONFIG__;
    });
    const toPickup = async () => {
      asGuest();
      renderTab();
      await userEvent.click(await screen.findByRole('radio', { name: 'Pickup point' }));
      await screen.findByRole('radio', { name: /Loja Chiado/ });
    };

    it('shows the map of the configured tiles; when its tiles fail to load, the list alone with a word why', async () => {
      window.__PRELOVED_CONFIG__ = { mapTileUrl: 'http://tiles.test/{z}/{x}/{y}.png' };
      await toPickup();
      const map = await screen.findByRole('region', { name: 'Map of the pickup points' });
      await waitFor(() => expect(map.querySelector('img.leaflet-tile')).not.toBeNull());
      const tile = map.querySelector<HTMLImageElement>('img.leaflet-tile')!;
      expect(tile.src).toMatch(/^http:\/\/tiles\.test\/5\/\d+\/\d+\.png$/);
      act(() => void tile.dispatchEvent(new Event('error')));
      expect(await screen.findByText('The map is not available right now: choose your pickup point from the list.')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Map of the pickup points' })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('radio', { name: /Loja Chiado/ }));
      expect(screen.getByRole('radio', { name: /Loja Chiado/ })).toBeChecked();
    });

    it('keeps the map when a tile fails after others loaded (a gap, not a failure)', async () => {
      window.__PRELOVED_CONFIG__ = { mapTileUrl: 'http://tiles.test/{z}/{x}/{y}.png' };
      await toPickup();
      const map = await screen.findByRole('region', { name: 'Map of the pickup points' });
      await waitFor(() => expect(map.querySelector('img.leaflet-tile')).not.toBeNull());
      const tile = map.querySelector<HTMLImageElement>('img.leaflet-tile')!;
      act(() => void tile.dispatchEvent(new Event('load')));
      act(() => void tile.dispatchEvent(new Event('error')));
      expect(screen.getByRole('region', { name: 'Map of the pickup points' })).toBeInTheDocument();
      expect(screen.queryByText(/The map is not available/)).not.toBeInTheDocument();
    });

    it('shows the list alone when no tiles are configured', async () => {
      window.__PRELOVED_CONFIG__ = { mapTileUrl: '' };
      await toPickup();
      expect(screen.getByText('The map is not available right now: choose your pickup point from the list.')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Map of the pickup points' })).not.toBeInTheDocument();
    });
  });

  it('a signed-in customer picks a saved address from the book for home delivery', async () => {
    signIn();
    renderTab();
    const saved = await screen.findByRole('radio', { name: /Rua A 1/ });
    expect(saved).toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /^Home delivery/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to review' }));
    expect(await screen.findByText('review tab')).toBeInTheDocument();
    expect(store.get(checkoutProgressAtom)).toMatchObject({ delivery_option: 'home', address_id: 3, address: null });
  });

  it('a signed-in customer whose bag holds a sold piece continues with the rest: the sold line leaves the server bag first', async () => {
    const sold = { ...testBagLine({ listing_id: 2, valid_listing: false }), FirstName: 'Rui' };
    network.restore();
    let deleted = false;
    network = stubFetch((request) => {
      if (request.url === '/api/customers/addresses') return { body: { addresses: [ADDRESS] } };
      if (request.url === '/api/checkout') return { body: { lines: [{ ...testBagLine({ listing_id: 1 }), FirstName: 'Inês' }, sold], subtotal: 20, currency_symb_code: 'EUR' } };
      if (request.url === '/api/checkout/summary') return { body: summaryAnswer(request.body) };
      if (request.method === 'DELETE' && request.url === '/api/cart?shopping_bag_line_id=20') {
        deleted = true;
        return { body: [testBagLine({ listing_id: 1 })] };
      }
      return undefined;
    });
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [testBagLine({ listing_id: 1 }), testBagLine({ listing_id: 2 })], notifications: 0 }));
    renderTab();
    expect(await screen.findByRole('region', { name: 'No longer available' })).toHaveTextContent('Linen shirt 2');
    await screen.findByRole('radio', { name: /Rua A 1/ });
    await userEvent.click(screen.getByRole('radio', { name: /^Home delivery/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to review' }));
    expect(await screen.findByText('review tab')).toBeInTheDocument();
    expect(deleted).toBe(true);
  });

  it('each delivery option shows its price, and the order summary shows every fee line from the start and the total once an option is chosen', async () => {
    act(() => {
      store.set(setCartAtom, [testBagLine({ listing_id: 1, price: 20 })]);
      store.set(setGuestCheckoutAtom, true);
    });
    renderTab();
    expect(await screen.findByRole('radio', { name: 'Home delivery · €6.40' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Pickup point · €3.90' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    const amount = (term: string) => within(summary).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(amount('Processing fee')).toBe('€1.70');
    expect(amount('Verification fee')).toBe('€1.50');
    expect(amount('Total before delivery')).toBe('€23.20');
    expect(amount('Shipping (1 package)')).toBe('€3.90');
    expect(amount('Total')).toBe('Choose a delivery option');
    expect(within(summary).getByText(/no VAT is added to their prices/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /^Home delivery/ }));
    await waitFor(() => expect(amount('Total')).toBe('€29.60'));
    expect(amount('Delivery')).toBe('€2.50');
    // Asked of the server each time (the guest's bag in `cart`), never added up here.
    expect(network.requests.filter((request) => request.url === '/api/checkout/summary').map((request) => request.body)).toEqual([{ cart: [1] }, { delivery_option: 'home', cart: [1] }]);
  });

  it('the country is chosen from the countries the store ships to', async () => {
    asGuest();
    renderTab();
    const country = await screen.findByRole('combobox', { name: 'Country' });
    expect(within(country).getAllByRole('option').map((option) => option.textContent)).toEqual(['Portugal', 'Spain']);
    expect(country).toHaveValue('PT');
    await userEvent.selectOptions(country, 'Spain');
    expect(country).toHaveValue('ES');
  });

  it('a signed-in customer with a new address keeps it in the account when asked', async () => {
    signIn();
    renderTab();
    await userEvent.click(await screen.findByRole('radio', { name: 'A new address' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Rita');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Sousa');
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '912345678');
    await userEvent.type(screen.getByRole('textbox', { name: 'Address' }), 'Rua B 2');
    await userEvent.type(screen.getByRole('textbox', { name: 'ZIP code' }), '1100-001');
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'Porto');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Save this address to my account' }));
    await userEvent.click(screen.getByRole('radio', { name: /^Home delivery/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to review' }));
    expect(await screen.findByText('review tab')).toBeInTheDocument();
    expect(store.get(checkoutProgressAtom)).toMatchObject({ address_id: null, address: { city: 'Porto', country: 'PT' }, save_address: true });
  });

  it('a visitor neither signed in nor a guest is offered sign in or continue as guest', async () => {
    act(() => store.set(setCartAtom, [testBagLine({ listing_id: 1 })]));
    renderTab();
    expect(await screen.findByRole('button', { name: 'Sign in or continue as guest' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to review' })).not.toBeInTheDocument();
  });

  it('a reload on a phone keeps what was typed and chosen before “Continue”', async () => {
    asGuest();
    window.history.replaceState(null, '', '/checkout');
    try {
      const first = renderTab();
      await userEvent.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'guest@example.com');
      await userEvent.type(screen.getByRole('textbox', { name: 'Address' }), 'Rua B 2');
      await userEvent.click(screen.getByRole('radio', { name: /^Pickup point/ }));
      await userEvent.click(await screen.findByRole('radio', { name: /Loja Chiado/ }));
      // The page goes (a reload, or the route's error frame) and comes back on the same path.
      first.unmount();
      await new Promise((resolve) => setTimeout(resolve, 10));
      renderTab();
      expect(await screen.findByRole('textbox', { name: 'E-mail' })).toHaveValue('guest@example.com');
      expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue('Rua B 2');
      expect(screen.getByRole('radio', { name: /^Pickup point/ })).toBeChecked();
      expect(await screen.findByRole('radio', { name: /Loja Chiado/ })).toBeChecked();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
