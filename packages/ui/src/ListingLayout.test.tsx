import type { ListingFiltersState } from '@preloved/shared';
import { renderWithProviders } from '@preloved/shared/test-utils';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { AvailableFilters } from './ListingFilters';
import { ListingLayout } from './ListingLayout';

const AVAILABLE: AvailableFilters = {
  condition: { values: [{ id: 1, option: 'New with tags', count: 3 }, { id: 4, option: 'Good', count: 0 }] },
  size: { values: [{ id: 'S', option: 'S', count: 2 }, { id: 'M', option: 'M', count: 0 }, { id: 'L', option: 'L', count: 0 }] },
  colour: { values: [{ id: 'black', option: 'Black', hex: '#1f1f1f', count: 4 }] },
  price: { min: 10, max: 90 },
};

const START: ListingFiltersState = { size: ['L'], colour: ['black'], condition: [], min_price: 20, max_price: undefined, sort: 'price_asc', page: 1 };

/** A page whose total follows its filters the way the API's would: fewer cards per filter. */
function Page({ initial = START, onChange }: { initial?: ListingFiltersState; onChange?: (next: ListingFiltersState) => void }) {
  const [state, setState] = useState(initial);
  const total = Math.max(0, 12 - 4 * (state.size.length + state.colour.length + state.condition.length + (state.min_price !== undefined ? 1 : 0)));
  return (
    <ListingLayout
      title="All"
      total={total}
      resultsLabel="Results"
      filters={{
        state,
        available: AVAILABLE,
        onChange: (next) => {
          const merged = { ...state, ...next };
          setState(merged);
          onChange?.(merged);
        },
      }}
    >
      <p>cards</p>
    </ListingLayout>
  );
}

describe('ListingLayout filters', () => {
  it('shows a chip per chosen filter; each removes its own value, "Clear all" removes them all', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    const chosen = await screen.findByRole('list', { name: 'Chosen filters' });
    expect(within(chosen).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Remove filter: Size L',
      'Remove filter: Black',
      'Remove filter: From €20.00',
    ]);
    await user.click(within(chosen).getByRole('button', { name: 'Remove filter: Black' }));
    expect(within(screen.getByRole('list', { name: 'Chosen filters' })).getAllByRole('button')).toHaveLength(2);
    expect(screen.getByText('4 items')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.queryByRole('list', { name: 'Chosen filters' })).not.toBeInTheDocument();
    expect(screen.getByText('12 items')).toBeInTheDocument();
  });

  it('disables options that would show nothing and says how many each would show; a chosen one stays removable', async () => {
    renderWithProviders(<Page />);
    const sizes = within(await screen.findByRole('complementary', { name: 'Filters' })).getByRole('group', { name: 'Size' });
    expect(within(sizes).getByRole('checkbox', { name: 'S (2)' })).toBeEnabled();
    expect(within(sizes).getByRole('checkbox', { name: 'M (0)' })).toBeDisabled();
    expect(within(sizes).getByRole('checkbox', { name: 'L (0)' })).toBeEnabled();
  });

  it('on a phone opens the filters as a sheet whose "Show N results" follows each change and closes it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    await user.click(await screen.findByRole('button', { name: 'Filters (3)' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('button', { name: 'Show 0 results' })).toBeInTheDocument();
    await user.click(within(within(sheet).getByRole('group', { name: 'Size' })).getByRole('checkbox', { name: 'L (0)' }));
    expect(within(sheet).getByRole('button', { name: 'Show 4 results' })).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Show 4 results' }));
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
  });

  it('offers "Clear filters" when the filters leave nothing', async () => {
    const user = userEvent.setup();
    const changes: ListingFiltersState[] = [];
    renderWithProviders(<Page onChange={(next) => changes.push(next)} />);
    expect(await screen.findByText('0 items')).toBeInTheDocument();
    await user.click(within(screen.getByRole('region', { name: 'Results' })).getByRole('button', { name: 'Clear filters' }));
    expect(changes.at(-1)).toMatchObject({ size: [], colour: [], condition: [], min_price: undefined });
    expect(screen.getByText('12 items')).toBeInTheDocument();
  });
});
