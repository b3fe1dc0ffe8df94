import { startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { BundleDiscount } from './BundleDiscount';

const bounds = { min_pieces: 2, max_pieces: 10, max_percent: 30, max_tiers: 3 };

describe('the bundle discount form', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    network = stubFetch((request) => {
      if (request.url === '/api/seller/bundle' && request.method === 'GET') return { body: { tiers: [], bounds } };
      if (request.url === '/api/seller/bundle' && request.method === 'PUT') return { body: { tiers: (request.body as { tiers: unknown[] }).tiers, bounds } };
      return undefined;
    });
  });
  afterEach(() => network.restore());

  it('says beside the field when a discount is out of bounds, sends nothing, then saves the tier', async () => {
    renderWithProviders(<BundleDiscount />);
    const form = await screen.findByRole('region', { name: 'Bundle discount' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add a step' }));
    const step = within(form).getByRole('group', { name: 'Step 1' });
    await userEvent.type(within(step).getByRole('textbox', { name: 'Pieces or more' }), '2');
    const percent = within(step).getByRole('textbox', { name: 'Discount (%)' });
    await userEvent.type(percent, '35');
    await userEvent.click(within(form).getByRole('button', { name: 'Save bundle discount' }));
    expect(percent).toHaveAccessibleDescription('A bundle discount is 1 % to 30 %.');
    expect(network.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
    await userEvent.clear(percent);
    await userEvent.type(percent, '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Save bundle discount' }));
    expect(await screen.findByText('Your bundle discount is saved.')).toBeInTheDocument();
    expect(network.requests).toContainEqual({ method: 'PUT', url: '/api/seller/bundle', body: { tiers: [{ min_pieces: 2, percent_off: 10 }] } });
  }, 20_000);
});
