import { randomInt } from 'node:crypto';
import {
  DEMAND_WINDOW_DAYS,
  MAIN_SHOP_NAME,
  OPEN_TRADE_IN_STATES,
  addBusinessDays,
  lisbonDate,
  suggestedPriceCents,
  type TradeIn,
  type TradeInCreate,
  type TradeInDecision,
  type TradeInOffer,
  type TradeInOfferQuery,
  type TradeInPolicy,
  type TradeInSettings,
  type TradeInStaffEntry,
  type TradeInState,
} from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { photoUrl } from '../../db/seed';
import { apiError, fieldError, notFound } from '../../core/errors';
import { productText, type ContentLanguage } from '../../core/language';
import { mailLanguage, mailText, readerOf } from '../../core/mail/mail-texts';
import type { Mail } from '../../core/mail/mailer';
import { euros } from '../../core/money';
import { recordAudit, type AuditAction } from '../backoffice/audit-repository';
import { addBrandStock } from '../brand-direct/brand-stock';
import { hubAsAddress, shippingLabel } from '../shipping/shipping-label';
import { newCode } from '../wallet/wallet';
import { tradeInMailTexts } from './mail-texts';
import { bonusCents, tradeInPrice, type PieceFacts } from './pricing';
import { saveTradeInPolicy, tradeInPolicy } from './trade-in-policy';

// Trade-in for boosted credit (issue 48): the rules, the transactions and the SQL. Every change of a
// trade-in locks its row and checks its state, so a double accept, two staff members at once or a
// customer's answer racing the hub's job change it once; it is paid once (credited_cents, the code and
// the wallet row are each unique to it), at the price accepted last.

declare module 'fastify' {
  interface FastifyInstance {
    tradeIns: TradeInService;
  }
}

/** Days the customer has to send the piece (the label's "send by"). */
export const SEND_WITHIN_BUSINESS_DAYS = 10;
/** The hub's re-price: from €1 to €5 000. */
const MIN_PRICE_CENTS = 100;
const MAX_PRICE_CENTS = 500_000;

const NUMBER_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newNumber = () => `TI-${Array.from({ length: 8 }, () => NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)]).join('')}`;
/** A tracking number of the test carrier's trade-in labels: `PLT` and 9 digits. */
const newTracking = () => `PLT${String(randomInt(1_000_000_000)).padStart(9, '0')}`;
/** The first moment of the Lisbon calendar month `$n` falls in. */
const monthStart = (param: string) => `(date_trunc('month', ${param}::timestamptz AT TIME ZONE 'Europe/Lisbon') AT TIME ZONE 'Europe/Lisbon')`;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export interface Staff {
  staff_id: number;
}

interface PieceRow {
  child_id: number;
  product_id: number;
  category_id: number;
  kind: string;
  original_price_cents: number;
  title: string;
  colour: string;
  colour_id: string;
  size: string;
  age_years: number;
  listed: number;
  sold: number;
}

interface TradeInRow {
  id: number;
  number: string;
  customer_id: number;
  child_id: number;
  condition_id: number;
  payout: 'credit' | 'money';
  offered_cents: number;
  price_cents: number;
  bonus_percent: number;
  status: TradeInState;
  tracking: string;
  return_tracking: string | null;
  reprice_reason: string | null;
  answer_by: Date | string | null;
  received_at: Date | string | null;
  decided_at: Date | string | null;
  credited_cents: number | null;
  bonus_cents: number;
  code: string | null;
  listing_id: number | null;
  created_at: Date | string;
  title: string;
  colour: string;
  colour_id: string;
  kind: string;
  size: string;
  condition: string;
  product_id: number;
  original_price_cents: number;
  first_name: string;
  last_name: string;
  email: string;
  language: string;
  time_zone: string;
  code_redeemed: boolean | null;
}

const ROW = (language: ContentLanguage) => `
  SELECT t.*, ${productText('p', 'title', language)} AS title, co.name AS colour, co.id AS colour_id, p.kind, c.size, cd.option AS condition, p.id AS product_id,
         p.original_price_cents, cu.first_name, cu.last_name, cu.email, cu.language, cu.time_zone, d.redeemed_at IS NOT NULL AS code_redeemed
    FROM trade_ins t JOIN product_children c ON c.id = t.child_id JOIN product_variants v ON v.id = c.variant_id JOIN products p ON p.id = v.product_id
    JOIN colours co ON co.id = v.colour_id JOIN conditions cd ON cd.id = t.condition_id JOIN customers cu ON cu.id = t.customer_id
    LEFT JOIN discount_codes d ON d.code = t.code`;

/** What a trade-in is worth at its price now: money, or credit with the bonus fixed when it was accepted. */
function amountsOf(priceCents: number, bonusPercent: number) {
  const bonus = bonusCents(priceCents, bonusPercent);
  return { money: euros(priceCents), credit: euros(priceCents + bonus), bonus: euros(bonus), bonus_percent: bonusPercent };
}

function tradeInOf(row: TradeInRow): TradeIn {
  return {
    id: row.id,
    number: row.number,
    state: row.status,
    payout: row.payout,
    title: row.title,
    colour: row.colour,
    size: row.size,
    condition_id: row.condition_id,
    offered: euros(row.offered_cents),
    price: euros(row.price_cents),
    amounts: amountsOf(row.price_cents, row.bonus_percent),
    reprice_reason: row.reprice_reason,
    answer_by: row.status === 'repriced' ? iso(row.answer_by) : null,
    tracking: row.tracking,
    return_tracking: row.return_tracking,
    credited: row.credited_cents === null ? null : euros(row.credited_cents + row.bonus_cents),
    code: row.code,
    code_active: row.code === null ? null : !row.code_redeemed,
    created_at: iso(row.created_at)!,
    received_at: iso(row.received_at),
    decided_at: iso(row.decided_at),
  };
}

export function tradeInService(app: FastifyInstance) {
  const { db, clock, config } = app;
  // Nothing is taken in without a hub to check it, nor with Sendcloud: the trade-in's labels (to the hub,
  // back to the customer) are the test carrier's only, and a real store would send a made-up one.
  const takesTradeIns = config.HUB !== null && config.CARRIER_MODE === 'test';
  const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');
  const policy = (tx: Queryable = db) => tradeInPolicy(tx, config.DEMO);

  /** A product child as the price needs it: its product, age and the product's sell-through. */
  async function piece(childId: number, language: ContentLanguage, tx: Queryable): Promise<PieceRow | null> {
    const { rows } = await tx.query<PieceRow>(
      `SELECT c.id AS child_id, p.id AS product_id, p.category_id, p.kind, p.original_price_cents, ${productText('p', 'title', language)} AS title, co.name AS colour, co.id AS colour_id, c.size,
              greatest(0, floor(extract(epoch FROM ($2::timestamptz - p.created_at)) / 31557600))::int AS age_years,
              (SELECT count(*)::int FROM listings l WHERE l.product_id = p.id AND l.created_at >= $2::timestamptz - make_interval(days => $3)) AS listed,
              (SELECT count(*)::int FROM listings l WHERE l.product_id = p.id AND l.created_at >= $2::timestamptz - make_interval(days => $3) AND l.status = 'sold') AS sold
         FROM product_children c JOIN product_variants v ON v.id = c.variant_id JOIN products p ON p.id = v.product_id JOIN colours co ON co.id = v.colour_id
        WHERE c.id = $1`,
      [childId, clock.now(), DEMAND_WINDOW_DAYS],
    );
    return rows[0] ?? null;
  }

  const facts = (row: PieceRow, conditionId: number): PieceFacts => ({
    productId: row.product_id,
    categoryId: row.category_id,
    originalCents: row.original_price_cents,
    conditionId,
    ageYears: row.age_years,
    listed: row.listed,
    sold: row.sold,
  });

  /** The customer's open trade-ins and the month's euros used (cents): the limits' measure. */
  async function usage(customerId: number, tx: Queryable): Promise<{ open: number; monthCents: number }> {
    const { rows } = await tx.query<{ open: number; month: number }>(
      `SELECT count(*) FILTER (WHERE status = ANY($3::text[]))::int AS open,
              coalesce(sum(price_cents) FILTER (WHERE status NOT IN ('cancelled', 'returned') AND created_at >= ${monthStart('$2')}), 0)::int AS month
         FROM trade_ins WHERE customer_id = $1`,
      [customerId, clock.now(), OPEN_TRADE_IN_STATES],
    );
    return { open: rows[0]!.open, monthCents: rows[0]!.month };
  }

  async function one(id: number, tx: Queryable, options: { language?: ContentLanguage; lock?: boolean } = {}): Promise<TradeInRow | null> {
    const { rows } = await tx.query<TradeInRow>(`${ROW(options.language ?? 'en')} WHERE t.id = $1${options.lock ? ' FOR UPDATE OF t' : ''}`, [id]);
    return rows[0] ?? null;
  }

  /** A trade-in of this customer, locked for a change; someone else's is 404 like a missing one. */
  async function ownLocked(customerId: number, id: number, tx: Queryable): Promise<TradeInRow> {
    const row = await one(id, tx, { lock: true });
    if (!row || row.customer_id !== customerId) throw apiError(404, 'trade_in_not_found');
    return row;
  }

  const mailAbout = (id: number, event: 'accepted' | 'repriced' | 'credited' | 'returned', tx: Queryable, extra: Record<string, unknown> = {}) =>
    app.mailOutbox.add('trade-in', { tradeInId: id, event, ...extra }, tx);

  /**
   * Pays a trade-in at its price now, once: credit is a main-shop code worth the price and its bonus (the
   * wallet's kind of code, which the main shop checks and redeems); money is the price as wallet credit,
   * available at once, without a bonus. Then the piece becomes the brand's stock, bought for what was paid.
   */
  async function pay(row: TradeInRow, now: Date, tx: Queryable): Promise<number[]> {
    const bonus = row.payout === 'credit' ? bonusCents(row.price_cents, row.bonus_percent) : 0;
    let code: string | null = null;
    if (row.payout === 'credit') {
      code = newCode();
      // bonus_cents stays 0 on the code: that column is the wallet's store-credit bonus (issue 45), whose
      // monthly cap a trade-in must not use up; the trade-in keeps its own bonus (trade_ins.bonus_cents).
      await tx.query(`INSERT INTO discount_codes (code, scope, amount_off_cents, bonus_cents, active, customer_id, created_at) VALUES ($1, 'main_store', $2, 0, true, $3, $4)`, [
        code,
        row.price_cents + bonus,
        row.customer_id,
        now,
      ]);
    } else {
      await tx.query('INSERT INTO wallets (customer_id) VALUES ($1) ON CONFLICT DO NOTHING', [row.customer_id]);
      await tx.query(`INSERT INTO wallet_entries (customer_id, type, amount_cents, trade_in_id, created_at) VALUES ($1, 'trade_in_credit', $2, $3, $4)`, [
        row.customer_id,
        row.price_cents,
        row.id,
        now,
      ]);
    }
    const paid = await tx.query(
      `UPDATE trade_ins SET status = 'credited', credited_cents = price_cents, bonus_cents = $2, code = $3, decided_at = coalesce(decided_at, $4), answer_by = NULL
        WHERE id = $1 AND status IN ('at_hub', 'repriced') RETURNING id`,
      [row.id, bonus, code, now],
    );
    if (paid.rows.length !== 1) throw apiError(409, 'trade_in_state');
    const { listingId } = await addBrandStock(tx, {
      childId: row.child_id,
      conditionId: row.condition_id,
      // The catalogue's photos of the product in its colour until the hub photographs the piece itself.
      photos: [photoUrl(row.kind, row.colour_id, 1), photoUrl(row.kind, row.colour_id, 2)],
      priceCents: suggestedPriceCents(row.original_price_cents, row.condition_id),
      comment: `Traded in and checked at the brand's hub (${row.number}).`,
      source: 'trade_in',
      acquiredCents: row.price_cents,
      tradeInId: row.id,
    });
    await tx.query('UPDATE trade_ins SET listing_id = $2 WHERE id = $1', [row.id, listingId]);
    return [await mailAbout(row.id, 'credited', tx)];
  }

  /** Sends the piece back, free: a return label from the hub. */
  async function giveBack(row: TradeInRow, why: 'customer' | 'hub' | 'silence', now: Date, tx: Queryable, reason?: string): Promise<number[]> {
    const tracking = newTracking();
    const done = await tx.query(
      `UPDATE trade_ins SET status = 'returned', return_tracking = $2, decided_at = $3, answer_by = NULL, reprice_reason = coalesce($4, reprice_reason)
        WHERE id = $1 AND status IN ('at_hub', 'repriced') RETURNING id`,
      [row.id, tracking, now, reason ?? null],
    );
    if (done.rows.length !== 1) throw apiError(409, 'trade_in_state');
    return [await mailAbout(row.id, 'returned', tx, { why })];
  }

  const staffAudit = (tx: Queryable, by: Staff, action: AuditAction, row: TradeInRow, after: unknown, reason?: string) =>
    recordAudit(tx, { staffId: by.staff_id, action, targetType: 'trade_in', targetId: row.number, before: { status: row.status, price_cents: row.price_cents }, after, reason });

  /** A trade-in's label: `inbound` (prepaid, the customer to the hub) or `return` (the hub back to the customer). */
  async function label(row: TradeInRow, kind: 'inbound' | 'return'): Promise<{ pdf: Uint8Array; name: string }> {
    const hub = config.HUB;
    if (!hub || (kind === 'inbound' ? row.status !== 'sent' : row.status !== 'returned')) throw apiError(409, 'trade_in_state');
    const text = mailText(readerOf(row), tradeInMailTexts);
    const piece = `${row.title} (${text.colour(row.colour)}, ${text.size(row.size)})`;
    let to = hubAsAddress(hub);
    if (kind === 'return') {
      const address = (
        await db.query<{ first_name: string; last_name: string; phone: string; address: string; address2: string; zip_code: string; city: string; country: string }>(
          'SELECT first_name, last_name, phone, address, address2, zip_code, city, country FROM addresses WHERE customer_id = $1 ORDER BY is_default DESC, id LIMIT 1',
          [row.customer_id],
        )
      ).rows[0];
      // No address on file: the piece waits at the hub while support asks for one.
      if (!address) throw notFound('Address');
      to = { name: '', ...address };
    }
    const pdf = await shippingLabel({
      orderNumber: row.number,
      packageId: row.id,
      shipBy: addBusinessDays(lisbonDate(new Date(kind === 'inbound' ? row.created_at : (row.decided_at ?? row.created_at))), SEND_WITHIN_BUSINESS_DAYS),
      sellerFirstName: kind === 'inbound' ? row.first_name : hub.name,
      to,
      pickupPoint: null,
      pieces: [piece],
      // The drawing asks for the seller's label's words (label.*): the trade-in's own say what it is.
      text: { t: (name, values) => text.t(name.replace(/^label\./, 'tradeInLabel.'), values) },
    });
    return { pdf, name: `trade-in-${kind}-${row.number}.pdf` };
  }

  /** The mails, written when sent from the trade-in as it is then. */
  async function writeMail(data: { tradeInId: number; event: string; why?: string }): Promise<Mail | null> {
    const language = (await db.query<{ language: string }>('SELECT c.language FROM trade_ins t JOIN customers c ON c.id = t.customer_id WHERE t.id = $1', [data.tradeInId])).rows[0]?.language;
    const row = await one(data.tradeInId, db, { language: mailLanguage(language) });
    if (!row) return null;
    const text = mailText(readerOf(row), tradeInMailTexts);
    const { t, money } = text;
    const values = { number: row.number, title: row.title, colour: text.colour(row.colour), size: text.size(row.size), shop: MAIN_SHOP_NAME };
    const tradeIns = t('tradeIn.tradeIns', { link: text.page(publicUrl, '/user/trade-ins') });
    const amounts = amountsOf(row.price_cents, row.bonus_percent);
    const signature = t('common.signature');
    if (data.event === 'accepted') {
      const { pdf, name } = await label(row, 'inbound').catch(() => ({ pdf: null, name: '' }));
      const bonus = bonusCents(row.price_cents, row.bonus_percent);
      return {
        to: row.email,
        subject: t('tradeIn.acceptedSubject', values),
        text: [
          t('tradeIn.accepted', { ...values, amount: money(row.payout === 'credit' ? row.price_cents + bonus : row.price_cents) }),
          row.payout === 'credit' ? t('tradeIn.asCredit', { ...values, amount: money(row.price_cents + bonus), bonus: money(bonus) }) : t('tradeIn.asMoney'),
          '',
          t('tradeIn.label', { date: text.date(addBusinessDays(lisbonDate(new Date(row.created_at)), SEND_WITHIN_BUSINESS_DAYS)), tracking: row.tracking }),
          t('tradeIn.next'),
          '',
          tradeIns,
          '',
          signature,
        ].join('\n'),
        attachments: pdf ? [{ filename: name, content: Buffer.from(pdf), contentType: 'application/pdf' }] : [],
      };
    }
    if (data.event === 'repriced') {
      const payout = row.payout === 'credit' ? amounts.credit : amounts.money;
      const before = row.payout === 'credit' ? row.offered_cents + bonusCents(row.offered_cents, row.bonus_percent) : row.offered_cents;
      return {
        to: row.email,
        subject: t('tradeIn.repricedSubject', values),
        text: [
          t('tradeIn.repriced', { ...values, amount: money(Math.round(payout * 100)), before: money(before) }),
          row.reprice_reason ?? '',
          '',
          t('tradeIn.choice', { date: row.answer_by ? text.when(row.answer_by) : '', link: text.page(publicUrl, '/user/trade-ins') }),
          t('tradeIn.silence'),
          '',
          signature,
        ].join('\n'),
      };
    }
    if (data.event === 'credited') {
      const paid = text.money((row.credited_cents ?? 0) + row.bonus_cents);
      return {
        to: row.email,
        subject: t('tradeIn.creditedSubject', values),
        text: [
          row.payout === 'credit'
            ? t('tradeIn.creditedCode', { ...values, code: row.code ?? '', amount: paid, bonus: money(row.bonus_cents) })
            : t('tradeIn.creditedMoney', { amount: paid, link: text.page(publicUrl, '/user/wallet') }),
          '',
          tradeIns,
          '',
          signature,
        ].join('\n'),
      };
    }
    const why = data.why === 'customer' ? 'returnedCustomer' : data.why === 'silence' ? 'returnedSilence' : 'returnedHub';
    return {
      to: row.email,
      subject: t('tradeIn.returnedSubject', values),
      text: [t(`tradeIn.${why}`, values), ...(why === 'returnedHub' && row.reprice_reason ? [row.reprice_reason] : []), t('tradeIn.returnTracking', { tracking: row.return_tracking ?? '' }), '', tradeIns, '', signature].join(
        '\n',
      ),
    };
  }
  app.mailOutbox.writer('trade-in', (data) => writeMail(data as { tradeInId: number; event: string; why?: string }));

  const service = {
    policy,

    /** The brand's instant price for a piece, before the customer commits (with their limits when signed in). */
    async offer(customerId: number | null, query: TradeInOfferQuery, language: ContentLanguage): Promise<TradeInOffer> {
      const found = await piece(query.child_id, language, db);
      if (!found) throw notFound('Product');
      const table = await policy();
      const price = takesTradeIns ? tradeInPrice(table, facts(found, query.condition_id)) : null;
      let limits: TradeInOffer['limits'] = null;
      if (customerId !== null) {
        const used = await usage(customerId, db);
        limits = { open: used.open, max_open: table.max_open, month_left: euros(Math.max(0, Math.round(table.monthly_cap * 100) - used.monthCents)), monthly_cap: table.monthly_cap };
      }
      return {
        child_id: found.child_id,
        condition_id: query.condition_id,
        title: found.title,
        colour: found.colour,
        size: found.size,
        original_price: euros(found.original_price_cents),
        offer: price && amountsOf(price.cents, table.bonus_percent),
        breakdown: price && {
          base: euros(price.baseCents),
          condition_percent: price.conditionPercent,
          age_years: found.age_years,
          age_percent: price.agePercent,
          demand: price.demand,
          demand_percent: price.demandPercent,
        },
        limits,
      };
    },

    /**
     * The customer accepts the offer they saw: a trade-in with its prepaid label, once per Idempotency-Key.
     * The customer's row is locked first, so their requests run one after the other and the limits hold.
     */
    async create(customerId: number, body: TradeInCreate, key: string): Promise<{ tradeIn: TradeIn; created: boolean }> {
      await app.accounts.requireVerified(customerId);
      const result = await db.transaction(async (tx) => {
        await tx.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
        const existing = await tx.query<{ id: number }>('SELECT id FROM trade_ins WHERE customer_id = $1 AND idempotency_key = $2', [customerId, key]);
        if (existing.rows[0]) return { id: existing.rows[0].id, created: false, mails: [] as number[] };
        const found = await piece(body.child_id, 'en', tx);
        if (!found) throw notFound('Product');
        const table = await policy(tx);
        const price = takesTradeIns ? tradeInPrice(table, facts(found, body.condition_id)) : null;
        if (!price) throw apiError(422, 'trade_in_no_offer');
        if (price.cents !== Math.round(body.price * 100)) throw apiError(409, 'trade_in_offer_changed', { params: { amount: euros(price.cents) } });
        const used = await usage(customerId, tx);
        if (used.open >= table.max_open) throw apiError(422, 'trade_in_open_limit', { params: { count: used.open } });
        if (used.monthCents + price.cents > Math.round(table.monthly_cap * 100)) throw apiError(422, 'trade_in_monthly_limit', { params: { amount: table.monthly_cap } });
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO trade_ins (number, customer_id, idempotency_key, child_id, condition_id, payout, offered_cents, price_cents, bonus_percent, tracking, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10) RETURNING id`,
          [newNumber(), customerId, key, body.child_id, body.condition_id, body.payout, price.cents, body.payout === 'credit' ? table.bonus_percent : 0, newTracking(), clock.now()],
        );
        const id = rows[0]!.id;
        return { id, created: true, mails: [await mailAbout(id, 'accepted', tx)] };
      });
      app.mailOutbox.sendSoon(result.mails);
      return { tradeIn: tradeInOf((await one(result.id, db))!), created: result.created };
    },

    async list(customerId: number, language: ContentLanguage): Promise<TradeIn[]> {
      const { rows } = await db.query<TradeInRow>(`${ROW(language)} WHERE t.customer_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT 100`, [customerId]);
      return rows.map(tradeInOf);
    },

    /** The customer's label: the prepaid one while it is on its way to the hub, the return one once it comes back. */
    async customerLabel(customerId: number, id: number, kind: 'inbound' | 'return') {
      const row = await one(id, db);
      if (!row || row.customer_id !== customerId) throw apiError(404, 'trade_in_not_found');
      return label(row, kind);
    },

    /** Calls a trade-in off before the hub has the piece. */
    async cancel(customerId: number, id: number): Promise<TradeIn> {
      await db.transaction(async (tx) => {
        const row = await ownLocked(customerId, id, tx);
        if (row.status !== 'sent') throw apiError(409, 'trade_in_state');
        await tx.query("UPDATE trade_ins SET status = 'cancelled', decided_at = $2 WHERE id = $1", [id, clock.now()]);
      });
      return tradeInOf((await one(id, db))!);
    },

    /** The customer's answer to a re-price, before its date: paid at the new price, or the piece back free. */
    async answer(customerId: number, id: number, answer: 'accept' | 'return'): Promise<TradeIn> {
      const mails = await db.transaction(async (tx) => {
        const row = await ownLocked(customerId, id, tx);
        const now = clock.now();
        if (row.status !== 'repriced' || !row.answer_by || new Date(row.answer_by) < now) throw apiError(409, 'trade_in_state');
        return answer === 'accept' ? pay(row, now, tx) : giveBack(row, 'customer', now, tx);
      });
      app.mailOutbox.sendSoon(mails);
      return tradeInOf((await one(id, db))!);
    },

    /** Re-priced trade-ins not answered in time go back to the customer, free (silence is not a yes to a lower price). */
    async returnUnanswered(): Promise<string[]> {
      const now = clock.now();
      const { rows } = await db.query<{ id: number }>("SELECT id FROM trade_ins WHERE status = 'repriced' AND answer_by < $1 ORDER BY id LIMIT 100", [now]);
      const returned: string[] = [];
      for (const { id } of rows) {
        const mails = await db.transaction(async (tx) => {
          const row = await one(id, tx, { lock: true });
          if (!row || row.status !== 'repriced' || !row.answer_by || new Date(row.answer_by) >= now) return [];
          returned.push(row.number);
          return giveBack(row, 'silence', now, tx);
        });
        app.mailOutbox.sendSoon(mails);
      }
      return returned;
    },

    // The hub's bench (back office).

    async queue(state: TradeInState): Promise<TradeInStaffEntry[]> {
      const { rows } = await db.query<TradeInRow>(`${ROW('en')} WHERE t.status = $1 ORDER BY coalesce(t.received_at, t.created_at), t.id LIMIT 200`, [state]);
      return rows.map(staffEntry);
    },

    async staffDetail(id: number): Promise<TradeInStaffEntry> {
      const row = await one(id, db);
      if (!row) throw apiError(404, 'trade_in_not_found');
      return staffEntry(row);
    },

    /** The hub has the parcel (scanned by a member of staff): once. */
    async receive(by: Staff, id: number): Promise<TradeInStaffEntry> {
      await db.transaction(async (tx) => {
        const row = await one(id, tx, { lock: true });
        if (!row) throw apiError(404, 'trade_in_not_found');
        if (row.status !== 'sent') throw apiError(409, 'trade_in_state');
        const now = clock.now();
        await tx.query("UPDATE trade_ins SET status = 'at_hub', received_at = $2, received_by = $3 WHERE id = $1", [id, now, by.staff_id]);
        await staffAudit(tx, by, 'trade_in.receive', row, { status: 'at_hub' });
      });
      return service.staffDetail(id);
    },

    /** The hub's check: confirm (paid now), re-price (the customer answers) or send back, with a reason the customer reads. */
    async decide(by: Staff, id: number, input: TradeInDecision): Promise<TradeInStaffEntry> {
      const mails = await db.transaction(async (tx) => {
        const row = await one(id, tx, { lock: true });
        if (!row) throw apiError(404, 'trade_in_not_found');
        if (row.status !== 'at_hub') throw apiError(409, 'trade_in_state');
        const now = clock.now();
        const reason = (input.reason ?? '').trim();
        if (input.decision === 'confirm') {
          await staffAudit(tx, by, 'trade_in.confirm', row, { status: 'credited', credited_cents: row.price_cents });
          return pay(row, now, tx);
        }
        if (reason.length === 0) throw fieldError('reason', 'trade_in_reason_needed');
        if (input.decision === 'return') {
          await staffAudit(tx, by, 'trade_in.return', row, { status: 'returned' }, reason);
          return giveBack(row, 'hub', now, tx, reason);
        }
        const cents = Math.round((input.price ?? 0) * 100);
        if (!Number.isFinite(cents) || Math.abs((input.price ?? 0) * 100 - cents) > 1e-6 || cents < MIN_PRICE_CENTS || cents > MAX_PRICE_CENTS || cents === row.price_cents) {
          throw fieldError('price', 'trade_in_price');
        }
        const table = await policy(tx);
        const answerBy = new Date(now.getTime() + table.answer_days * 24 * 60 * 60 * 1000);
        await tx.query("UPDATE trade_ins SET status = 'repriced', price_cents = $2, reprice_reason = $3, answer_by = $4 WHERE id = $1", [id, cents, reason, answerBy]);
        await staffAudit(tx, by, 'trade_in.reprice', row, { status: 'repriced', price_cents: cents, answer_by: answerBy.toISOString() }, reason);
        return [await mailAbout(id, 'repriced', tx)];
      });
      app.mailOutbox.sendSoon(mails);
      return service.staffDetail(id);
    },

    async staffLabel(id: number, kind: 'inbound' | 'return') {
      const row = await one(id, db);
      if (!row) throw apiError(404, 'trade_in_not_found');
      return label(row, kind);
    },

    /** The price table with the categories and products to name rows by, and what trade-ins have cost. */
    async settings(): Promise<TradeInSettings> {
      const categories = (await db.query<{ id: number; name: string }>('SELECT id, name FROM categories ORDER BY id')).rows;
      const products = (await db.query<{ id: number; title: string; category_id: number }>('SELECT id, title, category_id FROM products ORDER BY title, id LIMIT 1000')).rows;
      const cost = (
        await db.query<{ money: number; credit: number; bonus: number; n: number }>(
          `SELECT coalesce(sum(credited_cents) FILTER (WHERE payout = 'money'), 0)::int AS money, coalesce(sum(credited_cents) FILTER (WHERE payout = 'credit'), 0)::int AS credit,
                  coalesce(sum(bonus_cents), 0)::int AS bonus, count(*)::int AS n FROM trade_ins WHERE status = 'credited'`,
        )
      ).rows[0]!;
      return { policy: await policy(), categories, products, cost: { money: euros(cost.money), credit: euros(cost.credit), bonus: euros(cost.bonus), trade_ins: cost.n } };
    },

    /** An admin sets the table (in the audit log, before and after); a category or product must exist. */
    async setPolicy(by: Staff, next: TradeInPolicy): Promise<TradeInSettings> {
      await db.transaction(async (tx) => {
        const categories = next.rules.flatMap((rule) => (rule.category_id === null ? [] : [rule.category_id]));
        const products = next.rules.flatMap((rule) => (rule.product_id === null ? [] : [rule.product_id]));
        const known = await tx.query<{ categories: number; products: number }>(
          'SELECT (SELECT count(*)::int FROM categories WHERE id = ANY($1::int[])) AS categories, (SELECT count(*)::int FROM products WHERE id = ANY($2::int[])) AS products',
          [categories, products],
        );
        if (known.rows[0]!.categories !== new Set(categories).size || known.rows[0]!.products !== new Set(products).size) throw fieldError('rules', 'category_unknown');
        const before = await policy(tx);
        await saveTradeInPolicy(tx, next);
        await recordAudit(tx, { staffId: by.staff_id, action: 'settings.trade_in', targetType: 'setting', targetId: 'trade_in', before, after: next });
      });
      return service.settings();
    },
  };
  return service;
}

function staffEntry(row: TradeInRow): TradeInStaffEntry {
  return {
    ...tradeInOf(row),
    customer: { id: row.customer_id, name: `${row.first_name} ${row.last_name}`.trim(), email: row.email },
    product_code: `${row.product_id}-${row.child_id}`,
    condition: row.condition,
    listing_id: row.listing_id,
  };
}

export type TradeInService = ReturnType<typeof tradeInService>;

export default fp(
  async function tradeInPlugin(app: FastifyInstance) {
    const service = tradeInService(app);
    app.decorate('tradeIns', service);
    // A re-price nobody answered: looked for every hour, once across instances.
    app.jobs.define('trade-in-unanswered', async () => {
      const returned = await service.returnUnanswered();
      if (returned.length) app.log.info({ trade_ins: returned }, 'trade-ins re-priced and not answered: sent back');
    });
    app.jobs.every('trade-in-unanswered', '40 * * * *');
  },
  { name: 'trade-ins', dependencies: ['config', 'clock', 'db', 'jobs', 'mail-outbox', 'accounts', 'wallet'] },
);
