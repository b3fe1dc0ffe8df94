import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { testDeliveryAt } from '../wallet/ledger';

declare module 'fastify' {
  interface FastifyInstance {
    carriers: CarrierAdapter;
  }
}

/** A package as far as its delivery goes. */
export interface TrackedPackage {
  carrier: string | null;
  shipped_at: Date | string | null;
  carrier_delivered_at: Date | string | null;
}

/**
 * Who says a package was delivered (the seller's credit waits for it). 'sendcloud' (issue
 * 42) reads the delivery the carrier reported (`order_packages.carrier_delivered_at`, written by
 * Sendcloud's tracking webhook or the polling fallback, carrier-labels.ts); 'test', the default of
 * this demo store, reports every shipped package delivered CARRIER_TEST_DELIVERY_BUSINESS_DAYS
 * business days after it was shipped, so the whole path runs with no carrier account. Either way the
 * answer is a date worked out when read: the release itself needs no job.
 */
export interface CarrierAdapter {
  readonly mode: 'test' | 'sendcloud';
  /** When the package was (or, in test mode, will be) delivered; null while the carrier has not said. */
  deliveredAt(pkg: TrackedPackage): Date | null;
}

export function carrierAdapter(config: {
  CARRIER_MODE: 'test' | 'sendcloud';
  CARRIER_TEST_DELIVERY_BUSINESS_DAYS: number;
  VERIFICATION_MODE?: 'hub' | 'none';
}): CarrierAdapter {
  // With the hub (issue 48) a seller's parcel goes to the hub, not the buyer: its leaving says nothing of
  // the buyer's delivery, so the test carrier writes deliveries (orders/hub-verification.ts: the hub's
  // parcel when it leaves, a parcel sent straight to a buyer by its job) and this reads only what was written.
  const computes = config.CARRIER_MODE === 'test' && config.VERIFICATION_MODE !== 'hub';
  return {
    mode: config.CARRIER_MODE,
    deliveredAt(pkg) {
      if (pkg.carrier_delivered_at !== null) return new Date(pkg.carrier_delivered_at);
      if (!computes || pkg.shipped_at === null) return null;
      return testDeliveryAt(new Date(pkg.shipped_at), config.CARRIER_TEST_DELIVERY_BUSINESS_DAYS);
    },
  };
}

export default fp(
  async function carriersPlugin(app: FastifyInstance) {
    app.decorate('carriers', carrierAdapter(app.config));
  },
  { name: 'carriers', dependencies: ['config'] },
);
