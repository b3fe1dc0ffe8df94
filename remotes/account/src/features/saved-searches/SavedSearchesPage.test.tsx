import type { SavedSearch } from '@preloved/contract';
import { startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { SavedSearchesPage, savedSearchesLoader } from './SavedSearchesPage';

const search = (id: number, name: string, extra: Partial<SavedSearch> = {}): SavedSearch => ({
  id,
  name,
  filters: { q: name },
  path: `/search?q=${name}`,
  paused: false,
  new_pieces: 0,
  created_at: '2026-11-20T10:00:00Z',
  ...extra,
});

// Several clicks each: under a loaded machine a test takes longer than jest's 5 s default.
jest.setTimeout(30_000);

describe('Saved searches page (/user/saved-searches)', () => {
  let network: ReturnType<typeof stubFetch>;
  let saved: SavedSearch[];
  beforeEach(() => {
    resetStore();
    saved = [search(1, 'coat', { new_pieces: 3 }), search(2, 'scarf')];
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    network = stubFetch((request) => {
      const match = /^\/api\/customers\/saved-searches(?:\/(\d+))?$/.exec(request.url);
      if (!match) return undefined;
      const id = Number(match[1]);
      if (request.method === 'GET') return { body: { searches: saved, max: 20 } };
      if (request.method === 'DELETE') {
        saved = saved.filter((item) => item.id !== id);
        // The API answers 204; the stand-in's Response always has a body, so 200 (the client reads neither).
        return { status: 200 };
      }
      if (request.method === 'PATCH') {
        saved = saved.map((item) => (item.id === id ? { ...item, ...(request.body as object) } : item));
        return { body: saved.find((item) => item.id === id) };
      }
      return undefined;
    });
  });
  afterEach(() => network.restore());

  it('lists the searches with their news, each a link to its page; renames one with the name field', async () => {
    renderWithProviders(<SavedSearchesPage />, { route: '/user/saved-searches', path: '/user/saved-searches', loader: savedSearchesLoader });
    const list = await screen.findByRole('list', { name: 'Your saved searches' });
    const [coat, scarf] = within(list).getAllByRole('listitem');
    expect(within(coat!).getByRole('link', { name: 'coat' })).toHaveAttribute('href', '/search?q=coat');
    expect(within(coat!).getByText('3 new pieces since the last e-mail')).toBeInTheDocument();
    expect(within(scarf!).getByText('Watching for new pieces')).toBeInTheDocument();

    await userEvent.click(within(coat!).getByRole('button', { name: 'Rename coat' }));
    const field = within(coat!).getByRole('textbox', { name: 'New name for coat' });
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.click(within(coat!).getByRole('button', { name: 'Save' }));
    expect(within(coat!).getByText('Enter a name.')).toBeInTheDocument();
    await userEvent.type(field, 'Wool coats');
    await userEvent.click(within(coat!).getByRole('button', { name: 'Save' }));
    await within(coat!).findByRole('link', { name: 'Wool coats' });
    expect(network.requests.at(-1)).toMatchObject({ method: 'PATCH', url: '/api/customers/saved-searches/1', body: { name: 'Wool coats' } });
    await waitFor(() => expect(within(coat!).getByRole('button', { name: 'Rename Wool coats' })).toHaveFocus());
  });

  it('pauses and resumes a search, and deletes one after asking', async () => {
    renderWithProviders(<SavedSearchesPage />, { route: '/user/saved-searches', path: '/user/saved-searches', loader: savedSearchesLoader });
    const list = await screen.findByRole('list', { name: 'Your saved searches' });
    await userEvent.click(within(list).getByRole('button', { name: 'Pause scarf' }));
    await within(list).findByText('Paused: no notifications or e-mails');
    await userEvent.click(within(list).getByRole('button', { name: 'Resume scarf' }));
    await waitFor(() => expect(within(list).queryByText('Paused: no notifications or e-mails')).not.toBeInTheDocument());

    await userEvent.click(within(list).getByRole('button', { name: 'Delete coat' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “coat”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'coat' })).not.toBeInTheDocument());
    expect(network.requests.some((request) => request.method === 'DELETE' && request.url === '/api/customers/saved-searches/1')).toBe(true);
  });

  it('no saved search: says how to save one', async () => {
    saved = [];
    renderWithProviders(<SavedSearchesPage />, { route: '/user/saved-searches', path: '/user/saved-searches', loader: savedSearchesLoader });
    expect(await screen.findByText('No saved searches yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all items' })).toHaveAttribute('href', '/all');
  });
});
