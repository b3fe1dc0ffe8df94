import { addBusinessDays, lisbonDate, type OrderAddress, type PaymentResult } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import { fieldError } from '../../core/errors';
import type { ContentLanguage } from '../../core/language';
import { randomToken, tokenHash } from '../identity/passwords';
import { MAX_ADDRESSES } from '../addresses/address-book';
import { shopperEmail } from '../identity/shopper-email';
import type { CheckoutPiece } from './checkout-repository';
import { euros } from '../../core/money';
import { type Priced } from './pricing';
import { isIntentProvider } from '../payments/payment-provider';
import { DEFAULT_TIME_ZONE } from '../../core/mail/mail-texts';
import { CodeRefused, LostPieces, lostRefusal, refusal, type FirstOrderRefusal, type Outcome } from './checkout-refusals';

/** Everything an order needs once the money is held; kept while the card's extra step is pending. */
export interface Pending {
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
   * `fingerprint`: the payment method as the provider recognises it, known for a card
   * before it is held, for an intent once it succeeded; only kept for an order with a first-order code.
   */
  authorization: { id: string; cardBrand: string; last4: string; fingerprint?: string | null };
  /** When the card asked for its extra step (ISO); the confirmation expires PAYMENT_ACTION_MINUTES later. */
  actionAt?: string;
  /** The shopper's language and time zone, for the order's mails (absent in attempts kept from before). */
  language?: ContentLanguage;
  timeZone?: string;
}

/** Places a paid order: one transaction for the sale, the money captured only after it commits. */
export function createOrderPlacement(app: FastifyInstance) {
  const repo = app.checkoutRepository;
  const attempts = app.paymentAttemptsRepository;

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

  /** Places the order in ONE transaction; the money is captured only after it commits. */
  async function placeOrder(attemptId: string, pending: Pending): Promise<Outcome> {
    // A guest's order has two claim secrets: the payment answer's, held by whoever paid,
    // claims this order only and only into a verified account of its e-mail; the confirmation mail's
    // link, held only by the inbox, claims it and proves the e-mail. Both for CLAIM_DAYS.
    const claimToken = pending.customerId === null ? randomToken() : null;
    const mailClaimToken = pending.customerId === null ? randomToken() : null;
    const shipBy = addBusinessDays(lisbonDate(app.clock.now()), 5);
    const ids = pending.pieces.map((piece) => piece.listing_id);
    let placed: { orderId: number; body: PaymentResult; mails: number[]; labels: number[] };
    try {
      placed = await app.db.transaction(async (tx) => {
        const sold = new Set(await app.sellerListings.markSold(ids, tx));
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
          await app.bagRepository.removeBought(pending.customerId, ids, tx);
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
        // With Sendcloud, each package's label is bought after the commit: the sale never waits for the carrier.
        // In hub mode each package goes to the brand's hub first, to be checked (orders/hub-verification.ts).
        await app.hubVerification.start(order.id, tx);
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

  return { placeOrder };
}
