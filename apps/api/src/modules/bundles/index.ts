import type { Module } from '../module';
import bundleRoutes from './bundle-routes';
import bundlesRepository from './bundles-repository';
import bundlesService from './bundles-service';

/** Sellers' bundle discounts. */
export default { name: 'bundles', services: [bundlesRepository, bundlesService], routes: [bundleRoutes] } satisfies Module;
