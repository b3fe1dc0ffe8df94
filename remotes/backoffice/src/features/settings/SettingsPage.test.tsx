import type { CreditBonusSettings } from '@preloved/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import { renderConsolePage } from '../../lib/test-console';
import { SettingsPage } from './SettingsPage';

const settings: CreditBonusSettings = { percent: 20, monthly_cap: 50, cost: { this_month: 12.5, all_time: 80, codes: 9 } };

describe('SettingsPage (/backoffice/settings)', () => {
  let saved: unknown[];
  beforeEach(() => {
    saved = [];
    let current = settings;
    server.use(
      http.get(api('/backoffice/settings/credit-bonus'), () => HttpResponse.json(current)),
      http.put(api('/backoffice/settings/credit-bonus'), async ({ request }) => {
        const body = (await request.json()) as { percent: number; monthly_cap: number };
        saved.push(body);
        current = { ...current, ...body };
        return HttpResponse.json(current);
      }),
    );
  });

  it('shows finance the bonus and what it cost, without the form', async () => {
    renderConsolePage(<SettingsPage />, { role: 'finance' });
    expect(await screen.findByText('20% more on main-shop codes, at most €50.00 a seller a month.')).toBeInTheDocument();
    expect(screen.getByText('€12.50')).toBeInTheDocument();
    expect(screen.getByText('€80.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save the bonus' })).not.toBeInTheDocument();
    expect(screen.getByText('Only an admin changes these settings.')).toBeInTheDocument();
  });

  it('lets an admin change it: a percentage over 50 is refused next to its field, then a valid one is saved', async () => {
    const user = userEvent.setup();
    renderConsolePage(<SettingsPage />, { role: 'admin' });
    const percent = await screen.findByRole('textbox', { name: 'Bonus (%)' });
    await user.clear(percent);
    await user.type(percent, '80');
    await user.click(screen.getByRole('button', { name: 'Save the bonus' }));
    expect(percent).toHaveAccessibleDescription('A whole percentage from 0 to 50.');
    expect(percent).toHaveFocus();
    expect(saved).toEqual([]);

    await user.clear(percent);
    await user.type(percent, '25');
    const cap = screen.getByRole('textbox', { name: 'Monthly cap per seller (€)' });
    await user.clear(cap);
    await user.type(cap, '40');
    await user.click(screen.getByRole('button', { name: 'Save the bonus' }));
    expect(await screen.findByText('25% more on main-shop codes, at most €40.00 a seller a month.')).toBeInTheDocument();
    expect(saved).toEqual([{ percent: 25, monthly_cap: 40 }]);
  });
});
