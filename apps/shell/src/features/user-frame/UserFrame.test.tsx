import { i18n, setNotificationsCountAtom, startSessionAtom, store } from '@preloved/shared';
import { resetStore } from '@preloved/shared/test-utils';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { renderUserFrame } from './render-frame';
import { USER_LINKS } from '../../navigation/links';

// On a phone "Sales" was the 7th of 12 tabs in a row that scrolled off the screen.
// The frame's navigation starts with one button naming the page shown, which opens every section
// (the button is the phone's: the desktop's sidebar hides it and shows the list).

function renderFrame(route: string) {
  return renderUserFrame(route, { 'orders/:orderId': 'order page', sales: 'sales page' });
}

describe('the /user frame’s section menu', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    resetStore();
    network = stubFetch(() => undefined);
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
  });
  afterEach(() => network.restore());

  it('names the section shown, opens every section, and closes on the one chosen', async () => {
    renderFrame('/user/orders/12');
    const nav = await screen.findByRole('navigation', { name: 'Account navigation' });
    const menu = within(nav).getByRole('button', { name: 'Section: Orders' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const sections = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect(within(sections).getAllByRole('link')).toHaveLength(USER_LINKS.length);
    expect(within(sections).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(sections).getByRole('link', { name: 'Sales' }));
    expect(await screen.findByText('sales page')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Section: Sales' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('link', { name: 'Sales' })).toHaveAttribute('aria-current', 'page');
  });

  it('says on the closed menu how many offers and notifications wait', async () => {
    act(() => {
      store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 3 });
      store.set(setNotificationsCountAtom, 3, { offers: 2, feed: 1 });
    });
    renderFrame('/user/sales');
    const menu = await screen.findByRole('button', { name: 'Section: Sales 3 waiting for you' });
    await userEvent.click(menu);
    expect(menu).toHaveAccessibleName('Section: Sales');
    expect(screen.getByRole('link', { name: 'Offers 2' })).toBeInTheDocument();
  });

  it('reads "Details" on /user and speaks Portuguese', async () => {
    await act(() => i18n.changeLanguage('pt'));
    try {
      renderFrame('/user');
      expect(await screen.findByRole('button', { name: 'Secção: Dados pessoais' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
