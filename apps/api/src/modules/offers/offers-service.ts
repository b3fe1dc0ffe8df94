import type { ErrorCode, Offer, OfferLists } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError, fieldError } from '../../core/errors';
import { counterBoundsCents, errorSentence, formatMoney, offerBoundsCents } from '@preloved/contract';
import type { Queryable } from '../../db/db';
import type { ContentLanguage } from '../../core/language';
import { mailText, readerOf } from '../../core/mail/mail-texts';
import { offerMailTexts } from './mail-texts';
import type { Mail } from '../../core/mail/mailer';
import { euros } from '../../core/money';
import { stateOf, toOffer, type OfferRow } from './offers-repository';

declare module 'fastify' {
  interface FastifyInstance {
    offers: OffersService;
  }
}

const HOUR_MS = 60 * 60 * 1000;
// An offer's bounds in a refusal: euros in its params (each reader's language formats them), English money in its message.
const money = (cents: number) => formatMoney(euros(cents), 'en');

export type OfferMailKind = 'new' | 'accepted' | 'declined' | 'expired-buyer' | 'expired-seller' | 'countered' | 'counter-accepted' | 'counter-declined';

/** Who reads an offer's mail: the seller for a new offer, its expiry and the buyer's answer to a counter; the buyer otherwise. */
export const offerMailToSeller = (kind: OfferMailKind) => kind === 'new' || kind === 'expired-seller' || kind === 'counter-accepted' || kind === 'counter-declined';

/**
 * The mails of an offer's life: plain text, like the order mails, in the reader's
 * language, with the answer and buy deadlines in the reader's time zone.
 */
export function offerMail(kind: OfferMailKind, row: OfferRow, publicUrl: string, buyHours: number): Mail {
  const toSeller = offerMailToSeller(kind);
  const text = mailText(readerOf(toSeller ? { language: row.seller_language, time_zone: row.seller_time_zone } : { language: row.buyer_language, time_zone: row.buyer_time_zone }), offerMailTexts);
  const { t, money } = text;
  const link = text.page(publicUrl, '/user/offers');
  const reason = t(row.accepted_at ? 'offers.buyerTimeout' : row.countered_at ? 'offers.counterTimeout' : 'offers.sellerTimeout');
  const piece = `"${row.title}" (${text.colour(row.colour)}, ${text.size(row.size)})`;
  const counter = row.counter_price_cents === null ? '' : money(row.counter_price_cents);
  const offered = money(row.offered_price_cents ?? row.price_cents);
  const values = { title: row.title, piece, price: money(row.price_cents), listed: money(row.listing_price_cents), buyer: row.buyer_name, seller: row.seller_name, link, reason, counter, offered };
  const body = (name: string, ...paragraphs: string[]) => [t('common.hello', { name }), ...paragraphs, t('common.signature')].join('\n\n');
  switch (kind) {
    case 'new':
      return {
        to: row.seller_email,
        subject: t('offers.newSubject', values),
        text: body(row.seller_name, t('offers.newText', values), t('offers.answerBy', { ...values, date: text.when(row.answer_by) })),
      };
    case 'accepted':
      return {
        to: row.buyer_email,
        subject: t('offers.acceptedSubject', values),
        // An accepted offer is a ceiling: smart pricing's cut can accept an offer above the
        // listing's new price, and the mail then names the lower price the buyer pays.
        text:
          row.listing_price_cents < row.price_cents
            ? body(row.buyer_name, t('offers.acceptedText', values), t('offers.acceptedBelow', values), t('offers.buyByAt', { ...values, hours: buyHours, date: text.when(row.buy_by!) }))
            : body(row.buyer_name, t('offers.acceptedText', values), t('offers.buyBy', { ...values, hours: buyHours, date: text.when(row.buy_by!) })),
      };
    case 'declined':
      return {
        to: row.buyer_email,
        subject: t('offers.declinedSubject', values),
        text: body(row.buyer_name, t('offers.declinedText', values), t('offers.stillForSale', values)),
      };
    case 'countered':
      return {
        to: row.buyer_email,
        subject: t('offers.counteredSubject', values),
        text: body(row.buyer_name, t('offers.counteredText', values), t('offers.counterAnswerBy', { ...values, date: text.when(row.counter_by!) })),
      };
    case 'counter-accepted':
      return {
        to: row.seller_email,
        subject: t('offers.counterAcceptedSubject', values),
        text: body(row.seller_name, t('offers.counterAcceptedText', values), t('offers.counterBuyBy', { ...values, hours: buyHours, date: text.when(row.buy_by!) })),
      };
    case 'counter-declined':
      return {
        to: row.seller_email,
        subject: t('offers.counterDeclinedSubject', values),
        text: body(row.seller_name, t('offers.counterDeclinedText', values), link),
      };
    case 'expired-buyer':
      return { to: row.buyer_email, subject: t('offers.expiredBuyerSubject', values), text: body(row.buyer_name, t('offers.expiredBuyerText', values), link) };
    case 'expired-seller':
      return { to: row.seller_email, subject: t('offers.expiredSellerSubject', values), text: body(row.seller_name, t('offers.expiredSellerText', values), link) };
  }
}

/**
 * Offers: the rules over the repository. Every write is one conditional statement or one
 * transaction, so concurrent answers end in one state; "now" comes from the app's clock, so tests
 * move time instead of waiting.
 */
export function offersService(app: FastifyInstance) {
  const repo = app.offersRepository;
  const { config, clock } = app;
  const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');

  // An offer's mails go through the mail outbox: queued in the transaction of the event
  // they tell (made, answered, expired), written from the offer when they are sent.
  app.mailOutbox.writer('offer', async (data) => {
    const kind = data.kind as OfferMailKind;
    const offerId = Number(data.offerId);
    const found = await repo.byId(offerId);
    // The piece's title in the reader's language, when it has one.
    const row = found && (offerMailToSeller(kind) ? found.seller_language : found.buyer_language) === 'pt' ? await repo.byId(offerId, undefined, 'pt') : found;
    return row ? offerMail(kind, row, publicUrl, config.OFFER_BUY_HOURS) : null;
  });
  const queueMail = (kind: OfferMailKind, offerId: number, tx: Queryable) => app.mailOutbox.add('offer', { offerId, kind }, tx);

  /**
   * An offer's event in the notifications feed of the buyer, the seller or both;
   * written in the transaction that makes the event, so there is no event without its entry.
   */
  async function feedEntry(
    kind: 'offer_received' | 'offer_accepted' | 'offer_declined' | 'offer_expired' | 'offer_countered' | 'offer_counter_accepted' | 'offer_counter_declined',
    offerId: number,
    to: 'buyer' | 'seller' | 'both',
    tx: Queryable,
  ) {
    const facts = await repo.feedFacts(offerId, tx);
    if (!facts) return;
    // A counter-offer's entries name the seller's counter price (the buyer was shown their own offer).
    const counter = kind === 'offer_countered' || kind === 'offer_counter_declined';
    const data = { amount_cents: counter ? (facts.counter_price_cents ?? facts.price_cents) : facts.price_cents, title: facts.title, title_pt: facts.title_pt, title_es: facts.title_es, link: '/user/offers' };
    if (to !== 'seller') await app.notificationFeed.add(facts.buyer_id, kind, data, tx);
    if (to !== 'buyer') await app.notificationFeed.add(facts.seller_id, kind, data, tx);
  }

  /**
   * An offer's window closing writes its feed entries and sends its expiry mails, once (a conditional
   * update claims them), by the `offers-expiry` job: queued for the second the window closes, and
   * swept every minute on the instances that run jobs. No read writes them: the offer's state is
   * derived from its dates at read time (expired the moment its window closes), only its feed entries
   * and mails wait for the job.
   */
  async function mailExpired(now: Date) {
    const mails = await app.db.transaction(async (tx) => {
      const taken = await repo.takeExpiredToMail(now, tx);
      const queued: number[] = [];
      for (const id of taken) {
        await feedEntry('offer_expired', id, 'both', tx);
        queued.push(await queueMail('expired-buyer', id, tx), await queueMail('expired-seller', id, tx));
      }
      return queued;
    });
    app.mailOutbox.sendSoon(mails);
  }

  app.jobs.define('offers-expiry', () => mailExpired(clock.now()));
  app.jobs.every('offers-expiry', '* * * * *');
  /**
   * The expiry job at the moment a window closes (a second after, so the window is closed for it).
   * The offer is made whether or not the queue takes it: the minute's sweep finds it anyway.
   */
  const expiryAt = (at: Date) =>
    app.jobs.send('offers-expiry', {}, { at: new Date(at.getTime() + 1000) }).catch((error: unknown) => app.log.warn({ err: error }, 'offer expiry job not queued: the sweep will find it'));

  /** Why an offer the seller tried to answer is not open any more, as the code the client translates. */
  function notOpenCode(row: OfferRow, now: Date): ErrorCode {
    const { status, reason } = stateOf(row, now);
    if (status === 'accepted') return 'offer_already_accepted';
    if (reason === 'seller_declined') return 'offer_seller_declined';
    if (reason === 'seller_timeout') return 'offer_seller_timeout';
    if (reason === 'buyer_timeout') return 'offer_buyer_timeout';
    if (reason === 'counter_timeout') return 'counter_expired';
    if (reason === 'buyer_declined') return 'offer_buyer_declined';
    if (reason === 'listing_unavailable') return 'listing_unavailable';
    return 'offer_not_open';
  }

  async function answer(customerId: number, offerId: number, accept: boolean, lang: ContentLanguage): Promise<Offer> {
    const now = clock.now();
    const row = await repo.byId(offerId);
    if (!row || row.seller_id !== customerId) throw apiError(404, 'offer_unknown');
    const answered = await app.db.transaction(async (tx) => {
      if (!(await repo.answer(offerId, customerId, accept, now, new Date(now.getTime() + config.OFFER_BUY_HOURS * HOUR_MS), tx))) return null;
      await feedEntry(accept ? 'offer_accepted' : 'offer_declined', offerId, 'buyer', tx);
      return queueMail(accept ? 'accepted' : 'declined', offerId, tx);
    });
    if (answered === null) {
      const current = (await repo.byId(offerId))!;
      if (current.countered_at && stateOf(current, now).status === 'countered') throw apiError(422, 'offer_already_countered');
      throw apiError(422, notOpenCode(current, now));
    }
    app.mailOutbox.sendSoon([answered]);
    if (accept) await expiryAt(new Date(now.getTime() + config.OFFER_BUY_HOURS * HOUR_MS));
    return toOffer((await repo.byId(offerId, undefined, lang))!, customerId, now);
  }

  /**
   * The seller's one counter-price: strictly above the offer and below the
   * listing's price now, once per offer, while the offer waits for the seller. The buyer then has
   * OFFER_ANSWER_HOURS to accept or decline it; the counter is written with its feed entry, mailed,
   * and its expiry queued like an offer's.
   */
  async function counter(sellerId: number, offerId: number, price: number, lang: ContentLanguage): Promise<Offer> {
    const now = clock.now();
    const priceCents = Math.round(price * 100);
    const row = await repo.byId(offerId);
    if (!row || row.seller_id !== sellerId) throw apiError(404, 'offer_unknown');
    if (row.countered_at) throw apiError(422, 'offer_already_countered');
    if (stateOf(row, now).status !== 'active') throw apiError(422, 'offer_not_counterable', { message: errorSentence(notOpenCode(row, now)) });
    const { min: low, max: high } = counterBoundsCents(row.price_cents, row.listing_price_cents);
    if (priceCents < low || priceCents > high) {
      throw apiError(422, low > high ? 'counter_too_close' : 'counter_out_of_bounds', {
        params: { min: euros(low), max: euros(high) },
        fields: [{ field: 'price', key: low > high ? 'counter_too_close' : 'counter_out_of_bounds' }],
        message: low > high ? undefined : `Your counter-offer must be between ${money(low)} and ${money(high)}.`,
      });
    }
    const counterBy = new Date(now.getTime() + config.OFFER_ANSWER_HOURS * HOUR_MS);
    const done = await app.db.transaction(async (tx) => {
      if (!(await repo.counter(offerId, sellerId, priceCents, now, counterBy, tx))) return null;
      await feedEntry('offer_countered', offerId, 'buyer', tx);
      return queueMail('countered', offerId, tx);
    });
    if (done === null) {
      // A concurrent answer, counter or price change got there first: say what the offer is now.
      const current = (await repo.byId(offerId))!;
      if (current.countered_at) throw apiError(422, 'offer_already_countered');
      throw apiError(422, 'offer_not_counterable', { message: errorSentence(notOpenCode(current, now)) });
    }
    app.mailOutbox.sendSoon([done]);
    await expiryAt(counterBy);
    return toOffer((await repo.byId(offerId, undefined, lang))!, sellerId, now);
  }

  /** The buyer accepts (the buy window starts, at the counter price) or declines the seller's counter-offer. */
  async function answerCounter(buyerId: number, offerId: number, accept: boolean, lang: ContentLanguage): Promise<Offer> {
    const now = clock.now();
    const row = await repo.byId(offerId);
    if (!row || row.buyer_id !== buyerId) throw apiError(404, 'offer_unknown');
    const buyBy = new Date(now.getTime() + config.OFFER_BUY_HOURS * HOUR_MS);
    const done = await app.db.transaction(async (tx) => {
      if (!(await repo.answerCounter(offerId, buyerId, accept, now, buyBy, tx))) return null;
      await feedEntry(accept ? 'offer_counter_accepted' : 'offer_counter_declined', offerId, 'seller', tx);
      return queueMail(accept ? 'counter-accepted' : 'counter-declined', offerId, tx);
    });
    if (done === null) {
      const current = (await repo.byId(offerId))!;
      const state = stateOf(current, now);
      throw apiError(422, current.countered_at && state.reason === 'counter_timeout' ? 'counter_expired' : 'counter_not_open');
    }
    app.mailOutbox.sendSoon([done]);
    if (accept) await expiryAt(buyBy);
    return toOffer((await repo.byId(offerId, undefined, lang))!, buyerId, now);
  }

  return {
    counter: (sellerId: number, offerId: number, price: number, lang: ContentLanguage = 'en') => counter(sellerId, offerId, price, lang),
    acceptCounter: (buyerId: number, offerId: number, lang: ContentLanguage = 'en') => answerCounter(buyerId, offerId, true, lang),
    declineCounter: (buyerId: number, offerId: number, lang: ContentLanguage = 'en') => answerCounter(buyerId, offerId, false, lang),

    async make(buyerId: number, listingId: number, price: number, lang: ContentLanguage = 'en', clientAddress = ''): Promise<Offer> {
      const now = clock.now();
      const priceCents = Math.round(price * 100);
      const id = await app.db.transaction(async (tx) => {
        // The listing row is locked: two offers by one buyer at once queue, and the second sees the first.
        const listing = await repo.lockListing(listingId, tx);
        if (!listing) throw apiError(404, 'listing_unknown');
        // Each offer mails the seller: per buyer, per buyer and seller, and per client address in an
        // hour. Counted in the transaction: a refused offer (bounds, a second open one) gives it back.
        await app.throttle.attempt(
          [
            { key: `offers:buyer:${buyerId}`, max: config.OFFERS_MAX_PER_BUYER_PER_HOUR, windowSeconds: 3600 },
            { key: `offers:pair:${buyerId}:${listing.seller_id}`, max: config.OFFERS_MAX_PER_SELLER_PER_HOUR, windowSeconds: 3600 },
            ...(clientAddress ? [{ key: `offers:ip:${clientAddress}`, max: config.OFFERS_MAX_PER_ADDRESS_PER_HOUR, windowSeconds: 3600 }] : []),
          ],
          { tx },
        );
        if (listing.seller_id === buyerId) throw apiError(422, 'own_listing_offer');
        if (listing.status !== 'active') throw apiError(422, 'listing_unavailable');
        const bounds = offerBoundsCents(listing.price_cents, config.OFFER_MIN_PERCENT, config.OFFER_MAX_PERCENT);
        if (priceCents < bounds.min || priceCents > bounds.max) {
          const error = fieldError('price', 'offer_out_of_bounds');
          throw apiError(422, 'offer_out_of_bounds', { fields: error.fields, params: { min: euros(bounds.min), max: euros(bounds.max) }, message: `Your offer must be between ${money(bounds.min)} and ${money(bounds.max)}.` });
        }
        if (await repo.hasOpen(buyerId, listingId, now, tx)) throw apiError(422, 'offer_already_open');
        const created = await repo.create(
          { listingId, buyerId, sellerId: listing.seller_id, priceCents, listingPriceCents: listing.price_cents, now, answerBy: new Date(now.getTime() + config.OFFER_ANSWER_HOURS * HOUR_MS) },
          tx,
        );
        await feedEntry('offer_received', created, 'seller', tx);
        return { created, mail: await queueMail('new', created, tx) };
      });
      app.mailOutbox.sendSoon([id.mail]);
      await expiryAt(new Date(now.getTime() + config.OFFER_ANSWER_HOURS * HOUR_MS));
      return toOffer((await repo.byId(id.created, undefined, lang))!, buyerId, now);
    },

    async lists(customerId: number, lang: ContentLanguage = 'en', page = 1, listingId: number | null = null): Promise<OfferLists> {
      const now = clock.now();
      const { made, received, madeTotal, receivedTotal } = await repo.lists(customerId, now, page, lang, undefined, listingId);
      return {
        made: made.map((row) => toOffer(row, customerId, now)),
        received: received.map((row) => toOffer(row, customerId, now)),
        made_total: madeTotal,
        received_total: receivedTotal,
        page,
      };
    },

    accept: (customerId: number, offerId: number, lang: ContentLanguage = 'en') => answer(customerId, offerId, true, lang),
    decline: (customerId: number, offerId: number, lang: ContentLanguage = 'en') => answer(customerId, offerId, false, lang),

    async withdraw(customerId: number, offerId: number, lang: ContentLanguage = 'en'): Promise<Offer> {
      const now = clock.now();
      const row = await repo.byId(offerId);
      if (!row || row.buyer_id !== customerId) throw apiError(404, 'offer_unknown');
      const done = await app.db.transaction((tx) => repo.withdraw(offerId, customerId, now, tx));
      if (!done) throw apiError(422, 'offer_not_withdrawable');
      return toOffer((await repo.byId(offerId, undefined, lang))!, customerId, now);
    },

    /** The `offers-expiry` job's work: the expired offers not yet told get their feed entries and mails, once. */
    expireDue: () => mailExpired(clock.now()),

    /**
     * Smart pricing brought some prices down: an open offer at or above its piece's
     * new price is accepted for the seller, and the buyer gets the acceptance mail.
     */
    async acceptReachedByPrice(): Promise<number[]> {
      const now = clock.now();
      const { accepted: ids, mails } = await app.db.transaction(async (tx) => {
        const accepted = await repo.acceptReachedByPrice(now, new Date(now.getTime() + config.OFFER_BUY_HOURS * HOUR_MS), tx);
        const mails: number[] = [];
        for (const id of accepted) {
          await feedEntry('offer_accepted', id, 'buyer', tx);
          mails.push(await queueMail('accepted', id, tx));
        }
        return { accepted, mails };
      });
      app.mailOutbox.sendSoon(mails);
      return ids;
    },
  };
}
export type OffersService = ReturnType<typeof offersService>;

export default fp(
  async function offersServicePlugin(app: FastifyInstance) {
    const service = offersService(app);
    app.decorate('offers', service);
    app.smartPricing.afterCuts(() => service.acceptReachedByPrice());
  },
  { name: 'offers-service', dependencies: ['config', 'clock', 'db', 'jobs', 'mail-outbox', 'throttle', 'offers-repository', 'notification-feed', 'smart-pricing'] },
);
