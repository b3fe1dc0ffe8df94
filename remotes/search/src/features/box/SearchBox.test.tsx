import type { ListingsResponse, ProductListing } from '@preloved/contract';
import { closeSearchAtom, openSearchAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import '../../i18n';
import { SearchBox } from './SearchBox';

const card = (id: number, title: string, overrides: Partial<ProductListing> = {}): ProductListing => ({
  product_id: id,
  product_variant_id: id * 10,
  title,
  photo: `/api/assets/photos/dress/black/${id}.svg`,
  min_price: 25,
  max_price: 42.5,
  condition_id: 2,
  condition_ids: [2],
  Size: [{ O2Child: 'S' }, { O2Child: 'M' }],
  option1array: ['Black', 'Ecru'],
  listings_count: 3,
  ...overrides,
});

const answer = (cards: ProductListing[]): ListingsResponse => ({
  products_listings: cards,
  filters: {
    condition: { values: cards.length ? [{ id: 2, option: 'Like new' }] : [] },
    size: { values: [] },
    colour: { values: [] },
    price: { min: 0, max: 0 },
  },
  total: cards.length,
  page: 1,
  limit: 12,
});

const DRESSES = answer([card(1, 'Linen wrap dress'), card(2, 'Silk slip dress', { min_price: 60, max_price: 60, condition_id: 1, condition_ids: [1], Size: [{ O2Child: 'M' }], option1array: ['Black'] })]);

/** The query parameters of each search sent so far, in order. */
let searches: URLSearchParams[];
/** The `q` of each search sent so far. */
const queries = () => searches.map((search) => search.get('q'));
/** The search's answer from now on (a later handler is asked first). */
const answerSearches = (reply: (search: URLSearchParams) => Response | Promise<Response>) =>
  server.use(
    http.get(api('/products/listings/all'), ({ request }) => {
      const search = new URL(request.url).searchParams;
      searches.push(search);
      return reply(search);
    }),
  );

beforeEach(() => {
  jest.useFakeTimers();
  resetStore();
  store.set(closeSearchAtom);
  searches = [];
  answerSearches(() => HttpResponse.json(DRESSES));
});
afterEach(() => {
  jest.useRealTimers();
});

const setup = () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = renderWithProviders(<SearchBox />);
  const input = screen.getByRole('combobox', { name: 'Search' });
  return { user, input, ...view };
};
/** Lets the 500 ms debounce run out and the answer arrive. */
const settle = async (ms = 500) => {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
};

describe('the search box rules (spec §5, §7)', () => {
  it('sends nothing for 3 characters or fewer, and opens no overlay', async () => {
    const { user, input } = setup();
    await user.type(input, 'dre');
    await settle(1000);
    expect(queries()).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('sends more than 3 characters once, 500 ms after the last keystroke, with the spec’s parameters', async () => {
    const { user, input } = setup();
    await user.type(input, 'dress');
    // The overlay opens at the fourth character, while focus stays in the box.
    expect(screen.getByRole('dialog', { name: 'Search results' })).toHaveAttribute('aria-modal', 'true');
    expect(input).toHaveFocus();
    await settle(499);
    expect(queries()).toEqual([]);
    await settle(1);
    expect(queries()).toEqual(['dress']);
    expect(Object.fromEntries(searches[0]!)).toEqual({ id_brand: '1', limit: '12', q: 'dress' });
    expect(await screen.findByRole('heading', { name: 'Linen wrap dress' })).toBeInTheDocument();
  });

  it('keeps at most 50 characters', async () => {
    const { user, input } = setup();
    await user.type(input, 'a'.repeat(60));
    expect(input).toHaveValue('a'.repeat(50));
    expect(input).toHaveAttribute('maxLength', '50');
    await settle();
    expect(queries()).toEqual(['a'.repeat(50)]);
  });

  it('clears the results at once when the text goes back to 3 characters', async () => {
    const { user, input } = setup();
    await user.type(input, 'dress');
    await settle();
    await screen.findByRole('heading', { name: 'Linen wrap dress' });
    await user.type(input, '{Backspace}{Backspace}');
    expect(screen.queryByRole('heading', { name: 'Linen wrap dress' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await settle(1000);
    expect(queries()).toEqual(['dress']);
    // Typing again asks again.
    await user.type(input, 'ss');
    await settle();
    expect(queries()).toEqual(['dress', 'dress']);
  });

  it('never lets a slow older answer overwrite a newer one', async () => {
    // Each search waits for the test to answer it.
    const pending: Record<string, (response: Response) => void> = {};
    answerSearches((search) => new Promise<Response>((resolve) => void (pending[search.get('q')!] = resolve)));
    const reply = (q: string, body: ListingsResponse) =>
      act(async () => {
        pending[q]!(HttpResponse.json(body));
        await jest.advanceTimersByTimeAsync(0);
      });
    const { user, input } = setup();
    await user.type(input, 'coat');
    await settle();
    await user.type(input, 's');
    await settle();
    expect(Object.keys(pending)).toEqual(['coat', 'coats']);
    await reply('coats', answer([card(3, 'Wool overcoat')]));
    expect(screen.getByRole('heading', { name: 'Wool overcoat' })).toBeInTheDocument();
    await reply('coat', answer([card(4, 'Teddy coat')]));
    expect(screen.queryByRole('heading', { name: 'Teddy coat' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Wool overcoat' })).toBeInTheDocument();
  });
});

describe('the search overlay (spec §2, §8)', () => {
  it('shows cards with photo, title, condition, size range, colours and price range in euros, and "View more"', async () => {
    const { user, input } = setup();
    await user.type(input, 'dress');
    await settle();
    const dialog = await screen.findByRole('dialog', { name: 'Search results' });
    const dress = within(dialog).getByRole('heading', { name: 'Linen wrap dress' }).closest('article') as HTMLElement;
    expect(dress.querySelector('img')).toHaveAttribute('src', '/api/assets/photos/dress/black/1.svg');
    expect(within(dress).getByText('Like new')).toBeInTheDocument();
    expect(within(dress).getByText('Sizes S–M')).toBeInTheDocument();
    expect(within(dress).getByText('2 colours')).toBeInTheDocument();
    expect(within(dress).getByText('€25.00 – €42.50')).toBeInTheDocument();
    const silk = within(dialog).getByRole('heading', { name: 'Silk slip dress' }).closest('article') as HTMLElement;
    expect(within(silk).getByText('€60.00')).toBeInTheDocument();
    expect(within(silk).getByText('New with tags')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Linen wrap dress' })).toHaveAttribute('href', '/product/1?variant=10');
    expect(within(dialog).getByRole('link', { name: 'View more' })).toHaveAttribute('href', '/search?q=dress');
    expect(within(dialog).getByText('2 results')).toBeInTheDocument();
  });

  it('says the spec’s sentence when nothing is found', async () => {
    answerSearches(() => HttpResponse.json(answer([])));
    const { user, input } = setup();
    await user.type(input, 'zzqxv');
    await settle();
    expect(await screen.findByText("Sorry, we can't find any results for 'zzqxv'")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View more' })).not.toBeInTheDocument();
  });

  it('on a failed search empties the list and says nothing, with no toast', async () => {
    const { user, input } = setup();
    await user.type(input, 'dress');
    await settle();
    await screen.findByRole('heading', { name: 'Linen wrap dress' });
    answerSearches(() => HttpResponse.json({ message: 'Internal server error' }, { status: 500 }));
    await user.type(input, 'es');
    await settle();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('heading', { name: 'Linen wrap dress' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText(/Sorry/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Internal server error/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('moves from the box to the results with the arrow keys, and Escape closes and gives focus back', async () => {
    const { user, input } = setup();
    await user.type(input, 'dress');
    await settle();
    const dialog = await screen.findByRole('dialog');
    const [first, second] = within(dialog).getAllByRole('link', { name: /dress/ });
    await user.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveFocus();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(input).toHaveValue('dress');
  });

  it('closes with the close button and with the backdrop', async () => {
    const { user, input } = setup();
    await user.type(input, 'dress');
    await settle();
    await user.click(await screen.findByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(input, 's');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('search-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the overlay the mobile button asked for before the search remote had loaded', async () => {
    store.set(openSearchAtom, 'button');
    setup();
    const dialog = await screen.findByRole('dialog', { name: 'Search results' });
    expect(within(dialog).getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
  });

  it('opened by the mobile header button, moves focus into its own field, and Enter goes to /search', async () => {
    const { user, router } = setup();
    act(() => {
      store.set(openSearchAtom, 'button');
    });
    const dialog = screen.getByRole('dialog', { name: 'Search results' });
    const field = within(dialog).getByRole('searchbox', { name: 'Search' });
    expect(field).toHaveFocus();
    expect(within(dialog).getByText('Type more than 3 characters to search.')).toBeInTheDocument();
    await user.type(field, 'saia');
    await settle();
    expect(queries()).toEqual(['saia']);
    await screen.findByRole('heading', { name: 'Linen wrap dress' });
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getAllByRole('link')[0]).toHaveFocus();
    await user.click(field);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/search?q=saia'));
    // Any navigation closes the overlay.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('runs a short word on /search with Enter ("bag"), with no overlay and no overlay search', async () => {
    const { user, input, router } = setup();
    await user.type(input, 'bag{Enter}');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/search?q=bag'));
    await settle(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(queries()).toEqual([]);
  });

  it('sends nothing with Enter on an empty box', async () => {
    const { user, input, router } = setup();
    await user.type(input, '   {Enter}');
    await settle();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('the clear button', () => {
  it('appears with text, empties the box, closes the overlay typing opened and keeps focus in the box', async () => {
    const { user, input } = setup();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
    await user.type(input, 'dress');
    await settle();
    expect(screen.getByRole('dialog', { name: 'Search results' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear search' })[0]!);
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the box on /search', () => {
  it('shows the page’s query, follows it, and is emptied when the shopper leaves /search', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { router } = renderWithProviders(<SearchBox />, { route: '/search?q=blazer%20preto' });
    const input = screen.getByRole('combobox', { name: 'Search' });
    expect(input).toHaveValue('blazer preto');
    // Showing the page's query asks nothing and opens nothing.
    await settle(1000);
    expect(queries()).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => router.navigate('/search?q=hat'));
    expect(input).toHaveValue('hat');
    await user.clear(input);
    await user.type(input, 'top{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=top'));
    await act(() => router.navigate('/all'));
    expect(input).toHaveValue('');
  });
});
