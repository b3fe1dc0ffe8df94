import type { Module } from '../module';
import checkoutRepository from './checkout-repository';
import checkoutRoutes from './checkout-routes';
import checkoutService from './checkout-service';
import paymentRoutes from './payment-routes';
import quoteRoutes from './quote-routes';

/** From the bag to an order: the quote, discount codes, paying and placing the order. */
export default {
  name: 'checkout',
  services: [checkoutRepository, checkoutService],
  routes: [checkoutRoutes, quoteRoutes, paymentRoutes],
} satisfies Module;
