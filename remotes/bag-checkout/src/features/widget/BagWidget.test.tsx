import { setCartAtom, STORAGE_KEYS, store } from '@preloved/shared';
import { resetStore, testBagLine } from '@preloved/shared/test-utils';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { BAG_CHANGE_EVENT, mount } from './mount-bag-widget';

describe('the bag widget the main shop mounts (DESIGN.md §3)', () => {
  let element: HTMLElement;
  let unmount: () => void;
  beforeEach(() => {
    resetStore();
    element = document.createElement('div');
    document.body.append(element);
  });
  let network: ReturnType<typeof stubFetch> | undefined;
  afterEach(() => {
    act(() => unmount());
    element.remove();
    network?.restore();
    network = undefined;
  });

  it('shows the count, the lines (an unavailable one flagged), the total and "go to checkout" into the store, and unmounts cleanly', async () => {
    act(() =>
      store.set(setCartAtom, [testBagLine({ listing_id: 1, price: 12.5 }), testBagLine({ listing_id: 2, price: 30 }), testBagLine({ listing_id: 3, price: 9, valid_listing: false })]),
    );
    act(() => {
      unmount = mount(element, { storeUrl: 'https://brand.example/pre-loved/' });
    });
    // The count is of what can be bought, and the name says what cannot.
    const button = screen.getByRole('button', { name: 'Second-hand bag, 2 items you can buy, 1 unavailable' });
    await userEvent.click(button);
    const list = screen.getByRole('region', { name: 'Your pre-loved bag' });
    expect(within(list).getByText('Linen shirt 1')).toBeInTheDocument();
    expect(within(list).getByText('Product unavailable, remove from cart')).toBeInTheDocument();
    // The unavailable line is not in the total.
    expect(within(list).getByText('€42.50')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Go to checkout' })).toHaveAttribute('href', 'https://brand.example/pre-loved/checkout');
    act(() => unmount());
    expect(element).toBeEmptyDOMElement();
    unmount = () => undefined;
  });

  it('opening it prices the bag again: a piece sold meanwhile is flagged and no longer counted', async () => {
    act(() => store.set(setCartAtom, [testBagLine({ listing_id: 1, id: 0, price: 12.5 }), testBagLine({ listing_id: 2, id: 0, price: 30 })]));
    let sold = false;
    network = stubFetch((request) =>
      request.url === '/api/cart/price'
        ? { body: [testBagLine({ listing_id: 1, id: 0, price: 12.5 }), { ...testBagLine({ listing_id: 2, id: 0, price: 30 }), valid_listing: !sold }] }
        : undefined,
    );
    act(() => {
      unmount = mount(element, { storeUrl: '' });
    });
    const button = await screen.findByRole('button', { name: 'Second-hand bag, 2 items' });
    sold = true;
    await userEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Second-hand bag, 1 item you can buy, 1 unavailable' })).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Your pre-loved bag' });
    expect(within(list).getByText('Product unavailable, remove from cart')).toBeInTheDocument();
    // The total is of what can be bought.
    expect(within(list).getByText('Total').closest('p')).toHaveTextContent('Total€12.50');
  });

  it('an empty bag offers a way into the store', async () => {
    act(() => {
      unmount = mount(element, { storeUrl: 'https://brand.example/pre-loved' });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Second-hand bag, 0 items' }));
    expect(screen.getByRole('link', { name: 'Shop pre-loved' })).toHaveAttribute('href', 'https://brand.example/pre-loved/all');
  });

  it('follows a change made in another tab (a storage event) without a reload, and tells the page', () => {
    const changes: number[] = [];
    act(() => {
      unmount = mount(element, { storeUrl: '', onChange: (bag) => changes.push(bag.count) });
    });
    const events: unknown[] = [];
    element.addEventListener(BAG_CHANGE_EVENT, (event) => events.push((event as CustomEvent).detail));
    const lines = [testBagLine({ listing_id: 7, price: 20 })];
    act(() => {
      // Another tab writes the bag: this tab sees only the storage event.
      localStorage.setItem(STORAGE_KEYS.shoppingCart, JSON.stringify(lines));
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.shoppingCart, newValue: JSON.stringify(lines), storageArea: localStorage }));
    });
    expect(screen.getByRole('button', { name: 'Second-hand bag, 1 item' })).toBeInTheDocument();
    expect(changes).toEqual([0, 1]);
    expect(events).toEqual([{ count: 1, total: 20 }]);
  });
});
