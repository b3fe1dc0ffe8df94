import type { VerificationDetail, VerificationQueueEntry } from '@preloved/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import { renderConsolePage } from '../../lib/test-console';
import { ParcelPage } from './ParcelPage';
import { VerificationPage } from './VerificationPage';

const entry: VerificationQueueEntry = {
  package_id: 34,
  order_number: 'PO-0000012',
  seller: 'Marta',
  status: 'at_hub',
  pieces: 2,
  shipped_at: '2026-11-10T10:00:00Z',
  tracking_number: 'RR123456785PT',
  received_at: '2026-11-12T10:00:00Z',
};
const coat = {
  listing_id: 4,
  listing_number: 'L-0000004',
  title: 'Wool coat',
  photos: ['/api/assets/photos/coat/1.svg', '/api/assets/photos/coat/2.svg'],
  product_code: '12-3',
  colour: 'Camel',
  size: 'M',
  condition: 'Very good',
  comment: 'Worn twice.',
  category_id: 11,
  checklist: ['photos_match', 'brand_label', 'product_code', 'condition_as_listed', 'no_undisclosed_damage'],
  price: 230,
  verdict: null,
  report: null,
  refunded: null,
};
const scarf = { ...coat, listing_id: 5, listing_number: 'L-0000005', title: 'Silk scarf', photos: ['/api/assets/photos/scarf/1.svg'], colour: 'Navy', size: 'One size', price: 10, comment: '' };
const parcel: VerificationDetail = { ...entry, pieces_detail: [coat, scarf], outbound_tracking: null, return_tracking: null, refund_needs_code: true, step_up_above: 100 };
const REPORT = 'The lining is torn; the listing does not say so.';

/** The parcel served at /backoffice/verification/34; `decide` answers a decision (the decisions sent are returned). */
function serveParcel(start: VerificationDetail, decide: (body: unknown) => Response | VerificationDetail = () => checked): unknown[] {
  const sent: unknown[] = [];
  let current = start;
  server.use(
    http.get(api('/backoffice/verification/34'), () => HttpResponse.json(current)),
    http.post(api('/backoffice/verification/34/received'), () => {
      current = { ...current, status: 'at_hub', received_at: '2026-11-12T10:00:00Z' };
      sent.push('received');
      return HttpResponse.json(current);
    }),
    http.post(api('/backoffice/verification/34/decision'), async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      const answer = decide(body);
      if (answer instanceof Response) return answer;
      current = answer;
      return HttpResponse.json(current);
    }),
  );
  return sent;
}
const checked: VerificationDetail = {
  ...parcel,
  status: 'checked',
  outbound_tracking: 'PLH000000001',
  return_tracking: 'PLH000000002',
  refund_needs_code: false,
  pieces_detail: [
    { ...coat, verdict: 'pass' },
    { ...scarf, verdict: 'fail', report: REPORT, refunded: 14.2 },
  ],
};
const openParcel = () => renderConsolePage(<ParcelPage />, { role: 'support', route: '/backoffice/verification/34', path: '/backoffice/verification/:packageId' });
const article = (name: string) => screen.getByRole('article', { name });

describe('VerificationPage (/backoffice/verification)', () => {
  it('lists the parcels at the hub first, each linked to its bench, and the other statuses behind their tabs', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get(api('/backoffice/verification'), ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        asked.push(status);
        return HttpResponse.json({ packages: status === 'at_hub' ? [entry] : [] });
      }),
    );
    const user = userEvent.setup();
    renderConsolePage(<VerificationPage />, { role: 'support', route: '/backoffice/verification' });
    const link = await screen.findByRole('link', { name: 'Open the parcel of order PO-0000012 from Marta' });
    expect(link).toHaveAttribute('href', '/backoffice/verification/34');
    const row = screen.getByRole('row', { name: /PO-0000012/ });
    expect(within(row).getByRole('cell', { name: 'RR123456785PT' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'At the hub' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('link', { name: 'Lost' }));
    expect(await screen.findByText('No parcel has been lost on its way to the hub.')).toBeInTheDocument();
    expect(asked).toEqual(['at_hub', 'lost']);
  });
});

describe('ParcelPage (/backoffice/verification/:packageId)', () => {
  it('shows each piece as listed and marks a parcel on its way received', async () => {
    const sent = serveParcel({ ...parcel, status: 'to_hub', received_at: null });
    const user = userEvent.setup();
    openParcel();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order PO-0000012: parcel from Marta' })).toBeInTheDocument();
    const piece = article('Wool coat');
    expect(within(piece).getByRole('img', { name: 'Photo 2 of Wool coat' })).toHaveAttribute('src', '/api/assets/photos/coat/2.svg');
    for (const fact of ['L-0000004', '12-3', 'M', 'Camel', 'Very good', '€230.00', 'Worn twice.']) expect(within(piece).getByText(fact)).toBeInTheDocument();
    // Not at the hub yet: nothing to decide.
    expect(screen.queryByRole('button', { name: 'Send the decision' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark received' }));
    expect(await screen.findByRole('button', { name: 'Send the decision' })).toBeInTheDocument();
    expect(sent).toEqual(['received']);
  });

  it('asks a verdict of every piece, every check ticked to pass it, a report to fail it, and the code when the refund may be large', async () => {
    const sent = serveParcel(parcel);
    const user = userEvent.setup();
    openParcel();
    await user.click(await screen.findByRole('button', { name: 'Send the decision' }));
    const coatCard = article('Wool coat');
    const scarfCard = article('Silk scarf');
    // No verdict: each piece says so, the first one takes the focus.
    expect(within(coatCard).getByRole('group', { name: 'Verdict' })).toHaveAccessibleDescription('Choose one.');
    expect(within(scarfCard).getByRole('group', { name: 'Verdict' })).toHaveAccessibleDescription('Choose one.');
    expect(within(coatCard).getByRole('radio', { name: 'Pass' })).toHaveFocus();

    await user.click(within(coatCard).getByRole('radio', { name: 'Pass' }));
    await user.click(within(coatCard).getByRole('checkbox', { name: 'Matches the listing’s photos' }));
    await user.click(within(scarfCard).getByRole('radio', { name: 'Fail' }));
    // A failure may refund above the threshold: the code, optional while a piece passes.
    expect(screen.getByRole('textbox', { name: 'Authenticator code' })).toHaveAccessibleDescription(/more than €100\.00/);
    await user.click(screen.getByRole('button', { name: 'Send the decision' }));
    expect(within(coatCard).getByRole('group', { name: 'Checks' })).toHaveAccessibleDescription('Tick every check before passing the piece, or fail it with a report.');
    expect(within(coatCard).getByRole('checkbox', { name: 'Matches the listing’s photos' })).toHaveFocus();
    expect(within(scarfCard).getByRole('textbox', { name: /^Report/ })).toHaveAccessibleDescription('Write the report the buyer and the seller will read: what does not match the listing.');
    expect(sent).toEqual([]);

    for (const check of ['The brand’s label is genuine', 'The product code matches', 'Condition as listed', 'No damage the listing does not mention']) {
      await user.click(within(coatCard).getByRole('checkbox', { name: check }));
    }
    await user.type(within(scarfCard).getByRole('textbox', { name: /^Report/ }), REPORT);
    await user.type(screen.getByRole('textbox', { name: 'Authenticator code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Send the decision' }));

    // Checked: each verdict, the report, the refund and the hub's labels.
    expect(await screen.findByRole('link', { name: 'Label to the buyer (PDF)' })).toHaveAttribute('href', '/api/backoffice/verification/34/label?kind=outbound');
    expect(screen.getByRole('link', { name: 'Return label to the seller (PDF)' })).toHaveAttribute('href', '/api/backoffice/verification/34/label?kind=return');
    expect(within(article('Silk scarf')).getByText(REPORT)).toBeInTheDocument();
    expect(within(article('Silk scarf')).getByText(/Refunded €14\.20/)).toBeInTheDocument();
    expect(within(article('Wool coat')).getByText('Passed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the decision' })).not.toBeInTheDocument();
    const ticked = Object.fromEntries(coat.checklist.map((item) => [item, true]));
    expect(sent).toEqual([
      {
        pieces: [
          { listing_id: 4, verdict: 'pass', checklist: ticked, report: '' },
          { listing_id: 5, verdict: 'fail', checklist: Object.fromEntries(scarf.checklist.map((item) => [item, false])), report: REPORT },
        ],
        code: '123456',
      },
    ]);
  });

  it('shows the API’s refusals next to their fields: the code a large refund needs, a report the server asks for', async () => {
    let round = 0;
    serveParcel(parcel, () => {
      round += 1;
      return round === 1
        ? HttpResponse.json({ statusCode: 403, error: 'Forbidden', code: 'staff_step_up_required', message: 'x', fields: [{ field: 'code', key: 'staff_step_up_required' }] }, { status: 403 })
        : HttpResponse.json({ statusCode: 422, error: 'Unprocessable Entity', code: 'hub_report_needed', message: 'x', fields: [{ field: 'pieces.1.report', key: 'hub_report_needed' }] }, { status: 422 });
    });
    const user = userEvent.setup();
    openParcel();
    for (const name of ['Wool coat', 'Silk scarf']) {
      const card = await screen.findByRole('article', { name });
      await user.click(within(card).getByRole('radio', { name: 'Fail' }));
      await user.type(within(card).getByRole('textbox', { name: /^Report/ }), REPORT);
    }
    // Every piece failing: the code is needed, and said so.
    const code = screen.getByRole('textbox', { name: 'Authenticator code' });
    expect(code).toHaveAccessibleDescription(/^Failing every piece refunds more than €100\.00/);
    await user.click(screen.getByRole('button', { name: 'Send the decision' }));
    expect(code).toHaveAccessibleDescription('Type the six-digit code your authenticator app shows now.');

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Send the decision' }));
    const needed = 'A refund this large needs the code your authenticator app shows now.';
    expect(await screen.findByText(needed)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Authenticator code' })).toHaveAccessibleDescription(needed);
    await user.type(screen.getByRole('textbox', { name: 'Authenticator code' }), '654322');
    await user.click(screen.getByRole('button', { name: 'Send the decision' }));
    const report = within(article('Silk scarf')).getByRole('textbox', { name: /^Report/ });
    expect(await within(article('Silk scarf')).findByText('Write the report the buyer and the seller will read: what does not match the listing.')).toBeInTheDocument();
    expect(report).toHaveFocus();
  });
});
