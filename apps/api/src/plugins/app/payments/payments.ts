import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProvider } from './payment-provider';
import { testPaymentProvider } from './test-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider checkout charges through. */
    payments: PaymentProvider;
  }
}

/**
 * The payment provider. Only the built-in test provider exists: a real one (Stripe, Adyen, ...)
 * implements PaymentProvider and is chosen here from the configuration.
 */
export default fp(
  async function payments(app: FastifyInstance, options: { provider?: PaymentProvider }) {
    app.decorate('payments', options.provider ?? testPaymentProvider());
  },
  { name: 'payments' },
);
