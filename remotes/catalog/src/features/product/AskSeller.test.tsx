import type { ListingOffer } from '@preloved/contract';
import { loginIntentAtom, loginPanelAtom, setUserDataAtom, startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import '../../i18n';
import { AskSellerButton } from './AskSeller';

const listing = { listing_id: 7, FirstName: 'Rui', CustomerID: 50 } as ListingOffer;

describe('Ask the seller', () => {
  let asked: unknown[];
  beforeEach(() => {
    resetStore();
    asked = [];
    server.use(
      http.post(api('/threads'), async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ id: 88 }, { status: 201 });
      }),
    );
  });

  const renderButton = () =>
    renderWithProviders(<AskSellerButton listing={listing} title="Wool coat, Size M" />, { routes: [{ path: '/user/messages/88', element: <p>the conversation</p> }] });
  const button = () => screen.getByRole('button', { name: 'Ask Rui about Wool coat, Size M' });

  it('opens the signed-in shopper’s conversation about the piece', async () => {
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    renderButton();
    await userEvent.click(button());
    expect(await screen.findByText('the conversation')).toBeInTheDocument();
    expect(asked).toEqual([{ listing_id: 7 }]);
  });

  it('asks a visitor to sign in first, keeping the question as the intent', async () => {
    renderButton();
    await userEvent.click(button());
    expect(store.get(loginPanelAtom).mode).toBe('signin');
    expect(store.get(loginIntentAtom)).toEqual({ kind: 'ask', listingId: 7 });
    expect(asked).toEqual([]);
  });

  it('is not offered on one’s own piece', () => {
    act(() => {
      store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 });
      store.set(setUserDataAtom, { customer: { CustomerID: 50, FirstName: 'Rui', LastName: 'Sousa', EmailAddress: 'rui@example.com' } } as never);
    });
    renderButton();
    expect(screen.queryByRole('button', { name: /^Ask / })).not.toBeInTheDocument();
  });
});
