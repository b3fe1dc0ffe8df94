import type { FigureRow, Figures } from '@preloved/contract';
import { screen, waitFor, within } from '@testing-library/react';
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
});
