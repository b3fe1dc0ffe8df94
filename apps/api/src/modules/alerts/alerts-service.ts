import { MAX_SAVED_SEARCHES, SIMILAR_PIECES_LIMIT, type SavedSearch, type SavedSearchCreate, type SimilarPiece } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError } from '../../core/errors';
import type { ContentLanguage } from '../../core/language';
import type { Mail } from '../../core/mail/mailer';
import { mailText, readerOf } from '../../core/mail/mail-texts';
import { feedTitle } from '../notifications/notification-feed-repository';
import { alertMailTexts } from './mail-texts';

// Issue 29 items 3–5 and issue 27's "tell the shoppers who saved the piece":
// - saved searches: the `saved-searches` job (every 5 minutes, once across instances) looks for
//   pieces listed since its last look that a search's filters select (the listing pages' own WHERE),
//   writes one feed entry per search that found some, and sends each search's digest mail at most
//   once a day through the outbox;
// - price drops: the `smart-pricing-cuts` job (every minute) brings smart-pricing cuts due by their
//   date into the prices without waiting for a visit, so migration 028's trigger writes the feed
//   entries at the drop; the `price-drop-mails` job mails each shopper a digest of their drops, at
//   most once a day;
// - similar pieces of a product page, from the catalogue's indexes (and its cache).
// A job is a trigger, never the guard: every step is claimed by a conditional update.

declare module 'fastify' {
  interface FastifyInstance {
    alerts: ReturnType<typeof alertsService>;
  }
}

function alertsService(app: FastifyInstance) {
  const { db, alertsRepository: repo, listingsRepository: listings, notificationFeed: feed, mailOutbox: outbox, clock } = app;
  const publicUrl = app.config.PUBLIC_URL.replace(/\/$/, '');

  async function searchDigestMail(data: Record<string, unknown>): Promise<Mail | null> {
    const searchId = Number(data.searchId);
    if (!(await repo.isLive(searchId))) return null;
    const to = await repo.recipient(Number(data.customerId));
    if (!to) return null;
    const text = mailText(readerOf(to), alertMailTexts);
    const pieces = await repo.activePieces((data.listingIds as number[]) ?? [], text.language);
    if (pieces.length === 0) return null;
    const { t, money } = text;
    const name = String(data.name);
    const lines = pieces.slice(0, 20).map((piece) =>
      t('alerts.searchLine', {
        title: piece.title,
        colour: text.colour(piece.colour),
        size: text.size(piece.size),
        price: money(piece.price_cents),
        link: text.page(publicUrl, `/product/${piece.product_id}?variant=${piece.variant_id}&listing=${piece.id}`),
      }),
    );
    return {
      to: to.email,
      subject: t('alerts.searchSubject', { name }),
      text: [
        t('common.hello', { name: to.first_name }),
        t('alerts.searchIntro', { name }),
        lines.join('\n'),
        t('alerts.searchAll', { link: text.page(publicUrl, String(data.path)) }),
        t('alerts.searchManage', { link: text.page(publicUrl, '/user/saved-searches') }),
        t('common.signature'),
      ].join('\n\n'),
    };
  }

  async function priceDropMail(data: Record<string, unknown>): Promise<Mail | null> {
    const customerId = Number(data.customerId);
    const to = await repo.recipient(customerId);
    if (!to) return null;
    const entries = await repo.priceDropEntries(customerId, (data.feedIds as number[]) ?? []);
    if (entries.length === 0) return null;
    const text = mailText(readerOf(to), alertMailTexts);
    const { t, money } = text;
    const lines = entries.slice(-20).map(({ data: drop }) =>
      t('alerts.dropLine', {
        title: feedTitle(drop, text.language) ?? '',
        price: money(drop.amount_cents ?? 0),
        was: money(drop.was_cents ?? 0),
        link: text.page(publicUrl, drop.link ?? '/user/wishlist'),
      }),
    );
    return {
      to: to.email,
      subject: t('alerts.dropSubject'),
      text: [
        t('common.hello', { name: to.first_name }),
        t('alerts.dropIntro'),
        lines.join('\n'),
        t('alerts.dropWishlist', { link: text.page(publicUrl, '/user/wishlist') }),
        t('common.signature'),
      ].join('\n\n'),
    };
  }

  const service = {
    list: (customerId: number) => repo.list(customerId),

    async create(customerId: number, body: SavedSearchCreate & { filters: NonNullable<SavedSearchCreate['filters']> }): Promise<SavedSearch> {
      const { filters } = body;
      // A search of everything would mail every new piece: a saved search names words or a filter.
      const narrowed =
        Boolean(filters.q?.trim()) || Boolean(filters.gender) || [filters.category, filters.size, filters.colour, filters.condition].some((list) => (list?.length ?? 0) > 0) ||
        filters.min_price !== undefined || filters.max_price !== undefined;
      if (!narrowed) throw apiError(422, 'saved_search_empty');
      const saved = await db.transaction((tx) => repo.create(customerId, { name: body.name.trim(), filters, path: body.path }, MAX_SAVED_SEARCHES, tx));
      if (!saved) throw apiError(409, 'saved_search_limit', { params: { max: MAX_SAVED_SEARCHES } });
      return saved;
    },

    async update(customerId: number, id: number, change: { name?: string; paused?: boolean }): Promise<SavedSearch> {
      const updated = await repo.update(customerId, id, { ...change, name: change.name?.trim() });
      if (!updated) throw apiError(404, 'saved_search_not_found');
      return updated;
    },

    async remove(customerId: number, id: number): Promise<void> {
      if (!(await repo.remove(customerId, id))) throw apiError(404, 'saved_search_not_found');
    },

    /** Looks for new pieces for every search; answers how many searches found some. */
    async matchSavedSearches(): Promise<number> {
      const top = await repo.topListingId();
      let found = 0;
      for (const search of await repo.searchesBehind(top)) {
        const matches = await listings.newMatches(search.query, search.seen_listing_id, top);
        const told = await db.transaction(async (tx) => {
          if (!(await repo.advance(search.id, search.seen_listing_id, top, matches, tx))) return false;
          if (matches.length === 0) return false;
          await feed.add(search.customer_id, 'saved_search', { title: search.name, title_pt: search.name, title_es: search.name, reference: String(matches.length), link: search.path }, tx);
          return true;
        });
        if (told) found++;
      }
      return found;
    },

    /** Queues the saved searches' digests that are due (one a day per search at most); answers how many. */
    async sendSearchDigests(): Promise<number> {
      const now = clock.now();
      const ids = await db.transaction(async (tx) => {
        const queued: number[] = [];
        for (const search of await repo.takeSearchDigests(now, tx)) {
          queued.push(
            await outbox.add('saved-search-digest', { customerId: search.customer_id, searchId: search.id, name: search.name, path: search.path, listingIds: search.listing_ids }, tx),
          );
        }
        return queued;
      });
      outbox.sendSoon(ids);
      return ids.length;
    },

    /** Queues each shopper's price-drop digest that is due (one a day per shopper at most); answers how many. */
    async sendPriceDropDigests(): Promise<number> {
      const now = clock.now();
      const ids = await db.transaction(async (tx) => {
        const queued: number[] = [];
        for (const taken of await repo.takePriceDropDigests(now, tx)) {
          queued.push(await outbox.add('price-drop-digest', { customerId: taken.customer_id, feedIds: taken.ids }, tx));
        }
        return queued;
      });
      outbox.sendSoon(ids);
      return ids.length;
    },

    /** The product page's similar pieces (null: no such product), kept by the catalogue cache. */
    similar(productId: number, variantId: number | undefined, lang: ContentLanguage): Promise<SimilarPiece[] | null> {
      return app.catalogueCache.get(`similar:${lang}:${productId}:${variantId}`, () => listings.similar(productId, variantId, SIMILAR_PIECES_LIMIT, lang));
    },
  };

  outbox.writer('saved-search-digest', searchDigestMail);
  outbox.writer('price-drop-digest', priceDropMail);
  app.jobs.define('saved-searches', async () => {
    const found = await service.matchSavedSearches();
    const mailed = await service.sendSearchDigests();
    if (found || mailed) app.log.info({ found, mailed }, 'saved searches looked at');
  });
  app.jobs.every('saved-searches', '*/5 * * * *');
  // Smart-pricing cuts happen at their date, told at once (the feed's trigger), with nobody visiting.
  app.jobs.define('smart-pricing-cuts', () => app.smartPricing.applyDue());
  app.jobs.every('smart-pricing-cuts', '* * * * *');
  app.jobs.define('price-drop-mails', async () => {
    const mailed = await service.sendPriceDropDigests();
    if (mailed) app.log.info({ mailed }, 'price-drop digests queued');
  });
  app.jobs.every('price-drop-mails', '*/5 * * * *');
  return service;
}

export default fp(
  async function alertsPlugin(app: FastifyInstance) {
    app.decorate('alerts', alertsService(app));
  },
  {
    name: 'alerts',
    dependencies: ['config', 'clock', 'db', 'jobs', 'mail-outbox', 'alerts-repository', 'listings-repository', 'notification-feed', 'smart-pricing', 'catalogue-cache'],
  },
);
