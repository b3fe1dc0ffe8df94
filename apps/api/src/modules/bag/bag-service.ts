import { MAX_CART_IDS, type BagLine } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError } from '../../core/errors';
import type { ContentLanguage } from '../../core/language';

declare module 'fastify' {
  interface FastifyInstance {
    bag: ReturnType<typeof bagService>;
  }
}

/** The signed-in customer's bag: each change is one transaction that answers the whole bag. */
export function bagService(app: FastifyInstance) {
  const { bagRepository: bag, offersRepository: offers } = app;
  return {
    /**
     * Adds a listing (once), with the accepted offer it is bought at; the offer must be the caller's,
     * for this listing, accepted and within its buy window.
     */
    add(customerId: number, listingId: number, offerId: number | null | undefined, lang: ContentLanguage): Promise<BagLine[]> {
      return app.db.transaction(async (tx) => {
        if (offerId != null && !(await offers.buyable(offerId, customerId, listingId, app.clock.now(), tx))) {
          throw apiError(422, 'offer_not_for_bag');
        }
        const refusal = await bag.add(customerId, listingId, tx);
        if (refusal === 'unknown') throw apiError(404, 'listing_unknown');
        if (refusal === 'own') throw apiError(422, 'own_listing_in_bag');
        if (refusal === 'unavailable') throw apiError(422, 'listing_unavailable');
        if (refusal === 'full') throw apiError(422, 'bag_full', { params: { max: MAX_CART_IDS } });
        if (offerId != null) await bag.attachOffer(customerId, listingId, offerId, tx);
        return bag.lines(customerId, lang, tx);
      });
    },

    /** Removes one of the customer's lines (another's, or an unknown one: 404). */
    remove(customerId: number, lineId: number, lang: ContentLanguage): Promise<BagLine[]> {
      return app.db.transaction(async (tx) => {
        if (!(await bag.remove(customerId, lineId, tx))) throw apiError(404, 'bag_line_unknown');
        return bag.lines(customerId, lang, tx);
      });
    },
  };
}

export default fp(
  async function bagServicePlugin(app: FastifyInstance) {
    app.decorate('bag', bagService(app));
  },
  { name: 'bag-service', dependencies: ['db', 'clock', 'bag-repository', 'offers-repository'] },
);
