import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../tools/jest/fetch-stub';
import { api } from './api/client';
import { AppProviders } from './providers/AppProviders';
import { createMemoryRouter, Outlet, RouterProvider } from './router';
import { standaloneRoutes } from './standalone';

function renderStandalone(loader: () => Promise<unknown>) {
  const Page = () => <h1>All items</h1>;
  const router = createMemoryRouter(standaloneRoutes('catalog', () => <Outlet />, [{ path: '/all', Component: Page, loader }]), {
    initialEntries: ['/all'],
  });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('a remote on its own (standalone frame)', () => {
  it('says the API cannot be reached and how to start it, then shows the page once it answers', async () => {
    let up = false;
    // The dev server's proxy answers 504 while nothing listens behind it.
    const network = stubFetch(() => (up ? { body: { status: 'ok' } } : { status: 504, body: {} }));
    try {
      renderStandalone(() => api().get('health').json());
      expect(await screen.findByRole('heading', { name: 'The store’s API cannot be reached.' })).toBeInTheDocument();
      expect(screen.getByText(/pnpm --filter @preloved\/catalog dev/)).toBeInTheDocument();
      expect(screen.queryByText(/at .*\.tsx?:\d+/)).not.toBeInTheDocument();
      up = true;
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { name: 'All items' })).toBeInTheDocument();
    } finally {
      network.restore();
    }
  });

  it('shows any other failure as one sentence, never a stack trace', async () => {
    renderStandalone(async () => {
      throw new Error('The listing is gone.');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Unexpected Application Error!The listing is gone.');
  });
});
