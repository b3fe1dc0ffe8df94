import { createStore } from 'jotai';
import { checkoutProgressAtom, EMPTY_PROGRESS, lastPlacedAtom, PLACED_KEY, PROGRESS_KEY } from './checkout-progress';

// A reload, an offline spell or the route's error frame lost the delivery chosen. The
// progress is kept in the tab's sessionStorage (a reload reads it back); the card never is.
describe('the checkout’s progress', () => {
  afterEach(() => sessionStorage.clear());

  it('is read back by a fresh page (a reload) from the tab’s sessionStorage', () => {
    const before = createStore();
    before.set(checkoutProgressAtom, (current) => ({ ...current, delivery_option: 'pickup', pickup_point_id: 7, pickup_point_name: 'Quiosque Rossio', total: 30.8 }));
    expect(JSON.parse(sessionStorage.getItem(PROGRESS_KEY)!)).toMatchObject({ delivery_option: 'pickup', pickup_point_id: 7 });
    const reloaded = createStore();
    expect(reloaded.get(checkoutProgressAtom)).toEqual({ ...EMPTY_PROGRESS, delivery_option: 'pickup', pickup_point_id: 7, pickup_point_name: 'Quiosque Rossio', total: 30.8 });
    // Forgotten (leaving the checkout): nothing left in the tab.
    reloaded.set(checkoutProgressAtom, EMPTY_PROGRESS);
    expect(sessionStorage.getItem(PROGRESS_KEY)).toBeNull();
  });

  it('keeps the order this tab placed last apart, after the progress is forgotten', () => {
    const first = createStore();
    const placed = { status: 'succeeded' as const, attempt_id: 'a1', order_id: 5, order_number: 'PL-000005', total: 34.3, ship_by: null, claim_token: null };
    first.set(lastPlacedAtom, placed);
    first.set(checkoutProgressAtom, EMPTY_PROGRESS);
    expect(createStore().get(lastPlacedAtom)).toEqual(placed);
    expect(sessionStorage.getItem(PLACED_KEY)).not.toBeNull();
  });

  it('a stored value that is not JSON is no progress', () => {
    sessionStorage.setItem(PROGRESS_KEY, '{not json');
    expect(createStore().get(checkoutProgressAtom)).toEqual(EMPTY_PROGRESS);
  });
});
