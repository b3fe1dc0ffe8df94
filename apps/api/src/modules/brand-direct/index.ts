import type { Module } from '../module';
import brandDirectService from './brand-direct-service';
import brandReturnRoutes from './return-routes';

/**
 * Brand Direct (issue 48): the brand's own pre-loved pieces beside peer listings, their returns within
 * 14 days and the margin VAT scheme. Its back-office routes (./stock-routes.ts) are registered by the
 * back office's, inside its staff session checks.
 */
export default { name: 'brand-direct', services: [brandDirectService], routes: [brandReturnRoutes] } satisfies Module;
