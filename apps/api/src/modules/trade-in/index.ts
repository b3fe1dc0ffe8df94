import type { Module } from '../module';
import tradeInRoutes from './trade-in-routes';
import tradeInService from './trade-in-service';

/**
 * Trade-in for boosted credit (issue 48): the brand's price table, the instant offer, the customer's
 * trade-ins, the hub's check and the payment. The back office's routes are ./console-routes.ts,
 * registered inside the back office's (its staff sessions and roles).
 */
export default { name: 'trade-in', services: [tradeInService], routes: [tradeInRoutes] } satisfies Module;
