import type { Module } from '../module';
import photoRoutes from './photo-routes';
import photoStorage from './photo-storage';
import photoUploads from './photo-uploads';
import sellerListings from './seller-listings-repository';
import sellerRoutes from './seller-routes';
import sellingService from './selling-service';
import smartPricing from './smart-pricing';

/** A seller's listings: submitting, photos, prices, smart pricing. */
export default {
  name: 'selling',
  services: [smartPricing, sellerListings, photoStorage, photoUploads, sellingService],
  routes: [sellerRoutes, photoRoutes],
} satisfies Module;
