import type { Module } from '../module';
import assetRoutes from './asset-routes';
import catalogRoutes from './catalog-routes';
import catalogueCache from './catalogue-cache';
import coloursRepository from './colours-repository';
import listingsRepository from './listings-repository';
import similarRoutes from './similar-routes';
import sitemapRepository from './sitemap-repository';
import variantSummaries from './variant-summaries-repository';

/** Browsing and search: products, listings, filters, similar pieces, the generated photos. */
export default {
  name: 'catalog',
  services: [coloursRepository, variantSummaries, listingsRepository, catalogueCache, sitemapRepository],
  routes: [assetRoutes, catalogRoutes, similarRoutes],
} satisfies Module;
