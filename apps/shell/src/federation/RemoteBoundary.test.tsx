import type { ExposeOf, RemoteModule, RemoteName } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '@preloved/shared';
import { createMemoryRouter, RouterProvider } from '@preloved/shared/router';
import '../i18n';
import { Header } from '../features/header/Header';
import { remoteRoute } from './remote-route';
import { RemoteBoundary, RemoteLoaderProvider, type RemoteLoader } from './RemoteBoundary';
import { RemoteOfflineError } from './runtime-plugin';

interface Deferred {
  resolve(module: unknown): void;
  reject(error: unknown): void;
}

/**
 * Stands in for the federation runtime (jsdom cannot load a remote's script): each load waits until
 * the test settles it, so every state of the boundary can be seen.
 */
function scriptedRemotes({ configured = true } = {}) {
  const pending: Deferred[] = [];
  const loader: RemoteLoader = {
    isConfigured: async () => configured,
    load<R extends RemoteName, E extends ExposeOf<R>>() {
      return new Promise<RemoteModule<R, E>>((resolve, reject) => {
        pending.push({ resolve: resolve as (module: unknown) => void, reject });
      });
    },
  };
  /** The load the code under test is waiting on, once it has asked. */
  const next = async () => {
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    return pending.shift() as Deferred;
  };
  return { loader, pending, next };
}

const SearchBoxModule = { default: () => <input aria-label="Search the store" /> };

async function settle(deferred: Deferred, outcome: { module: unknown } | { error: unknown }) {
  await act(async () => {
    if ('module' in outcome) deferred.resolve(outcome.module);
    else deferred.reject(outcome.error);
  });
}

describe('RemoteBoundary', () => {
  beforeEach(() => resetStore());

  it('shows a skeleton, then the error view, then the remote after Try again', async () => {
    const remotes = scriptedRemotes();
    renderWithProviders(
      <RemoteLoaderProvider value={remotes.loader}>
        <RemoteBoundary remote="search" expose="SearchBox" />
      </RemoteLoaderProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    await settle(await remotes.next(), { error: new RemoteOfflineError('search/SearchBox') });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This part of the store could not be loaded.',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await settle(await remotes.next(), { module: SearchBoxModule });
    expect(screen.getByRole('textbox', { name: 'Search the store' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('catches a remote that throws while rendering and renders it again on Try again', async () => {
    const remotes = scriptedRemotes();
    let broken = true;
    const Flaky = () => {
      if (broken) throw new Error('remote bug');
      return <p>bag contents</p>;
    };
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <RemoteLoaderProvider value={remotes.loader}>
        <RemoteBoundary remote="bag-checkout" expose="BagPanel" />
      </RemoteLoaderProvider>,
    );
    await settle(await remotes.next(), { module: { default: Flaky } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This part of the store could not be loaded.',
    );
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('bag contents')).toBeInTheDocument();
    quiet.mockRestore();
  });

  it('says "coming soon" for a remote that is not deployed, without loading it', async () => {
    const remotes = scriptedRemotes({ configured: false });
    renderWithProviders(
      <RemoteLoaderProvider value={remotes.loader}>
        <RemoteBoundary remote="seller" expose={'SellerPages' as never} />
      </RemoteLoaderProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Coming soon' })).toBeInTheDocument();
    expect(remotes.pending).toHaveLength(0);
  });
});

describe('the header search slot', () => {
  beforeEach(() => resetStore());

  it('offers a retry when the search remote fails, and shows the search box after it', async () => {
    const remotes = scriptedRemotes();
    renderWithProviders(
      <RemoteLoaderProvider value={remotes.loader}>
        <Header />
      </RemoteLoaderProvider>,
      { route: '/all', path: '/all' },
    );
    await settle(await remotes.next(), { error: new RemoteOfflineError('search/SearchBox') });
    expect(screen.getByRole('alert')).toHaveTextContent('Search could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle(await remotes.next(), { module: SearchBoxModule });
    expect(screen.getByRole('textbox', { name: 'Search the store' })).toBeInTheDocument();
    // The rest of the header never waited for the remote.
    expect(screen.getByRole('button', { name: 'Bag, 0 items' })).toBeInTheDocument();
  });
});

describe('a remote route page', () => {
  beforeEach(() => resetStore());

  it('shows the skeleton, the error view, and the page with its data after Try again', async () => {
    const remotes = scriptedRemotes();
    const route = remoteRoute('catalog', 'CatalogPages', 'all', remotes.loader);
    const router = createMemoryRouter([{ path: '/all', ...route }], { initialEntries: ['/all'] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await settle(await remotes.next(), { error: new RemoteOfflineError('catalog/CatalogPages') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This part of the store could not be loaded.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const page = { Component: () => <h1>All items</h1>, loader: async () => ({ count: 3 }) };
    await settle(await remotes.next(), { module: { pages: { all: page } } });
    expect(await screen.findByRole('heading', { name: 'All items' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows "coming soon" for a page key the remote does not offer yet', async () => {
    const remotes = scriptedRemotes();
    const route = remoteRoute('account', 'AccountPages', 'wishlist', remotes.loader);
    const router = createMemoryRouter([{ path: '/user/wishlist', ...route }], {
      initialEntries: ['/user/wishlist'],
    });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await settle(await remotes.next(), { module: { pages: {} } });
    expect(await screen.findByRole('heading', { name: 'Coming soon' })).toBeInTheDocument();
  });
});
