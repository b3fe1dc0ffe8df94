import type { Module } from '../module';
import seoRoutes from './seo-routes';
import storefront from './storefront';

/** The store's pages: server rendering, the shell and remotes' files, sitemap.xml and robots.txt. */
export default { name: 'storefront', rootRoutes: [seoRoutes, storefront] } satisfies Module;
