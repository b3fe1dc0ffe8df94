import type { Module } from '../module';
import payoutChanges from './payout-changes';
import payoutPreferences from './payout-preferences-repository';
import payoutRoutes from './payout-routes';
import payoutRuns from './payout-runs';
import sepaBatchRoutes from './sepa-batch-routes';
import sepaBatches from './sepa-batches';
import stripeConnect from './stripe-connect';
import stripeConnectWebhookRoutes from './stripe-connect-webhook-routes';

/** Money out: payout preferences and their proven changes, Stripe Connect transfers, SEPA batches. */
export default {
  name: 'payouts',
  services: [payoutPreferences, payoutChanges, payoutRuns, stripeConnect, sepaBatches],
  routes: [payoutRoutes, stripeConnectWebhookRoutes, sepaBatchRoutes],
} satisfies Module;
