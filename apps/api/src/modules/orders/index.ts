import type { Module } from '../module';
import buyerOrdersService from './buyer-orders-service';
import cancellationRoutes from './cancellation-routes';
import hubVerification from './hub-verification';
import operatorRoutes from './operator-routes';
import orderCancellation from './order-cancellation';
import orderMails from './order-mails';
import orderProtection from './order-protection';
import orderRoutes from './order-routes';
import ordersRepository from './orders-repository';
import salesRoutes from './sales-routes';
import salesService from './sales-service';

/** Orders after payment: the buyer's orders, the seller's sales, protection claims, cancellation, refunds. */
export default {
  name: 'orders',
  services: [ordersRepository, orderMails, orderProtection, orderCancellation, buyerOrdersService, salesService, hubVerification],
  routes: [orderRoutes, salesRoutes, operatorRoutes, cancellationRoutes],
} satisfies Module;
