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
  let savedRules: unknown[];
  beforeEach(() => {
    saved = [];
    savedRules = [];
    let current = settings;
    let rules = { rules: [{ category_id: 6, name: 'Clothing', floor_percent: null as number | null, ceiling_percent: null as number | null }, { category_id: 7, name: 'Bags', floor_percent: 20, ceiling_percent: 90 }] };
    server.use(
      http.get(api('/backoffice/settings/price-rules'), () => HttpResponse.json(rules)),
      http.put(api('/backoffice/settings/price-rules'), async ({ request }) => {
        const body = (await request.json()) as { rules: Array<{ category_id: number; floor_percent: number | null; ceiling_percent: number | null }> };
        savedRules.push(body);
        rules = { rules: rules.rules.map((rule) => ({ ...rule, ...(body.rules.find((next) => next.category_id === rule.category_id) ?? { floor_percent: null, ceiling_percent: null }) })) };
        return HttpResponse.json(rules);
      }),
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

  it('shows finance the price rules without letting them change them', async () => {
    renderConsolePage(<SettingsPage />, { role: 'finance' });
    expect(await screen.findByRole('textbox', { name: 'Floor (%) for Bags' })).toHaveValue('20');
    expect(screen.getByRole('textbox', { name: 'Ceiling (%) for Bags' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save the price rules' })).not.toBeInTheDocument();
  });

  it('lets an admin set a category’s floor and ceiling, refusing a ceiling under the floor next to it', async () => {
    const user = userEvent.setup();
    renderConsolePage(<SettingsPage />, { role: 'admin' });
    const floor = await screen.findByRole('textbox', { name: 'Floor (%) for Clothing' });
    const ceiling = screen.getByRole('textbox', { name: 'Ceiling (%) for Clothing' });
    await user.type(floor, '60');
    await user.type(ceiling, '40');
    await user.click(screen.getByRole('button', { name: 'Save the price rules' }));
    expect(ceiling).toHaveAccessibleDescription('The ceiling must not be below the floor.');
    expect(savedRules).toEqual([]);

    await user.clear(ceiling);
    await user.type(ceiling, '120');
    await user.click(screen.getByRole('button', { name: 'Save the price rules' }));
    expect(await screen.findByText('The price rules are saved.')).toBeInTheDocument();
    expect(savedRules).toEqual([{ rules: [{ category_id: 6, floor_percent: 60, ceiling_percent: 120 }, { category_id: 7, floor_percent: 20, ceiling_percent: 90 }] }]);
  });
});
