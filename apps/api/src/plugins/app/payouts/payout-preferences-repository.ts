import type { PayoutMethod, PayoutPreference } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    payoutPreferences: PayoutPreferencesRepository;
  }
}

/** Before onboarding: paid into the wallet, no IBAN. */
const NOT_ONBOARDED: PayoutPreference = { method: 'wallet', iban: null, onboarded: false };

export function payoutPreferencesRepository(db: Queryable) {
  return {
    /** How the customer is paid; the defaults with `onboarded: false` before they chose. */
    async get(customerId: number, tx: Queryable = db): Promise<PayoutPreference> {
      const { rows } = await tx.query<{ method: PayoutMethod; iban: string | null }>(
        'SELECT method, iban FROM payout_preferences WHERE customer_id = $1',
        [customerId],
      );
      return rows[0] ? { ...rows[0], onboarded: true } : NOT_ONBOARDED;
    },

    /** Stores the choice (the IBAN already checked and normalised by the contract). */
    async save(customerId: number, method: PayoutMethod, iban: string | null, tx: Queryable = db): Promise<PayoutPreference> {
      const { rows } = await tx.query<{ method: PayoutMethod; iban: string | null }>(
        `INSERT INTO payout_preferences (customer_id, method, iban) VALUES ($1, $2, $3)
         ON CONFLICT (customer_id) DO UPDATE SET method = EXCLUDED.method, iban = EXCLUDED.iban, updated_at = now()
         RETURNING method, iban`,
        [customerId, method, iban],
      );
      return { ...rows[0]!, onboarded: true };
    },
  };
}
export type PayoutPreferencesRepository = ReturnType<typeof payoutPreferencesRepository>;

/** Sellers' payout preferences as `app.payoutPreferences`. */
export default fp(
  async function payoutPreferencesPlugin(app: FastifyInstance) {
    app.decorate('payoutPreferences', payoutPreferencesRepository(app.db));
  },
  { name: 'payout-preferences', dependencies: ['db'] },
);
