import type { ProductListing } from '@preloved/contract';
import { i18n } from '@preloved/shared';
import { renderWithProviders } from '@preloved/shared/test-utils';
import { screen, within } from '@testing-library/react';
import { act } from 'react';
import { stubFetch } from '../../../tools/jest/fetch-stub';
import { cardLink, ListingCards } from './ListingCards';

const card = (overrides: Partial<ProductListing> = {}): ProductListing => ({
  product_id: 5,
  product_variant_id: 51,
  title: 'Tailored blazer',
  photo: '/api/assets/photos/blazer/black/1.svg',
  min_price: 28,
  max_price: 28,
  condition_id: 1,
  condition_ids: [1],
  Size: [{ O2Child: 'XS' }],
  option1array: ['Black'],
  listings_count: 1,
  ...overrides,
});

async function cardTexts(listing: ProductListing) {
  renderWithProviders(<ListingCards listings={[listing]} />);
  const article = (await screen.findByRole('heading', { name: listing.title })).closest('article')!;
  return within(article as HTMLElement);
}

describe('a listing card', () => {
  afterEach(() => act(() => void i18n.changeLanguage('en')));

  it('says “Sold by” the brand when its pieces are the brand’s own, “Also sold by” when some are (Brand Direct)', async () => {
    const network = stubFetch((request) => (request.url.startsWith('/api/brands/details') ? { body: { name: 'Preloved', customerID: 1 } } : undefined));
    try {
      renderWithProviders(<ListingCards listings={[card({ brand_pieces: 1 }), card({ product_variant_id: 52, title: 'Wool coat', listings_count: 3, brand_pieces: 1 }), card({ product_variant_id: 53, title: 'Linen shirt' })]} />);
      const text = async (title: string) => within((await screen.findByRole('heading', { name: title })).closest('article') as HTMLElement);
      expect(await (await text('Tailored blazer')).findByText('Sold by Preloved')).toBeInTheDocument();
      expect(await (await text('Wool coat')).findByText('Also sold by Preloved')).toBeInTheDocument();
      expect((await text('Linen shirt')).queryByText(/sold by/i)).not.toBeInTheDocument();
    } finally {
      network.restore();
    }
  });

  it('asks for the first row’s photos first and at once (the largest paint), the others lazily', async () => {
    const listings = Array.from({ length: 6 }, (_, n) => card({ product_variant_id: 100 + n, title: `Piece ${n}` }));
    const { container } = renderWithProviders(<ListingCards listings={listings} eager={4} />);
    await screen.findByRole('heading', { name: 'Piece 5' });
    const photos = [...container.querySelectorAll('article img')];
    expect(photos.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ...Array.from({ length: 4 }, () => ['eager', 'high']),
      ['lazy', null],
      ['lazy', null],
    ]);
  });

  it('describes its one piece: its condition, its size and its price', async () => {
    const texts = await cardTexts(card());
    expect(texts.getByText('New with tags')).toBeInTheDocument();
    expect(texts.getByText('Size XS')).toBeInTheDocument();
    expect(texts.getByText('€28.00')).toBeInTheDocument();
  });

  it('says "2 conditions" and a size range when its pieces differ, never one piece’s condition beside another’s size', async () => {
    const texts = await cardTexts(card({ condition_ids: [1, 5], Size: [{ O2Child: 'XS' }, { O2Child: 'M' }, { O2Child: 'L' }], min_price: 28, max_price: 61.5, listings_count: 3 }));
    expect(texts.getByText('2 conditions')).toBeInTheDocument();
    expect(texts.getByText('Sizes XS–L')).toBeInTheDocument();
    expect(texts.getByText('€28.00 – €61.50')).toBeInTheDocument();
    expect(texts.queryByText('New with tags')).not.toBeInTheDocument();
    expect(texts.queryByText('Size XS')).not.toBeInTheDocument();
  });

  it('names a shared condition and size even when the prices of its pieces differ', async () => {
    const texts = await cardTexts(card({ condition_ids: [3], condition_id: 3, Size: [{ O2Child: 'M' }], min_price: 20, max_price: 35, listings_count: 2 }));
    expect(texts.getByText('Very good')).toBeInTheDocument();
    expect(texts.getByText('Size M')).toBeInTheDocument();
    expect(texts.getByText('€20.00 – €35.00')).toBeInTheDocument();
  });

  it('names its colour when the product has several, so two colours of one product never look like duplicates', async () => {
    renderWithProviders(
      <ListingCards
        listings={[
          card({ option1array: ['Black', 'Navy'], colour: { id: 'black', option: 'Black' } }),
          card({ product_variant_id: 52, option1array: ['Black', 'Navy'], colour: { id: 'navy', option: 'Navy' } }),
          card({ product_id: 6, product_variant_id: 61, title: 'Silk scarf', option1array: ['Red'], colour: { id: 'red', option: 'Red' } }),
        ]}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Tailored blazer, Black' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tailored blazer, Navy' })).toBeInTheDocument();
    // One colour: the title alone.
    expect(screen.getByRole('heading', { name: 'Silk scarf' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('pt'));
    expect(await screen.findByRole('heading', { name: 'Tailored blazer, Azul-marinho' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tailored blazer, Preto' })).toBeInTheDocument();
  });

  it('says its ranges in Portuguese', async () => {
    await act(() => i18n.changeLanguage('pt'));
    const texts = await cardTexts(card({ condition_ids: [2, 4, 5], Size: [{ O2Child: 'S' }, { O2Child: 'L' }] }));
    expect(texts.getByText('3 estados')).toBeInTheDocument();
    expect(texts.getByText('Tamanhos S–L')).toBeInTheDocument();
  });

  it('says "Tamanho único" for a one-size piece in Portuguese', async () => {
    await act(() => i18n.changeLanguage('pt'));
    const texts = await cardTexts(card({ Size: [{ O2Child: 'One size' }] }));
    expect(texts.getByText('Tamanho único')).toBeInTheDocument();
    expect(texts.getByText('Novo com etiqueta')).toBeInTheDocument();
  });

  it('counts in Portuguese with plural keys, zero included ("0 artigos", "1 artigo")', () => {
    const pt = i18n.getFixedT('pt', 'common');
    expect([0, 1, 2].map((count) => pt('catalogue.count', { count }))).toEqual(['0 artigos', '1 artigo', '2 artigos']);
  });

  it('opens its product page on the pieces the filters chose', () => {
    const listing = card({ Size: [{ O2Child: 'M' }] });
    expect(cardLink(listing)).toBe('/product/5?variant=51');
    const filtered = new URL(cardLink(listing, { size: ['M', 'L'], condition: [1, 2], min_price: 10, max_price: 40 }), 'http://x');
    expect(filtered.pathname).toBe('/product/5');
    expect(Object.fromEntries(filtered.searchParams)).toEqual({ variant: '51', size: 'M', condition: '1,2', min_price: '10', max_price: '40' });
  });
});
