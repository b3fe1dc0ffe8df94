import { i18n } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { Newsletter, NEWSLETTER_SUCCESS_MS } from './Newsletter';

describe('Newsletter sign-up', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    resetStore();
    network = stubFetch((request) =>
      request.url === '/api/commons/newsletteremail' ? { status: 200, body: { subscribed: true, email: 'x' } } : undefined,
    );
  });
  afterEach(() => network.restore());

  it('asks for an email when the field is empty and sends nothing', async () => {
    renderWithProviders(<Newsletter />);
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your email address.');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(network.requests).toHaveLength(0);
  });

  it('refuses a malformed email with the spec message and sends nothing', async () => {
    renderWithProviders(<Newsletter />);
    await userEvent.type(screen.getByLabelText('Email address'), 'ana@example{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email address.');
    expect(network.requests).toHaveLength(0);
  });

  it('caps the field at 50 characters', async () => {
    renderWithProviders(<Newsletter />);
    const input = screen.getByLabelText('Email address');
    await userEvent.type(input, `${'a'.repeat(45)}@example.com`);
    expect((input as HTMLInputElement).value).toHaveLength(50);
  });

  it('submits on Enter with brand 1, clears the input and shows the success message for 5 s', async () => {
    renderWithProviders(<Newsletter />);
    const input = screen.getByLabelText('Email address');
    await userEvent.type(input, 'ana@example.com{Enter}');
    const success = screen.getByRole('status');
    await waitFor(() => expect(success).toHaveTextContent('Thank you! Check your inbox to confirm your subscription.'));
    const shownAt = Date.now();
    expect(network.requests).toEqual([
      { method: 'POST', url: '/api/commons/newsletteremail', body: { email: 'ana@example.com', id_brand: 1 } },
    ]);
    expect(input).toHaveValue('');
    await waitFor(() => expect(success).toBeEmptyDOMElement(), { timeout: NEWSLETTER_SUCCESS_MS + 1000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(NEWSLETTER_SUCCESS_MS - 100);
  }, 10000);

  it('shows the validation message in Portuguese', async () => {
    await i18n.changeLanguage('pt');
    try {
      renderWithProviders(<Newsletter />);
      await userEvent.click(screen.getByRole('button', { name: 'Subscrever' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Por favor, introduza o seu endereço de e-mail.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
