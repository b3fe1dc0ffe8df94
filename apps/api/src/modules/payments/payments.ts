import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProvider } from './payment-provider';
import { stripePaymentProvider } from './stripe-provider';
import { testPaymentProvider } from './test-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider checkout charges through. */
    payments: PaymentProvider;
  }
}

/**
 * The payment provider, chosen by PAYMENT_PROVIDER: the built-in test provider (the
 * default: test cards, no network) or Stripe (config refuses to start without its keys). A test
 * may pass its own provider object.
 */
export default fp(
  async function payments(app: FastifyInstance, options: { provider?: PaymentProvider }) {
    const { config } = app;
    const provider: PaymentProvider =
      options.provider ??
      (config.PAYMENT_PROVIDER === 'stripe'
        ? stripePaymentProvider({
            secretKey: config.STRIPE_SECRET_KEY!,
            publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
            webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
            apiUrl: config.STRIPE_API_URL,
            onError: (error) => app.log.warn({ err: error }, 'Stripe refused a call'),
          })
        : testPaymentProvider());
    app.decorate<PaymentProvider>('payments', provider);
  },
  { name: 'payments', dependencies: ['config'] },
);
