import type { ContestView } from '@preloved/contract';
import { renderWithProviders, resetStore, screen, userEvent } from '@preloved/shared/test-utils';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import '../../i18n';
import { ContestPage } from './ContestPage';

const TOKEN = 'a'.repeat(43);
const decision: ContestView = {
  action: 'remove',
  reason: 'counterfeit',
  note: 'The label does not match the brand’s.',
  decided_at: '2026-11-20T10:00:00.000Z',
  listing: { number: 'L-000041', title: 'Linen wrap dress' },
  contest: null,
};

describe('ContestPage (/user/contest/:token)', () => {
  let sent: unknown[];
  beforeEach(() => {
    resetStore();
    sent = [];
    server.use(
      http.get(api(`/reports/contest/${TOKEN}`), () => HttpResponse.json(decision)),
      http.post(api(`/reports/contest/${TOKEN}`), async ({ request }) => {
        const body = (await request.json()) as { text: string };
        sent.push(body);
        return HttpResponse.json({ ...decision, contest: { text: body.text, at: '2026-11-21T10:00:00.000Z', outcome: null, answer: null } });
      }),
    );
  });
  const renderPage = (token = TOKEN) => renderWithProviders(<ContestPage />, { route: `/user/contest/${token}`, path: '/user/contest/:token' });

  it('shows the decision as it was mailed, asks for words, and records the contest', async () => {
    renderPage();
    expect(await screen.findByText('Your piece was removed from the store')).toBeInTheDocument();
    expect(screen.getByText(/Listing L-000041: Linen wrap dress/)).toBeInTheDocument();
    expect(screen.getByText('It appears to be counterfeit')).toBeInTheDocument();
    expect(screen.getByText('The label does not match the brand’s.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send my contest' }));
    const words = screen.getByRole('textbox', { name: 'Why do you think the decision is wrong?' });
    expect(words).toHaveAccessibleDescription('Tell us why you think the decision is wrong.');
    expect(words).toHaveFocus();
    expect(sent).toEqual([]);

    await userEvent.type(words, 'I bought it in the brand’s shop: the receipt is attached.');
    await userEvent.click(screen.getByRole('button', { name: 'Send my contest' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Waiting for an answer.');
    expect(sent).toEqual([{ text: 'I bought it in the brand’s shop: the receipt is attached.' }]);
    expect(screen.queryByRole('button', { name: 'Send my contest' })).not.toBeInTheDocument();
  });

  it('says so when the link is not valid', async () => {
    server.use(http.get(api('/reports/contest/nope'), () => HttpResponse.json({ statusCode: 404, error: 'Not Found', code: 'contest_not_found', message: 'x' }, { status: 404 })));
    renderPage('nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link to contest a decision is not valid.');
  });
});
