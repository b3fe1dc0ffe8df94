import type { PayoutMethod, PayoutPreference } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    payoutPreferences: PayoutPreferencesRepository;
  }
}

/** Before onboarding: paid into the wallet, no IBAN. */
const NOT_ONBOARDED: PayoutPreference = { method: 'wallet', iban: null, onboarded: false, iban_hold_until: null, frozen: false };

type Row = { method: PayoutMethod; iban: string | null; iban_hold_until: Date | string | null; frozen_at: Date | string | null };
const toPreference = (row: Row): PayoutPreference => ({
  method: row.method,
  iban: row.iban,
  onboarded: true,
  iban_hold_until: row.iban_hold_until === null ? null : new Date(row.iban_hold_until).toISOString(),
  frozen: row.frozen_at !== null,
});

export function payoutPreferencesRepository(db: Queryable) {
  return {
    /** How the customer is paid; the defaults with `onboarded: false` before they chose. */
    async get(customerId: number, tx: Queryable = db): Promise<PayoutPreference> {
      const { rows } = await tx.query<Row>('SELECT method, iban, iban_hold_until, frozen_at FROM payout_preferences WHERE customer_id = $1', [customerId]);
      return rows[0] ? toPreference(rows[0]) : NOT_ONBOARDED;
    },

    /**
     * Stores the choice (the IBAN already checked and normalised by the contract). `holdUntil` starts a
     * hold of transfers (a changed IBAN: app.payoutChanges decides); otherwise the hold stays as it was.
     */
    async save(customerId: number, method: PayoutMethod, iban: string | null, tx: Queryable = db, holdUntil?: Date): Promise<PayoutPreference> {
      const { rows } = await tx.query<Row>(
        `INSERT INTO payout_preferences (customer_id, method, iban, iban_hold_until) VALUES ($1, $2, $3, $4)
         ON CONFLICT (customer_id) DO UPDATE SET method = EXCLUDED.method, iban = EXCLUDED.iban,
           iban_hold_until = coalesce(EXCLUDED.iban_hold_until, payout_preferences.iban_hold_until), updated_at = now()
         RETURNING method, iban, iban_hold_until, frozen_at`,
        [customerId, method, iban, holdUntil ?? null],
      );
      return toPreference(rows[0]!);
    },

    /** "This wasn't me": no payout leaves the account until `unfreeze` (a password reset by mail). */
    async freeze(customerId: number, tx: Queryable = db): Promise<void> {
      await tx.query('UPDATE payout_preferences SET frozen_at = coalesce(frozen_at, now()), updated_at = now() WHERE customer_id = $1', [customerId]);
    },

    async unfreeze(customerId: number, tx: Queryable = db): Promise<void> {
      await tx.query('UPDATE payout_preferences SET frozen_at = NULL WHERE customer_id = $1 AND frozen_at IS NOT NULL', [customerId]);
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
