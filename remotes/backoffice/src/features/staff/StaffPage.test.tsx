import type { StaffList } from '@preloved/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import { renderConsolePage } from '../../lib/test-console';
import { StaffPage } from './StaffPage';

const team: StaffList['staff'] = [
  { id: 1, email: 'rita@brand.example', name: 'Rita Lopes', role: 'admin', active: true, enrolled: true, created_at: '2026-01-10T10:00:00Z' },
  { id: 2, email: 'joao@brand.example', name: 'João Reis', role: 'support', active: true, enrolled: false, created_at: '2026-11-20T10:00:00Z' },
  { id: 3, email: 'ines@brand.example', name: 'Inês Costa', role: 'finance', active: false, enrolled: true, created_at: '2026-03-02T10:00:00Z' },
];

describe('StaffPage (/backoffice/staff)', () => {
  let invites: unknown[];
  let listed: number;
  beforeEach(() => {
    invites = [];
    listed = 0;
    let staff = [...team];
    server.use(
      http.get(api('/backoffice/staff'), () => {
        listed += 1;
        return HttpResponse.json({ staff });
      }),
      http.post(api('/backoffice/staff'), async ({ request }) => {
        const body = (await request.json()) as { email: string; name: string; role: 'moderator' };
        invites.push(body);
        if (body.email === 'rita@brand.example') {
          return HttpResponse.json(
            { code: 'staff_email_taken', message: 'A member of staff already has this e-mail.', fields: [{ field: 'email', key: 'staff_email_taken' }] },
            { status: 409 },
          );
        }
        staff = [...staff, { id: 4, ...body, active: true, enrolled: false, created_at: '2026-11-28T10:00:00Z' }];
        return HttpResponse.json({ id: 4 }, { status: 201 });
      }),
    );
  });

  it('lists the team with each member’s role, whether they are active and whether they have set up', async () => {
    renderConsolePage(<StaffPage />, { role: 'admin' });
    expect(screen.getByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'E-mail', 'Role', 'Active', 'Set up', 'Since']);
    const joao = within(table).getByRole('row', { name: /João Reis/ });
    expect(within(joao).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['joao@brand.example', 'Support', 'Active', 'Invited, not set up yet', '20 Nov 2026']);
    const ines = within(table).getByRole('row', { name: /Inês Costa/ });
    expect(within(ines).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['ines@brand.example', 'Finance', 'Inactive', 'Yes', '2 Mar 2026']);
  });

  it('checks the invitation before sending it: the name and a valid e-mail, next to their fields', async () => {
    const user = userEvent.setup();
    renderConsolePage(<StaffPage />, { role: 'admin' });
    await screen.findByRole('table');
    const form = screen.getByRole('region', { name: 'Invite a member' });
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    const name = within(form).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAccessibleDescription('Please enter your name.');
    expect(name).toHaveFocus();
    expect(within(form).getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('Invalid email address.');
    expect(invites).toEqual([]);
  });

  it('invites a member with a role: the JSON sent, a toast, and the list loaded again', async () => {
    const user = userEvent.setup();
    renderConsolePage(<StaffPage />, { role: 'admin' });
    await screen.findByRole('table');
    expect(listed).toBe(1);
    const form = screen.getByRole('region', { name: 'Invite a member' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Marta Silva');
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'marta@brand.example');
    const role = within(form).getByRole('combobox', { name: 'Role' });
    expect(within(role).getAllByRole('option').map((option) => (option as HTMLOptionElement).value)).toEqual(['support', 'moderator', 'finance', 'admin']);
    await user.selectOptions(role, 'moderator');
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }));

    expect(await screen.findByText('Invitation sent to marta@brand.example.')).toBeInTheDocument();
    expect(invites).toEqual([{ email: 'marta@brand.example', name: 'Marta Silva', role: 'moderator' }]);
    expect(await screen.findByRole('row', { name: /Marta Silva/ })).toBeInTheDocument();
    expect(listed).toBe(2);
    // The form is empty again, ready for the next member.
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(within(form).getByRole('combobox', { name: 'Role' })).toHaveValue('support');
  });

  it('shows an e-mail already on the staff next to the e-mail field', async () => {
    const user = userEvent.setup();
    renderConsolePage(<StaffPage />, { role: 'admin' });
    await screen.findByRole('table');
    const form = screen.getByRole('region', { name: 'Invite a member' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Rita Again');
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'rita@brand.example');
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }));

    const email = within(form).getByRole('textbox', { name: 'E-mail' });
    await screen.findByText('A member of staff already has this e-mail.');
    expect(email).toHaveAccessibleDescription('A member of staff already has this e-mail.');
    expect(email).toHaveFocus();
    expect(invites).toEqual([{ email: 'rita@brand.example', name: 'Rita Again', role: 'support' }]);
    expect(screen.queryByText(/Invitation sent/)).not.toBeInTheDocument();
  });
});
