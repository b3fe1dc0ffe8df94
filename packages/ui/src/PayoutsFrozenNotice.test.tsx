import { i18n, setUserDataAtom, startSessionAtom, store } from '@preloved/shared';
import { act, renderWithProviders, resetStore, screen, userEvent } from '@preloved/shared/test-utils';
import { stubFetch } from '../../../tools/jest/fetch-stub';
import { PayoutsFrozenNotice } from './PayoutsFrozenNotice';

// Issue 41: "this wasn't me" froze the payouts; a password reset by mail releases them.
describe('payouts frozen notice', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    network = stubFetch((request) => {
      if (request.url === '/api/customers/storefront') return { body: { customer: { CustomerID: 7, FirstName: 'Ana', LastName: 'Costa', EmailAddress: 'ana@example.com' } } };
      if (request.url === '/api/customers/passwordrecovery') return { body: { message: 'sent' } };
      return undefined;
    });
  });
  afterEach(() => network.restore());

  it('says why and mails a password reset link to the account', async () => {
    act(() => store.set(setUserDataAtom, { customer: { FirstName: 'Ana', LastName: 'Costa', EmailAddress: 'ana@example.com' } }));
    const user = userEvent.setup();
    renderWithProviders(<PayoutsFrozenNotice />);
    const notice = screen.getByRole('region', { name: 'Payouts are frozen' });
    expect(notice).toHaveTextContent('reported as not yours');
    await user.click(screen.getByRole('button', { name: 'E-mail me a password reset link' }));
    expect(await screen.findByText(/We sent a password reset link to ana@example\.com/)).toBeInTheDocument();
    expect(network.requests).toEqual([{ method: 'POST', url: '/api/customers/passwordrecovery', body: { id_brand: 1, email: 'ana@example.com' } }]);
    expect(screen.queryByRole('button', { name: 'E-mail me a password reset link' })).not.toBeInTheDocument();
  });

  it('reads the address when the user data does not have it, and speaks Portuguese', async () => {
    await act(() => i18n.changeLanguage('pt'));
    try {
      const user = userEvent.setup();
      renderWithProviders(<PayoutsFrozenNotice />);
      expect(screen.getByRole('region', { name: 'Os pagamentos estão congelados' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Enviar-me uma ligação para repor a palavra-passe' }));
      expect(await screen.findByText(/Enviámos uma ligação para repor a palavra-passe para ana@example\.com/)).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
