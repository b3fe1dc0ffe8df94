import type { Address } from '@preloved/contract';
import { startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { AddressesPage, addressesLoader } from './AddressesPage';

const home: Address = {
  id: 1,
  name: 'Home',
  first_name: 'Ana',
  last_name: 'Silva',
  phone: '+351 912 345 678',
  address: 'Rua Augusta 10',
  address2: '2º esq.',
  zip_code: '1100-053',
  city: 'Lisboa',
  country: 'PT',
  default: true,
};
const work: Address = { ...home, id: 2, name: 'Work', address: 'Avenida da Liberdade 200', address2: '', default: false };
const describedText = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

// The form tests type into up to eight fields: on a loaded machine that takes longer than jest's 5 s.
const FORM_TEST_MS = 20_000;

describe('Address book page', () => {
  let network: ReturnType<typeof stubFetch>;
  let book: Address[];
  let postAnswer: { status?: number; body?: unknown } | undefined;
  beforeEach(() => {
    resetStore();
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    book = [home, work];
    postAnswer = undefined;
    network = stubFetch((request) => {
      if (request.url === '/api/customers/addresses' && request.method === 'GET') return { body: { addresses: book } };
      if (request.url === '/api/customers/addresses' && request.method === 'POST') {
        if (postAnswer) return postAnswer;
        const added = { id: 3, ...(request.body as object), default: true } as Address;
        book = [added, ...book.map((address) => ({ ...address, default: false }))];
        return { status: 201, body: added };
      }
      if (request.url === '/api/customers/addresses/1' && request.method === 'PUT') {
        book = [{ ...home, ...(request.body as object) } as Address, work];
        return { body: book[0] };
      }
      if (request.url === '/api/customers/addresses/2' && request.method === 'DELETE') {
        book = [home];
        return { body: { addresses: book } };
      }
      if (request.url === '/api/customers/addresses/2/default' && request.method === 'PUT') {
        book = [{ ...work, default: true }, { ...home, default: false }];
        return { body: { addresses: book } };
      }
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const renderPage = () => renderWithProviders(<AddressesPage />, { route: '/user/addresses', path: '/user/addresses', loader: addressesLoader });
  const sent = (method: string) => network.requests.filter((request) => request.method === method);

  it('lists the saved addresses with the default one marked', async () => {
    renderPage();
    const homeCard = await screen.findByRole('listitem', { name: 'Home' });
    expect(within(homeCard).getByText('Default')).toBeInTheDocument();
    expect(within(homeCard).getByText('Rua Augusta 10')).toBeInTheDocument();
    expect(within(homeCard).getByText('1100-053 Lisboa')).toBeInTheDocument();
    expect(within(homeCard).getByText('Portugal')).toBeInTheDocument();
    expect(within(homeCard).queryByRole('button', { name: 'Make Home the default address' })).not.toBeInTheDocument();
    const workCard = screen.getByRole('listitem', { name: 'Work' });
    expect(within(workCard).queryByText('Default')).not.toBeInTheDocument();
  });

  it("says you haven't added an address yet, and offers to add one", async () => {
    book = [];
    renderPage();
    expect(await screen.findByRole('heading', { name: "You haven't added an address yet." })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add an address' }));
    expect(screen.getByRole('heading', { name: 'New address' })).toHaveFocus();
    // The first address is the default, whatever the box says.
    expect(screen.getByRole('checkbox', { name: 'Use as my default address' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Use as my default address' })).toBeDisabled();
  });

  it('says next to each field what is missing, and sends nothing until then', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add an address' }));
    // The country comes from the countries the store ships to.
    expect(within(screen.getByRole('combobox', { name: 'Country' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a country', 'Portugal', 'Spain']);
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'Choose a country');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(describedText(screen.getByLabelText('First name'))).toBe('Please enter your first name.');
    expect(describedText(screen.getByLabelText('Last name'))).toBe('Please enter your last name.');
    expect(describedText(screen.getByLabelText('Phone'))).toBe('Please enter your phone number.');
    expect(describedText(screen.getByLabelText('Address'))).toBe('Please enter your address.');
    expect(describedText(screen.getByLabelText('ZIP code'))).toBe('Please enter your ZIP code.');
    expect(describedText(screen.getByLabelText('City'))).toBe('Please enter your city.');
    expect(describedText(screen.getByLabelText('Country'))).toBe('Please choose your country.');
    expect(screen.getByLabelText('First name')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Phone'), 'call me');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'Spain');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(describedText(screen.getByLabelText('Phone'))).toBe('Please enter a valid phone number.');
    expect(describedText(screen.getByLabelText('Country'))).toBeUndefined();
    expect(sent('POST')).toHaveLength(0);
  }, FORM_TEST_MS);

  it('adds an address, shows the book again and says so', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add an address' }));
    await userEvent.type(screen.getByLabelText('Address name'), 'Parents');
    await userEvent.type(screen.getByLabelText('First name'), 'Ana');
    await userEvent.type(screen.getByLabelText('Last name'), 'Silva');
    await userEvent.type(screen.getByLabelText('Phone'), '912345678');
    await userEvent.type(screen.getByLabelText('Address'), 'Rua do Carmo 5');
    await userEvent.type(screen.getByLabelText('ZIP code'), '4050-164');
    await userEvent.type(screen.getByLabelText('City'), 'Porto');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use as my default address' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('The address has been added.')).toBeInTheDocument();
    expect(sent('POST')[0]?.body).toEqual({
      name: 'Parents',
      first_name: 'Ana',
      last_name: 'Silva',
      phone: '912345678',
      address: 'Rua do Carmo 5',
      address2: '',
      zip_code: '4050-164',
      city: 'Porto',
      country: 'PT',
      default: true,
    });
    expect(within(screen.getByRole('listitem', { name: 'Parents' })).getByText('Default')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add an address' })).toHaveFocus());
  }, FORM_TEST_MS);

  /** A Lisbon address typed in the open form, with `zip` as its ZIP code. */
  const fillInLisbon = async (zip: string) => {
    for (const [label, value] of [['First name', 'Ana'], ['Last name', 'Silva'], ['Phone', '912345678'], ['Address', 'Rua 1'], ['ZIP code', zip], ['City', 'Lisboa']]) {
      await userEvent.type(screen.getByLabelText(label!), value!);
    }
  };

  it('puts the server’s refusal next to its field', async () => {
    postAnswer = { status: 422, body: { message: 'Please enter your ZIP code.', fields: [{ field: 'zip_code', key: 'no_zip' }] } };
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add an address' }));
    await fillInLisbon('1000-001');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(describedText(screen.getByLabelText('ZIP code'))).toBe('Please enter your ZIP code.'));
    expect(screen.getByLabelText('ZIP code')).toHaveFocus();
  }, FORM_TEST_MS);

  it('says a ZIP code that is not the country’s next to the field, and sends nothing', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add an address' }));
    await fillInLisbon('12');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(describedText(screen.getByLabelText('ZIP code'))).toBe('A Portuguese ZIP code looks like 1000-001.'));
    expect(sent('POST')).toEqual([]);
  }, FORM_TEST_MS);

  it('edits an address with its current values filled in', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Home' }));
    const city = screen.getByLabelText('City');
    expect(city).toHaveValue('Lisboa');
    await userEvent.clear(city);
    await userEvent.type(city, 'Sintra{Enter}');
    expect(await screen.findByText('The address has been saved.')).toBeInTheDocument();
    expect(sent('PUT')[0]).toMatchObject({ url: '/api/customers/addresses/1', body: { city: 'Sintra', default: true, name: 'Home' } });
    expect(within(screen.getByRole('listitem', { name: 'Home' })).getByText('1100-053 Sintra')).toBeInTheDocument();
  }, FORM_TEST_MS);

  it('deletes an address only after the confirmation', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Work' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this address?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent('DELETE')).toHaveLength(0);
    expect(screen.getByRole('listitem', { name: 'Work' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Work' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Delete this address?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The address has been deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Work' })).not.toBeInTheDocument();
    expect(sent('DELETE')).toEqual([{ method: 'DELETE', url: '/api/customers/addresses/2', body: undefined }]);
  });

  it('makes another address the default', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Make Work the default address' }));
    expect(await screen.findByText('Your default address has changed.')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Work' })).getByText('Default')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Home' })).queryByText('Default')).not.toBeInTheDocument();
  });

  it('calls nothing without a session, and loads once signed in', async () => {
    resetStore();
    renderPage();
    await screen.findByText('Address book');
    expect(network.requests).toHaveLength(0);
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    expect(await screen.findByRole('listitem', { name: 'Home' })).toBeInTheDocument();
  });
});
