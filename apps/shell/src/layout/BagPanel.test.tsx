import { bagOpenAtom, setCartAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore, testBagLine } from '@preloved/shared/test-utils';
import { act, screen, within } from '@testing-library/react';
import '../i18n';
import { RemoteLoaderProvider, type RemoteLoader } from '../federation/RemoteBoundary';
import { BagPanel } from './BagPanel';

// Issue 43: "Add to bag" opened an empty frame for 650 ms on a phone while the bag-checkout remote's
// code came. Until it has come, the shell's panel shows the bag as the store holds it.
describe('the bag panel before its remote has loaded', () => {
  beforeEach(() => resetStore());

  it('opens titled with the count and lists the piece just added, by title, size and price', async () => {
    const never: RemoteLoader = { isConfigured: async () => true, load: () => new Promise(() => undefined) };
    act(() => {
      store.set(setCartAtom, [testBagLine({ listing_id: 3, title: 'Wool coat', price: 74, options: { O1Child: 'Camel', O2Child: 'M' } })]);
      store.set(bagOpenAtom, true);
    });
    renderWithProviders(
      <RemoteLoaderProvider value={never}>
        <BagPanel />
      </RemoteLoaderProvider>,
    );
    const panel = await screen.findByRole('dialog', { name: 'Shopping bag (1)' });
    const lines = within(panel).getByRole('list', { name: 'Items in your bag' });
    expect(within(lines).getByText('Wool coat')).toBeInTheDocument();
    expect(within(lines).getByText('Size M')).toBeInTheDocument();
    expect(within(lines).getByText('€74.00')).toBeInTheDocument();
  });
});
