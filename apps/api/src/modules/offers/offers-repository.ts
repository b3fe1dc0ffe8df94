import { BRAND_ID, CURRENCY_SYMBOL_CODE, type Offer, type OfferReason, type OfferStatus } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { productText, type ContentLanguage } from '../../core/language';
import { euros } from '../../core/money';

declare module 'fastify' {
  interface FastifyInstance {
    offersRepository: OffersRepository;
  }
}

type Stamp = Date | string | null;

export interface OfferRow {
  id: number;
  listing_id: number;
  product_id: number;
  variant_id: number;
  title: string;
  photo: string;
  colour: string;
  size: string;
  price_cents: number;
  listing_price_cents: number;
  listing_status: 'active' | 'archived' | 'sold';
  seller_id: number;
  seller_name: string;
  seller_email: string;
  country: string;
  buyer_id: number;
  buyer_name: string;
  buyer_email: string;
  seller_language: string;
  seller_time_zone: string;
  buyer_language: string;
  buyer_time_zone: string;
  created_at: Date | string;
  answer_by: Date | string;
  accepted_at: Stamp;
  buy_by: Stamp;
  declined_at: Stamp;
  withdrawn_at: Stamp;
  purchased_at: Stamp;
  counter_price_cents: number | null;
  offered_price_cents: number | null;
  countered_at: Stamp;
  counter_by: Stamp;
  counter_declined_at: Stamp;
  in_bag: boolean;
}

/**
 * The one rule pricing a piece bought through an accepted offer, as SQL over an offer
 * row `o` and its listing `l`: the offer's price, or the listing's when it has fallen below it
 * (smart pricing's cuts, the seller), so the buyer never pays more than the listing's price. With no
 * offer (a LEFT JOIN's NULLs) it is the listing's price: LEAST ignores NULLs. The bag, the quote and
 * summary, the payment, the order's lines and so the seller's deposit all read it; the browser shows
 * it by the contract's `offerPayPrice`.
 */
export const offerLinePriceSql = (o = 'o', l = 'l') => `least(${o}.price_cents, ${l}.price_cents)`;

const time = (value: Date | string) => new Date(value).getTime();
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * An offer's state at `now`, from its timestamps and its listing (spec §4). Nothing is written when a
 * window closes: the state is what the timestamps say, so there is no job to run and no moment at
 * which the database and the rule disagree.
 */
export function stateOf(row: OfferRow, now: Date): { status: OfferStatus; reason: OfferReason | null; expiresAt: string | null } {
  const at = now.getTime();
  if (row.purchased_at) return { status: 'archived', reason: 'purchased', expiresAt: null };
  if (row.withdrawn_at) return { status: 'archived', reason: 'withdrawn', expiresAt: null };
  if (row.declined_at) return { status: 'declined', reason: 'seller_declined', expiresAt: null };
  if (row.counter_declined_at) return { status: 'declined', reason: 'buyer_declined', expiresAt: null };
  if (row.accepted_at) {
    if (time(row.buy_by!) <= at) return { status: 'expired', reason: 'buyer_timeout', expiresAt: null };
    if (row.listing_status !== 'active') return { status: 'archived', reason: 'listing_unavailable', expiresAt: null };
    return { status: 'accepted', reason: null, expiresAt: iso(row.buy_by!) };
  }
  if (row.countered_at) {
    // The seller answered with a counter-price: the buyer's answer window runs.
    if (time(row.counter_by!) <= at) return { status: 'expired', reason: 'counter_timeout', expiresAt: null };
    if (row.listing_status !== 'active') return { status: 'archived', reason: 'listing_unavailable', expiresAt: null };
    return { status: 'countered', reason: null, expiresAt: iso(row.counter_by!) };
  }
  if (time(row.answer_by) <= at) return { status: 'expired', reason: 'seller_timeout', expiresAt: null };
  if (row.listing_status !== 'active') return { status: 'archived', reason: 'listing_unavailable', expiresAt: null };
  return { status: 'active', reason: null, expiresAt: iso(row.answer_by) };
}

export function toOffer(row: OfferRow, customerId: number, now: Date): Offer {
  const state = stateOf(row, now);
  return {
    id: row.id,
    listing_id: row.listing_id,
    product_brand_id: row.product_id,
    variant_id: row.variant_id,
    title: row.title,
    photo: row.photo,
    options: { O1Child: row.colour, O2Child: row.size },
    price: euros(row.price_cents),
    offered_price: euros(row.offered_price_cents ?? row.price_cents),
    counter_price: row.counter_price_cents === null ? null : euros(row.counter_price_cents),
    listing_price: euros(row.listing_price_cents),
    currency_symb_code: CURRENCY_SYMBOL_CODE,
    listed_by: row.seller_name,
    country: row.country,
    buyer: row.buyer_name,
    role: row.buyer_id === customerId ? 'buyer' : 'seller',
    status: state.status,
    reason: state.reason,
    created_at: iso(row.created_at),
    expires_at: state.expiresAt,
    in_bag: row.in_bag,
  };
}

// The seller's country is that of their default address (their first one otherwise); PT, the
// store's country, for a seller with no address yet.
const offerSql = (lang: ContentLanguage = 'en') => `
  SELECT o.id, o.listing_id, l.product_id, l.variant_id, ${productText('p', 'title', lang)} AS title, coalesce(l.photos[1], '') AS photo, col.name AS colour, l.size,
         o.price_cents, l.price_cents AS listing_price_cents, l.status AS listing_status,
         o.seller_id, s.first_name AS seller_name, s.email AS seller_email,
         coalesce((SELECT a.country FROM addresses a WHERE a.customer_id = o.seller_id ORDER BY a.is_default DESC, a.id LIMIT 1), 'PT') AS country,
         o.buyer_id, b.first_name AS buyer_name, b.email AS buyer_email,
         s.language AS seller_language, s.time_zone AS seller_time_zone, b.language AS buyer_language, b.time_zone AS buyer_time_zone,
         o.created_at, o.answer_by, o.accepted_at, o.buy_by, o.declined_at, o.withdrawn_at, o.purchased_at,
         o.counter_price_cents, o.offered_price_cents, o.countered_at, o.counter_by, o.counter_declined_at,
         EXISTS (SELECT 1 FROM bag_lines bl WHERE bl.customer_id = o.buyer_id AND bl.offer_id = o.id) AS in_bag
  FROM offers o
  JOIN listings l ON l.id = o.listing_id
  JOIN products p ON p.id = l.product_id
  JOIN colours col ON col.id = l.colour_id
  JOIN customers s ON s.id = o.seller_id
  JOIN customers b ON b.id = o.buyer_id`;

/** Offers not closed by an event (declined by either side, withdrawn, bought); their windows are checked apart. */
const OPEN = `o.declined_at IS NULL AND o.counter_declined_at IS NULL AND o.withdrawn_at IS NULL AND o.purchased_at IS NULL`;

/** The offer's current window is still open at the parameter `at`: the seller's answer, the buyer's answer to a counter, or the buy window. */
const LIVE = (at: string) => `((o.accepted_at IS NULL AND o.countered_at IS NULL AND o.answer_by > ${at})
  OR (o.accepted_at IS NULL AND o.countered_at IS NOT NULL AND o.counter_by > ${at})
  OR (o.accepted_at IS NOT NULL AND o.buy_by > ${at}))`;
/** The offer's current window closed at or before `at`. */
const CLOSED = (at: string) => `((o.accepted_at IS NULL AND o.countered_at IS NULL AND o.answer_by <= ${at})
  OR (o.accepted_at IS NULL AND o.countered_at IS NOT NULL AND o.counter_by <= ${at})
  OR (o.accepted_at IS NOT NULL AND o.buy_by <= ${at}))`;

/** The most offers each list answers (newest first): a page, never an unbounded list. */
export const OFFER_LIST_LIMIT = 100;

export function offersRepository(db: Queryable) {
  /** An offer; its piece's title in `lang` (the mails read it in English). */
  const byId = async (id: number, tx: Queryable = db, lang: ContentLanguage = 'en'): Promise<OfferRow | null> =>
    (await tx.query<OfferRow>(`${offerSql(lang)} WHERE o.id = $1`, [id])).rows[0] ?? null;

  return {
    byId,

    /** The listing an offer is made on, locked for the rest of the transaction (one open offer per buyer and listing). */
    async lockListing(listingId: number, tx: Queryable): Promise<{ seller_id: number; status: string; price_cents: number } | null> {
      const { rows } = await tx.query<{ seller_id: number; status: string; price_cents: number }>(
        'SELECT seller_id, status, price_cents FROM listings WHERE id = $1 AND brand_id = $2 FOR UPDATE',
        [listingId, BRAND_ID],
      );
      return rows[0] ?? null;
    },

    /** Whether the buyer has an offer on the listing that is still waiting for an answer or to be bought at `now`. */
    async hasOpen(buyerId: number, listingId: number, now: Date, tx: Queryable): Promise<boolean> {
      const { rows } = await tx.query(
        `SELECT 1 FROM offers o WHERE o.buyer_id = $1 AND o.listing_id = $2 AND ${OPEN} AND ${LIVE('$3')}`,
        [buyerId, listingId, now],
      );
      return rows.length > 0;
    },

    async create(
      input: { listingId: number; buyerId: number; sellerId: number; priceCents: number; listingPriceCents: number; now: Date; answerBy: Date },
      tx: Queryable,
    ): Promise<number> {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO offers (listing_id, buyer_id, seller_id, price_cents, listing_price_cents, created_at, answer_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [input.listingId, input.buyerId, input.sellerId, input.priceCents, input.listingPriceCents, input.now, input.answerBy],
      );
      return rows[0]!.id;
    },

    /**
     * The seller's answer, as ONE conditional update: only an offer still waiting (not answered, not
     * withdrawn, answer window open, listing on sale) changes, so of any number of concurrent
     * accepts and declines exactly one wins and the rest find nothing to change.
     */
    async answer(offerId: number, sellerId: number, accept: boolean, now: Date, buyBy: Date, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query(
        `UPDATE offers o SET ${accept ? 'accepted_at = $3, buy_by = $4' : 'declined_at = $3'}
         WHERE o.id = $1 AND o.seller_id = $2 AND o.accepted_at IS NULL AND o.countered_at IS NULL AND ${OPEN} AND o.answer_by > $3
           AND EXISTS (SELECT 1 FROM listings l WHERE l.id = o.listing_id AND l.status = 'active')
         RETURNING o.id`,
        accept ? [offerId, sellerId, now, buyBy] : [offerId, sellerId, now],
      );
      return rows.length > 0;
    },

    /**
     * Accepts, as of `now`, every offer still waiting for an answer whose listing's price has come
     * down to it or below (smart pricing): the seller would sell for less than the offer anyway.
     * One conditional update, like a seller's answer; answers the ids it accepted.
     */
    async acceptReachedByPrice(now: Date, buyBy: Date, tx: Queryable = db): Promise<number[]> {
      const { rows } = await tx.query<{ id: number }>(
        `UPDATE offers o SET accepted_at = $1, buy_by = $2
         FROM listings l
         WHERE l.id = o.listing_id AND l.status = 'active' AND l.price_cents <= o.price_cents
           AND o.accepted_at IS NULL AND o.countered_at IS NULL AND ${OPEN} AND o.answer_by > $1
         RETURNING o.id`,
        [now, buyBy],
      );
      return rows.map((row) => row.id);
    },

    /** The buyer takes back an offer still waiting for an answer or accepted and not bought. */
    async withdraw(offerId: number, buyerId: number, now: Date, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query(
        `UPDATE offers o SET withdrawn_at = $3
         WHERE o.id = $1 AND o.buyer_id = $2 AND ${OPEN} AND ${LIVE('$3')}
         RETURNING o.id`,
        [offerId, buyerId, now],
      );
      if (rows.length) await tx.query('UPDATE bag_lines SET offer_id = NULL WHERE offer_id = $1', [offerId]);
      return rows.length > 0;
    },

    /**
     * A page of the offers the customer made (newest first) and received. Received offers leave out
     * withdrawn ones and put the live ones (to answer, or accepted and not yet bought) first, so no
     * number of old offers pushes one the seller must answer off the first page.
     */
    async lists(
      customerId: number,
      now: Date,
      page = 1,
      lang: ContentLanguage = 'en',
      tx: Queryable = db,
      listingId: number | null = null,
    ): Promise<{ made: OfferRow[]; received: OfferRow[]; madeTotal: number; receivedTotal: number }> {
      const offset = (page - 1) * OFFER_LIST_LIMIT;
      const made = await tx.query<OfferRow>(
        `${offerSql(lang)} WHERE o.buyer_id = $1 AND ($4::int IS NULL OR o.listing_id = $4) ORDER BY o.created_at DESC, o.id DESC LIMIT $2 OFFSET $3`,
        [customerId, OFFER_LIST_LIMIT, offset, listingId],
      );
      const received = await tx.query<OfferRow>(
        `${offerSql(lang)} WHERE o.seller_id = $1 AND o.withdrawn_at IS NULL AND ($5::int IS NULL OR o.listing_id = $5)
         ORDER BY (${OPEN} AND ${LIVE('$4')}) DESC, o.created_at DESC, o.id DESC
         LIMIT $2 OFFSET $3`,
        [customerId, OFFER_LIST_LIMIT, offset, now, listingId],
      );
      const { rows } = await tx.query<{ made: number; received: number }>(
        `SELECT count(*) FILTER (WHERE buyer_id = $1)::int AS made, count(*) FILTER (WHERE seller_id = $1 AND withdrawn_at IS NULL)::int AS received
         FROM offers WHERE (buyer_id = $1 OR seller_id = $1) AND ($2::int IS NULL OR listing_id = $2)`,
        [customerId, listingId],
      );
      return { made: made.rows, received: received.rows, madeTotal: rows[0]!.made, receivedTotal: rows[0]!.received };
    },

    /** What an offer's feed entries say: who, how much, the piece's title in each language. */
    async feedFacts(offerId: number, tx: Queryable = db): Promise<{ buyer_id: number; seller_id: number; price_cents: number; counter_price_cents: number | null; title: string; title_pt: string; title_es: string } | null> {
      const { rows } = await tx.query<{ buyer_id: number; seller_id: number; price_cents: number; counter_price_cents: number | null; title: string; title_pt: string; title_es: string }>(
        `SELECT o.buyer_id, o.seller_id, o.price_cents, o.counter_price_cents, p.title, ${productText('p', 'title', 'pt')} AS title_pt, ${productText('p', 'title', 'es')} AS title_es
         FROM offers o JOIN listings l ON l.id = o.listing_id JOIN products p ON p.id = l.product_id WHERE o.id = $1`,
        [offerId],
      );
      return rows[0] ?? null;
    },

    /**
     * Marks the offers whose window closed unanswered or unbought as told, once (a conditional
     * update: two sweeps at once tell once), and answers their ids.
     */
    async takeExpiredToMail(now: Date, tx: Queryable = db): Promise<number[]> {
      const { rows } = await tx.query<{ id: number }>(
        `UPDATE offers o SET expiry_mailed_at = $1
         WHERE o.expiry_mailed_at IS NULL AND ${OPEN} AND ${CLOSED('$1')}
         RETURNING o.id`,
        [now],
      );
      return rows.map((row) => row.id);
    },

    /**
     * The seller's one counter-price, as ONE conditional update like an answer:
     * only an offer still waiting for the seller (not answered, not countered, window open, listing
     * on sale) whose counter lies strictly between the offer and the listing's price now changes.
     */
    async counter(offerId: number, sellerId: number, priceCents: number, now: Date, counterBy: Date, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query(
        `UPDATE offers o SET counter_price_cents = $3, countered_at = $4, counter_by = $5
         WHERE o.id = $1 AND o.seller_id = $2 AND o.accepted_at IS NULL AND o.countered_at IS NULL AND ${OPEN} AND o.answer_by > $4
           AND o.price_cents < $3
           AND EXISTS (SELECT 1 FROM listings l WHERE l.id = o.listing_id AND l.status = 'active' AND l.price_cents > $3)
         RETURNING o.id`,
        [offerId, sellerId, priceCents, now, counterBy],
      );
      return rows.length > 0;
    },

    /**
     * The buyer's answer to a counter-offer, one conditional update: accepted, the offer is accepted
     * at the counter price (or the listing's price, if it has come down below it meanwhile) and its
     * buy window starts; the buyer's own price stays in offered_price_cents.
     */
    async answerCounter(offerId: number, buyerId: number, accept: boolean, now: Date, buyBy: Date, tx: Queryable = db): Promise<boolean> {
      const { rows } = accept
        ? await tx.query(
            `UPDATE offers o SET accepted_at = $3, buy_by = $4, offered_price_cents = o.price_cents, price_cents = least(o.counter_price_cents, l.price_cents)
             FROM listings l
             WHERE l.id = o.listing_id AND l.status = 'active'
               AND o.id = $1 AND o.buyer_id = $2 AND o.countered_at IS NOT NULL AND o.accepted_at IS NULL AND ${OPEN} AND o.counter_by > $3
             RETURNING o.id`,
            [offerId, buyerId, now, buyBy],
          )
        : await tx.query(
            `UPDATE offers o SET counter_declined_at = $3
             WHERE o.id = $1 AND o.buyer_id = $2 AND o.countered_at IS NOT NULL AND o.accepted_at IS NULL AND ${OPEN} AND o.counter_by > $3
             RETURNING o.id`,
            [offerId, buyerId, now],
          );
      return rows.length > 0;
    },

    /** An offer of the buyer's for the listing, accepted and still buyable at `now`. */
    async buyable(offerId: number, buyerId: number, listingId: number, now: Date, tx: Queryable = db): Promise<boolean> {
      const { rows } = await tx.query(
        `SELECT 1 FROM offers o WHERE o.id = $1 AND o.buyer_id = $2 AND o.listing_id = $3 AND ${OPEN}
           AND o.accepted_at IS NOT NULL AND o.buy_by > $4`,
        [offerId, buyerId, listingId, now],
      );
      return rows.length > 0;
    },

    /**
     * In the order's transaction: the offers the order is priced by are bought now, each once and
     * only while still buyable; answers the ids that were (fewer than asked = some window closed).
     */
    async markPurchased(offerIds: number[], orderId: number, now: Date, tx: Queryable): Promise<number[]> {
      if (offerIds.length === 0) return [];
      const { rows } = await tx.query<{ id: number }>(
        `UPDATE offers o SET purchased_at = $3, order_id = $2
         WHERE o.id = ANY($1::int[]) AND ${OPEN} AND o.accepted_at IS NOT NULL AND o.buy_by > $3
         RETURNING o.id`,
        [offerIds, orderId, now],
      );
      return rows.map((row) => row.id);
    },
  };
}
export type OffersRepository = ReturnType<typeof offersRepository>;

export default fp(
  async function offersRepositoryPlugin(app: FastifyInstance) {
    app.decorate('offersRepository', offersRepository(app.db));
  },
  { name: 'offers-repository', dependencies: ['db'] },
);
