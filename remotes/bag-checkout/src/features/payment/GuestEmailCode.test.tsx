import { setLanguage } from '@preloved/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch, type RecordedRequest } from '../../../../../tools/jest/fetch-stub';
import { guestAtPayment, PAID, renderCheckoutStep } from '../../components/checkout-fixture';
import '../../i18n';
import { PaymentPage } from './PaymentPage';

jest.setTimeout(20_000);

// A guest paying with a first-order code proves the checkout e-mail with the 6-digit code
// mailed to it, typed on the payment page and sent with the payment as `email_code`.

const wrongCode = { status: 422, body: { statusCode: 422, code: 'email_code_wrong', message: 'email_code_wrong', fields: [{ field: 'email_code', key: 'email_code_wrong' }] } };

async function fillCard() {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Card number' }, { timeout: 5000 }), '4242 4242 4242 4242');
  await userEvent.type(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '12/34');
  await userEvent.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
}

describe('/payment for a guest with a first-order code', () => {
  let network: ReturnType<typeof stubFetch>;
  let answer: (request: RecordedRequest) => { status?: number; body?: unknown };
  const mailed = () => network.requests.filter((request) => request.url === '/api/checkout/email-code');
  const payments = () => network.requests.filter((request) => request.url === '/api/checkout/payment');
  beforeEach(async () => {
    await guestAtPayment({ total: 34.3, discount_code: 'WELCOME10', first_order_code: true });
    answer = () => ({ body: PAID });
    network = stubFetch((request) => {
      if (request.url === '/api/checkout/email-code') return { body: { message: 'We have e-mailed you a 6-digit code.' } };
      if (request.url === '/api/checkout/payment') return answer(request);
      return undefined;
    });
  });
  afterEach(() => network.restore());

  it('mails the code once, asks for it next to its field, shows a wrong one there, sends it again on request, and pays with it', async () => {
    renderCheckoutStep(<PaymentPage />, '/payment');
    expect(await screen.findByText('We e-mailed a 6-digit code to g@example.com. Type it here to use your first-order code.')).toBeInTheDocument();
    expect(mailed().map((request) => request.body)).toEqual([{ email: 'g@example.com', first_name: 'A' }]);

    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: 'Pay €34.30' }));
    const field = screen.getByRole('textbox', { name: '6-digit code from the e-mail' });
    expect(field).toHaveAccessibleDescription('Please enter the 6-digit code from the e-mail.');
    expect(payments()).toHaveLength(0);

    answer = () => wrongCode;
    await userEvent.type(field, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Pay €34.30' }));
    expect(await screen.findByText(/This code is not right, or it has expired/)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(payments()[0]!.body).toMatchObject({ discount_code: 'WELCOME10', email: 'g@example.com', email_code: '123456' });

    await userEvent.click(screen.getByRole('button', { name: 'Send the code again' }));
    expect(await screen.findByText('We e-mailed a new 6-digit code to g@example.com. The previous one no longer works.')).toBeInTheDocument();
    expect(mailed()).toHaveLength(2);

    answer = () => ({ body: PAID });
    await userEvent.clear(field);
    await userEvent.type(field, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Pay €34.30' }));
    expect(await screen.findByText(`paid ${PAID.order_number}`)).toBeInTheDocument();
    expect(payments()[1]!.body).toMatchObject({ email_code: '654321' });
  });

  it('in Portuguese: the field, the mail notice and the refusal', async () => {
    await act(() => setLanguage('pt'));
    try {
      answer = () => ({ status: 422, body: { statusCode: 422, code: 'first_order_code_needs_email_code', message: 'x', fields: [{ field: 'email_code', key: 'first_order_code_needs_email_code' }] } });
      renderCheckoutStep(<PaymentPage />, '/payment');
      expect(await screen.findByText(/Enviámos um código de 6 dígitos para g@example.com/)).toBeInTheDocument();
      const field = screen.getByRole('textbox', { name: 'Código de 6 dígitos do e-mail' });
      await userEvent.type(await screen.findByRole('textbox', { name: 'Número do cartão' }), '4242 4242 4242 4242');
      await userEvent.type(screen.getByRole('textbox', { name: 'Validade (MM/AA)' }), '12/34');
      await userEvent.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
      await userEvent.type(field, '123456');
      await userEvent.click(screen.getByRole('button', { name: /Pagar/ }));
      expect(await screen.findByText('Para usar um código de primeira encomenda, introduza o código de 6 dígitos que lhe enviámos por e-mail.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Enviar o código de novo' })).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('asks nothing of a signed-out shopper without a first-order code', async () => {
    await guestAtPayment({ total: 34.3, discount_code: 'PRELOVED5', first_order_code: false });
    renderCheckoutStep(<PaymentPage />, '/payment');
    await screen.findByRole('textbox', { name: 'Card number' }, { timeout: 5000 });
    expect(screen.queryByRole('textbox', { name: '6-digit code from the e-mail' })).not.toBeInTheDocument();
    expect(mailed()).toHaveLength(0);
  });
});
