import { renderWithProviders } from '@preloved/shared/test-utils';
import { screen } from '@testing-library/react';
import '../i18n';
import { SellerNotices } from './SellerNotices';

// The brand's own package (Brand Direct, issue 48): the checkout names the brand as the trader, with the
// buyer's 14-day withdrawal right and the legal guarantee, beside a private seller's package.
const BRAND = {
  name: 'Preloved Demo, Lda.',
  address: 'Avenida da Liberdade 1',
  address2: '',
  zip_code: '1250-001',
  city: 'Lisboa',
  country: 'PT',
  email: 'support@preloved.test',
  registration_number: '509999990',
  vat_number: 'PT509999990',
  brand: true,
};

describe('the notice of who sells each package', () => {
  it('tells a buyer of the brand’s own piece about the 14-day withdrawal and the legal guarantee', () => {
    renderWithProviders(<SellerNotices sellers={[{ seller_id: 1, FirstName: 'Preloved', trader: BRAND }, { seller_id: 2, FirstName: 'Marta', trader: null }]} />);
    const notice = screen.getByRole('region', { name: 'Who sells to you' });
    expect(notice).toHaveTextContent(
      'Package from Preloved: Sold by the brand itself, Preloved Demo, Lda., Avenida da Liberdade 1, 1250-001 Lisboa, Portugal, registration 509999990, VAT PT509999990 (support@preloved.test). You may withdraw within 14 days of the delivery with no reason needed: return it from your order page on a prepaid label and you are refunded the piece and its delivery. Legal guarantee of conformity: 1 year (second-hand goods).',
    );
    expect(notice).toHaveTextContent('Package from Marta: Sold by a private person');
  });
});
