import { i18n, loginPanelAtom, startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import { checkoutProgressAtom, EMPTY_PROGRESS } from '../../components/checkout-progress';
import '../../i18n';
import { PaymentResultPage } from './PaymentResultPage';

jest.setTimeout(20_000);

const result = { status: 'succeeded' as const, attempt_id: 'a1', order_id: 5, order_number: 'PO-0000005', total: 34.3, ship_by: '2026-11-30', claim_token: 'claim-5' };

describe('/payment-sucess', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    resetStore();
    act(() => store.set(checkoutProgressAtom, { ...EMPTY_PROGRESS, email: 'g@example.com', result }));
    network = stubFetch((request) => (request.url === '/api/orders/claim' ? { body: { id: 5 } } : undefined));
  });
  afterEach(() => network.restore());

  it('shows the order number and the ship-by date; a guest who signs up from the offer (their order e-mail prefilled) gets the orders in the account', async () => {
    renderWithProviders(<PaymentResultPage />, { route: '/payment-sucess' });
    expect(await screen.findByRole('heading', { name: 'Thank you for your order' })).toHaveFocus();
    expect(screen.getByText('Order number: PO-0000005')).toBeInTheDocument();
    expect(screen.getByText('Each seller ships within 5 business days, by Monday 30 November. We e-mail you the tracking number.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(store.get(loginPanelAtom)).toEqual({ mode: 'register', forCheckout: false, email: 'g@example.com' });
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    expect(await screen.findByText('This order is now in your account.')).toBeInTheDocument();
    expect(network.requests.find((request) => request.url === '/api/orders/claim')?.body).toEqual({ claim_token: 'claim-5' });
  });

  describe('while the new account’s e-mail is unproven', () => {
    const notVerified = { status: 403, body: { code: 'email_not_verified', message: 'Confirm your e-mail address first.' } };
    let proven: boolean;
    beforeEach(() => {
      proven = false;
      network.restore();
      network = stubFetch((request) => {
        if (request.url === '/api/orders/claim') return proven ? { body: { id: 5 } } : notVerified;
        if (request.url === '/api/customers/verification/confirm') {
          if ((request.body as { code: string }).code !== '123456')
            return { status: 422, body: { code: 'email_code_wrong', message: 'email_code_wrong', fields: [{ field: 'code', key: 'email_code_wrong' }] } };
          proven = true;
          return { body: { customer: { CustomerID: 7, FirstName: 'G', LastName: 'S', EmailAddress: 'g@example.com', email_verified: true } } };
        }
        if (request.url === '/api/customers/verification') return { body: { message: 'sent' } };
        return undefined;
      });
    });
    const signUp = async (createAccount = 'Create an account') => {
      renderWithProviders(<PaymentResultPage />, { route: '/payment-sucess' });
      await userEvent.click(await screen.findByRole('button', { name: createAccount }));
      act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    };
    const claims = () => network.requests.filter((request) => request.url === '/api/orders/claim');

    it('asks for the mailed code in place, then adds the order by itself', async () => {
      await signUp();
      expect(await screen.findByText('To add this order, confirm your e-mail address: type the 6-digit code from the e-mail we sent you.')).toBeInTheDocument();
      const code = screen.getByRole('textbox', { name: 'Code from the e-mail' });
      await userEvent.type(code, '000000{Enter}');
      await waitFor(() => expect(code).toHaveAccessibleDescription(/^This code is not right/));
      expect(claims()).toHaveLength(1);
      await userEvent.clear(code);
      await userEvent.type(code, '123456{Enter}');
      expect(await screen.findByText('This order is now in your account.')).toBeInTheDocument();
      expect(claims()).toEqual([
        { method: 'POST', url: '/api/orders/claim', body: { claim_token: 'claim-5' } },
        { method: 'POST', url: '/api/orders/claim', body: { claim_token: 'claim-5' } },
      ]);
      expect(screen.queryByRole('textbox', { name: 'Code from the e-mail' })).toBeNull();
    });

    it('sends the code again on request', async () => {
      await signUp();
      await userEvent.click(await screen.findByRole('button', { name: 'Send the code again' }));
      expect(await screen.findByText('We have sent you a new code. Check your inbox.')).toBeInTheDocument();
      expect(network.requests.filter((request) => request.url === '/api/customers/verification')).toHaveLength(1);
    });

    it('speaks Portuguese to a Portuguese reader', async () => {
      await act(() => i18n.changeLanguage('pt'));
      try {
        await signUp('Criar uma conta');
        expect(await screen.findByText(/^Para adicionar esta encomenda, confirme o seu endereço de e-mail/)).toBeInTheDocument();
        expect(screen.getByRole('textbox', { name: 'Código do e-mail' })).toBeInTheDocument();
      } finally {
        await act(() => i18n.changeLanguage('en'));
      }
    });
  });

  it('says why a refused claim was refused, in the user’s language', async () => {
    network.restore();
    network = stubFetch((request) =>
      request.url === '/api/orders/claim' ? { status: 422, body: { code: 'claim_link_unusable', message: 'claim_link_unusable' } } : undefined,
    );
    renderWithProviders(<PaymentResultPage />, { route: '/payment-sucess' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This link to add the order has expired or was already used\./);
  });

  it('without a payment there is nothing to show but the way back to shopping', async () => {
    act(() => store.set(checkoutProgressAtom, EMPTY_PROGRESS));
    renderWithProviders(<PaymentResultPage />, { route: '/payment-sucess' });
    expect(await screen.findByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });
});
