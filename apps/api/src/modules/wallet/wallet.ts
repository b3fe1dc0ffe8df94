import { randomBytes, randomInt } from 'node:crypto';
import {
  CURRENCY_SYMBOL_CODE,
  type DiscountCodeSummary,
  type MainStoreCode,
  type Wallet,
  type WalletEntry,
  type WalletEntryType,
} from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { IbanOnHold } from '../payouts/payout-changes';
import type { Queryable } from '../../db/db';
import { apiError, fieldError } from '../../core/errors';
import { productText } from '../../core/language';
import { euros } from '../../core/money';
import type { CarrierAdapter, TrackedPackage } from '../shipping/carriers';
import { bonusFor, bonusRoom } from './credit-bonus';
import { balances, depositAvailableFrom, isPending, transferSplit, type LedgerRow } from './ledger';

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletService;
  }
}

/** What a deposit's release depends on, as the queries below read it (RELEASE_COLUMNS). */
export interface ReleaseRow extends TrackedPackage {
  /** The buyer's "all is well". */
  delivered_at: Date | string | null;
  problem_reported_at: Date | string | null;
  problem_resolved_at: Date | string | null;
  /** A chargeback: opened, closed. */
  dispute_opened_at?: Date | string | null;
  dispute_closed_at?: Date | string | null;
}
/** The columns of ReleaseRow, from `order_packages k` and `orders o`. */
// A cancelled order counts as a problem resolved at its cancellation: its deposits are
// settled then, and taken back by their sale_refund rows of the same moment. A chargeback
// freezes what is not released when it is opened, until it is closed (ledger.ts).
export const RELEASE_COLUMNS =
  'k.carrier, k.shipped_at, k.carrier_delivered_at, o.delivered_at, coalesce(o.problem_reported_at, o.cancelled_at) AS problem_reported_at, coalesce(o.problem_resolved_at, o.cancelled_at) AS problem_resolved_at, o.dispute_opened_at, o.dispute_closed_at';

/** When a deposit of this sale becomes available (null: not yet known, or frozen by a problem). */
export function releaseOf(row: ReleaseRow, carriers: CarrierAdapter, protectionHours: number): Date | null {
  return depositAvailableFrom(
    {
      deliveredAt: carriers.deliveredAt(row),
      confirmedAt: date(row.delivered_at),
      problemReportedAt: date(row.problem_reported_at),
      resolvedAt: date(row.problem_resolved_at),
      disputeOpenedAt: date(row.dispute_opened_at ?? null),
      disputeClosedAt: date(row.dispute_closed_at ?? null),
    },
    { protectionHours },
  );
}

interface EntryRow extends Partial<ReleaseRow> {
  id: number;
  type: WalletEntryType;
  amount_cents: number;
  reference: string | null;
  code: string | null;
  created_at: Date | string;
  order_number: string | null;
  redeemed_at: Date | string | null;
  paid_at: Date | string | null;
  /** A Stripe transfer's state (connect_transfers.status), and whether Stripe refused it (no transfer id). */
  transfer_status: 'pending' | 'paid' | 'failed' | 'reversed' | null;
  transfer_refused: boolean | null;
  /** A trade-in paid as money (issue 48): its number. */
  trade_in_number?: string | null;
}

interface CodeRow {
  code: string;
  customer_id: number | null;
  amount_off_cents: number;
  active: boolean;
  redeemed_at: Date | string | null;
}

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

// No 0/O, 1/I/L: a code is read aloud and typed at the main shop's till.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A main-store code: 'PL-' and 12 characters from 31 (about 59 bits: not guessable, not enumerable). */
export const newCode = () => `PL-${Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

const mainStoreCode = (row: CodeRow): MainStoreCode => ({
  code: row.code,
  amount: euros(row.amount_off_cents),
  currency_symb_code: CURRENCY_SYMBOL_CODE,
  active: row.active && row.redeemed_at === null,
  redeemed_at: row.redeemed_at === null ? null : new Date(row.redeemed_at).toISOString(),
});

const invalidCode = () => apiError(404, 'invalid_discount_code', { fields: [{ field: 'code', key: 'invalid_discount_code' }] });

/**
 * The seller's wallet: a ledger of movements in cents whose sum is the credit. Deposits come from
 * sales (in the order's own transaction); withdrawals (bank transfer + fee, discount code) lock the
 * customer's `wallets` row, then check the available credit, so racing withdrawals run one after the
 * other and the second sees the first's rows. Whether a deposit is pending is derived from its
 * sale's dates and `app.clock`: no job ever rewrites the ledger.
 */
export function walletService(app: FastifyInstance) {
  const { db, config, clock } = app;
  const availableFrom = (row: ReleaseRow) => releaseOf(row, app.carriers, config.WALLET_PROTECTION_HOURS);

  async function balance(customerId: number, tx: Queryable) {
    const sum = await tx.query<{ total: number | null }>('SELECT sum(amount_cents)::int AS total FROM wallet_entries WHERE customer_id = $1', [customerId]);
    // A resolved problem's deposits are available (a refund took them back in its own row); the
    // others' release is worked out from their dates.
    // A deposit's lines refunded alone leave with it: what is pending is the deposit less them.
    const open = await tx.query<ReleaseRow & { amount_cents: number }>(
      `SELECT e.amount_cents + coalesce((SELECT sum(r.amount_cents)::int FROM wallet_entries r WHERE r.refunded_package_id = e.package_id AND r.refunded_line_id IS NOT NULL), 0) AS amount_cents,
         ${RELEASE_COLUMNS}
       FROM wallet_entries e JOIN order_packages k ON k.id = e.package_id JOIN orders o ON o.id = k.order_id
       WHERE e.customer_id = $1 AND e.type = 'listing_sale_deposit' AND (o.problem_resolved_at IS NULL OR o.dispute_opened_at IS NOT NULL) AND o.cancelled_at IS NULL`,
      [customerId],
    );
    const rows: LedgerRow[] = open.rows.map((row) => ({ amount_cents: row.amount_cents, deposit: true, available_from: availableFrom(row) }));
    const pending = balances(rows, clock.now()).pending;
    const total = sum.rows[0]?.total ?? 0;
    return { total, pending, available: total - pending };
  }

  function entry(row: EntryRow, now: Date): WalletEntry {
    const from = row.type === 'listing_sale_deposit' ? availableFrom(row as ReleaseRow) : null;
    const status: WalletEntry['status'] =
      row.type === 'listing_sale_deposit'
        ? (row.problem_reported_at && !row.problem_resolved_at) || (row.dispute_opened_at && !row.dispute_closed_at && from === null)
          ? 'on_hold'
          : isPending({ amount_cents: row.amount_cents, deposit: true, available_from: from }, now)
            ? 'pending'
            : 'available'
        : row.type === 'trade_in_credit'
          ? 'available'
        : row.type === 'sale_refund'
          ? 'refunded'
          : row.type === 'connect_transfer'
            ? (row.transfer_status ?? 'pending')
            : row.type === 'connect_reversal'
              ? row.transfer_refused
                ? 'failed'
                : 'reversed'
          : row.type === 'discount_code'
          ? row.redeemed_at === null
            ? 'active'
            : 'inactive'
          : row.paid_at === null
            ? 'sent'
            : 'paid';
    return {
      id: row.id,
      type: row.type,
      amount: euros(row.amount_cents),
      date: new Date(row.created_at).toISOString(),
      code: row.type === 'trade_in_credit' ? (row.trade_in_number ?? null) : row.type === 'listing_sale_deposit' || row.type === 'sale_refund' || row.type === 'connect_transfer' || row.type === 'connect_reversal' ? row.order_number : row.type === 'discount_code' ? row.code : row.reference,
      status,
      available_from: status === 'pending' && from ? from.toISOString() : null,
    };
  }

  /** Locks the customer's wallet for a withdrawal and answers what is available (0 without a wallet). */
  async function lockAndCheck(customerId: number, amount: number, tx: Queryable): Promise<void> {
    const locked = await tx.query('SELECT customer_id FROM wallets WHERE customer_id = $1 FOR UPDATE', [customerId]);
    const available = locked.rows.length ? (await balance(customerId, tx)).available : 0;
    if (amount > available) throw fieldError('amount', 'insufficient_credit');
  }

  function checkBounds(amount: number, min: number, max: number) {
    if (amount < min) throw fieldError('amount', 'amount_too_low');
    if (amount > max) throw fieldError('amount', 'amount_too_high');
  }

  const service = {
    balance: (customerId: number, tx: Queryable = db) => balance(customerId, tx),

    /**
     * Credits each seller of an order with the sale's "you receive": the pieces' prices less the
     * package's bundle discount, which the seller gives (the buyer pays every fee line,
     * checkout/pricing.ts), one deposit per package. Runs in the order's transaction.
     */
    async depositSales(orderId: number, tx: Queryable): Promise<void> {
      // The brand's own pieces (Brand Direct, migration 067) are its revenue (brand_sales), no seller's credit: no wallet, no deposit.
      await tx.query(
        'INSERT INTO wallets (customer_id) SELECT DISTINCT k.seller_id FROM order_packages k JOIN customers c ON c.id = k.seller_id WHERE k.order_id = $1 AND NOT c.brand_account ON CONFLICT DO NOTHING',
        [orderId],
      );
      const { rows } = await tx.query<{ customer_id: number; amount_cents: number; number: string; title: string; title_pt: string; title_es: string; pieces: number }>(
        `WITH deposits AS (
           INSERT INTO wallet_entries (customer_id, type, amount_cents, package_id, created_at)
           SELECT k.seller_id, 'listing_sale_deposit', sum(l.price_cents) - k.bundle_discount_cents, k.id, $2
           FROM order_packages k JOIN order_lines l ON l.package_id = k.id JOIN customers c ON c.id = k.seller_id
           WHERE k.order_id = $1 AND NOT c.brand_account GROUP BY k.id, k.seller_id, k.bundle_discount_cents
           ON CONFLICT (package_id) DO NOTHING
           RETURNING customer_id, amount_cents, package_id)
         SELECT d.customer_id, d.amount_cents, o.number,
           (SELECT l.title FROM order_lines l WHERE l.package_id = d.package_id ORDER BY l.id LIMIT 1) AS title,
           (SELECT ${productText('p', 'title', 'pt', 'l.title')} FROM order_lines l JOIN listings li ON li.id = l.listing_id JOIN products p ON p.id = li.product_id
             WHERE l.package_id = d.package_id ORDER BY l.id LIMIT 1) AS title_pt,
           (SELECT ${productText('p', 'title', 'es', 'l.title')} FROM order_lines l JOIN listings li ON li.id = l.listing_id JOIN products p ON p.id = li.product_id
             WHERE l.package_id = d.package_id ORDER BY l.id LIMIT 1) AS title_es,
           (SELECT count(*)::int FROM order_lines l WHERE l.package_id = d.package_id) AS pieces
         FROM deposits d JOIN orders o ON o.id = $1`,
        [orderId, clock.now()],
      );
      for (const row of rows) {
        await app.notificationFeed.add(row.customer_id, 'sale', { amount_cents: row.amount_cents, reference: row.number, title: row.title, title_pt: row.title_pt, title_es: row.title_es, link: '/user/sales' }, tx);
      }
    },

    /**
     * A refunded order takes each seller's deposit back: a 'sale_refund' row of minus what is left of
     * it (the deposit less the lines already taken back alone, issue 29; none when nothing is left),
     * once per package. In the refund's transaction.
     */
    async refundSales(orderId: number, now: Date, tx: Queryable): Promise<void> {
      await tx.query(
        `INSERT INTO wallet_entries (customer_id, type, amount_cents, refunded_package_id, created_at)
         SELECT e.customer_id, 'sale_refund', -(e.amount_cents + coalesce(t.back, 0)), e.package_id, $2
         FROM wallet_entries e JOIN order_packages k ON k.id = e.package_id
         LEFT JOIN (SELECT refunded_package_id, sum(amount_cents)::int AS back FROM wallet_entries WHERE refunded_line_id IS NOT NULL GROUP BY refunded_package_id) t
           ON t.refunded_package_id = e.package_id
         WHERE k.order_id = $1 AND e.type = 'listing_sale_deposit' AND e.amount_cents + coalesce(t.back, 0) <> 0
         ON CONFLICT (refunded_package_id) WHERE refunded_line_id IS NULL DO NOTHING`,
        [orderId, now],
      );
    },

    /**
     * One line refunded alone takes its part of its package's deposit back: a 'sale_refund'
     * row of minus `cents` naming the line (once: the line is unique). The deposit is still pending
     * (its package is not shipped), and the balance counts the row against it.
     */
    async refundLine(packageId: number, lineId: number, cents: number, now: Date, tx: Queryable): Promise<void> {
      await tx.query(
        `INSERT INTO wallet_entries (customer_id, type, amount_cents, refunded_package_id, refunded_line_id, created_at)
         SELECT e.customer_id, 'sale_refund', $3::int, e.package_id, $2, $4 FROM wallet_entries e WHERE e.package_id = $1 AND e.type = 'listing_sale_deposit'`,
        [packageId, lineId, -cents, now],
      );
    },

    /**
     * When the order's deposits become available, one per package: null while one is not known or
     * frozen. The buyer may report a problem until they are all available.
     */
    async orderRelease(orderId: number, tx: Queryable = db): Promise<(Date | null)[]> {
      const { rows } = await tx.query<ReleaseRow>(`SELECT ${RELEASE_COLUMNS} FROM order_packages k JOIN orders o ON o.id = k.order_id WHERE k.order_id = $1`, [orderId]);
      return rows.map(availableFrom);
    },

    async wallet(customerId: number, page = 1, limit = 20, tx: Queryable = db): Promise<Wallet> {
      const now = clock.now();
      const { total, pending, available } = await balance(customerId, tx);
      const { rows } = await tx.query<EntryRow>(
        `SELECT e.id, e.type, e.amount_cents, e.reference, e.code, e.created_at, e.paid_at, ${RELEASE_COLUMNS}, o.number AS order_number, d.redeemed_at,
           t.status AS transfer_status, t.transfer_id IS NULL AS transfer_refused, ti.number AS trade_in_number
         FROM wallet_entries e LEFT JOIN connect_transfers t ON t.id = e.connect_transfer_id LEFT JOIN trade_ins ti ON ti.id = e.trade_in_id
         LEFT JOIN order_packages k ON k.id = coalesce(e.package_id, e.refunded_package_id, t.package_id) LEFT JOIN orders o ON o.id = k.order_id
         LEFT JOIN discount_codes d ON d.code = e.code
         WHERE e.customer_id = $1 ORDER BY e.id DESC LIMIT $2 OFFSET $3`,
        [customerId, limit, (page - 1) * limit],
      );
      const count = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM wallet_entries WHERE customer_id = $1', [customerId]);
      const preference = await app.payoutPreferences.get(customerId, tx);
      const bonus = await bonusRoom(tx, customerId, now);
      return {
        total_credit: euros(total),
        pending: euros(pending),
        available: euros(available),
        currency_symb_code: CURRENCY_SYMBOL_CODE,
        bounds: {
          bank_transfer: { min: euros(config.WALLET_TRANSFER_MIN_CENTS), max: euros(config.WALLET_TRANSFER_MAX_CENTS) },
          discount_code: { min: euros(config.WALLET_CODE_MIN_CENTS), max: euros(config.WALLET_CODE_MAX_CENTS) },
        },
        bank_transfer_percent: config.BANK_TRANSFER_PERCENT,
        iban: preference.iban,
        activity: rows.map((row) => entry(row, now)),
        count: count.rows[0]?.n ?? 0,
        code_bonus: bonus && { percent: bonus.percent, remaining: euros(bonus.remainingCents) },
      };
    },

    /**
     * A bank transfer of `amount` cents to the saved IBAN: the bank transfer row (what is paid,
     * BANK_TRANSFER_PERCENT) and the transaction-fee row (the rest) leave the wallet together.
     */
    async transfer(customerId: number, amount: number): Promise<Wallet> {
      // Paid through Stripe Connect, sales go to the seller's Stripe account: no bank would pay this one.
      if (config.PAYOUT_PROVIDER === 'stripe_connect') throw apiError(409, 'bank_transfer_by_stripe');
      // DAC7: past the reporting threshold, no money leaves until the seller's tax data is in (409 tax_data_needed).
      await app.taxData.assertPayoutsAllowed(customerId);
      checkBounds(amount, config.WALLET_TRANSFER_MIN_CENTS, config.WALLET_TRANSFER_MAX_CENTS);
      await db.transaction(async (tx) => {
        const { iban, iban_hold_until: held } = await app.payoutPreferences.get(customerId, tx);
        if (!iban) throw fieldError('iban', 'no_iban');
        // A changed IBAN waits: a stolen session cannot redirect the balance at once.
        if (held && new Date(held) > clock.now()) throw new IbanOnHold(new Date(held));
        await lockAndCheck(customerId, amount, tx);
        const { paid, fee } = transferSplit(amount, config.BANK_TRANSFER_PERCENT);
        const reference = `BT-${randomBytes(5).toString('hex').toUpperCase()}`;
        const at = clock.now();
        await tx.query(
          `INSERT INTO wallet_entries (customer_id, type, amount_cents, reference, iban, created_at)
           SELECT $1, t.type, t.amount, $2, $3, $4 FROM unnest($5::text[], $6::int[]) WITH ORDINALITY AS t(type, amount, n) WHERE t.amount <> 0 ORDER BY t.n`,
          [customerId, reference, iban, at, ['bank_transfer', 'transaction_fee'], [-paid, -fee]],
        );
        await app.notificationFeed.add(customerId, 'payout', { amount_cents: paid, reference, link: '/user/wallet' }, tx);
      });
      return service.wallet(customerId);
    },

    /**
     * Turns `amount` cents of credit into a main-store discount code worth 100 % of it (spec §9), plus
     * the brand's store-credit bonus for a verified seller (./credit-bonus.ts): the wallet's row is the
     * credit spent, the code is worth that and the bonus. The wallet's lock makes the month's cap hold
     * under concurrent requests.
     */
    async discountCode(customerId: number, amount: number): Promise<{ discount_code: DiscountCodeSummary; wallet: Wallet }> {
      await app.taxData.assertPayoutsAllowed(customerId);
      checkBounds(amount, config.WALLET_CODE_MIN_CENTS, config.WALLET_CODE_MAX_CENTS);
      const { code, bonus } = await db.transaction(async (tx) => {
        await lockAndCheck(customerId, amount, tx);
        const value = newCode();
        const at = clock.now();
        // A trade-in paid as money (issue 48) was paid without a bonus: it earns none as a code either,
        // counted as the credit spent last (a seller's sales credit earns it first).
        const tradeIns = await tx.query<{ cents: number }>("SELECT coalesce(sum(amount_cents), 0)::int AS cents FROM wallet_entries WHERE customer_id = $1 AND type = 'trade_in_credit'", [customerId]);
        const salesCredit = (await balance(customerId, tx)).available - tradeIns.rows[0]!.cents;
        const bonus = await bonusFor(tx, customerId, Math.max(0, Math.min(amount, salesCredit)), at);
        await tx.query(
          `INSERT INTO discount_codes (code, scope, amount_off_cents, bonus_cents, active, customer_id, created_at) VALUES ($1, 'main_store', $2, $5, true, $3, $4)`,
          [value, amount + bonus, customerId, at, bonus],
        );
        await tx.query(
          `INSERT INTO wallet_entries (customer_id, type, amount_cents, code, created_at) VALUES ($1, 'discount_code', $2, $3, $4)`,
          [customerId, -amount, value, at],
        );
        await app.notificationFeed.add(customerId, 'discount_code', { amount_cents: amount + bonus, reference: value, link: '/user/wallet' }, tx);
        return { code: value, bonus };
      });
      return { discount_code: { code, amount: euros(amount + bonus), active: true, bonus: euros(bonus) }, wallet: await service.wallet(customerId) };
    },

    /** The main shop asks what a code is worth and whether it can still be used. */
    async checkCode(code: string, tx: Queryable = db): Promise<MainStoreCode> {
      const { rows } = await tx.query<CodeRow>(
        `SELECT code, customer_id, amount_off_cents, active, redeemed_at FROM discount_codes WHERE code = $1 AND scope = 'main_store' AND amount_off_cents IS NOT NULL`,
        [code],
      );
      if (!rows[0]) throw invalidCode();
      return mainStoreCode(rows[0]);
    },

    /** The main shop uses a code: once (a conditional update, so two tills at once cannot both use it). */
    async redeemCode(code: string, reference: string | null): Promise<MainStoreCode> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<CodeRow>(
          `UPDATE discount_codes SET redeemed_at = $2, redeemed_reference = $3
           WHERE code = $1 AND scope = 'main_store' AND amount_off_cents IS NOT NULL AND active AND redeemed_at IS NULL
           RETURNING code, customer_id, amount_off_cents, active, redeemed_at`,
          [code, clock.now(), reference],
        );
        const row = rows[0];
        if (!row) {
          const existing = await service.checkCode(code, tx);
          throw apiError(409, existing.redeemed_at ? 'discount_code_redeemed' : 'discount_code_inactive');
        }
        if (row.customer_id !== null) {
          await app.notificationFeed.add(row.customer_id, 'code_redeemed', { amount_cents: row.amount_off_cents, reference: row.code, link: '/user/wallet' }, tx);
        }
        return mainStoreCode(row);
      });
    },
  };
  return service;
}
export type WalletService = ReturnType<typeof walletService>;

export default fp(
  async function walletPlugin(app: FastifyInstance) {
    app.decorate('wallet', walletService(app));
  },
  { name: 'wallet', dependencies: ['config', 'db', 'carriers', 'payout-preferences', 'notification-feed'] },
);
