import { i18n } from '@preloved/shared';
import { renderWithProviders } from '@preloved/shared/test-utils';
import { act, screen } from '@testing-library/react';
import { stubFetch } from '../../../../tools/jest/fetch-stub';
import '../i18n';
import { TraderDetails } from './TraderDetails';

// A business seller's details on its listings and page (DSA Art. 31); nothing for a private person.

const TRADER = {
  name: 'Roupa Circular, Lda.',
  address: 'Rua Augusta 10',
  address2: '',
  zip_code: '1100-053',
  city: 'Lisboa',
  country: 'PT',
  email: 'loja@roupacircular.pt',
  registration_number: '501964843',
  vat_number: 'PT501964843',
};

describe('a seller’s trader details', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('say “Sold by a business” with its name, address, e-mail, registration and VAT numbers', () => {
    renderWithProviders(<TraderDetails trader={TRADER} />);
    expect(screen.getByText('Sold by a business')).toBeInTheDocument();
    expect(screen.getByText(/Roupa Circular, Lda\./)).toBeInTheDocument();
    expect(screen.getByText(/Rua Augusta 10, 1100-053 Lisboa, Portugal/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'loja@roupacircular.pt' })).toHaveAttribute('href', 'mailto:loja@roupacircular.pt');
    expect(screen.getByText(/Registration 501964843 · VAT PT501964843/)).toBeInTheDocument();
  });

  it('say the brand’s own piece is sold by the brand, with 14 days to return it and the legal guarantee', async () => {
    const network = stubFetch((request) => (request.url.startsWith('/api/brands/details') ? { body: { name: 'Preloved', customerID: 1 } } : undefined));
    try {
      renderWithProviders(<TraderDetails trader={{ ...TRADER, name: 'Preloved Demo, Lda.', brand: true }} />);
      expect(await screen.findByText('Sold by Preloved')).toBeInTheDocument();
      expect(screen.getByText('The brand’s own piece: 14 days to return it after delivery, no reason needed, on a prepaid label; a 1-year legal guarantee of conformity (second-hand goods).')).toBeInTheDocument();
      expect(screen.queryByText('Sold by a business')).not.toBeInTheDocument();
    } finally {
      network.restore();
    }
  });

  it('are absent for a private person', () => {
    const { container } = renderWithProviders(<TraderDetails trader={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('are in Portuguese', async () => {
    await act(() => i18n.changeLanguage('pt'));
    renderWithProviders(<TraderDetails trader={TRADER} />);
    expect(screen.getByText('Vendido por uma empresa')).toBeInTheDocument();
    expect(screen.getByText(/Registo 501964843 · IVA PT501964843/)).toBeInTheDocument();
  });
});
