import type { Module } from '../module';
import paymentAttemptsRepository from './payment-attempts-repository';
import payments from './payments';
import providerEvents from './provider-events';
import stripeWebhookRoutes from './stripe-webhook-routes';

/** The payment provider (test or Stripe), payment attempts and the provider's events. */
export default {
  name: 'payments',
  services: [paymentAttemptsRepository, payments, providerEvents],
  routes: [stripeWebhookRoutes],
} satisfies Module;
