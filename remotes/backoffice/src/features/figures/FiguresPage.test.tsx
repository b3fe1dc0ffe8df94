import type { FigureRow, Figures } from '@preloved/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import { renderConsolePage } from '../../lib/test-console';
import { FiguresPage } from './FiguresPage';

const row = (period: string, gmv: number, orders: number): FigureRow => ({
  period,
  gmv,
  orders,
  average_order: orders ? gmv / orders : 0,
  take: gmv * 0.1,
  take_rate: 0.1,
  listed: 10,
  sold: orders,
  sell_through: orders / 10,
  median_days_to_sell: orders ? 4 : null,
  dispute_rate: 0,
  cancellation_rate: 0,
  new_buyers: orders,
  new_sellers: 1,
  resells_started: 2,
});

describe('FiguresPage (/backoffice/figures)', () => {
  it('asks for the URL’s range, shows the totals and the table, and downloads the same figures', async () => {
    const user = userEvent.setup();
    const asked: Record<string, string>[] = [];
    server.use(
      http.get(api('/backoffice/figures'), ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        asked.push(query);
        const answer: Figures = { by: query.by as Figures['by'], from: query.from!, to: query.to!, rows: [row('2026-11', 1200, 20)], totals: { ...row('x', 1200, 20), period: undefined } as never };
        return HttpResponse.json(answer);
      }),
    );
    renderConsolePage(<FiguresPage />, { role: 'finance', route: '/backoffice/figures?from=2026-01-01&to=2026-11-30&by=month' });
    const totals = await screen.findByRole('region', { name: 'Totals for the range' });
    expect(within(totals).getByText('€1,200.00')).toBeInTheDocument();
    expect(within(totals).getByText('10%')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: '2026-11' })).toBeInTheDocument();
    expect(asked[0]).toEqual({ from: '2026-01-01', to: '2026-11-30', by: 'month' });
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/backoffice/figures.csv?from=2026-01-01&to=2026-11-30&by=month');

    await user.selectOptions(screen.getByRole('combobox', { name: 'By' }), 'week');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-01-01', to: '2026-11-30', by: 'week' }));
  });

  it('refuses a range backwards or longer than two years next to its dates, without asking', async () => {
    const user = userEvent.setup();
    const asked: Record<string, string>[] = [];
    server.use(
      http.get(api('/backoffice/figures'), ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        asked.push(query);
        if (query.from! > query.to!) {
          return HttpResponse.json(
            { statusCode: 422, code: 'figures_range', message: 'Choose a start and an end date at most two years apart.', fields: [{ field: 'to', key: 'figures_range' }] },
            { status: 422 },
          );
        }
        const answer: Figures = { by: 'day', from: query.from!, to: query.to!, rows: [row(query.from!, 80, 1)], totals: { ...row('x', 80, 1), period: undefined } as never };
        return HttpResponse.json(answer);
      }),
    );
    renderConsolePage(<FiguresPage />, { role: 'admin', route: '/backoffice/figures?from=2026-11-01&to=2026-11-02&by=day' });
    await screen.findByRole('rowheader', { name: '2026-11-01' });

    const to = screen.getByLabelText('To');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(to).toHaveFocus();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('Choose a start and an end date at most two years apart.');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2022-01-01' } });
    expect(to).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(asked).toHaveLength(1);
  });

  it('shows the API’s refusal of the URL’s range next to the dates, not as the page’s failure', async () => {
    server.use(
      http.get(api('/backoffice/figures'), () =>
        HttpResponse.json(
          { statusCode: 422, code: 'figures_range', message: 'Choose a start and an end date at most two years apart.', fields: [{ field: 'to', key: 'figures_range' }] },
          { status: 422 },
        ),
      ),
    );
    renderConsolePage(<FiguresPage />, { role: 'finance', route: '/backoffice/figures?from=2026-11-10&to=2026-11-01' });
    await waitFor(() => expect(screen.getByLabelText('To')).toHaveAccessibleDescription('Choose a start and an end date at most two years apart.'));
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Totals for the range' })).not.toBeInTheDocument();
  });

  it('asks for the last 30 days by day when the URL names no range', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      http.get(api('/backoffice/figures'), ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        asked.push(query);
        return HttpResponse.json({ by: 'day', from: query.from!, to: query.to!, rows: [], totals: { ...row('x', 0, 0), period: undefined } });
      }),
    );
    renderConsolePage(<FiguresPage />, { role: 'finance', route: '/backoffice/figures' });
    await screen.findByRole('region', { name: 'Totals for the range' });
    const { from, to, by } = asked[0]!;
    expect(by).toBe('day');
    expect((Date.parse(to!) - Date.parse(from!)) / 86_400_000).toBe(29);
    expect(screen.getByLabelText('From')).toHaveValue(from);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `/api/backoffice/figures.csv?from=${from}&to=${to}&by=day`);
  });
});
