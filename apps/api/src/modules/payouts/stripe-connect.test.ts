import { StripeConnectLink, StripeConnectStatus, Wallet } from '@preloved/contract';
import { buildApp } from '../../app';
import { openDb } from '../../db/db';
import { STRIPE_CONNECT_TEST_WEBHOOK_SECRET, STRIPE_TEST_WEBHOOK_SECRET, stripeTestApp, type TestApp } from '../../test/app';
import { fillBag, inject, key, listings, payment, proveEmail, quotedTotal, shopper, stepUp } from '../../test/checkout';
import type { StripeServer } from '../../test/stripe-server';
import { deliver, expectLedgerBalanced } from '../../test/wallet';

// Real payouts through Stripe Connect (PAYOUT_PROVIDER=stripe_connect), offline against the
// Stripe stand-in (test/stripe-server.ts: accounts, account links, transfers and reversals in Stripe's
// shapes; Connect's events signed with the Connect endpoint's secret). The ledger audit balances after each.

let stripe: StripeServer;
let ctx: TestApp;
stripeTestApp((store) => ({ ctx, stripe } = store), { PAYOUT_PROVIDER: 'stripe_connect', STRIPE_CONNECT_WEBHOOK_SECRET: STRIPE_CONNECT_TEST_WEBHOOK_SECRET });

type Person = Awaited<ReturnType<typeof shopper>>;
let skip = 100;

/** A signed body posted to one of the store's Stripe endpoints, as Stripe posts it. */
const post = (endpoint: 'stripe' | 'stripe-connect', event: { header: string; payload: string }) =>
  ctx.app.inject({ method: 'POST', url: `/api/webhooks/${endpoint}`, headers: { 'content-type': 'application/json', 'stripe-signature': event.header }, payload: event.payload });
/** A Connect event (of `account`) to the Connect endpoint. */
const connectEvent = (type: string, object: Record<string, unknown>, account: string | null, secret = STRIPE_CONNECT_TEST_WEBHOOK_SECRET) =>
  post('stripe-connect', stripe.connectEvent(type, object, secret, account));
/** An event of the platform account (refunds, disputes, transfers) to the payments endpoint. */
const paymentEvent = (type: string, object: Record<string, unknown>) => post('stripe', stripe.objectEvent(type, object, STRIPE_TEST_WEBHOOK_SECRET));

const audit = () => expectLedgerBalanced(ctx.app);

const wallet = async (person: Person) => Wallet.parse((await inject(ctx.app, 'GET', 'wallet', { token: person.token })).json());
const accountOf = async (person: Person) =>
  (await ctx.db.query<{ account_id: string; transfers_active: boolean }>('SELECT account_id, transfers_active FROM connect_accounts WHERE customer_id = $1', [person.id])).rows[0];

/** A seller who chose "Get paid by Stripe" (proven e-mail, stepped up); `onboarded`: finished Stripe's onboarding, told by account.updated. */
async function stripeSeller({ onboarded = true } = {}) {
  const seller = await shopper(ctx.app);
  await proveEmail(ctx.db, seller.id);
  await stepUp(ctx.app, seller.token);
  const started = await inject(ctx.app, 'POST', 'customers/payout/stripe', { token: seller.token, body: { country: 'PT' } });
  expect(started.statusCode).toBe(200);
  const { account_id: account } = (await accountOf(seller))!;
  if (onboarded) expect(await connectEvent('account.updated', stripe.completeOnboarding(account), account)).toMatchObject({ statusCode: 200 });
  return { seller, account, link: StripeConnectLink.parse(started.json()) };
}

/** A new buyer pays the seller's piece through Stripe (the page returned), and it is delivered: the deposit is released. */
async function releasedSale(seller: Person) {
  const buyer = await shopper(ctx.app);
  const [piece] = await listings(ctx.db, 1, { notSeller: buyer.id, skip: (skip += 1) });
  await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [seller.id, piece!.id]);
  await fillBag(ctx.db, buyer.id, [piece!.id]);
  const quote = await quotedTotal(ctx.app, { delivery_option: 'home' }, buyer.token);
  // No card with Stripe: the Payment Element takes it, and the stand-in confirms the intent.
  const { card: _omitted, ...request } = payment(quote);
  const attempt = await inject(ctx.app, 'POST', 'checkout/payment', { token: buyer.token, idempotencyKey: key(), body: request });
  const { attempt_id: attemptId, client_secret: secret } = attempt.json<{ attempt_id: string; client_secret: string }>();
  const intentId = secret.split('_secret_')[0]!;
  stripe.succeed(intentId);
  const confirmed = await inject(ctx.app, 'POST', `checkout/payment/${attemptId}/confirm`, { token: buyer.token });
  const { order_id: orderId, order_number: orderNumber } = confirmed.json<{ order_id: number; order_number: string }>();
  const sold = { seller, buyer, intentId, orderId, orderNumber, cents: piece!.price_cents };
  await deliver(ctx.app, sold);
  return sold;
}

const transferOf = async (orderNumber: string) =>
  (await ctx.db.query<{ id: number; transfer_id: string | null; status: string; amount_cents: number }>('SELECT id, transfer_id, status, amount_cents FROM connect_transfers WHERE transfer_group = $1', [orderNumber])).rows;

/** A seller paid by Stripe whose released sale the job transferred: the sale and its transfer's row. */
async function transferredSale() {
  const { seller } = await stripeSeller();
  const sold = await releasedSale(seller);
  await ctx.app.stripeConnect.payDue();
  const [row] = await transferOf(sold.orderNumber);
  return { seller, sold, transferId: row!.transfer_id! };
}

describe('onboarding: "Get paid by Stripe"', () => {
  it('creates the Express account once, answers Stripe’s onboarding link back to the onboarding page, and needs a step-up proof', async () => {
    const { seller, account, link } = await stripeSeller({ onboarded: false });
    expect(link.url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${account}/`));
    expect(link.status).toEqual({ offered: true, account: true, transfers_active: false, details_submitted: false });
    const created = stripe.calls.filter((call) => call.path === '/v1/accounts');
    const mine = created.filter((call) => call.idempotencyKey === `connect-account-customer-${seller.id}`);
    expect(mine).toHaveLength(1);
    expect(Object.fromEntries(mine[0]!.params)).toMatchObject({ type: 'express', country: 'PT', 'capabilities[transfers][requested]': 'true', email: seller.email });
    const linked = stripe.calls.filter((call) => call.path === '/v1/account_links').at(-1)!;
    expect(Object.fromEntries(linked.params)).toMatchObject({
      account,
      type: 'account_onboarding',
      return_url: `${ctx.app.config.PUBLIC_URL.replace(/\/$/, '')}/user/onboarding?stripe=return`,
      refresh_url: `${ctx.app.config.PUBLIC_URL.replace(/\/$/, '')}/user/onboarding?stripe=refresh`,
    });

    // Again (a second click, a refreshed link): the same account, a new link.
    const again = await inject(ctx.app, 'POST', 'customers/payout/stripe', { token: seller.token, body: { country: 'PT' } });
    expect(again.statusCode).toBe(200);
    expect(stripe.calls.filter((call) => call.idempotencyKey === `connect-account-customer-${seller.id}`)).toHaveLength(1);
    expect((await ctx.db.query('SELECT 1 FROM connect_accounts WHERE customer_id = $1', [seller.id])).rows).toHaveLength(1);
    expect((await inject(ctx.app, 'GET', 'customers/payout', { token: seller.token })).json()).toMatchObject({ method: 'stripe_connect', onboarded: true });

    // Stripe's webhook says the onboarding is done; the return page asks Stripe too.
    expect((await accountOf(seller))!.transfers_active).toBe(false);
    expect(await connectEvent('account.updated', stripe.completeOnboarding(account), account)).toMatchObject({ statusCode: 200 });
    expect((await accountOf(seller))!.transfers_active).toBe(true);
    const status = StripeConnectStatus.parse((await inject(ctx.app, 'GET', 'customers/payout/stripe', { token: seller.token })).json());
    expect(status).toEqual({ offered: true, account: true, transfers_active: true, details_submitted: true });
    // Stripe not answering: what its webhook said, not an error.
    stripe.fail(3);
    expect((await inject(ctx.app, 'GET', 'customers/payout/stripe', { token: seller.token })).json()).toEqual(status);
  });

  it('refuses without a fresh proof (403 step_up_required) and an unproven e-mail (403), and creates nothing', async () => {
    const seller = await shopper(ctx.app);
    expect((await inject(ctx.app, 'POST', 'customers/payout/stripe', { token: seller.token, body: {} })).json()).toMatchObject({ code: 'email_not_verified' });
    await proveEmail(ctx.db, seller.id);
    const refused = await inject(ctx.app, 'POST', 'customers/payout/stripe', { token: seller.token, body: {} });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'step_up_required']);
    expect(await accountOf(seller)).toBeUndefined();
    expect((await inject(ctx.app, 'POST', 'customers/payout/stripe', { token: seller.token, body: { country: 'FR' } })).statusCode).toBe(422);
  });
});

describe('paying released sales', () => {
  it('a released deposit is transferred once though two job runs go at once, and a third finds nothing', async () => {
    const { seller, account } = await stripeSeller();
    const sold = await releasedSale(seller);
    const [one, two] = await Promise.all([ctx.app.stripeConnect.payDue(), ctx.app.stripeConnect.payDue()]);
    const made = [...one!, ...two!];
    const [row] = await transferOf(sold.orderNumber);
    expect(made).toEqual([row!.transfer_id]);
    expect(await ctx.app.stripeConnect.payDue()).toEqual([]);
    const transfer = stripe.transfers.get(row!.transfer_id!)!;
    expect(transfer).toMatchObject({ amount: sold.cents, currency: 'eur', destination: account, transfer_group: sold.orderNumber });
    const calls = stripe.calls.filter((call) => call.path === '/v1/transfers' && call.params.get('destination') === account);
    expect(new Set(calls.map((call) => call.idempotencyKey))).toEqual(new Set([`connect-transfer-package-${transfer.metadata && (transfer.metadata as Record<string, string>).package_id}`]));
    const after = await wallet(seller);
    expect(after).toMatchObject({ total_credit: 0, available: 0, pending: 0 });
    expect(after.activity[0]).toMatchObject({ type: 'connect_transfer', amount: -sold.cents / 100, code: sold.orderNumber, status: 'pending' });
    await audit();
  });

  it('two store instances running the job at once, twice each, pay it once', async () => {
    const { seller } = await stripeSeller();
    const sold = await releasedSale(seller);
    // A second instance on the same database (on PostgreSQL a pool of its own, as another process has).
    const url = process.env.DATABASE_URL || undefined;
    const schema = url ? (await ctx.db.query<{ name: string }>('SELECT current_schema() AS name')).rows[0]!.name : undefined;
    const db = url ? await openDb({ url, schema }) : ctx.db;
    const other = await buildApp(ctx.config, { db, clock: ctx.app.clock });
    await other.ready();
    try {
      const made = (await Promise.all([ctx.app.stripeConnect.payDue(), other.stripeConnect.payDue(), ctx.app.stripeConnect.payDue(), other.stripeConnect.payDue()])).flat();
      const rows = await transferOf(sold.orderNumber);
      expect(rows).toHaveLength(1);
      expect(made).toEqual([rows[0]!.transfer_id]);
      expect([...stripe.transfers.values()].filter((transfer) => transfer.transfer_group === sold.orderNumber)).toHaveLength(1);
      expect((await wallet(seller)).activity.filter((entry) => entry.type === 'connect_transfer')).toHaveLength(1);
    } finally {
      await other.close();
      if (url) await db.close();
    }
    await audit();
  });

  it('a seller whose account cannot receive transfers keeps the money in the wallet', async () => {
    const { seller } = await stripeSeller({ onboarded: false });
    const sold = await releasedSale(seller);
    expect(await ctx.app.stripeConnect.payDue()).toEqual([]);
    expect(await transferOf(sold.orderNumber)).toEqual([]);
    expect(await wallet(seller)).toMatchObject({ available: sold.cents / 100 });
    // Bank transfers are not how this store pays: the sale waits for the Stripe account.
    const refused = await inject(ctx.app, 'POST', 'wallet/transfers', { token: seller.token, body: { amount: 10 } });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'bank_transfer_by_stripe']);
    await audit();
  });

  it('Stripe refusing a transfer (the account lost the capability): failed, and the money is back in the wallet', async () => {
    const { seller, account } = await stripeSeller();
    const sold = await releasedSale(seller);
    Object.assign(stripe.accounts.get(account)!, { capabilities: { transfers: 'inactive' } });
    expect(await ctx.app.stripeConnect.payDue()).toEqual([]);
    expect(await transferOf(sold.orderNumber)).toMatchObject([{ transfer_id: null, status: 'failed' }]);
    const back = await wallet(seller);
    expect(back).toMatchObject({ available: sold.cents / 100 });
    expect(back.activity.slice(0, 2).map((entry) => [entry.type, entry.status])).toEqual([
      ['connect_reversal', 'failed'],
      ['connect_transfer', 'failed'],
    ]);
    await audit();
  });
});

describe('taking a paid sale back reverses its transfer', () => {
  it('a refund made at Stripe after the transfer: reversed, the wallet whole (not owing)', async () => {
    const { seller, sold, transferId } = await transferredSale();
    const paid = (await ctx.db.query<{ total_cents: number }>('SELECT total_cents FROM orders WHERE id = $1', [sold.orderId])).rows[0]!.total_cents;
    stripe.refundFromDashboard(sold.intentId, paid);
    expect(await paymentEvent('charge.refunded', stripe.charge(sold.intentId))).toMatchObject({ statusCode: 200 });
    expect(stripe.transfers.get(transferId)).toMatchObject({ reversed: true, amount_reversed: sold.cents });
    expect(stripe.calls.filter((call) => call.path === `/v1/transfers/${transferId}/reversals`).map((call) => call.idempotencyKey)).toEqual([`connect-reversal-${transferId}`]);
    expect(await transferOf(sold.orderNumber)).toMatchObject([{ status: 'reversed' }]);
    const after = await wallet(seller);
    expect(after).toMatchObject({ total_credit: 0, available: 0 });
    expect(after.activity.slice(0, 3).map((entry) => [entry.type, entry.status])).toEqual([
      ['connect_reversal', 'reversed'],
      ['sale_refund', 'refunded'],
      ['connect_transfer', 'reversed'],
    ]);
    // The job again, and the event again: nothing more.
    await ctx.app.stripeConnect.payDue();
    expect(await ctx.app.stripeConnect.reverseDue()).toBe(0);
    await audit();
  });

  it('a dispute lost after the transfer: reversed (not a negative wallet)', async () => {
    const { seller, sold, transferId } = await transferredSale();
    const dispute = stripe.dispute(sold.intentId, 'needs_response');
    expect(await paymentEvent('charge.dispute.created', dispute)).toMatchObject({ statusCode: 200 });
    expect(await paymentEvent('charge.dispute.closed', { ...dispute, status: 'lost' })).toMatchObject({ statusCode: 200 });
    expect(stripe.transfers.get(transferId)).toMatchObject({ reversed: true });
    expect(await wallet(seller)).toMatchObject({ total_credit: 0, available: 0 });
    await audit();
  });

  it('Stripe unreachable at the refund: the wallet owes meanwhile, and the job reverses it later', async () => {
    const { seller, sold, transferId } = await transferredSale();
    const dispute = stripe.dispute(sold.intentId, 'needs_response');
    await paymentEvent('charge.dispute.created', dispute);
    stripe.fail(3); // the SDK tries 3 times
    expect(await paymentEvent('charge.dispute.closed', { ...dispute, status: 'lost' })).toMatchObject({ statusCode: 200 });
    expect(await wallet(seller)).toMatchObject({ available: -sold.cents / 100 });
    await audit();
    await ctx.app.stripeConnect.payDue();
    expect(stripe.transfers.get(transferId)).toMatchObject({ reversed: true });
    expect(await wallet(seller)).toMatchObject({ available: 0 });
    await audit();
  });
});

describe("the wallet shows each transfer's state from Connect's webhooks", () => {
  it('paid by a payout, failed by a failed one, reversed from the dashboard', async () => {
    const first = await stripeSeller();
    const second = await stripeSeller();
    const third = await stripeSeller();
    const sales = [await releasedSale(first.seller), await releasedSale(second.seller), await releasedSale(third.seller)];
    await ctx.app.stripeConnect.payDue();
    const status = async (person: Person) => (await wallet(person)).activity.find((entry) => entry.type === 'connect_transfer')!.status;
    expect(await status(first.seller)).toBe('pending');

    expect(await connectEvent('payout.paid', stripe.payout('paid', sales[0]!.cents), first.account)).toMatchObject({ statusCode: 200 });
    expect(await status(first.seller)).toBe('paid');
    // A payout made before the transfer does not cover it.
    await connectEvent('payout.paid', stripe.payout('paid', 100, { created: Math.floor(Date.now() / 1000) - 3600 }), second.account);
    expect(await status(second.seller)).toBe('pending');
    expect(await connectEvent('payout.failed', stripe.payout('failed', sales[1]!.cents), second.account)).toMatchObject({ statusCode: 200 });
    expect(await status(second.seller)).toBe('failed');
    // The next payout reaches the bank.
    await connectEvent('payout.paid', stripe.payout('paid', sales[1]!.cents), second.account);
    expect(await status(second.seller)).toBe('paid');

    // Reversed from Stripe's dashboard: the money is back with the store, so back in the wallet.
    const [row] = await transferOf(sales[2]!.orderNumber);
    const reversed = await fetch(`${stripe.url}/v1/transfers/${row!.transfer_id}/reversals`, { method: 'POST', headers: { authorization: 'Bearer sk_test_preloved' } });
    expect(reversed.status).toBe(200);
    const transfer = stripe.transfers.get(row!.transfer_id!)!;
    // Transfers are the platform account's events: Stripe sends them to the payments endpoint.
    expect(await paymentEvent('transfer.reversed', transfer)).toMatchObject({ statusCode: 200 });
    expect(await status(third.seller)).toBe('reversed');
    expect(await wallet(third.seller)).toMatchObject({ available: sales[2]!.cents / 100 });
    // Sent again: handled once.
    const again = stripe.connectEvent('transfer.reversed', transfer, STRIPE_CONNECT_TEST_WEBHOOK_SECRET, null);
    for (let round = 0; round < 2; round++) await post('stripe-connect', again);
    expect((await wallet(third.seller)).available).toBe(sales[2]!.cents / 100);
    await audit();
  });
});

describe('the Connect webhook', () => {
  it('refuses a bad signature, the payments endpoint’s secret too, and changes nothing', async () => {
    const { seller, account } = await stripeSeller({ onboarded: false });
    const object = stripe.completeOnboarding(account);
    expect(await connectEvent('account.updated', object, account, 'whsec_wrong')).toMatchObject({ statusCode: 400 });
    expect(await connectEvent('account.updated', object, account, STRIPE_TEST_WEBHOOK_SECRET)).toMatchObject({ statusCode: 400 });
    const unsigned = await post('stripe-connect', { header: '', payload: JSON.stringify({ id: 'evt_1', type: 'account.updated' }) });
    expect([unsigned.statusCode, unsigned.json().code]).toEqual([400, 'webhook_signature_invalid']);
    expect((await accountOf(seller))!.transfers_active).toBe(false);
  });

  it('a fuzz of signed Connect events never answers a 5xx, and the ledger still balances', async () => {
    const { seller, account } = await stripeSeller();
    const sold = await releasedSale(seller);
    await ctx.app.stripeConnect.payDue();
    const [row] = await transferOf(sold.orderNumber);
    const transfer = stripe.transfers.get(row!.transfer_id!)!;
    const types = ['account.updated', 'transfer.created', 'transfer.updated', 'transfer.reversed', 'payout.paid', 'payout.failed', 'payout.created', 'charge.refunded', 'x'];
    const objects: unknown[] = [
      null,
      {},
      [],
      'text',
      7,
      { object: 'account' },
      { object: 'account', id: 42, capabilities: 'active' },
      { object: 'account', id: 'acct_unknown', capabilities: { transfers: 'active' } },
      { object: 'account', id: account, capabilities: null, details_submitted: 'yes' },
      { object: 'transfer', id: transfer.id, amount: -1, amount_reversed: 1e30 },
      { object: 'transfer', id: transfer.id, amount: 10, amount_reversed: 5 },
      { object: 'transfer', id: 'tr_unknown', amount: 10, amount_reversed: 10, reversals: { data: [null, 3] } },
      { object: 'transfer', id: 'tr_other', amount: 10, amount_reversed: 0, created: 1, destination: account, metadata: { package_id: '99999999999999999999' } },
      { object: 'transfer', id: 'tr_other', amount: 10, metadata: 'x', created: 'now' },
      { object: 'payout', id: 'po_1', created: -5 },
      { object: 'payout', id: 'po_1', created: 1e20 },
      { object: 'payout', id: 'po_1', created: '1' },
      { ...transfer, amount: 'all' },
      stripe.payout('paid', 100),
    ];
    const statuses: number[] = [];
    let n = 0;
    for (const type of types) {
      for (const object of objects) {
        for (const who of [account, null, 42, 'acct_unknown']) {
          const payload = JSON.stringify({ id: `evt_connect_fuzz_${n++}`, object: 'event', type, account: who, data: { object } });
          statuses.push((await post('stripe-connect', stripe.signed(payload, STRIPE_CONNECT_TEST_WEBHOOK_SECRET))).statusCode);
        }
      }
    }
    // Transfers' events come to the payments endpoint (the platform account's): the same fuzz there.
    for (const type of ['transfer.created', 'transfer.updated', 'transfer.reversed']) {
      for (const object of objects) {
        const payload = JSON.stringify({ id: `evt_connect_fuzz_${n++}`, object: 'event', type, data: { object } });
        statuses.push((await post('stripe', stripe.signed(payload, STRIPE_TEST_WEBHOOK_SECRET))).statusCode);
      }
    }
    // Envelopes that are not Connect events at all, signed.
    for (const payload of ['{}', '[]', 'null', '{"id":true,"type":"account.updated"}', '{"id":"evt_c","type":"payout.paid","account":{}}', '{"id":"evt_d","type":"transfer.reversed","data":null}']) {
      statuses.push((await post('stripe-connect', stripe.signed(payload, STRIPE_CONNECT_TEST_WEBHOOK_SECRET))).statusCode);
    }
    // Handled (200) or refused as unsigned (400): never a 5xx, nor anything else.
    expect(statuses.filter((status) => status !== 200 && status !== 400)).toEqual([]);
    await audit();
  }, 120_000);
});
