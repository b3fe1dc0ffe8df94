import { formatMoney, DEFAULT_FEE_RATES, buyerProtectionCents, type ListingOffer } from '@preloved/contract';
import { ensureLanguage, i18n } from '@preloved/shared';
import { renderWithProviders } from '@preloved/shared/test-utils';
import { act, screen } from '@testing-library/react';
import '../../i18n';
import { checkClaim } from '../../../../../tools/test-support/check-claims';
import { AllInPrice } from './AllInPrice';

const listing: ListingOffer = {
  listing_id: 7,
  number: 'L7',
  product_child_id: 107,
  condition_id: 2,
  condition: 'Like new',
  condition_description: 'Worn once.',
  O2Child: 'M',
  price: 19,
  comment: '',
  photos: ['/a.svg', '/b.svg'],
  date: '2026-10-01T00:00:00Z',
  FirstName: 'Rui',
  CustomerID: 50,
  verified: false,
  currency_symb_code: 'EUR',
  seller_rating: { average: null, count: 0 },
  // As the API prices a €19 piece alone (€0.70 + 5 % processing, €1.50 verification): €3.15.
  buyer_protection: buyerProtectionCents(1900, DEFAULT_FEE_RATES) / 100,
  buyer_price: (1900 + buyerProtectionCents(1900, DEFAULT_FEE_RATES)) / 100,
};
const price = (amount: number) => formatMoney(amount, i18n.language);

describe('the all-in price', () => {
  afterEach(() => act(() => void i18n.changeLanguage('en')));

  it('shows the price the buyer pays incl. Buyer Protection, as the server priced it, and what the fees buy', () => {
    renderWithProviders(<AllInPrice listing={listing} price={price} explain verification="hub" />);
    expect(screen.getByText('€22.15 incl. Buyer Protection')).toBeInTheDocument();
    expect(screen.getByText(/^€19.00 for the piece \+ €3.15 Buyer Protection: the processing and verification fees \(VAT included\)/)).toBeInTheDocument();
  });

  it('in a store that checks nothing (or before it is known), the fees buy no check, in any language', async () => {
    for (const verification of ['none', null] as const) {
      const { unmount } = renderWithProviders(<AllInPrice listing={listing} price={price} explain verification={verification} />);
      const explained = screen.getByText(/for the piece/);
      expect(explained).toHaveTextContent(/Buyer Protection: the processing fee \(VAT included\) that pays for secure payment and a refund/);
      expect(checkClaim(explained.textContent ?? '')).toBeNull();
      unmount();
    }
    for (const language of ['pt', 'es'] as const) {
      await act(() => ensureLanguage(language).then(() => i18n.changeLanguage(language)));
      const { unmount } = renderWithProviders(<AllInPrice listing={listing} price={price} explain verification="none" />);
      expect(checkClaim(screen.getByText(/(pela peça|por la prenda)/).textContent ?? '')).toBeNull();
      unmount();
    }
  });

  it('in a listing row, the all-in price alone; in Portuguese too', async () => {
    await act(() => i18n.changeLanguage('pt'));
    renderWithProviders(<AllInPrice listing={listing} price={(amount) => formatMoney(amount, 'pt')} />);
    expect(screen.getByText(/com Proteção do Comprador$/)).toHaveTextContent('22,15');
    expect(screen.queryByText(/pela peça/)).not.toBeInTheDocument();
  });

  it('says nothing when the answer carries no all-in price (never works one out itself)', () => {
    const { container } = renderWithProviders(<AllInPrice listing={{ ...listing, buyer_price: undefined, buyer_protection: undefined }} price={price} explain />);
    expect(container).toHaveTextContent('');
  });
});
