import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { AppLink, AppNavLink, isActivePath, navigate, registerRouter, revalidate, revalidateAskedBeforeHydration, useCurrentLocation } from './navigation';

function Where() {
  const { pathname, search } = useCurrentLocation();
  return <p>at {pathname + search}</p>;
}

const memoryRouter = (at: string) =>
  createMemoryRouter([{ path: '*', element: null }], { initialEntries: [at] });

/**
 * An AppLink to /all inside an element that records whether the link let the click through to the
 * browser (its default not prevented), then stops it: jsdom cannot load another document.
 */
function renderLinkToAll(): () => boolean | undefined {
  let leftToBrowser: boolean | undefined;
  render(
    <div
      onClick={(event) => {
        leftToBrowser = !event.defaultPrevented;
        event.preventDefault();
      }}
    >
      <AppLink to="/all">All items</AppLink>
    </div>,
  );
  return () => leftToBrowser;
}

describe('navigation without the router (the store frame)', () => {
  let unregister: (() => void) | undefined;
  afterEach(() => {
    unregister?.();
    unregister = undefined;
  });

  it('a revalidation asked before the page router exists (the language switched early) runs once the page has hydrated, once', () => {
    revalidate();
    const router = memoryRouter('/');
    const revalidations = jest.spyOn(router, 'revalidate');
    unregister = registerRouter(router);
    expect(revalidations).not.toHaveBeenCalled(); // not while the page hydrates with the server's data
    revalidateAskedBeforeHydration();
    revalidateAskedBeforeHydration();
    expect(revalidations).toHaveBeenCalledTimes(1);
  });

  it('a link navigates in the page through the registered router, and the frame sees the new location', async () => {
    const router = memoryRouter('/');
    unregister = registerRouter(router);
    render(
      <>
        <AppLink to="/all?sort=newest">All items</AppLink>
        <Where />
      </>,
    );
    const link = screen.getByRole('link', { name: 'All items' });
    expect(link).toHaveAttribute('href', '/all?sort=newest');
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/all');
    expect(router.state.location.search).toBe('?sort=newest');
    expect(await screen.findByText('at /all?sort=newest')).toBeInTheDocument();
  });

  it('without a router a link is a plain link: the click is left to the browser (a full page load)', async () => {
    const clickLeftToBrowser = renderLinkToAll();
    await userEvent.click(screen.getByRole('link', { name: 'All items' }));
    expect(clickLeftToBrowser()).toBe(true);
  });

  it('a modified click (a new tab) is left to the browser even with a router', () => {
    const router = memoryRouter('/');
    unregister = registerRouter(router);
    const clickLeftToBrowser = renderLinkToAll();
    fireEvent.click(screen.getByRole('link', { name: 'All items' }), { ctrlKey: true });
    expect(clickLeftToBrowser()).toBe(true);
    expect(router.state.location.pathname).toBe('/');
  });

  it('navigate() goes through the registered router, and falls back to a full load without one', async () => {
    const router = memoryRouter('/');
    unregister = registerRouter(router);
    await act(() => navigate('/user'));
    expect(router.state.location.pathname).toBe('/user');
    unregister();
    unregister = undefined;

    // Without a router the browser loads the address itself (jsdom carries out only a change of hash).
    await navigate(`${window.location.pathname}#reviews`);
    expect(window.location.hash).toBe('#reviews');
    expect(router.state.location.pathname).toBe('/user');
  });

  it('a nav link is current on its page and, without `end`, on the pages below it', () => {
    unregister = registerRouter(memoryRouter('/user/orders/12'));
    render(
      <>
        <AppNavLink to="/user" end>
          Details
        </AppNavLink>
        <AppNavLink to="/user/orders">Orders</AppNavLink>
        <AppNavLink to="/" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Home
        </AppNavLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Details' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('off');
    expect(isActivePath('/women', '/women')).toBe(true);
    expect(isActivePath('/womenswear', '/women')).toBe(false);
  });
});
