import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import { renderConsolePage } from '../../lib/test-console';
import { AuditPage } from './AuditPage';

describe('AuditPage (/backoffice/audit)', () => {
  let queries: Record<string, string>[];
  beforeEach(() => {
    queries = [];
    server.use(
      http.get(api('/backoffice/audit'), ({ request }) => {
        queries.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json({
          entries: [
            { id: 3, staff_id: 2, staff_name: 'Sara Support', action: 'dispute.resolve', target_type: 'order', target_id: 'PO-0000012', before: { resolution: null }, after: { resolution: 'refund' }, reason: 'The zip is broken.', at: '2026-11-20T10:00:00Z' },
          ],
          total: 1,
          page: 1,
          page_size: 50,
        });
      }),
      http.get(api('/backoffice/staff'), () => HttpResponse.json({ staff: [{ id: 2, email: 's@b.test', name: 'Sara Support', role: 'support', active: true, enrolled: true, created_at: '2026-01-01T00:00:00Z' }] })),
    );
  });

  it('shows who did what, why, and the change; filters go into the query and the CSV link', async () => {
    const user = userEvent.setup();
    renderConsolePage(<AuditPage />, { role: 'admin', route: '/backoffice/audit' });
    const row = (await screen.findByRole('cell', { name: 'The zip is broken.' })).closest('tr')!;
    expect(within(row).getByText('Sara Support')).toBeInTheDocument();
    expect(within(row).getByText('order PO-0000012')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Action' }), 'dispute.resolve');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Who' }), '2');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/backoffice/audit.csv?action=dispute.resolve&staff_id=2'));
    await waitFor(() => expect(queries.at(-1)).toEqual({ action: 'dispute.resolve', staff_id: '2', page: '1' }));
  });

  it('offers no member filter to a role that cannot list the staff', async () => {
    renderConsolePage(<AuditPage />, { role: 'support' });
    await screen.findByRole('cell', { name: 'The zip is broken.' });
    expect(screen.queryByRole('combobox', { name: 'Who' })).not.toBeInTheDocument();
  });

  it('pages by the answer’s page size, keeping the filters; the CSV has the filters but no page', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(api('/backoffice/audit'), ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        queries.push(query);
        const page = Number(query.page);
        return HttpResponse.json({
          entries: [{ id: 100 - page, staff_id: null, staff_name: null, action: 'payout.approve_iban', target_type: 'customer', target_id: '9', before: null, after: null, reason: `Entry of page ${page}`, at: '2026-11-20T10:00:00Z' }],
          total: 45,
          page,
          page_size: 20,
        });
      }),
    );
    renderConsolePage(<AuditPage />, { role: 'finance', route: '/backoffice/audit?action=payout&from=2026-11-01' });
    expect(await screen.findByRole('cell', { name: 'Entry of page 1' })).toBeInTheDocument();
    expect(screen.getByText('45 entries')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'The store' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Page 4' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(await screen.findByRole('cell', { name: 'Entry of page 2' })).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ action: 'payout', from: '2026-11-01', page: '2' });
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/backoffice/audit.csv?action=payout&from=2026-11-01');
  });
});
