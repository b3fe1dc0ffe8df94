import { i18n, startSessionAtom, store, userDataAtom } from '@preloved/shared';
import { resetStore } from '@preloved/shared/test-utils';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch, type RecordedRequest } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { renderUserFrame } from './render-frame';

const customer = { CustomerID: 7, FirstName: 'Ana', LastName: 'Silva', EmailAddress: 'ana@example.com', verified: false, has_password: true, member_since: '2026-01-01T00:00:00Z' };
const unverified = { customer: { ...customer, email_verified: false } };
const verified = { customer: { ...customer, email_verified: true } };
type Answer = { status?: number; body?: unknown } | undefined;

function renderFrame(route = '/user/orders') {
  return renderUserFrame(route, { orders: 'orders page' });
}
const notice = () => screen.queryByRole('region', { name: 'Confirm your e-mail address' });

describe('The e-mail confirmation notice of the /user frame', () => {
  let network: ReturnType<typeof stubFetch>;
  let answer: (request: RecordedRequest) => Answer;
  let profile: unknown;
  beforeEach(() => {
    resetStore();
    profile = unverified;
    answer = () => undefined;
    network = stubFetch((request) => (request.url === '/api/customers/storefront' ? { body: profile } : answer(request)));
  });
  afterEach(() => network.restore());
  const signIn = (userData: unknown) =>
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0, userData: userData as typeof unverified }));

  it('says what waits for the proof, to which address the code went, on every /user page', async () => {
    signIn(unverified);
    renderFrame();
    expect(await screen.findByRole('region', { name: 'Confirm your e-mail address' })).toHaveTextContent(
      'We sent a link and a 6-digit code to ana@example.com. Until then you cannot add guest orders, receive payouts, move credit out or use first-order codes.',
    );
    expect(screen.getByText('orders page')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code from the e-mail' })).toBeInTheDocument();
  });

  it('goes once the code is accepted, and says the address is confirmed', async () => {
    signIn(unverified);
    answer = (request) => (request.url === '/api/customers/verification/confirm' ? { body: verified } : undefined);
    renderFrame();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Code from the e-mail' }), '123456{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail address is confirmed.');
    expect(notice()).toBeNull();
    expect(network.requests.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/customers/verification/confirm', body: { code: '123456' } },
    ]);
    expect((store.get(userDataAtom)?.customer as { email_verified?: boolean }).email_verified).toBe(true);
  });

  it('is not shown to a proven account', async () => {
    signIn(verified);
    renderFrame();
    expect(await screen.findByText('orders page')).toBeInTheDocument();
    expect(notice()).toBeNull();
    // Nothing to ask: the stored data says it is proven.
    expect(network.requests).toEqual([]);
  });

  it('asks the store again on arrival: a link opened on another device proved it meanwhile', async () => {
    signIn(unverified);
    profile = verified;
    renderFrame();
    await waitFor(() => expect(network.requests.map((request) => request.url)).toContain('/api/customers/storefront'));
    await waitFor(() => expect(notice()).toBeNull());
  });

  it('sends the code again on request; already proven says so and the notice goes', async () => {
    signIn(unverified);
    answer = (request) =>
      request.url === '/api/customers/verification'
        ? { status: 409, body: { code: 'email_already_verified', message: 'Your e-mail address is already confirmed.' } }
        : undefined;
    renderFrame();
    await userEvent.click(await screen.findByRole('button', { name: 'Send the code again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail address is already confirmed.');
    expect(notice()).toBeNull();
  });

  it('speaks Portuguese to a Portuguese reader', async () => {
    await act(() => i18n.changeLanguage('pt'));
    try {
      signIn(unverified);
      renderFrame();
      expect(await screen.findByRole('region', { name: 'Confirme o seu endereço de e-mail' })).toHaveTextContent(
        /Enviámos uma ligação e um código de 6 algarismos para ana@example\.com\./,
      );
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
