import type { StripeConnectLink, StripeConnectStatus } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import type { Queryable } from '../../db/db';
import { apiError } from '../../core/errors';
import type { ContentLanguage } from '../../core/language';
import { providerError, stripeCall, stripeClient } from '../payments/stripe-provider';
import { RELEASE_COLUMNS, releaseOf, type ReleaseRow } from '../wallet/wallet';

declare module 'fastify' {
  interface FastifyInstance {
    stripeConnect: StripeConnect;
  }
}

interface TransferRow {
  id: number;
  package_id: number;
  customer_id: number;
  account_id: string;
  amount_cents: number;
  transfer_group: string;
  transfer_id: string | null;
  status: 'pending' | 'paid' | 'failed' | 'reversed';
}

type Json = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const seconds = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);

const NOT_OFFERED: StripeConnectStatus = { offered: false, account: false, transfers_active: false, details_submitted: false };
const TRANSFER_COLUMNS = 'id, package_id, customer_id, account_id, amount_cents, transfer_group, transfer_id, status';

/**
 * Real payouts through Stripe Connect (PAYOUT_PROVIDER=stripe_connect).
 *
 * - Onboarding: a seller who chose "Get paid by Stripe" (a payout change: step-up proof, mailed) gets
 *   one Express account (`accounts.create`, its Idempotency-Key the customer's, so a retry or a second
 *   click is the same account) and an Account Link to Stripe's hosted KYC; `account.updated` says
 *   whether the account can receive transfers.
 * - Paying: the `connect-transfers` job pays each released deposit (wallet.ts `releaseOf`: delivery and
 *   protection, no problem or dispute open) of such a seller. The claim is a `connect_transfers` row
 *   (one per package) and its `connect_transfer` ledger row, written together under the order's and the
 *   wallet's locks once the wallet has the amount available (a wallet that owes or was spent keeps the
 *   sale); then `transfers.create` (eur, destination, `transfer_group` = the order's number) with an
 *   Idempotency-Key derived from the package, under the row's lock: two runs at once, on two instances,
 *   or a run retried after a crash pay it once. Stripe unreachable: tried again by the next run; Stripe
 *   refusing it: the transfer failed and its amount comes back (a `connect_reversal` row).
 * - Taking back: a refund made at Stripe or a lost dispute after the transfer (provider-events.ts) asks
 *   for its reversal in the same transaction as the take-back (`sale_refund`); `transfers/{id}/reversals`
 *   (idempotent) then brings it back (a `connect_reversal` row), so the wallet that briefly owed is at
 *   zero again. A reversal Stripe refuses (the seller's Stripe balance already paid out) leaves the
 *   wallet owing, as without Connect.
 * - States from Connect's webhooks: `payout.paid` / `payout.failed` (with `event.account`) mark the
 *   account's transfers made before the payout paid or failed; `transfer.reversed` (a reversal made
 *   from Stripe's dashboard too) records the reversal.
 */
export function stripeConnect(app: FastifyInstance) {
  const { db, config, clock } = app;
  const offered = config.PAYOUT_PROVIDER === 'stripe_connect';
  const stripe = offered ? stripeClient(config.STRIPE_SECRET_KEY ?? '', config.STRIPE_API_URL) : null;
  const availableFrom = (row: ReleaseRow) => releaseOf(row, app.carriers, config.WALLET_PROTECTION_HOURS);

  function client(): Stripe {
    if (!stripe) throw apiError(404, 'stripe_connect_not_provider');
    return stripe;
  }

  /** A Stripe call whose error answers in the store's words (503 unavailable, 502 refused). */
  const call = <T>(run: () => Promise<T>) => stripeCall(run, (error) => app.log.warn({ err: error }, 'Stripe Connect refused or failed a call'));

  /** Stripe busy, unreachable, or the same idempotent call still running elsewhere: try again later. */
  const transient = (error: unknown) => {
    const type = (error as { type?: unknown } | null)?.type;
    return type === 'StripeIdempotencyError' || providerError(error)?.statusCode === 503;
  };

  /** What Stripe says of an account (account.updated, or asked on the return from onboarding). */
  async function recordAccount(object: Json, tx: Queryable = db): Promise<void> {
    const id = text(object.id);
    if (!id) return;
    const capabilities = isObject(object.capabilities) ? object.capabilities : {};
    await tx.query(
      'UPDATE connect_accounts SET transfers_active = $2, details_submitted = $3, payouts_enabled = $4, updated_at = now() WHERE account_id = $1',
      [id, capabilities.transfers === 'active', object.details_submitted === true, object.payouts_enabled === true],
    );
  }

  async function accountOf(customerId: number, tx: Queryable = db) {
    const { rows } = await tx.query<{ account_id: string; transfers_active: boolean; details_submitted: boolean }>(
      'SELECT account_id, transfers_active, details_submitted FROM connect_accounts WHERE customer_id = $1',
      [customerId],
    );
    return rows[0] ?? null;
  }

  async function status(customerId: number, { refresh = false } = {}): Promise<StripeConnectStatus> {
    if (!offered) return NOT_OFFERED;
    let row = await accountOf(customerId);
    if (row && refresh) {
      const account = row.account_id;
      // Stripe not answering: what its last webhook said (the page still offers Stripe).
      const fresh = await call(() => client().accounts.retrieve(account)).catch(() => null);
      if (fresh) await recordAccount(fresh as unknown as Json);
      row = await accountOf(customerId);
    }
    return { offered: true, account: row !== null, transfers_active: row?.transfers_active ?? false, details_submitted: row?.details_submitted ?? false };
  }

  /** The transfer's way back into the wallet: its state and its `connect_reversal` row, once. */
  async function recordReversal(tx: Queryable, row: TransferRow, reversalId: string): Promise<void> {
    const updated = await tx.query("UPDATE connect_transfers SET status = 'reversed', reversal_id = $2, updated_at = now() WHERE id = $1 AND status <> 'reversed' RETURNING id", [row.id, reversalId]);
    if (!updated.rows.length) return;
    await tx.query(
      "INSERT INTO wallet_entries (customer_id, type, amount_cents, connect_transfer_id, created_at) VALUES ($1, 'connect_reversal', $2, $3, $4) ON CONFLICT DO NOTHING",
      [row.customer_id, row.amount_cents, row.id, clock.now()],
    );
  }

  /** Claims the transfer of one released deposit (see above); false when it is not to be paid now. */
  async function claim(row: { package_id: number; customer_id: number; order_id: number; account_id: string }): Promise<boolean> {
    return db.transaction(async (tx) => {
      // The order first, as the provider's events lock it, then the wallet, as withdrawals do: a refund
      // or a dispute cannot slip in between this check and the claim.
      const order = (
        await tx.query<{ number: string; open: boolean }>(
          `SELECT number, cancelled_at IS NULL AND coalesce(dispute_status, 'won') = 'won' AND coalesce(problem_resolution, '') <> 'refund'
             AND (problem_reported_at IS NULL OR problem_resolved_at IS NOT NULL) AS open
           FROM orders WHERE id = $1 FOR UPDATE`,
          [row.order_id],
        )
      ).rows[0];
      if (!order?.open) return false;
      await tx.query('SELECT customer_id FROM wallets WHERE customer_id = $1 FOR UPDATE', [row.customer_id]);
      const net = (
        await tx.query<{ net: number }>(
          `SELECT (e.amount_cents + coalesce((SELECT sum(r.amount_cents) FROM wallet_entries r WHERE r.refunded_package_id = e.package_id), 0))::int AS net
           FROM wallet_entries e WHERE e.package_id = $1 AND e.type = 'listing_sale_deposit'`,
          [row.package_id],
        )
      ).rows[0]?.net ?? 0;
      if (net <= 0) return false;
      // DAC7: a seller past the reporting threshold without their tax data is paid once they give it.
      if (await app.taxData.payoutsPaused(row.customer_id, tx)) return false;
      // A wallet that owes (a lost dispute of a sale paid out before) or was spent meanwhile keeps the sale.
      if ((await app.wallet.balance(row.customer_id, tx)).available < net) return false;
      const now = clock.now();
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO connect_transfers (package_id, customer_id, account_id, amount_cents, transfer_group, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (package_id) DO NOTHING RETURNING id`,
        [row.package_id, row.customer_id, row.account_id, net, order.number, now],
      );
      const id = inserted.rows[0]?.id;
      if (id === undefined) return false;
      await tx.query("INSERT INTO wallet_entries (customer_id, type, amount_cents, connect_transfer_id, created_at) VALUES ($1, 'connect_transfer', $2, $3, $4)", [
        row.customer_id,
        -net,
        id,
        now,
      ]);
      // No feed entry: the feed's `payout` says "your bank transfer is on its way", which this is not; the
      // wallet shows the transfer and its state.
      return true;
    });
  }

  /** Creates one claimed transfer at Stripe, under its row's lock; answers Stripe's id, or null when not (yet). */
  async function create(id: number): Promise<string | null> {
    return db.transaction(async (tx) => {
      const row = (await tx.query<TransferRow>(`SELECT ${TRANSFER_COLUMNS} FROM connect_transfers WHERE id = $1 AND transfer_id IS NULL AND status = 'pending' FOR UPDATE SKIP LOCKED`, [id])).rows[0];
      if (!row) return null;
      try {
        const transfer = await client().transfers.create(
          {
            amount: row.amount_cents,
            currency: 'eur',
            destination: row.account_id,
            transfer_group: row.transfer_group,
            metadata: { package_id: String(row.package_id), order: row.transfer_group },
          },
          { idempotencyKey: `connect-transfer-package-${row.package_id}` },
        );
        await tx.query('UPDATE connect_transfers SET transfer_id = $2, stripe_created = $3, updated_at = now() WHERE id = $1', [row.id, transfer.id, transfer.created]);
        return transfer.id;
      } catch (error) {
        if (!providerError(error)) throw error;
        if (transient(error)) {
          app.log.warn({ err: error, transfer: row.id }, 'a Stripe transfer could not be made now: the next run tries again');
          return null;
        }
        // Stripe refused it (the account cannot receive it, a wrong amount): the amount goes back to the wallet.
        app.log.error({ err: error, transfer: row.id }, 'Stripe refused a transfer: its amount is back in the wallet');
        await tx.query("UPDATE connect_transfers SET status = 'failed', updated_at = now() WHERE id = $1", [row.id]);
        await tx.query(
          "INSERT INTO wallet_entries (customer_id, type, amount_cents, connect_transfer_id, created_at) VALUES ($1, 'connect_reversal', $2, $3, $4) ON CONFLICT DO NOTHING",
          [row.customer_id, row.amount_cents, row.id, clock.now()],
        );
        return null;
      }
    });
  }

  /** Reverses one transfer whose reversal is due, under its row's lock. */
  async function reverse(id: number): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = (
        await tx.query<TransferRow>(
          `SELECT ${TRANSFER_COLUMNS} FROM connect_transfers WHERE id = $1 AND transfer_id IS NOT NULL AND status <> 'reversed' AND reverse_requested_at IS NOT NULL FOR UPDATE SKIP LOCKED`,
          [id],
        )
      ).rows[0];
      if (!row?.transfer_id) return false;
      try {
        const reversal = await client().transfers.createReversal(row.transfer_id, { metadata: { package_id: String(row.package_id) } }, { idempotencyKey: `connect-reversal-${row.transfer_id}` });
        await recordReversal(tx, row, reversal.id);
        return true;
      } catch (error) {
        if (!providerError(error)) throw error;
        if (transient(error)) return false;
        // Not possible (the seller's Stripe balance was paid out): the wallet owes it, as without Connect.
        app.log.error({ err: error, transfer: row.transfer_id }, 'Stripe refused a transfer reversal: the seller owes the amount in the wallet');
        await tx.query('UPDATE connect_transfers SET reverse_requested_at = NULL, updated_at = now() WHERE id = $1', [row.id]);
        return false;
      }
    });
  }

  const service = {
    offered,

    status,

    /**
     * "Get paid by Stripe": the seller's Express account (once) and a link to Stripe's onboarding. The
     * link opens the account's bank details, so it needs what any money-out change needs, every time.
     */
    async start(customerId: number, sessionId: number | null, input: { country: 'PT' | 'ES'; password?: string | undefined }, language: ContentLanguage, address: string): Promise<StripeConnectLink> {
      const stripeApi = client();
      const current = await app.payoutPreferences.get(customerId);
      await app.accounts.requireVerified(customerId);
      if (current.frozen) throw apiError(403, 'payouts_frozen');
      if (input.password && sessionId !== null) await app.stepUp.prove(customerId, sessionId, { password: input.password }, address);
      await app.stepUp.require(sessionId);
      if (!current.onboarded || current.method !== 'stripe_connect') {
        await app.payoutChanges.save(customerId, sessionId, { method: 'stripe_connect', iban: current.iban }, language, address);
      }
      let account = (await accountOf(customerId))?.account_id;
      if (!account) {
        const owner = (await app.customersRepository.byId(customerId))!;
        const created = await call(() =>
          stripeApi.accounts.create(
            { type: 'express', country: input.country, email: owner.email, capabilities: { transfers: { requested: true } }, metadata: { customer_id: String(customerId) } },
            { idempotencyKey: `connect-account-customer-${customerId}` },
          ),
        );
        await db.query('INSERT INTO connect_accounts (customer_id, account_id, country) VALUES ($1, $2, $3) ON CONFLICT (customer_id) DO NOTHING', [customerId, created.id, input.country]);
        await recordAccount(created as unknown as Json);
        account = (await accountOf(customerId))!.account_id;
      }
      const base = config.PUBLIC_URL.replace(/\/$/, '');
      const accountId = account;
      const link = await call(() =>
        stripeApi.accountLinks.create({ account: accountId, type: 'account_onboarding', refresh_url: `${base}/user/onboarding?stripe=refresh`, return_url: `${base}/user/onboarding?stripe=return` }),
      );
      return { url: link.url, status: await status(customerId) };
    },

    /**
     * The job: claims and pays every released deposit of the sellers paid by Stripe, makes the
     * transfers claimed before whose answer never came, and the reversals due. Answers the transfers made.
     */
    async payDue(): Promise<string[]> {
      if (!offered) return [];
      const now = clock.now();
      const { rows } = await db.query<ReleaseRow & { package_id: number; customer_id: number; order_id: number; account_id: string }>(
        `SELECT e.package_id, e.customer_id, k.order_id, a.account_id, ${RELEASE_COLUMNS}
         FROM wallet_entries e JOIN order_packages k ON k.id = e.package_id JOIN orders o ON o.id = k.order_id
         JOIN payout_preferences p ON p.customer_id = e.customer_id AND p.method = 'stripe_connect' AND p.frozen_at IS NULL
         JOIN connect_accounts a ON a.customer_id = e.customer_id AND a.transfers_active
         WHERE e.type = 'listing_sale_deposit' AND o.cancelled_at IS NULL AND coalesce(o.dispute_status, 'won') = 'won'
           AND NOT EXISTS (SELECT 1 FROM connect_transfers t WHERE t.package_id = e.package_id)
         ORDER BY e.id LIMIT 500`,
      );
      for (const row of rows) {
        const from = availableFrom(row);
        if (from !== null && from.getTime() <= now.getTime()) await claim(row);
      }
      const made: string[] = [];
      const open = await db.query<{ id: number }>("SELECT id FROM connect_transfers WHERE transfer_id IS NULL AND status = 'pending' ORDER BY id LIMIT 500");
      for (const { id } of open.rows) {
        const transferId = await create(id);
        if (transferId) made.push(transferId);
      }
      await service.reverseDue();
      return made;
    },

    /** Reverses every transfer whose reversal is due (after a refund or a lost dispute); answers how many. */
    async reverseDue(): Promise<number> {
      if (!offered) return 0;
      const due = await db.query<{ id: number }>("SELECT id FROM connect_transfers WHERE reverse_requested_at IS NOT NULL AND status <> 'reversed' AND transfer_id IS NOT NULL ORDER BY id LIMIT 500");
      let reversed = 0;
      for (const { id } of due.rows) if (await reverse(id)) reversed++;
      return reversed;
    },

    /**
     * The order's deposits were taken back (a refund at the provider, a lost dispute): their transfers'
     * reversals are due. In the take-back's transaction; reverseDue (after it, and the job) makes them.
     */
    async requestReversals(orderId: number, tx: Queryable): Promise<number> {
      const { rows } = await tx.query(
        `UPDATE connect_transfers t SET reverse_requested_at = $2, updated_at = now() FROM order_packages k
         WHERE k.id = t.package_id AND k.order_id = $1 AND t.status <> 'reversed' AND t.reverse_requested_at IS NULL AND NOT (t.status = 'failed' AND t.transfer_id IS NULL)
         RETURNING t.id`,
        [orderId, clock.now()],
      );
      return rows.length;
    },

    /** A verified Connect event (its shape checked field by field); false when handled before. */
    async handleEvent(event: { id: string; type: string; account?: unknown; data?: { object?: unknown } }): Promise<boolean> {
      const attempts = app.paymentAttemptsRepository;
      if (await attempts.webhookSeen(event.id)) return false;
      const object = isObject(event.data?.object) ? event.data.object : {};
      const account = text(event.account);
      if (event.type === 'account.updated' && object.object === 'account') await recordAccount(object);
      if (event.type.startsWith('transfer.') && object.object === 'transfer') await transferEvent(object);
      if ((event.type === 'payout.paid' || event.type === 'payout.failed') && object.object === 'payout' && account) {
        const created = seconds(object.created);
        if (created !== null) {
          // A payout pays out the balance: the transfers made before it (Stripe's clock) were in it.
          await db.query(
            event.type === 'payout.paid'
              ? "UPDATE connect_transfers SET status = 'paid', updated_at = now() WHERE account_id = $1 AND status IN ('pending', 'failed') AND transfer_id IS NOT NULL AND stripe_created <= $2"
              : "UPDATE connect_transfers SET status = 'failed', updated_at = now() WHERE account_id = $1 AND status = 'pending' AND transfer_id IS NOT NULL AND stripe_created <= $2",
            [account, created],
          );
        }
      }
      await attempts.recordWebhook(event.id, event.type, null);
      return true;
    },
  };

  /** transfer.*: ours whose answer was lost gets its id; one reversed in full (by us or from the dashboard) is recorded. */
  async function transferEvent(object: Json): Promise<void> {
    const id = text(object.id);
    if (!id) return;
    const metadata = isObject(object.metadata) ? object.metadata : {};
    const packageId = Number(text(metadata.package_id));
    const created = seconds(object.created);
    if (Number.isSafeInteger(packageId) && packageId > 0 && created !== null) {
      await db.query(
        "UPDATE connect_transfers SET transfer_id = $2, stripe_created = $3, updated_at = now() WHERE package_id = $1 AND account_id = $4 AND transfer_id IS NULL AND status = 'pending'",
        [packageId, id, created, text(object.destination)],
      );
    }
    const amount = seconds(object.amount);
    const back = seconds(object.amount_reversed);
    if (amount === null || back === null || amount === 0 || back < amount) return;
    const list = isObject(object.reversals) && Array.isArray(object.reversals.data) ? object.reversals.data : [];
    const reversalId = (isObject(list[0]) ? text(list[0].id) : null) ?? `${id}-reversed`;
    await db.transaction(async (tx) => {
      const row = (await tx.query<TransferRow>(`SELECT ${TRANSFER_COLUMNS} FROM connect_transfers WHERE transfer_id = $1 FOR UPDATE`, [id])).rows[0];
      if (row && row.status !== 'reversed') await recordReversal(tx, row, reversalId);
    });
  }

  return service;
}
export type StripeConnect = ReturnType<typeof stripeConnect>;

export default fp(
  async function stripeConnectPlugin(app: FastifyInstance) {
    const connect = stripeConnect(app);
    app.decorate('stripeConnect', connect);
    if (!connect.offered) return;
    app.jobs.define('connect-transfers', async () => {
      const made = await connect.payDue();
      if (made.length) app.log.info({ transfers: made }, 'Stripe transfers made');
    });
    app.jobs.every('connect-transfers', '*/5 * * * *');
  },
  {
    name: 'stripe-connect',
    dependencies: ['config', 'clock', 'db', 'jobs', 'carriers', 'wallet', 'payout-preferences', 'payout-changes', 'accounts', 'step-up', 'customers-repository', 'payment-attempts-repository'],
  },
);
