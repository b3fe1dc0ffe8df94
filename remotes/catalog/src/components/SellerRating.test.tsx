import { i18n } from '@preloved/shared';
import { renderWithProviders } from '@preloved/shared/test-utils';
import { act, screen } from '@testing-library/react';
import '../i18n';
import { formatAverage, SellerRating } from './SellerRating';

describe('a seller’s rating', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('is read out as one phrase, not as star glyphs, and shows the figure and the count', () => {
    renderWithProviders(<SellerRating rating={{ average: 4.7, count: 12 }} />);
    const rating = screen.getByRole('img', { name: '4.7 out of 5, 12 reviews' });
    expect(rating).toHaveTextContent('4.7');
    expect(rating).toHaveTextContent('(12)');
  });

  it('fills the stars to the average', () => {
    const { container } = renderWithProviders(<SellerRating rating={{ average: 3.5, count: 2 }} />);
    expect(container.querySelector('[style]')).toHaveStyle({ width: '70%' });
  });

  it('says one review in the singular, and a whole average with its decimal', () => {
    renderWithProviders(<SellerRating rating={{ average: 5, count: 1 }} />);
    expect(screen.getByRole('img', { name: '5.0 out of 5, 1 review' })).toBeInTheDocument();
  });

  it('says so when nobody has rated the seller yet', () => {
    renderWithProviders(<SellerRating rating={{ average: null, count: 0 }} />);
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('speaks Portuguese, with a decimal comma', async () => {
    await act(() => i18n.changeLanguage('pt'));
    renderWithProviders(<SellerRating rating={{ average: 4.7, count: 12 }} />);
    expect(screen.getByRole('img', { name: '4,7 de 5, 12 avaliações' })).toBeInTheDocument();
    expect(formatAverage(4, 'pt')).toBe('4,0');
  });
});
