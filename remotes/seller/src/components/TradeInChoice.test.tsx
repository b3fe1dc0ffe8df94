import { startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../tools/jest/msw-server';
import '../i18n';
import { ResellWidget } from '../features/resell/ResellWidget';

// "Trade it in" beside "Resell this" on the brand's order page (issue 48): the offer shown before the
// customer commits, the choice of credit with the bonus or money without it, and the label after.

const offer = {
  child_id: 8,
  condition_id: 2,
  title: 'Linen wrap dress',
  colour: 'Ecru',
  size: 'M',
  original_price: 129,
  offer: { money: 34.83, credit: 41.79, bonus: 6.96, bonus_percent: 20 },
  breakdown: { base: 38.7, condition_percent: 90, age_years: 0, age_percent: 100, demand: 'normal', demand_percent: 100 },
  limits: null,
};
const tradeIn = {
  id: 5,
  number: 'TI-ABCDEFGH',
  state: 'sent',
  payout: 'credit',
  title: 'Linen wrap dress',
  colour: 'Ecru',
  size: 'M',
  condition_id: 2,
  offered: 34.83,
  price: 34.83,
  amounts: offer.offer,
  reprice_reason: null,
  answer_by: null,
  tracking: 'PLT000000123',
  return_tracking: null,
  credited: null,
  code: null,
  code_active: null,
  created_at: '2026-11-29T10:00:00.000Z',
  received_at: null,
  decided_at: null,
};

describe('Trade it in, from the main shop’s order page', () => {
  beforeEach(() => resetStore());

  it('shows the offer for the condition chosen, credit with its bonus or money, and accepts the one chosen with an Idempotency-Key', async () => {
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    const sent: { body: unknown; key: string | null }[] = [];
    server.use(
      http.get('*/api/trade-ins/offer', ({ request }) => HttpResponse.json({ ...offer, condition_id: Number(new URL(request.url).searchParams.get('condition_id')) })),
      http.post('*/api/trade-ins', async ({ request }) => {
        sent.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        return HttpResponse.json(tradeIn, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ResellWidget reference={8} storeUrl="" />);
    expect(screen.getByRole('link', { name: 'Resell this' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Trade it in' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Its condition' }), 'Like new');
    const credit = await screen.findByRole('radio', { name: '€41.79 as main-shop credit (incl. €6.96 bonus)' });
    expect(credit).toBeChecked();
    expect(screen.getByRole('radio', { name: '€34.83 paid to your wallet, to transfer to your bank' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Accept the offer' }));
    expect(await screen.findByRole('heading', { name: 'Trade-in TI-ABCDEFGH accepted' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the label' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your trade-ins' })).toHaveAttribute('href', '/user/trade-ins');
    expect(sent).toEqual([{ body: { child_id: 8, condition_id: 2, payout: 'credit', price: 34.83 }, key: expect.stringMatching(/^trade-in-/) }]);
  });

  it('asks a visitor to sign in at the store, and says when the brand does not take the piece', async () => {
    server.use(http.get('*/api/trade-ins/offer', ({ request }) => HttpResponse.json(new URL(request.url).searchParams.get('condition_id') === '5' ? { ...offer, offer: null, breakdown: null } : offer)));
    const user = userEvent.setup();
    renderWithProviders(<ResellWidget reference={8} storeUrl="https://brand.example/pre-loved" />);
    await user.click(screen.getByRole('button', { name: 'Trade it in' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Its condition' }), 'Like new');
    expect(await screen.findByRole('link', { name: 'Sign in to trade it in' })).toHaveAttribute('href', 'https://brand.example/pre-loved/user/submit-item-2hand?resell=8');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Its condition' }), 'Fair');
    expect(await screen.findByText('The brand does not take this piece in for now. You can still sell it here.')).toBeInTheDocument();
  });

  it('shows the refusal beside the offer when the limits are reached', async () => {
    act(() => store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 }));
    server.use(
      http.get('*/api/trade-ins/offer', () => HttpResponse.json(offer)),
      http.post('*/api/trade-ins', () =>
        HttpResponse.json({ statusCode: 422, error: 'Unprocessable Entity', code: 'trade_in_open_limit', message: 'You have 3 trade-ins open already: send one or wait until it is credited before you start another.', params: { count: 3 } }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<ResellWidget reference={8} storeUrl="" />);
    await user.click(screen.getByRole('button', { name: 'Trade it in' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Its condition' }), 'Like new');
    await user.click(await screen.findByRole('radio', { name: /paid to your wallet/ }));
    await user.click(screen.getByRole('button', { name: 'Accept the offer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have 3 trade-ins open already');
  });
});
