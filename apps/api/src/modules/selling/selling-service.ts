import type { SellerListing } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError, fieldError, notFound } from '../../core/errors';
import type { ContentLanguage } from '../../core/language';
import type { ListingWrite } from './seller-listings-repository';
import { holdsNewListing } from '../backoffice/store-settings';
import { sellerRestricted } from '../reports/reports-repository';
import { checkPriceRules, pieceOfChild, pieceOfListing } from './price-rules';

declare module 'fastify' {
  interface FastifyInstance {
    selling: ReturnType<typeof sellingService>;
  }
}

const soldAlready = () => apiError(409, 'listing_sold');

/**
 * The seller's side of listings: each change is one transaction, with its rules (own photos only,
 * a sold piece stays as it is); another seller's listing is answered 404, as a missing one.
 */
export function sellingService(app: FastifyInstance) {
  const { sellerListings: listings } = app;

  /** A listing shows only photos its seller uploaded (not another seller's, not a name never uploaded). */
  const ownPhotos = async (sellerId: number, photos: string[], kept: ReadonlySet<string> = new Set()) => {
    const first = (await app.photoUploads.notOwned(sellerId, photos)).find((index) => !kept.has(photos[index]!));
    if (first !== undefined) throw fieldError(`photos.${first}`, 'photo_not_yours');
  };

  /** The listing as the seller reads it, its product's title in their language. */
  const found = async (sellerId: number, id: number, lang: ContentLanguage = 'en'): Promise<SellerListing> => {
    const listing = await listings.get(sellerId, id, lang);
    if (!listing) throw notFound('Listing');
    return listing;
  };

  return {
    conditions: () => listings.conditions(),
    get: found,

    async create(sellerId: number, write: ListingWrite, lang: ContentLanguage = 'en'): Promise<SellerListing> {
      // A moderation decision restricted this seller (notice and action): no new piece until it is lifted.
      if (await sellerRestricted(app.db, sellerId)) throw apiError(403, 'seller_restricted');
      await ownPhotos(sellerId, write.photos);
      const id = await app.db.transaction(async (tx) => {
        const piece = await pieceOfChild(tx, write.childId);
        if (piece) await checkPriceRules(tx, piece, write.priceCents);
        return listings.create(sellerId, write, tx, (await holdsNewListing(tx, sellerId)) ? 'in_review' : 'active');
      });
      if (id === null) throw fieldError('product_child_id', 'no_size');
      return found(sellerId, id, lang);
    },

    async update(sellerId: number, id: number, write: ListingWrite, lang: ContentLanguage = 'en'): Promise<SellerListing> {
      // Another seller's listing is a 404 before anything about its photos is said.
      const before = await found(sellerId, id);
      // Only the photos new to the listing are checked: one it already shows (a seeded listing's
      // placeholder drawing) is kept as it is.
      await ownPhotos(sellerId, write.photos, new Set(before.photos));
      const result = await app.db.transaction(async (tx) => {
        const piece = await pieceOfChild(tx, write.childId);
        if (piece) await checkPriceRules(tx, piece, write.priceCents);
        return listings.update(sellerId, id, write, tx);
      });
      if (result === 'missing') throw notFound('Listing');
      if (result === 'sold') throw soldAlready();
      if (result === 'rejected') throw apiError(409, 'listing_in_moderation');
      if (result === 'no_child') throw fieldError('product_child_id', 'no_size');
      return found(sellerId, id, lang);
    },

    async setPricing(sellerId: number, id: number, minPriceCents: number, smartPricing: boolean, lang: ContentLanguage = 'en'): Promise<SellerListing> {
      const result = await app.db.transaction((tx) => listings.setPricing(sellerId, id, minPriceCents, smartPricing, tx));
      if (result === 'missing') throw notFound('Listing');
      if (result === 'sold') throw soldAlready();
      if (result === 'above_price') throw fieldError('min_price', 'min_price_above_price');
      return found(sellerId, id, lang);
    },

    /**
     * The price alone, from My listings: the listing's price rules (bounds in the contract,
     * not below its minimum: 422 `min_price_above_price` on `price`, the editor's message), and its smart-pricing schedule starts again from it, as
     * an edit's does.
     */
    async setPrice(sellerId: number, id: number, priceCents: number, lang: ContentLanguage = 'en'): Promise<SellerListing> {
      // Another seller's listing is a 404 before anything about its price is said.
      await found(sellerId, id);
      const result = await app.db.transaction(async (tx) => {
        const piece = await pieceOfListing(tx, id);
        if (piece) await checkPriceRules(tx, piece, priceCents);
        return listings.setPrice(sellerId, id, priceCents, tx);
      });
      if (result === 'missing') throw notFound('Listing');
      if (result === 'sold') throw soldAlready();
      if (result === 'below_min') throw fieldError('price', 'min_price_above_price');
      return found(sellerId, id, lang);
    },

    async setStatus(sellerId: number, id: number, status: Parameters<typeof listings.setStatus>[2], lang: ContentLanguage = 'en'): Promise<SellerListing> {
      const result = await app.db.transaction((tx) => listings.setStatus(sellerId, id, status, tx));
      if (result === 'missing') throw notFound('Listing');
      if (result === 'sold') throw soldAlready();
      if (result === 'moderated') throw apiError(409, 'listing_in_moderation');
      return found(sellerId, id, lang);
    },
  };
}

export default fp(
  async function sellingServicePlugin(app: FastifyInstance) {
    app.decorate('selling', sellingService(app));
  },
  { name: 'selling-service', dependencies: ['db', 'seller-listings', 'photo-uploads'] },
);
