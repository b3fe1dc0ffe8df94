import { CURRENCY_SYMBOL_CODE, type CheckoutSummary, type DiscountCodeResult, type Quote } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { QuoteRequest as QuoteRequestSchema, SummaryRequest as SummaryRequestSchema } from '@preloved/contract';
import { apiError, fieldError } from '../../core/errors';
import type { ContentLanguage } from '../../core/language';
import { shopperEmail } from '../identity/shopper-email';
import type { CheckoutPiece, DiscountCodeRow, Shopper } from './checkout-repository';
import { euros } from '../../core/money';
import { deliveryPrices, price, type FeeConfig, type Priced } from './pricing';
import type { BundleLine, PackageSeller } from '@preloved/contract';
import { LostPieces, lostError } from './checkout-refusals';

type QuoteInput = z.output<typeof QuoteRequestSchema>;
type SummaryInput = z.output<typeof SummaryRequestSchema>;

/**
 * The bag as checkout prices it: its pieces (a customer's bag or a guest's ids), a discount code and
 * its rules, a pickup point; the quote, the first step's summary and a code's check, all by `price`.
 */
export function createQuote(app: FastifyInstance, config: FeeConfig = app.config) {
  const repo = app.checkoutRepository;

  /** `price` with the sellers' bundle tiers as they are now: one package, one shipping fee and one bundle line per seller. */
  async function priceOf(pieces: CheckoutPiece[], option: 'home' | 'pickup', discount: Parameters<typeof price>[2]): Promise<Priced> {
    return price(pieces, option, discount, config, await app.bundlesRepository.tiersOf(pieces.map((piece) => piece.seller_id)));
  }

  /** The priced bundles as answer lines, with their sellers' first names. */
  const bundleLines = (priced: Priced, pieces: CheckoutPiece[]): BundleLine[] =>
    (priced.bundles ?? []).map((line) => ({
      seller_id: line.seller_id,
      FirstName: pieces.find((piece) => piece.seller_id === line.seller_id)?.seller_first_name ?? '',
      pieces: line.pieces,
      percent_off: line.percent,
      discount: euros(line.discount),
    }));

  /** Each package's seller and, for a business, its trader details (the consumer notice at checkout). */
  const packageSellers = async (pieces: CheckoutPiece[]): Promise<PackageSeller[]> => {
    const sellers = [...new Map(pieces.map((piece) => [piece.seller_id, piece.seller_first_name])).entries()];
    const traders = await app.tradersRepository.traders(sellers.map(([id]) => id));
    return sellers.map(([id, firstName]) => ({ seller_id: id, FirstName: firstName, trader: traders.get(id) ?? null }));
  };

  /**
   * The pieces being bought: the server bag of a customer, the listed ids of a guest; titled in
   * `lang` for an answer (an order keeps the English title its mails use).
   */
  async function piecesOf(customerId: number | null, cart: number[] | undefined, lang: ContentLanguage = 'en', buyerEmail?: string, dropLost = false): Promise<CheckoutPiece[]> {
    let pieces: CheckoutPiece[];
    if (customerId !== null) {
      pieces = await repo.bagPieces(customerId, app.clock.now(), lang);
    } else {
      const ids = [...new Set(cart ?? [])];
      pieces = await repo.pieces(ids, lang);
      if (pieces.length < ids.length) throw apiError(422, 'unknown_listing', { fields: [{ field: 'cart', key: 'unknown_listing' }] });
    }
    if (pieces.length === 0) throw apiError(422, 'empty_bag', { fields: [{ field: 'cart', key: 'empty_bag' }] });
    // Nobody buys their own piece: not signed in as the seller, nor as a guest with the seller's e-mail.
    const buyer = buyerEmail === undefined ? null : shopperEmail(buyerEmail);
    const own = pieces.find((piece) => piece.seller_id === customerId || (buyer !== null && shopperEmail(piece.seller_email) === buyer));
    if (own) throw apiError(422, 'own_listing', { params: { title: own.title }, fields: [{ field: 'cart', key: 'own_listing' }] });
    if (dropLost) {
      const buyable = pieces.filter((piece) => piece.available);
      if (buyable.length === 0) throw apiError(422, 'empty_bag', { fields: [{ field: 'cart', key: 'empty_bag' }] });
      return buyable;
    }
    const lost = pieces.filter((piece) => !piece.available).map((piece) => ({ listing_id: piece.listing_id, title: piece.title }));
    if (lost.length) throw new LostPieces(lost);
    return pieces;
  }

  /** A code usable here: known, active, within its dates and not a main-store (wallet) code (spec §9). */
  async function discountOf(code: string | undefined, field = 'discount_code'): Promise<DiscountCodeRow | null> {
    if (code === undefined) return null;
    const row = await repo.discountCode(code);
    if (!row || !row.active || row.scope !== 'storefront') throw fieldError(field, 'invalid_discount_code');
    const now = app.clock.now().getTime();
    if ((row.starts_at !== null && new Date(row.starts_at).getTime() > now) || (row.ends_at !== null && new Date(row.ends_at).getTime() <= now)) {
      throw fieldError(field, 'discount_code_expired');
    }
    return row;
  }

  /** The code's rules for this order: its minimum, and (when the shopper is known) its uses and "first order only". */
  async function checkRules(discount: DiscountCodeRow | null, subtotal: number, shopper: Shopper | null, field = 'discount_code'): Promise<void> {
    if (!discount) return;
    if (discount.min_order_cents !== null && subtotal < discount.min_order_cents) throw fieldError(field, 'discount_code_min_order');
    const refusal = shopper ? await repo.shopperRefusal(discount, shopper) : discount.max_uses !== null && discount.uses >= discount.max_uses ? 'discount_code_used_up' : null;
    if (refusal) throw fieldError(field, refusal);
    // A first-order code welcomes a proven e-mail only; an account's is proven by its
    // confirmation, a guest's by the code mailed at checkout (checked when paying: `proveGuest`).
    if (discount.first_order_only && shopper?.customerId != null && !(await repo.emailVerified(shopper.customerId))) {
      throw fieldError(field, 'first_order_code_needs_verified_email');
    }
  }

  /** A signed-in customer as a code's rules count them; null for a guest (known when paying). */
  async function customerShopper(customerId: number | null): Promise<Shopper | null> {
    if (customerId === null) return null;
    return { customerId, email: shopperEmail((await repo.customerEmail(customerId)) ?? '') };
  }

  async function pickupPointOf(option: 'home' | 'pickup', pickupPointId: number | undefined): Promise<number | null> {
    if (option === 'home') return null;
    if (pickupPointId === undefined) throw fieldError('pickup_point_id', 'no_pickup_point');
    if (!(await repo.pickupPoint(pickupPointId))) throw apiError(404, 'pickup_point_not_found');
    return pickupPointId;
  }

  /** The verification fee line, absent when the store checks nothing (VERIFICATION_MODE=none): a fee must buy what it names. */
  const verificationLine = (cents: number) => (config.VERIFICATION_MODE === 'none' ? {} : { verification: euros(cents) });

  async function quote(customerId: number | null, input: QuoteInput, lang: ContentLanguage = 'en'): Promise<Quote> {
    const pickupPointId = await pickupPointOf(input.delivery_option, input.pickup_point_id);
    const discount = await discountOf(input.discount_code);
    const pieces = await piecesOf(customerId, input.cart, lang).catch((error: unknown) => {
      if (error instanceof LostPieces) throw lostError(error.lost);
      throw error;
    });
    const priced = await priceOf(pieces, input.delivery_option, discount);
    await checkRules(discount, priced.subtotal - priced.bundle_discount, await customerShopper(customerId));
    return {
      lines: pieces.map((piece) => ({
        listing_id: piece.listing_id,
        title: piece.title,
        photo: piece.photo,
        FirstName: piece.seller_first_name,
        options: { O1Child: piece.colour, O2Child: piece.size },
        condition_description: piece.condition_description,
        price: euros(piece.price_cents),
        currency_symb_code: CURRENCY_SYMBOL_CODE,
      })),
      subtotal: euros(priced.subtotal),
      fees: {
        processing: euros(priced.processing),
        ...verificationLine(priced.verification),
        shipping: euros(priced.shipping),
        delivery: euros(priced.delivery),
        discount: euros(priced.discount),
        bundle_discount: euros(priced.bundle_discount),
      },
      total: euros(priced.total),
      currency_symb_code: CURRENCY_SYMBOL_CODE,
      delivery_option: input.delivery_option,
      pickup_point_id: pickupPointId,
      discount_code: discount?.code ?? null,
      packages: priced.packages,
      bundles: bundleLines(priced, pieces),
      sellers: await packageSellers(pieces),
    };
  }

  /**
   * The order summary from the first step: every fee line of the pieces that can be
   * bought, each delivery option's price, and the total once an option is chosen; all by `price`.
   */
  async function summary(customerId: number | null, input: SummaryInput, lang: ContentLanguage = 'en'): Promise<CheckoutSummary> {
    const discount = await discountOf(input.discount_code);
    const pieces = await piecesOf(customerId, input.cart, lang, undefined, true);
    const option = input.delivery_option ?? null;
    const priced = await priceOf(pieces, option ?? 'pickup', discount);
    await checkRules(discount, priced.subtotal - priced.bundle_discount, await customerShopper(customerId));
    const options = deliveryPrices(pieces, config);
    return {
      subtotal: euros(priced.subtotal),
      fees: {
        processing: euros(priced.processing),
        ...verificationLine(priced.verification),
        shipping: euros(priced.shipping),
        delivery: option === null ? 0 : euros(priced.delivery),
        discount: euros(priced.discount),
        bundle_discount: euros(priced.bundle_discount),
      },
      before_delivery: euros(priced.subtotal + priced.processing + priced.verification - priced.discount - priced.bundle_discount),
      delivery_prices: { home: euros(options.home), pickup: euros(options.pickup) },
      delivery_option: option,
      total: option === null ? null : euros(priced.total),
      packages: priced.packages,
      bundles: bundleLines(priced, pieces),
      sellers: await packageSellers(pieces),
      currency_symb_code: CURRENCY_SYMBOL_CODE,
    };
  }

  async function discountCode(customerId: number | null, code: string, cart: number[] | undefined): Promise<DiscountCodeResult> {
    // The bag first: with an empty bag (or one of unknown pieces) the check says nothing about the
    // code, so guessing codes needs a real bag (and is throttled: see checkoutLimits).
    const pieces = await piecesOf(customerId, cart).catch((error: unknown) => {
      if (error instanceof LostPieces) throw lostError(error.lost);
      throw error;
    });
    const discount = (await discountOf(code, 'code'))!;
    const priced = await priceOf(pieces, 'pickup', discount);
    await checkRules(discount, pieces.length ? priced.subtotal - priced.bundle_discount : Infinity, await customerShopper(customerId), 'code');
    return {
      code: discount.code,
      percent_off: discount.percent_off,
      amount_off: discount.amount_off_cents === null ? null : euros(discount.amount_off_cents),
      discount: euros(priced.discount),
      first_order_only: discount.first_order_only,
    };
  }

  return { priceOf, piecesOf, discountOf, checkRules, customerShopper, pickupPointOf, quote, summary, discountCode };
}
