import { createHash } from 'node:crypto';
import { type OrderAddress, type PaymentResult } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { PaymentRequest as PaymentRequestSchema } from '@preloved/contract';
import type { Config } from '../../config';
import { apiError, fieldError, HttpError } from '../../core/errors';
import type { ContentLanguage } from '../../core/language';
import { shopperEmail } from '../identity/shopper-email';
import type { Limit } from '../../core/throttle';
import { euros } from '../../core/money';
import { type FeeConfig } from './pricing';
import { isIntentProvider, type IntentState } from '../payments/payment-provider';
import type { AttemptRow } from '../payments/payment-attempts-repository';
import { DEFAULT_TIME_ZONE } from '../../core/mail/mail-texts';
import { isRefusal, LostPieces, lostRefusal, refusal, totalParams, type Outcome } from './checkout-refusals';
import { createOrderPlacement, type Pending } from './order-placement';
import { createQuote } from './quote';

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutService;
  }
}

type PaymentInput = z.output<typeof PaymentRequestSchema>;

/**
 * The request as hashed for the Idempotency-Key: who asks and what, after validation. Of the card
 * only its last digits and expiry go in: an unsalted hash of a whole card number could be reversed.
 */
export const requestHash = (customerId: number | null, body: PaymentInput) => {
  const { card, ...rest } = body;
  const cardSeen = card ? { last4: card.number.slice(-4), exp_month: card.exp_month, exp_year: card.exp_year } : null;
  return createHash('sha256').update(JSON.stringify({ customerId, body: rest, card: cardSeen })).digest('hex');
};


const WAIT_STEP_MS = 50;
const WAIT_LIMIT_MS = 30_000;

/**
 * Paying: the Idempotency-Key's attempt, its limits, the card or the provider's intent, its extra
 * step and the provider's word; the quote (quote.ts) prices, order-placement.ts places the order.
 */
export function checkoutService(app: FastifyInstance, config: FeeConfig & Pick<Config, 'PAYMENT_STALE_SECONDS' | 'PAYMENT_ACTION_MINUTES' | 'PAYMENT_LIMIT_WINDOW_SECONDS' | 'PAYMENT_MAX_ATTEMPTS' | 'PAYMENT_MAX_ATTEMPTS_PER_ADDRESS' | 'PAYMENT_MAX_DECLINES' | 'PAYMENT_MAX_DECLINES_PER_ADDRESS'> = app.config) {
  const repo = app.checkoutRepository;
  const attempts = app.paymentAttemptsRepository;
  const quoting = createQuote(app, config);
  const { priceOf, piecesOf, discountOf, checkRules, pickupPointOf } = quoting;
  const { placeOrder } = createOrderPlacement(app);

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
      const now = app.clock.now();
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
      // A first-order code once per card (checked now when the card is ours to see: nothing
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
   * has fallen below that since.
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
        // Succeeded for another amount than the order's total: no order; what was taken goes back in full.
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
    quote: quoting.quote,
    summary: quoting.summary,
    discountCode: quoting.discountCode,
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

    /**
     * POST /checkout/email-code: mails a guest the 6-digit code that proves the checkout e-mail for a
     * first-order code; resending is throttled by the proofs' own limits (429).
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
    dependencies: ['config', 'clock', 'db', 'throttle', 'email-proofs', 'offers-repository', 'checkout-repository', 'payment-attempts-repository', 'payments', 'orders-repository', 'order-mails', 'carrier-labels', 'addresses-repository', 'wallet', 'customers-repository', 'bundles-repository', 'seller-listings', 'bag-repository', 'traders-repository'],
  },
);

