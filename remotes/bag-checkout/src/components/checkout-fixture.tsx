import { setCartAtom, setGuestCheckoutAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore, testBagLine } from '@preloved/shared/test-utils';
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { checkoutLoader } from './CheckoutFrame';
import { checkoutProgressAtom, EMPTY_PROGRESS, useCheckoutProgress, type CheckoutProgress } from './checkout-progress';

// The checkout tests' builders: a guest with one €20 piece in the bag, home delivery and an address,
// at the step under test.

/** A paid answer of POST checkout/payment. */
export const PAID = { status: 'succeeded', attempt_id: 'a1', order_id: 5, order_number: 'PL-000005', total: 34.3, ship_by: '2026-11-30', claim_token: 'claim' };

/** A guest's checkout up to payment: the store reset, one piece in the bag, delivery and address chosen. */
export async function guestAtPayment(progress: Partial<CheckoutProgress> = {}): Promise<void> {
  // The previous test's page forgets the progress a tick after it unmounts (leaving the checkout).
  await new Promise((resolve) => setTimeout(resolve, 0));
  resetStore();
  act(() => {
    store.set(setCartAtom, [testBagLine({ listing_id: 1, price: 20 })]);
    store.set(setGuestCheckoutAtom, true);
    store.set(checkoutProgressAtom, {
      ...EMPTY_PROGRESS,
      delivery_option: 'home',
      email: 'g@example.com',
      address: { first_name: 'A', last_name: 'B', phone: '912345678', address: 'Rua A 1', zip_code: '1000-001', city: 'Lisboa', country: 'PT' },
      ...progress,
    });
  });
}

/** Stands for the result page: the order number the payment left in the progress. */
function ResultProbe() {
  const [progress] = useCheckoutProgress();
  return <p>paid {progress.result?.order_number}</p>;
}

/** A checkout step at `path`, with the checkout's loader and a result page to land on. */
export const renderCheckoutStep = (page: ReactElement, path: string) =>
  renderWithProviders(page, { route: path, path, loader: checkoutLoader, routes: [{ path: '/payment-sucess', element: <ResultProbe /> }] });
