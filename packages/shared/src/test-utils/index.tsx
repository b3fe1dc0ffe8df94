import type { BagLine } from '@preloved/contract';
import { render, screen, waitFor, within, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type LoaderFunction, type RouteObject } from 'react-router';
import { AppProviders } from '../providers/AppProviders';
import { ApiEventsBridge } from '../providers/ApiEventsBridge';
// The English error catalogue, as the page's router brings it in the store.
import '../i18n/errors.en';
import { registerRouter } from '../navigation';
import { clearCached } from '../state/data-cache';
import { clearSessionAtom, store } from '../state/store';

/**
 * Renders UI the way the shell does: the one store, i18n, toasts, and a router at `route`.
 * Extra routes let a test see where a link or a redirect leads.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', routes = [] as RouteObject[], loader, ...options }: {
    route?: string;
    path?: string;
    routes?: RouteObject[];
    /** A remote page's loader: its result reaches the page through usePageData, as in the shell. */
    loader?: LoaderFunction;
  } & Omit<RenderOptions, 'wrapper'> = {},
) {
  // Each render starts with an empty data cache (before the router runs the page's loader): an answer
  // kept for an earlier test is not this one's.
  clearCached();
  const router = createMemoryRouter(
    [
      {
        path,
        loader: loader ? async (args) => ({ data: await loader(args) }) : undefined,
        hydrateFallbackElement: <p>loading</p>,
        element: (
          <>
            {ui}
            <ApiEventsBridge />
          </>
        ),
      },
      ...routes,
    ],
    { initialEntries: [route] },
  );
  // The frame's links and `navigate` go through this router, as through the shell's page router.
  registerRouter(router);
  const result = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
    options,
  );
  return { ...result, router, store };
}

/** Fresh state for the next test: no session, no bag, nothing persisted, nothing cached. */
export function resetStore(): void {
  localStorage.clear();
  store.set(clearSessionAtom);
  clearCached();
}

/** A whole bag line (spec §3) for tests; only what a test is about needs saying. */
export function testBagLine(overrides: Partial<BagLine> & { listing_id: number }): BagLine {
  return {
    id: overrides.listing_id * 10,
    offer_id: null,
    valid_listing: true,
    valid_offer: true,
    offer_expire: null,
    offer_price: null,
    bundle_tiers: [],
    product_brand_id: 7,
    variant_id: 70,
    product_child_id: 700 + overrides.listing_id,
    title: `Linen shirt ${overrides.listing_id}`,
    photo: `/api/assets/photos/shirt/ecru/${overrides.listing_id}.svg`,
    customer_name: 'Marta',
    CustomerID: 90,
    options: { O1Child: 'Ecru', O2Child: 'M' },
    condition_description: 'Worn a few times, no visible signs of use.',
    price: 25,
    currency_symb_code: 'EUR',
    wishlisted: false,
    ...overrides,
  };
}

export { catalogueLeaves, itTranslatesEverySentence, portugueseGaps, spanishGaps } from './catalogues';

// A component test's tools in one import: testing-library's queries and act, and user-event.
export { act, screen, waitFor, within } from '@testing-library/react';
export { default as userEvent } from '@testing-library/user-event';

/**
 * POST customers/step-up as the API answers it: a wrong password is refused next to the
 * field, the right one ('Secret#123') proves the session until `provenUntil` and calls `proven`.
 */
export function stepUpAnswer(request: { body?: unknown }, provenUntil: string, proven: () => void): { status?: number; body: unknown } {
  if ((request.body as { password?: string } | undefined)?.password !== 'Secret#123') {
    return { status: 422, body: { statusCode: 422, message: 'Your current password is not correct.', fields: [{ field: 'password', key: 'current_password_wrong' }] } };
  }
  proven();
  return { body: { proven_until: provenUntil } };
}

/**
 * The owner confirms it is them in the step-up dialog: a wrong password first (its message beside
 * the field), then the right one, 'Secret#123'.
 */
export async function confirmItsMeInDialog(user: { type(element: Element, text: string): Promise<void>; clear(element: Element): Promise<void> }): Promise<void> {
  const dialog = await screen.findByRole('dialog', { name: 'For your safety, confirm it’s you' });
  const password = within(dialog).getByLabelText('Password');
  await user.type(password, 'Wrong#123{Enter}');
  await waitFor(() => expect(password).toHaveAccessibleDescription('Your current password is not correct.'));
  await user.clear(password);
  await user.type(password, 'Secret#123{Enter}');
}
