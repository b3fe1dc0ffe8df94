import { i18n, startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { TraderDeclarationForm } from './TraderDeclarationForm';

// Onboarding's question (DSA Art. 30): a private person, or a business with its details, each
// problem next to its field; nothing is sent until the fields are right.

describe('“Do you sell as a private person or as a business?”', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    network = stubFetch((request) => {
      if (request.url === '/api/seller/trader' && request.method === 'GET') return { body: { kind: null, business: null, declared_at: null } };
      if (request.url === '/api/seller/trader') {
        const body = request.body as { kind: string; vat_number?: string };
        if (body.kind === 'business' && body.vat_number === 'PT123')
          return { status: 422, body: { message: 'A Portuguese VAT number is PT and 9 digits, like PT501964843.', fields: [{ field: 'vat_number', key: 'invalid_vat_number_pt' }] } };
        return { body: { kind: body.kind, business: null, declared_at: '2026-11-29T10:00:00.000Z' } };
      }
      return undefined;
    });
  });
  afterEach(async () => {
    network.restore();
    await act(() => i18n.changeLanguage('en'));
  });
  const puts = () => network.requests.filter((request) => request.method === 'PUT').map((request) => request.body);

  it('starts as a private person (not answered) and saves that', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TraderDeclarationForm />);
    expect(await screen.findByRole('radio', { name: /As a private person/ })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'VAT number' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save how I sell' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(puts()).toEqual([{ kind: 'private' }]);
  });

  it('asks a business for its details and the self-certification, shows each problem next to its field, then the server’s', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TraderDeclarationForm />);
    await user.click(await screen.findByRole('radio', { name: /As a business/ }));
    await user.click(screen.getByRole('button', { name: 'Save how I sell' }));
    const name = screen.getByRole('textbox', { name: 'Registered business name' });
    expect(name).toHaveAccessibleDescription("Please enter your business's registered name.");
    expect(name).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'VAT number' })).toHaveAccessibleDescription(/Please enter your VAT number/);
    const certify = screen.getByRole('checkbox', { name: /only offer products that comply/ });
    expect(certify).toHaveAccessibleDescription('Please confirm that you only offer products that comply with EU law.');
    expect(puts()).toEqual([]);

    await user.type(name, 'Roupa Circular, Lda.');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'Rua Augusta 10');
    await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '1100-053');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Lisboa');
    await user.type(screen.getByRole('textbox', { name: 'Business e-mail' }), 'loja@roupacircular.pt');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+351 912 345 678');
    await user.type(screen.getByRole('textbox', { name: 'Trade register number' }), '501964843');
    await user.type(screen.getByRole('textbox', { name: 'VAT number' }), '501964843');
    await user.click(certify);
    await user.click(screen.getByRole('button', { name: 'Save how I sell' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(puts()).toEqual([expect.objectContaining({ kind: 'business', name: 'Roupa Circular, Lda.', vat_number: '501964843', country: 'PT', self_certified: true })]);
  });

  it('is in Portuguese', async () => {
    await act(() => i18n.changeLanguage('pt'));
    renderWithProviders(<TraderDeclarationForm />);
    expect(await screen.findByRole('group', { name: 'Vende como particular ou como empresa?' })).toBeInTheDocument();
  });
});
