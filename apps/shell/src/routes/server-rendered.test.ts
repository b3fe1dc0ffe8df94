import type { RouteObject } from '@preloved/shared/router';
import { isServerRenderedPath, redirectOf, serverRenderedPathMatcher } from './server-rendered';
import { routes } from './table';

describe('serverRenderedPathMatcher', () => {
  const paths = ['/', '/all', '/product/12', '/product/987654', '/product/12/extra', '/vendor/3', '/search', '/faqs', '/user', '/user/orders/5', '/checkout', '/shop', '/nowhere/7', '/product/abc'];

  it('answers as matching the whole table does, for paths with and without ids', () => {
    const isPublic = serverRenderedPathMatcher(routes);
    for (const path of paths) {
      // Twice: the second answer comes from what it remembered.
      expect([path, isPublic(path)]).toEqual([path, isServerRenderedPath(routes, path)]);
      expect([path, isPublic(path)]).toEqual([path, isServerRenderedPath(routes, path)]);
    }
    expect(isPublic('/product/12')).toBe(true);
    expect(isPublic('/user/orders/5')).toBe(false);
  });

  it('matches each time when a path of the table has a segment of digits (an id could not stand for it)', () => {
    const table: RouteObject[] = [{ path: '/', children: [{ path: 'product/:productId' }, { path: 'product/2024', element: null }] }];
    const isPublic = serverRenderedPathMatcher(table);
    // product/2024 is its own route, not a product page: it must not be answered as /product/0 is.
    expect(isPublic('/product/7')).toBe(true);
    expect(isPublic('/product/2024')).toBe(false);
  });
});

describe('redirectOf', () => {
  it('sends the old paths home for good and unknown paths home for now; a page is not a redirect', () => {
    expect(redirectOf(routes, '/shop-pre-loved')).toEqual({ to: '/', permanent: true });
    expect(redirectOf(routes, '/sell')).toEqual({ to: '/', permanent: true });
    expect(redirectOf(routes, '/no/such/page')).toEqual({ to: '/', permanent: false });
    expect(redirectOf(routes, '/user/no-such-page')).toEqual({ to: '/', permanent: false });
    for (const page of ['/', '/all', '/product/12', '/user', '/user/orders/5', '/checkout']) expect([page, redirectOf(routes, page)]).toEqual([page, undefined]);
  });
});
