import { createHash } from 'node:crypto';
import { CURRENCY_SYMBOL_CODE, errorSentence, type CheckoutSummary, type ErrorCode, type DiscountCodeResult, type OrderAddress, type PaymentResult, type Quote } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { PaymentRequest as PaymentRequestSchema, QuoteRequest as QuoteRequestSchema, SummaryRequest as SummaryRequestSchema } from '@preloved/contract';
import type { Config } from '../../config';
import { addBusinessDays, lisbonDate } from '../../core/business-days';
import { apiError, fieldError, HttpError } from '../../core/errors';
import type { ContentLanguage } from '../../core/language';
import { randomToken, tokenHash } from '../identity/passwords';
import { MAX_ADDRESSES } from '../addresses/address-book';
import { shopperEmail } from '../identity/shopper-email';
import type { Limit } from '../../core/throttle';
import type { CheckoutPiece, CodeRefusal, DiscountCodeRow, Shopper } from './checkout-repository';
import { euros } from '../../core/money';
import { deliveryPrices, price, type FeeConfig, type Priced } from './pricing';
import type { BundleLine } from '@preloved/contract';
import { isIntentProvider, type IntentState } from '../payments/payment-provider';
import type { AttemptRow } from '../payments/payment-attempts-repository';
import { DEFAULT_TIME_ZONE } from '../../core/mail/mail-texts';

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutService;
  }
}

type QuoteInput = z.output<typeof QuoteRequestSchema>;
type SummaryInput = z.output<typeof SummaryRequestSchema>;
type PaymentInput = z.output<typeof PaymentRequestSchema>;

/** What an answer of the payment calls is: its status and body, stored with the Idempotency-Key. */
export interface Outcome {
  status: 200 | 402 | 404 | 409 | 422;
  body: PaymentResult | { statusCode: number; error: string; code: string; message: string; params?: Record<string, string | number>; fields?: { field: string; key: string }[]; lost?: { listing_id: number; title: string }[] };
}

/** Everything an order needs once the money is held; kept while the card's extra step is pending. */
interface Pending {
  customerId: number | null;
  email: string;
  pieces: CheckoutPiece[];
  priced: Priced;
  discountCode: string | null;
  deliveryOption: 'home' | 'pickup';
  pickupPointId: number | null;
  address: OrderAddress;
  saveAddress: boolean;
  /**
   * `fingerprint`: the payment method as the provider recognises it (issue 41), known for a card
   * before it is held, for an intent once it succeeded; only kept for an order with a first-order code.
   */
  authorization: { id: string; cardBrand: string; last4: string; fingerprint?: string | null };
  /** When the card asked for its extra step (ISO); the confirmation expires PAYMENT_ACTION_MINUTES later. */
  actionAt?: string;
  /** The shopper's language and time zone, for the order's mails (absent in attempts kept from before). */
  language?: ContentLanguage;
  timeZone?: string;
}

class LostPieces extends Error {
  constructor(public lost: { listing_id: number; title: string }[]) {
    super('pieces lost');
  }
}

/**
 * The code's rules refused the order in its transaction (another order of the shopper got there
 * first, or the payment method already had a first-order code).
 */
class CodeRefused extends Error {
  constructor(public key: CodeRefusal | FirstOrderRefusal) {
    super(key);
  }
}

const ERROR_NAMES: Record<number, string> = { 402: 'Payment Required', 404: 'Not Found', 409: 'Conflict', 422: 'Unprocessable Entity' };
/** A refusal of the payment calls (kept with its attempt, answered again to a repeat): code, English message, more. */
const refusal = (
  status: Exclude<Outcome['status'], 200>,
  code: string,
  extra: { fields?: { field: string; key: string }[]; lost?: { listing_id: number; title: string }[]; params?: Record<string, string | number>; message?: string } = {},
): Outcome => {
  const { message, ...rest } = extra;
  return { status, body: { statusCode: status, error: ERROR_NAMES[status] ?? 'Error', code, message: message ?? errorSentence(code as ErrorCode, rest.params), ...rest } };
};

const isRefusal = (status: number): status is 402 | 404 | 409 | 422 => [402, 404, 409, 422].includes(status);

/** `refunded`: the money was taken (a provider the page paid through) and is given back in full. */
/** The 409 of pieces sold meanwhile (named in `lost`): its code, params and English message. */
const lostRefusal = (lost: { title: string }[], paying: boolean | 'refunded') => {
  const code: ErrorCode = paying === 'refunded' ? 'pieces_lost_refunded' : paying ? 'pieces_lost_not_charged' : 'pieces_lost';
  const params = { titles: lost.map((piece) => `"${piece.title}"`).join(', ') };
  return { code, params, message: errorSentence(code, params) };
};
const lostError = (lost: { listing_id: number; title: string }[]) => {
  const { code, params } = lostRefusal(lost, false);
  return apiError(409, code, { params, extra: { lost } });
};
const totalParams = (cents: number) => ({ total: `€${euros(cents).toFixed(2)}` });

/**
 * The request as hashed for the Idempotency-Key: who asks and what, after validation. Of the card
 * only its last digits and expiry go in: an unsalted hash of a whole card number could be reversed.
 */
export const requestHash = (customerId: number | null, body: PaymentInput) => {
  const { card, ...rest } = body;
  const cardSeen = card ? { last4: card.number.slice(-4), exp_month: card.exp_month, exp_year: card.exp_year } : null;
  return createHash('sha256').update(JSON.stringify({ customerId, body: rest, card: cardSeen })).digest('hex');
};

/** Why a first-order code is refused for the payment method (issue 41): used for one before, or not recognisable. */
type FirstOrderRefusal = 'first_order_code_card_used' | 'first_order_code_card_used_refunded' | 'first_order_code_method_unproven_refunded';

const WAIT_STEP_MS = 50;
const WAIT_LIMIT_MS = 30_000;

export function checkoutService(app: FastifyInstance, config: FeeConfig & Pick<Config, 'PAYMENT_STALE_SECONDS' | 'PAYMENT_ACTION_MINUTES' | 'PAYMENT_LIMIT_WINDOW_SECONDS' | 'PAYMENT_MAX_ATTEMPTS' | 'PAYMENT_MAX_ATTEMPTS_PER_ADDRESS' | 'PAYMENT_MAX_DECLINES' | 'PAYMENT_MAX_DECLINES_PER_ADDRESS'> = app.config) {
  const repo = app.checkoutRepository;
  const attempts = app.paymentAttemptsRepository;

  /** `price` with the sellers' bundle tiers as they are now (issue 29): one package, one shipping fee and one bundle line per seller. */
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
    // Issue 41: a first-order code welcomes a proven e-mail only; an account's is proven by its
    // confirmation, a guest's by the code mailed at checkout (checked when paying: `proveGuest`).
    if (discount.first_order_only && shopper?.customerId != null && !(await repo.emailVerified(shopper.customerId))) {
      throw fieldError(field, 'first_order_code_needs_verified_email');
    }
  }

  /**
   * A guest paying with a first-order code proves the checkout e-mail with the 6-digit code mailed to
   * it (POST /checkout/email-code). The proof is used here, before anything is charged; a missing or
   * wrong code is refused next to `email_code` (a few wrong ones kill the mailed code).
   */
  async function proveGuest(email: string, code: string | undefined): Promise<void> {
    if (code === undefined) throw fieldError('email_code', 'first_order_code_needs_email_code');
    try {
      await app.emailProofs.useCode('guest_checkout', { customerId: null, email }, code);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'email_code_wrong') throw fieldError('email_code', 'email_code_wrong');
      throw error;
    }
  }

  /**
   * Records in the order's transaction that the payment method got a first-order code; the
   * refusal when it had one before (the key makes two orders racing with one card queue) or, paid
   * through an intent, when the method has no fingerprint to recognise it by.
   */
  async function recordFirstOrderMethod(fingerprint: string | null | undefined, orderId: number, code: string, tx: Parameters<typeof repo.recordFirstOrderMethod>[4]): Promise<FirstOrderRefusal | null> {
    const intent = isIntentProvider(app.payments);
    if (!fingerprint) return 'first_order_code_method_unproven_refunded';
    if (await repo.recordFirstOrderMethod(app.payments.name, fingerprint, orderId, code, tx)) return null;
    return intent ? 'first_order_code_card_used_refunded' : 'first_order_code_card_used';
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
        verification: euros(priced.verification),
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
    };
  }

  /**
   * The order summary from the first step (issue 26): every fee line of the pieces that can be
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
        verification: euros(priced.verification),
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
      currency_symb_code: CURRENCY_SYMBOL_CODE,
    };
  }

  /** Places the order in ONE transaction; the money is captured only after it commits. */
  async function placeOrder(attemptId: string, pending: Pending): Promise<Outcome> {
    // A guest's order has two claim secrets (issue 41): the payment answer's, held by whoever paid,
    // claims this order only and only into a verified account of its e-mail; the confirmation mail's
    // link, held only by the inbox, claims it and proves the e-mail. Both for CLAIM_DAYS.
    const claimToken = pending.customerId === null ? randomToken() : null;
    const mailClaimToken = pending.customerId === null ? randomToken() : null;
    const shipBy = addBusinessDays(lisbonDate(app.clock.now()), 5);
    const ids = pending.pieces.map((piece) => piece.listing_id);
    let placed: { orderId: number; body: PaymentResult; mails: number[]; labels: number[] };
    try {
      placed = await app.db.transaction(async (tx) => {
        const sold = new Set(await app.ordersRepository.markSold(ids, tx));
        if (sold.size < ids.length) {
          throw new LostPieces(pending.pieces.filter((piece) => !sold.has(piece.listing_id)).map((piece) => ({ listing_id: piece.listing_id, title: piece.title })));
        }
        const orderNow = app.clock.now();
        const order = await app.ordersRepository.create(
          {
            customerId: pending.customerId,
            email: pending.email,
            claimHash: claimToken ? tokenHash(claimToken) : null,
            mailClaimHash: mailClaimToken ? tokenHash(mailClaimToken) : null,
            deliveryOption: pending.deliveryOption,
            pickupPointId: pending.pickupPointId,
            deliveryAddress: pending.address,
            billingAddress: pending.address,
            amounts: pending.priced,
            discountCode: pending.discountCode,
            payment: { provider: app.payments.name, reference: pending.authorization.id, cardBrand: pending.authorization.cardBrand, last4: pending.authorization.last4 },
            shipBy,
            createdAt: orderNow,
            language: pending.language ?? 'en',
            timeZone: pending.timeZone ?? DEFAULT_TIME_ZONE,
            shopperEmail: shopperEmail(pending.email),
            pieces: pending.pieces,
          },
          tx,
        );
        // Pieces priced by an accepted offer: the offer is bought now, once, and only while its buy
        // window is open; otherwise the piece is lost like a sold one and everything rolls back.
        const offered = pending.pieces.filter((piece) => piece.offer_id !== null);
        const bought = new Set(await app.offersRepository.markPurchased(offered.map((piece) => piece.offer_id!), order.id, orderNow, tx));
        const missed = offered.filter((piece) => !bought.has(piece.offer_id!));
        if (missed.length) throw new LostPieces(missed.map((piece) => ({ listing_id: piece.listing_id, title: piece.title })));
        if (pending.discountCode !== null) {
          const code = await repo.discountCode(pending.discountCode, tx);
          const refused = code
            ? await repo.redeem(code, { customerId: pending.customerId, email: shopperEmail(pending.email) }, order.id, pending.priced.discount, orderNow, tx)
            : 'discount_code_used_up';
          if (refused) throw new CodeRefused(refused);
          if (code!.first_order_only) {
            const methodRefused = await recordFirstOrderMethod(pending.authorization.fingerprint, order.id, code!.code, tx);
            if (methodRefused) throw new CodeRefused(methodRefused);
          }
        }
        await app.wallet.depositSales(order.id, tx);
        if (pending.customerId !== null) {
          // The account's later mails follow the language and time zone the shopper paid in.
          if (pending.language) await app.customersRepository.setReader(pending.customerId, { language: pending.language, timeZone: pending.timeZone }, tx);
          await app.ordersRepository.clearBag(pending.customerId, ids, tx);
          if (pending.saveAddress && (await app.addressesRepository.count(pending.customerId, tx)) < MAX_ADDRESSES) {
            await app.addressesRepository.create(pending.customerId, { ...pending.address, default: false }, tx);
          }
        }
        const body: PaymentResult = {
          status: 'succeeded',
          attempt_id: attemptId,
          order_id: order.id,
          order_number: order.number,
          total: euros(pending.priced.total),
          ship_by: shipBy,
          claim_token: claimToken,
        };
        await attempts.finish(attemptId, 200, body, order.id, tx);
        // The order's mails commit with it (the outbox), and leave once it has.
        const mails = await app.orderMails.queueOrderPlaced(order.id, mailClaimToken, tx);
        // With Sendcloud, each package's label is bought after the commit (issue 42): the sale never waits for the carrier.
        const labels = await app.carrierLabels.queue(order.id, tx);
        return { orderId: order.id, body, mails, labels };
      });
    } catch (error) {
      await app.payments.void(pending.authorization.id);
      if (error instanceof CodeRefused) {
        const refused = fieldError('discount_code', error.key);
        const outcome = refusal(422, refused.code, { message: refused.message, fields: refused.fields! });
        await attempts.finish(attemptId, outcome.status, outcome.body, null);
        return outcome;
      }
      if (!(error instanceof LostPieces)) throw error;
      // Paid through an intent, the money was taken: `void` above refunded it, and the shopper is told so.
      const { code, params } = lostRefusal(error.lost, isIntentProvider(app.payments) ? 'refunded' : true);
      const outcome = refusal(409, code, { params, lost: error.lost });
      await attempts.finish(attemptId, outcome.status, outcome.body, null);
      return outcome;
    }
    const provider = app.payments;
    // An intent's money was taken when it succeeded; a card's hold is captured now.
    if (!isIntentProvider(provider)) await provider.capture(pending.authorization.id).catch((error: unknown) => {
      // The order stands; a failed capture is the payment team's to retry from the stored reference.
      app.log.error({ err: error, attemptId }, 'payment capture failed');
    });
    app.carrierLabels.buySoon(placed.labels);
    app.mailOutbox.sendSoon(placed.mails);
    return { status: 200, body: placed.body };
  }

  /** Works out and authorizes one payment attempt; every business answer becomes an Outcome. */
  /**
   * Payment velocity (card testing): attempts, and separately declined cards, per account, per e-mail
   * and per client address. A new attempt is counted before the card is asked; so is a decline, which
   * is given back when the card is not declined.
   */
  const paymentLimits = (customerId: number | null, email: string, clientAddress: string, kind: 'attempt' | 'decline'): Limit[] => {
    const [max, perAddress] = kind === 'attempt' ? [config.PAYMENT_MAX_ATTEMPTS, config.PAYMENT_MAX_ATTEMPTS_PER_ADDRESS] : [config.PAYMENT_MAX_DECLINES, config.PAYMENT_MAX_DECLINES_PER_ADDRESS];
    const windowSeconds = config.PAYMENT_LIMIT_WINDOW_SECONDS;
    return [
      ...(customerId !== null ? [{ key: `pay:${kind}:customer:${customerId}`, max, windowSeconds }] : []),
      ...(email ? [{ key: `pay:${kind}:email:${email.trim().toLowerCase()}`, max, windowSeconds }] : []),
      { key: `pay:${kind}:ip:${clientAddress}`, max: perAddress, windowSeconds },
    ];
  };

  async function process(attemptId: string, customerId: number | null, input: PaymentInput, clientAddress: string, key: string, language: ContentLanguage): Promise<Outcome> {
    let pending: Pending;
    const provider = app.payments;
    try {
      const now = new Date();
      // The card goes to a card provider through us; an intent provider's page hands it to the provider itself.
      const card = isIntentProvider(provider) ? undefined : input.card;
      if (!isIntentProvider(provider) && !card) throw fieldError('card.number', 'no_card_number');
      if (card && (card.exp_year < now.getUTCFullYear() || (card.exp_year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1))) {
        throw fieldError('card.exp_month', 'card_expired');
      }
      let email: string;
      if (customerId !== null) {
        email = (await repo.customerEmail(customerId)) ?? '';
      } else {
        if (!input.email) throw fieldError('email', 'no_email');
        email = input.email;
      }
      let address: OrderAddress;
      if (input.address_id !== undefined) {
        if (customerId === null) throw fieldError('address_id', 'no_delivery_address');
        const saved = await app.addressesRepository.find(customerId, input.address_id);
        if (!saved) throw apiError(404, 'address_not_found');
        const { id: _id, default: _default, ...fields } = saved;
        address = fields;
      } else {
        const { default: _default, ...fields } = input.address!;
        address = fields;
      }
      await app.throttle.attempt(paymentLimits(customerId, email, clientAddress, 'attempt'));
      const pickupPointId = await pickupPointOf(input.delivery_option, input.pickup_point_id);
      const discount = await discountOf(input.discount_code);
      const pieces = await piecesOf(customerId, input.cart, 'en', email);
      const priced = await priceOf(pieces, input.delivery_option, discount);
      await checkRules(discount, priced.subtotal - priced.bundle_discount, { customerId, email: shopperEmail(email) });
      if (Math.round(input.total * 100) !== priced.total) {
        return refusal(409, 'total_changed', { params: totalParams(priced.total), lost: [] });
      }
      // Issue 41: a first-order code once per card (checked now when the card is ours to see: nothing
      // is held; an intent's card is known only once it succeeded, in the order's transaction), and
      // for a guest only with the checkout e-mail proven. The proof is used last, when nothing else refuses.
      let fingerprint: string | null = null;
      if (discount?.first_order_only) {
        if (!isIntentProvider(provider)) {
          fingerprint = provider.fingerprint(card!);
          if (await repo.firstOrderMethodUsed(provider.name, fingerprint)) throw fieldError('discount_code', 'first_order_code_card_used');
        }
        if (customerId === null) await proveGuest(email, input.email_code);
      }
      const base = {
        customerId,
        email,
        pieces,
        priced,
        discountCode: discount?.code ?? null,
        deliveryOption: input.delivery_option,
        pickupPointId,
        address,
        saveAddress: input.save_address && input.address_id === undefined && customerId !== null,
        language,
        timeZone: input.time_zone ?? DEFAULT_TIME_ZONE,
      };
      if (isIntentProvider(provider)) {
        // The server's own total; our Idempotency-Key goes to the provider too, so a retry re-uses the intent.
        const intent = await provider.createIntent({ amountCents: priced.total, currency: 'EUR', reference: attemptId, idempotencyKey: key });
        pending = { ...base, authorization: { id: intent.id, cardBrand: '', last4: '' }, actionAt: app.clock.now().toISOString() };
        const body: PaymentResult = {
          status: 'requires_action',
          attempt_id: attemptId,
          order_id: null,
          order_number: null,
          total: euros(priced.total),
          ship_by: null,
          claim_token: null,
          provider: provider.name,
          client_secret: intent.clientSecret,
          publishable_key: provider.publishableKey,
        };
        await attempts.awaitAction(attemptId, pending, 200, body);
        return { status: 200, body };
      }
      const declines = paymentLimits(customerId, email, clientAddress, 'decline');
      await app.throttle.attempt(declines);
      const authorization = await provider.authorize({ amountCents: priced.total, currency: 'EUR', card: card!, reference: attemptId });
      if (authorization.status === 'declined') return refusal(402, 'payment_declined', { message: authorization.reason });
      await app.throttle.release(declines.map((limit) => limit.key));
      pending = { ...base, authorization: { id: authorization.id, cardBrand: authorization.cardBrand, last4: authorization.last4, ...(fingerprint ? { fingerprint } : {}) } };
      if (authorization.status === 'requires_action') {
        pending.actionAt = app.clock.now().toISOString();
        const body: PaymentResult = { status: 'requires_action', attempt_id: attemptId, order_id: null, order_number: null, total: euros(priced.total), ship_by: null, claim_token: null };
        await attempts.awaitAction(attemptId, pending, 200, body);
        return { status: 200, body };
      }
    } catch (error) {
      if (error instanceof LostPieces) {
        const { code, params } = lostRefusal(error.lost, true);
        return refusal(409, code, { params, lost: error.lost });
      }
      if (error instanceof HttpError && isRefusal(error.statusCode)) {
        return refusal(error.statusCode, error.code, { message: error.message, ...(error.fields ? { fields: error.fields } : {}), ...(error.params ? { params: error.params } : {}) });
      }
      throw error;
    }
    return placeOrder(attemptId, pending);
  }

  /** Waits for another request's answer to the same attempt (a concurrent duplicate). */
  async function answerOf(load: () => Promise<{ status: string; response_status: number | null; response_body: unknown } | null>): Promise<Outcome> {
    const deadline = Date.now() + WAIT_LIMIT_MS;
    for (;;) {
      const attempt = await load();
      // Its request failed before deciding anything (a limit, an error) and gave the key back: nothing to wait for.
      if (!attempt) return refusal(409, 'payment_not_processed', { lost: [] });
      if (attempt.status !== 'processing' && attempt.response_status !== null) {
        return { status: attempt.response_status as Outcome['status'], body: attempt.response_body as Outcome['body'] };
      }
      if (Date.now() > deadline) return refusal(409, 'payment_processing', { lost: [] });
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
  }

  /**
   * What stops a confirmation: the step was asked for too long ago, or a piece's price changed since
   * (smart pricing, the seller): the shopper pays only a total they saw. A piece bought through an
   * offer costs at most what was seen (the offer's price is its ceiling) and less when the listing
   * has fallen below that since (issue 42).
   */
  async function staleConfirmation(pending: Pending): Promise<Outcome | null> {
    const actionAt = pending.actionAt ? new Date(pending.actionAt).getTime() : 0;
    if (app.clock.now().getTime() - actionAt > config.PAYMENT_ACTION_MINUTES * 60_000) {
      return refusal(409, 'card_confirmation_expired', { lost: [] });
    }
    const current = new Map((await repo.pieces(pending.pieces.map((piece) => piece.listing_id))).map((piece) => [piece.listing_id, piece]));
    const repriced = pending.pieces.map((piece) => {
      const listed = current.get(piece.listing_id)?.price_cents ?? piece.price_cents;
      return { ...piece, price_cents: piece.offer_id !== null ? Math.min(piece.price_cents, listed) : listed };
    });
    if (repriced.every((piece, index) => piece.price_cents === pending.pieces[index]!.price_cents)) return null;
    const discount = pending.discountCode === null ? null : await repo.discountCode(pending.discountCode);
    const priced = await priceOf(repriced, pending.deliveryOption, discount);
    return refusal(409, 'total_changed_not_charged', { params: totalParams(priced.total), lost: [] });
  }

  /**
   * An intent's attempt taken for its settlement (the page's return or the provider's webhook, one
   * at a time): what the intent is now decides. Succeeded: the order is placed (its money refunded
   * when a piece was sold meanwhile). Failed: the attempt ends and the intent is cancelled, so the
   * pieces stay free for anyone. Still pending: the attempt goes back to waiting.
   */
  async function settleIntent(taken: AttemptRow, known?: IntentState): Promise<Outcome> {
    const provider = app.payments;
    if (!isIntentProvider(provider)) throw new Error('not an intent provider');
    const pending = taken.pending as Pending;
    try {
      const state = known ?? (await provider.retrieveIntent(pending.authorization.id));
      if (state.status === 'pending') {
        await attempts.reopen(taken.id);
        return { status: 200, body: taken.response_body as PaymentResult };
      }
      if (state.status === 'failed') {
        await provider.void(state.id);
        const outcome = refusal(402, 'payment_declined', { message: state.reason });
        await attempts.finish(taken.id, outcome.status, outcome.body, null);
        return outcome;
      }
      if (state.amountCents !== pending.priced.total) {
        // Succeeded for another amount than the order's total (issue 42): no order; what was taken goes back in full.
        app.log.warn({ intentId: state.id, amountCents: state.amountCents, totalCents: pending.priced.total }, 'an intent succeeded for another amount: refunded');
        await provider.void(state.id);
        const outcome = refusal(409, 'payment_amount_mismatch_refunded', { lost: [] });
        await attempts.finish(taken.id, outcome.status, outcome.body, null);
        return outcome;
      }
      return await placeOrder(taken.id, { ...pending, authorization: { id: state.id, cardBrand: state.cardBrand, last4: state.last4, fingerprint: state.fingerprint } });
    } catch (error) {
      await attempts.reopen(taken.id).catch(() => undefined);
      throw error;
    }
  }

  return {
    quote,
    summary,

    /**
     * The provider's word on an intent (its webhook): settles the attempt in its metadata, once,
     * whatever came first; events in any order or repeated change nothing more. An intent that
     * succeeded for an attempt that ended without an order (failed, or its pieces lost) is refunded.
     */
    async intentEvent(intentId: string): Promise<'settled' | 'unknown' | 'done'> {
      const provider = app.payments;
      if (!isIntentProvider(provider)) return 'unknown';
      const state = await provider.retrieveIntent(intentId);
      const attempt = state.reference === null ? null : await attempts.byId(state.reference);
      if (!attempt || (attempt.pending !== null && (attempt.pending as Pending).authorization.id !== intentId)) return 'unknown';
      if (attempt.status === 'done') {
        if (attempt.order_id === null && state.status === 'succeeded') await provider.void(intentId);
        return 'done';
      }
      const taken = await attempts.claimConfirmation(attempt.id, config.PAYMENT_STALE_SECONDS);
      if (!taken) {
        // The page's return is settling it: wait for its answer; still unsettled, the webhook fails and is retried.
        await answerOf(() => attempts.byId(attempt.id));
        if ((await attempts.byId(attempt.id))?.status === 'processing') throw apiError(409, 'webhook_retry_later');
        return 'done';
      }
      await settleIntent(taken, state);
      return 'settled';
    },

    async discountCode(customerId: number | null, code: string, cart: number[] | undefined): Promise<DiscountCodeResult> {
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
    },

    /**
     * POST /checkout/email-code: mails a guest the 6-digit code that proves the checkout e-mail for a
     * first-order code (issue 41); resending is throttled by the proofs' own limits (429).
     */
    async sendEmailCode(email: string, firstName: string | undefined, clientAddress: string, language: ContentLanguage): Promise<void> {
      const reader = { language, timeZone: DEFAULT_TIME_ZONE };
      await app.emailProofs.send('guest_checkout', { customerId: null, email, firstName: firstName || email.slice(0, email.lastIndexOf('@')), reader }, clientAddress);
    },

    /**
     * POST /checkout/payment. The key is claimed first: a repeat of the same request answers the
     * first result (waiting for it while it is being worked out); another request with the key is refused.
     */
    async pay(customerId: number | null, key: string, input: PaymentInput, clientAddress: string, language: ContentLanguage = 'en'): Promise<Outcome> {
      const hash = requestHash(customerId, input);
      const claim = await attempts.claim(key, hash, customerId, config.PAYMENT_STALE_SECONDS);
      if (!claim.claimed) {
        if (claim.attempt.request_hash !== hash) {
          return refusal(422, 'idempotency_key_reused', {
            fields: [{ field: 'Idempotency-Key', key: 'idempotency_key_reused' }],
          });
        }
        return answerOf(() => attempts.byKey(key));
      }
      try {
        const outcome = await process(claim.id, customerId, input, clientAddress, key, language);
        // A refusal is the key's answer too: a retry of the same request gets it at once, not a wait.
        if (outcome.status !== 200) await attempts.finish(claim.id, outcome.status, outcome.body, null);
        return outcome;
      } catch (error) {
        await attempts.release(claim.id).catch(() => undefined);
        throw error;
      }
    },

    /** POST /checkout/payment/:attempt_id/confirm — the card's extra step is done: place the order. */
    async confirm(customerId: number | null, attemptId: string): Promise<Outcome> {
      const attempt = await attempts.byId(attemptId);
      if (!attempt || attempt.customer_id !== customerId) throw apiError(404, 'payment_not_found');
      const taken = await attempts.claimConfirmation(attemptId, config.PAYMENT_STALE_SECONDS);
      if (!taken) return answerOf(() => attempts.byId(attemptId));
      const pending = taken.pending as Pending;
      if (isIntentProvider(app.payments)) return settleIntent(taken);
      const provider = app.payments;
      try {
        const stale = await staleConfirmation(pending);
        if (stale) {
          await provider.void(pending.authorization.id);
          await attempts.finish(attemptId, stale.status, stale.body, null);
          return stale;
        }
        const authorization = await provider.confirm(pending.authorization.id);
        if (authorization.status === 'declined') {
          const outcome = refusal(402, 'payment_declined', { message: authorization.reason });
          await attempts.finish(attemptId, outcome.status, outcome.body, null);
          return outcome;
        }
        return await placeOrder(attemptId, pending);
      } catch (error) {
        await attempts.reopen(attemptId).catch(() => undefined);
        throw error;
      }
    },
  };
}
export type CheckoutService = ReturnType<typeof checkoutService>;

export default fp(
  async function checkoutServicePlugin(app: FastifyInstance) {
    app.decorate('checkout', checkoutService(app));
  },
  {
    name: 'checkout-service',
    dependencies: ['config', 'clock', 'db', 'throttle', 'email-proofs', 'offers-repository', 'checkout-repository', 'payment-attempts-repository', 'payments', 'orders-repository', 'order-mails', 'carrier-labels', 'addresses-repository', 'wallet', 'customers-repository', 'bundles-repository'],
  },
);

