import type { ModerationEntry } from '@preloved/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import { renderConsolePage } from '../../lib/test-console';
import { ModerationPage } from './ModerationPage';

const listing: ModerationEntry = {
  listing_id: 41,
  number: 'L-000041',
  title: 'Linen wrap dress',
  photos: ['/api/assets/photos/dress/ecru/1.svg'],
  comment: 'Worn twice.',
  condition: 'Like new',
  colour: 'Ecru',
  size: 'M',
  price: 40,
  original_price: 160,
  submitted_at: '2026-11-20T10:00:00Z',
  seller: { id: 3, name: 'Marta Silva', email: 'marta@example.com', verified: false, since: '2026-01-05T10:00:00Z', listings: 4, sales: 1, rejected: 0 },
};

describe('ModerationPage (/backoffice/moderation)', () => {
  let decisions: unknown[];
  beforeEach(() => {
    decisions = [];
    let queue = [listing];
    server.use(
      http.get(api('/backoffice/moderation'), () => HttpResponse.json({ listings: queue })),
      http.get(api('/backoffice/settings/moderation'), () => HttpResponse.json({ mode: 'first', first_n: 3 })),
      http.get(api('/backoffice/reports'), () => HttpResponse.json({ cases: [], contests: [] })),
      http.post(api('/backoffice/moderation/41'), async ({ request }) => {
        decisions.push(await request.json());
        queue = [];
        return HttpResponse.json(listing);
      }),
    );
  });

  it('shows a held listing with its price against the original and the seller’s record', async () => {
    renderConsolePage(<ModerationPage />, { role: 'moderator' });
    const card = await screen.findByRole('article', { name: /Linen wrap dress/ });
    expect(within(card).getByText(/€40\.00 — 25% of the original €160\.00/)).toBeInTheDocument();
    expect(within(card).getByText(/4 listings · 1 sales · 0 rejected/)).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Photo 1 of Linen wrap dress' })).toBeInTheDocument();
    // A moderator does not set the policy; an admin does.
    expect(screen.queryByRole('heading', { name: 'Which new listings wait for a review' })).not.toBeInTheDocument();
  });

  it('refuses a rejection without a reason next to the field, then sends it with the reason chosen', async () => {
    const user = userEvent.setup();
    renderConsolePage(<ModerationPage />, { role: 'moderator' });
    const card = await screen.findByRole('article', { name: /Linen wrap dress/ });
    await user.click(within(card).getByRole('radio', { name: 'Reject: it is not for this store' }));
    await user.click(within(card).getByRole('button', { name: 'Send the decision' }));
    const reason = within(card).getByRole('combobox', { name: 'Reason the seller reads' });
    expect(reason).toHaveAccessibleDescription('Choose the reason the seller will read.');
    expect(reason).toHaveFocus();
    expect(decisions).toEqual([]);

    await user.selectOptions(reason, 'counterfeit');
    await user.type(within(card).getByRole('textbox', { name: 'Note to the seller (optional)' }), 'The label is not ours.');
    await user.click(within(card).getByRole('button', { name: 'Send the decision' }));
    expect(await screen.findByRole('status')).toHaveTextContent('No listing is waiting for a review.');
    expect(decisions).toEqual([{ decision: 'reject', reason: 'counterfeit', note: 'The label is not ours.' }]);
  });

  it('lets an admin change which listings are held', async () => {
    const user = userEvent.setup();
    let saved: unknown;
    server.use(
      http.put(api('/backoffice/settings/moderation'), async ({ request }) => {
        const body = (await request.json()) as { mode: string; first_n: number };
        saved = body;
        return HttpResponse.json(body);
      }),
    );
    renderConsolePage(<ModerationPage />, { role: 'admin' });
    const mode = await screen.findByRole('combobox', { name: 'Listings held for review' });
    expect(mode).toHaveValue('first');
    await user.selectOptions(mode, 'all');
    await user.click(screen.getByRole('button', { name: 'Save the policy' }));
    await screen.findByText('The moderation policy is saved.');
    expect(saved).toEqual({ mode: 'all', first_n: 3 });
  });
});
