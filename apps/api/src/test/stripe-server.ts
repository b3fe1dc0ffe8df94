import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Stripe from 'stripe';

// A local stand-in for Stripe's API, for the tests: no network reaches Stripe here. It
// answers the calls our adapter makes (PaymentIntents create, retrieve, cancel; refunds create) with
// the objects of Stripe's public OpenAPI fixtures (stripe-fixtures.json, copied from
// stripe/openapi's fixtures3.json), overlaid with what the request set, as stripe-mock does; and it
// keeps state, and honours Idempotency-Key as Stripe does (same key and parameters: the first answer
// again; same key, other parameters: an idempotency_error). What Stripe.js and the shopper's bank
// would do (confirm, decline) the test does through `succeed` and `decline`.
//
// Connect (real payouts): accounts (create, retrieve), account_links, transfers and their
// reversals, with the fixtures' account, account_link, transfer and transfer_reversal objects; what the
// seller does on Stripe's hosted onboarding the test does through `completeOnboarding`, a payout of the
// connected account through `payout`, and Connect's events (with `account`) through `connectEvent`.

type Json = Record<string, unknown>;
const fixtures = JSON.parse(readFileSync(path.join(__dirname, 'stripe-fixtures.json'), 'utf8')) as Record<
  'payment_intent' | 'payment_method' | 'refund' | 'event' | 'charge' | 'dispute' | 'account' | 'account_link' | 'transfer' | 'transfer_reversal' | 'payout',
  Json
>;
const copy = <T>(value: T): T => structuredClone(value);
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`metadata[attempt_id]=…`, `expand[0]=…`) back to flat keys. */
function formParams(text: string): Map<string, string> {
  return new Map(new URLSearchParams(text).entries());
}

/** `metadata[key]=value` form fields back to Stripe's metadata object. */
function metadataOf(params: Map<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

/** Stripe's error object ({ error: { type, code, message, param } }, the `error` schema of its OpenAPI spec). */
const stripeError = (status: number, type: string, code: string | null, message: string, param?: string) => ({ status, body: { error: { type, code, message, ...(param ? { param } : {}) } } });

export interface StripeCall {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Map<string, string>;
}

export async function stripeServer() {
  const intents = new Map<string, Json>();
  const refunds: Json[] = [];
  const accounts = new Map<string, Json>();
  const transfers = new Map<string, Json>();
  const calls: StripeCall[] = [];
  const replies = new Map<string, { params: string; status: number; body: unknown }>();
  let failing = 0;

  /** Each payment method's card fingerprint (Stripe's: one per card number, whoever pays with it). */
  const fingerprints = new Map<string, string>();

  function withMethod(intent: Json, expand: string[]): Json {
    const out = copy(intent);
    if (expand.includes('payment_method') && typeof intent.payment_method === 'string') {
      const method = copy(fixtures.payment_method);
      const card = { ...(method.card as Json), fingerprint: fingerprints.get(intent.payment_method) ?? (method.card as Json).fingerprint };
      out.payment_method = { ...method, id: intent.payment_method, card, metadata: {} };
    }
    return out;
  }

  function answer(method: string, url: URL, params: Map<string, string>): { status: number; body: unknown } {
    const parts = url.pathname.split('/').filter(Boolean);
    const expand = [...params.entries(), ...url.searchParams.entries()].filter(([key]) => key.startsWith('expand[')).map(([, value]) => value);
    if (method === 'POST' && url.pathname === '/v1/payment_intents') {
      const intentId = id('pi');
      const metadata = metadataOf(params);
      const intent: Json = {
        ...copy(fixtures.payment_intent),
        id: intentId,
        amount: Number(params.get('amount')),
        amount_received: 0,
        currency: params.get('currency'),
        automatic_payment_methods: { enabled: params.get('automatic_payment_methods[enabled]') === 'true' },
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        created: now(),
        canceled_at: null,
        last_payment_error: null,
        next_action: null,
        processing: null,
        latest_charge: null,
        payment_method: null,
        transfer_data: null,
        metadata,
        status: 'requires_payment_method',
      };
      intents.set(intentId, intent);
      return { status: 200, body: withMethod(intent, expand) };
    }
    if (parts[0] === 'v1' && parts[1] === 'payment_intents' && parts[2]) {
      const intent = intents.get(parts[2]);
      if (!intent) return stripeError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${parts[2]}'`, 'intent');
      if (method === 'GET' && parts.length === 3) return { status: 200, body: withMethod(intent, expand) };
      if (method === 'POST' && parts[3] === 'cancel') {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return stripeError(400, 'invalid_request_error', 'payment_intent_unexpected_state', `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`);
        }
        Object.assign(intent, { status: 'canceled', canceled_at: now(), cancellation_reason: params.get('cancellation_reason') ?? null });
        return { status: 200, body: copy(intent) };
      }
    }
    if (method === 'POST' && url.pathname === '/v1/accounts') {
      const accountId = `acct_${randomBytes(8).toString('hex')}`;
      const account: Json = {
        ...copy(fixtures.account),
        id: accountId,
        type: params.get('type') ?? null,
        country: params.get('country') ?? 'US',
        email: params.get('email') ?? null,
        default_currency: 'eur',
        created: now(),
        // Requested, not yet active: Stripe activates it once the seller finished onboarding.
        capabilities: params.get('capabilities[transfers][requested]') === 'true' ? { transfers: 'inactive' } : {},
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        metadata: metadataOf(params),
        external_accounts: { data: [], has_more: false, object: 'list', url: `/v1/accounts/${accountId}/external_accounts` },
      };
      accounts.set(accountId, account);
      return { status: 200, body: copy(account) };
    }
    if (method === 'GET' && parts[0] === 'v1' && parts[1] === 'accounts' && parts[2] && parts.length === 3) {
      const account = accounts.get(parts[2]);
      if (!account) return stripeError(404, 'invalid_request_error', 'account_invalid', `No such account: '${parts[2]}'`, 'account');
      return { status: 200, body: copy(account) };
    }
    if (method === 'POST' && url.pathname === '/v1/account_links') {
      const accountId = params.get('account') ?? '';
      if (!accounts.has(accountId)) return stripeError(400, 'invalid_request_error', 'account_invalid', `No such account: '${accountId}'`, 'account');
      for (const name of ['refresh_url', 'return_url', 'type']) {
        if (!params.get(name)) return stripeError(400, 'invalid_request_error', 'parameter_missing', `Missing required param: ${name}.`, name);
      }
      return { status: 200, body: { ...copy(fixtures.account_link), created: now(), expires_at: now() + 300, url: `https://connect.stripe.com/setup/e/${accountId}/${randomBytes(9).toString('base64url')}` } };
    }
    if (method === 'POST' && url.pathname === '/v1/transfers') {
      const destination = accounts.get(params.get('destination') ?? '');
      if (!destination) return stripeError(400, 'invalid_request_error', 'account_invalid', `No such destination: '${params.get('destination')}'`, 'destination');
      if ((destination.capabilities as Json).transfers !== 'active') {
        return stripeError(400, 'invalid_request_error', 'insufficient_capabilities_for_transfer', "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments", 'destination');
      }
      const transferId = id('tr');
      const transfer: Json = {
        ...copy(fixtures.transfer),
        id: transferId,
        amount: Number(params.get('amount')),
        amount_reversed: 0,
        currency: params.get('currency'),
        destination: destination.id,
        destination_payment: id('py'),
        balance_transaction: id('txn'),
        created: now(),
        metadata: metadataOf(params),
        reversals: { data: [], has_more: false, object: 'list', total_count: 0, url: `/v1/transfers/${transferId}/reversals` },
        reversed: false,
        transfer_group: params.get('transfer_group') ?? null,
      };
      transfers.set(transferId, transfer);
      return { status: 200, body: copy(transfer) };
    }
    if (method === 'POST' && parts[0] === 'v1' && parts[1] === 'transfers' && parts[2] && parts[3] === 'reversals') {
      const transfer = transfers.get(parts[2]);
      if (!transfer) return stripeError(404, 'invalid_request_error', 'resource_missing', `No such transfer: '${parts[2]}'`, 'id');
      const left = Number(transfer.amount) - Number(transfer.amount_reversed);
      const amount = params.has('amount') ? Number(params.get('amount')) : left;
      if (amount <= 0 || amount > left) {
        return stripeError(400, 'invalid_request_error', 'transfer_already_reversed', `The transfer ${parts[2]} is already fully reversed.`, 'amount');
      }
      const reversal = { ...copy(fixtures.transfer_reversal), id: id('trr'), amount, currency: transfer.currency, created: now(), metadata: metadataOf(params), transfer: transfer.id, balance_transaction: id('txn') };
      const list = transfer.reversals as { data: Json[]; total_count: number };
      list.data.unshift(reversal);
      list.total_count = list.data.length;
      Object.assign(transfer, { amount_reversed: Number(transfer.amount_reversed) + amount, reversed: Number(transfer.amount_reversed) + amount === Number(transfer.amount) });
      return { status: 200, body: reversal };
    }
    if (method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = intents.get(params.get('payment_intent') ?? '');
      if (!intent) return stripeError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${params.get('payment_intent')}'`, 'payment_intent');
      const received = Number(intent.amount_received);
      const refunded = refunds.filter((refund) => refund.payment_intent === intent.id).reduce((sum, refund) => sum + Number(refund.amount), 0);
      const amount = params.has('amount') ? Number(params.get('amount')) : received - refunded;
      if (intent.status !== 'succeeded' || amount + refunded > received) {
        return stripeError(400, 'invalid_request_error', 'charge_already_refunded', `Refund amount (${amount}) is greater than the unrefunded amount on the charge (${received - refunded}).`, 'amount');
      }
      const refund = { ...copy(fixtures.refund), id: id('re'), amount, currency: intent.currency, payment_intent: intent.id, charge: intent.latest_charge, created: now(), metadata: {}, status: 'succeeded' };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    return stripeError(404, 'invalid_request_error', null, `Unrecognized request URL (${method}: ${url.pathname}).`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const url = new URL(request.url ?? '/', 'http://stripe.local');
    const params = formParams(text);
    const key = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    calls.push({ method: request.method ?? 'GET', path: url.pathname, idempotencyKey: key, params });
    let reply: { status: number; body: unknown };
    if (failing > 0) {
      failing--;
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
      return;
    }
    const replayed = key ? replies.get(key) : undefined;
    if (replayed && replayed.params === `${url.pathname}?${text}`) {
      reply = replayed;
      response.setHeader('Idempotent-Replayed', 'true');
    } else if (replayed) {
      reply = stripeError(400, 'idempotency_error', null, `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
    } else {
      reply = answer(request.method ?? 'GET', url, params);
      if (key && request.method === 'POST' && reply.status < 500) replies.set(key, { params: `${url.pathname}?${text}`, ...reply });
    }
    response.writeHead(reply.status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
    response.end(JSON.stringify(reply.body));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const intentOf = (intentId: string) => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    return intent;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    intents,
    refunds,
    accounts,
    transfers,
    /** The seller finished Stripe's hosted onboarding: the account can receive transfers and be paid out. */
    completeOnboarding(accountId: string): Json {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      Object.assign(account, { capabilities: { transfers: 'active' }, details_submitted: true, payouts_enabled: true, requirements: { ...(account.requirements as Json), currently_due: [], disabled_reason: null } });
      return copy(account);
    },
    /** A payout of a connected account's balance to its bank, as Stripe's Payout object. */
    payout(status: 'paid' | 'failed' | 'in_transit', amount: number, options: { created?: number } = {}): Json {
      return {
        ...copy(fixtures.payout),
        id: id('po'),
        amount,
        currency: 'eur',
        created: options.created ?? now(),
        arrival_date: now(),
        status,
        failure_code: status === 'failed' ? 'account_closed' : null,
        failure_message: status === 'failed' ? 'The bank account has been closed.' : null,
      };
    },
    /** An event of a connected account (`account` set) as Stripe sends it to a Connect endpoint, and its signature header. */
    connectEvent(type: string, object: Json, secret: string, account: string | null) {
      const event = { ...copy(fixtures.event), id: id('evt'), type, created: now(), account, data: { object } };
      const payload = JSON.stringify(event);
      return { id: event.id, payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    /** Stripe's API fails (500) for the next `count` requests. */
    fail(count: number) {
      failing = count;
    },
    /**
     * The shopper confirmed on the Payment Element (3-D Secure done) and the money was taken. The card
     * is a new one (its own fingerprint) unless `card` names one paid with before; `amount`: the intent
     * succeeded for another amount than it was created with (an amount updated from outside).
     */
    succeed(intentId: string, card: { fingerprint?: string; amount?: number } = {}) {
      const intent = intentOf(intentId);
      const method = id('pm');
      fingerprints.set(method, card.fingerprint ?? randomBytes(8).toString('base64url'));
      const amount = card.amount ?? intent.amount;
      Object.assign(intent, { status: 'succeeded', amount, amount_received: amount, payment_method: method, latest_charge: id('ch'), last_payment_error: null });
    },
    /**
     * The intent's charge as Stripe answers it: what it took, what its refunds (the store's and any
     * made from the dashboard) gave back, newest refund first.
     */
    charge(intentId: string): Json {
      const intent = intentOf(intentId);
      const given = refunds.filter((refund) => refund.payment_intent === intentId).reverse();
      const back = given.reduce((total, refund) => total + Number(refund.amount), 0);
      return {
        ...copy(fixtures.charge),
        id: intent.latest_charge,
        amount: intent.amount_received,
        amount_captured: intent.amount_received,
        amount_refunded: back,
        refunded: back === intent.amount_received,
        currency: intent.currency,
        created: intent.created,
        payment_intent: intentId,
        payment_method: intent.payment_method,
        refunds: { object: 'list', data: copy(given), has_more: false, total_count: given.length, url: `/v1/charges/${String(intent.latest_charge)}/refunds` },
      };
    },
    /** A refund made from Stripe's dashboard (not by the store): `amount` cents of the intent's charge. */
    refundFromDashboard(intentId: string, amount: number) {
      const intent = intentOf(intentId);
      const refund = { ...copy(fixtures.refund), id: id('re'), amount, currency: intent.currency, payment_intent: intentId, charge: intent.latest_charge, created: now(), metadata: {}, status: 'succeeded' };
      refunds.push(refund);
      return refund;
    },
    /** A chargeback of the intent's charge, as Stripe's Dispute object; `status` as it is now. */
    dispute(intentId: string, status: 'needs_response' | 'under_review' | 'won' | 'lost' | 'warning_closed', disputeId = id('dp')): Json {
      const intent = intentOf(intentId);
      return { ...copy(fixtures.dispute), id: disputeId, amount: intent.amount_received, charge: intent.latest_charge, currency: intent.currency, created: now(), payment_intent: intentId, status };
    },
    /** An event about any object (a charge, a dispute) as Stripe sends it, and its signature header. */
    objectEvent(type: string, object: Json, secret: string, options: { eventId?: string } = {}) {
      const event = { ...copy(fixtures.event), id: options.eventId ?? id('evt'), type, created: now(), data: { object } };
      const payload = JSON.stringify(event);
      return { id: event.id, payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    /** Any body, signed (a fuzz of events: the store must answer each without a 5xx). */
    signed(payload: string, secret: string) {
      return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    /** The card or the bank said no: Stripe puts the intent back to wanting a payment method, with the error. */
    decline(intentId: string, message = 'Your card was declined.') {
      Object.assign(intentOf(intentId), { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message } });
    },
    /** An event as Stripe sends it (the fixture's envelope, the intent as it is now), and its signature header. */
    event(type: string, intentId: string, secret: string, options: { timestamp?: number; eventId?: string } = {}) {
      const event = { ...copy(fixtures.event), id: options.eventId ?? id('evt'), type, created: now(), data: { object: copy(intentOf(intentId)) } };
      const payload = JSON.stringify(event);
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }) });
      return { id: event.id, payload, header };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type StripeServer = Awaited<ReturnType<typeof stripeServer>>;
