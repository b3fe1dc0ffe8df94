import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import type { ContentLanguage } from '../../core/language';

declare module 'fastify' {
  interface FastifyInstance {
    customersRepository: ReturnType<typeof createCustomersRepository>;
  }
}

export interface CustomerRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  verified: boolean;
  created_at: Date | string;
  password_hash: string | null;
  google_sub: string | null;
  /** The language (en, pt) and time zone of the account's mails (migration 027). */
  language: string;
  time_zone: string;
  /** When the owner proved the e-mail; null: unverified. */
  email_verified_at: Date | string | null;
}

const COLUMNS = 'id, first_name, last_name, email, verified, created_at, password_hash, google_sub, language, time_zone, email_verified_at';

/** PostgreSQL's unique_violation: the e-mail (or Google account) is taken. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * Customers as accounts: lookup, registration, profile, password, Google link, recovery links. Every
 * method takes an optional transaction (`app.db.transaction`), and runs on the pool without one.
 */
export function createCustomersRepository(app: FastifyInstance) {
  return {
    async byId(id: number, tx: Queryable = app.db): Promise<CustomerRow | null> {
      const { rows } = await tx.query<CustomerRow>(`SELECT ${COLUMNS} FROM customers WHERE id = $1`, [id]);
      return rows[0] ?? null;
    },

    async byEmail(email: string, tx: Queryable = app.db): Promise<CustomerRow | null> {
      const { rows } = await tx.query<CustomerRow>(`SELECT ${COLUMNS} FROM customers WHERE email = $1`, [email.toLowerCase()]);
      return rows[0] ?? null;
    },

    async byGoogleSub(sub: string, tx: Queryable = app.db): Promise<CustomerRow | null> {
      const { rows } = await tx.query<CustomerRow>(`SELECT ${COLUMNS} FROM customers WHERE google_sub = $1`, [sub]);
      return rows[0] ?? null;
    },

    /** A new account; null when the e-mail (or Google account) already has one. */
    /** A new account (a Google one is verified: Google vouched for the address); null when the e-mail (or Google account) already has one. */
    async create(
      input: { firstName: string; lastName: string; email: string; passwordHash?: string; googleSub?: string; language?: ContentLanguage },
      tx: Queryable = app.db,
    ): Promise<CustomerRow | null> {
      const { rows } = await tx.query<CustomerRow>(
        `INSERT INTO customers (first_name, last_name, email, password_hash, google_sub, language, email_verified_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $5::text IS NULL THEN NULL ELSE now() END)
         ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
        [input.firstName, input.lastName, input.email.toLowerCase(), input.passwordHash ?? null, input.googleSub ?? null, input.language ?? 'en'],
      );
      return rows[0] ?? null;
    },

    /**
     * The language (and, when known, time zone) the account's mails are written in: the store's
     * language when the customer last signed up, signed in or paid; the browser's zone at checkout.
     */
    async setReader(id: number, reader: { language: ContentLanguage; timeZone?: string }, tx: Queryable = app.db): Promise<void> {
      await tx.query('UPDATE customers SET language = $2, time_zone = coalesce($3, time_zone) WHERE id = $1', [id, reader.language, reader.timeZone ?? null]);
    },

    /** Links the Google identity (Google vouched for the e-mail: it is verified too). */
    async linkGoogle(id: number, sub: string, tx: Queryable = app.db): Promise<void> {
      await tx.query('UPDATE customers SET google_sub = $2, email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1', [id, sub]);
    },

    /**
     * A Google sign-in takes over the unverified password account of its e-mail: the
     * password goes, the Google identity is linked, the e-mail is verified. Only while it is still
     * unverified and unlinked (false otherwise: a race).
     */
    async takeOverForGoogle(id: number, sub: string, tx: Queryable = app.db): Promise<boolean> {
      const { rows } = await tx.query(
        `UPDATE customers SET google_sub = $2, password_hash = NULL, email_verified_at = now()
          WHERE id = $1 AND email_verified_at IS NULL AND google_sub IS NULL RETURNING id`,
        [id, sub],
      );
      return rows.length > 0;
    },

    /** Marks the account's e-mail proven, when it is still `email` (a proof of an older address proves nothing now). */
    async markVerified(id: number, email: string, tx: Queryable = app.db): Promise<boolean> {
      const { rows } = await tx.query(
        'UPDATE customers SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1 AND email = $2 RETURNING id',
        [id, email.toLowerCase()],
      );
      return rows.length > 0;
    },

    /**
     * Names and e-mail; a new e-mail is unverified until its owner proves it. Throws a unique
     * violation (isUniqueViolation) when the e-mail is taken.
     */
    async updateProfile(id: number, input: { firstName: string; lastName: string; email: string }, tx: Queryable = app.db): Promise<CustomerRow | null> {
      const { rows } = await tx.query<CustomerRow>(
        `UPDATE customers SET first_name = $2, last_name = $3, email = $4,
           email_verified_at = CASE WHEN email = $4 THEN email_verified_at ELSE NULL END
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, input.firstName, input.lastName, input.email.toLowerCase()],
      );
      return rows[0] ?? null;
    },

    async setPassword(id: number, passwordHash: string, tx: Queryable = app.db): Promise<void> {
      await tx.query('UPDATE customers SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
    },

    /** Notes that the customer signed in from `address` (as the throttles count addresses). */
    async rememberAddress(id: number, address: string, tx: Queryable = app.db): Promise<void> {
      await tx.query(
        `INSERT INTO customer_addresses (customer_id, address) VALUES ($1, $2)
         ON CONFLICT (customer_id, address) DO UPDATE SET last_at = now()`,
        [id, address],
      );
    },

    /** Whether the customer signed in from `address` within the last `days` days. */
    async knowsAddress(id: number, address: string, days: number, tx: Queryable = app.db): Promise<boolean> {
      const { rows } = await tx.query(
        'SELECT 1 FROM customer_addresses WHERE customer_id = $1 AND address = $2 AND last_at > now() - make_interval(days => $3)',
        [id, address, days],
      );
      return rows.length > 0;
    },

    /**
     * Stores a recovery link (its hash); earlier unused recovery links of the customer stop working
     * (one statement, so atomic). Undo links of an e-mail change are kept.
     */
    async createReset(customerId: number, idHash: string, ttlSeconds: number, tx: Queryable = app.db): Promise<void> {
      await tx.query(
        `WITH voided AS (UPDATE password_resets SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL AND restore_email IS NULL)
         INSERT INTO password_resets (id_hash, customer_id, expires_at) VALUES ($2, $1, now() + make_interval(secs => $3))`,
        [customerId, idHash, ttlSeconds],
      );
    },

    /**
     * Stores the undo link of an e-mail change: a reset link that also restores `restoreEmail`. Only
     * the first change of a chain gets one (false otherwise), so the link always restores the
     * address the account had before anyone changed it, never an intermediate one.
     */
    async createUndo(customerId: number, idHash: string, ttlSeconds: number, restoreEmail: string, tx: Queryable = app.db): Promise<boolean> {
      const { rows } = await tx.query(
        `INSERT INTO password_resets (id_hash, customer_id, expires_at, restore_email)
         SELECT $2, $1, now() + make_interval(secs => $3), $4
         WHERE NOT EXISTS (SELECT 1 FROM password_resets WHERE customer_id = $1 AND restore_email IS NOT NULL AND used_at IS NULL AND expires_at > now())
         RETURNING id`,
        [customerId, idHash, ttlSeconds, restoreEmail],
      );
      return rows.length > 0;
    },

    /** Voids the customer's open recovery links (after a password or e-mail change); undo links stay. */
    async voidResets(customerId: number, tx: Queryable = app.db): Promise<void> {
      await tx.query('UPDATE password_resets SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL AND restore_email IS NULL', [customerId]);
    },

    /** The customer of a usable (unused, unexpired) recovery link, or null. */
    async resetCustomer(idHash: string, tx: Queryable = app.db): Promise<number | null> {
      const { rows } = await tx.query<{ customer_id: number }>(
        'SELECT customer_id FROM password_resets WHERE id_hash = $1 AND used_at IS NULL AND expires_at > now()',
        [idHash],
      );
      return rows[0]?.customer_id ?? null;
    },

    /**
     * Marks a usable link used and returns its customer (and the e-mail an undo link restores); null
     * when it was not usable (single use, race-safe). Every other open link of the customer is voided
     * too: whoever proved the mailbox now holds the account.
     */
    async consumeReset(idHash: string, tx: Queryable = app.db): Promise<{ customerId: number; restoreEmail: string | null } | null> {
      const { rows } = await tx.query<{ customer_id: number; restore_email: string | null }>(
        `UPDATE password_resets SET used_at = now() WHERE id_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING customer_id, restore_email`,
        [idHash],
      );
      const row = rows[0];
      if (!row) return null;
      await tx.query('UPDATE password_resets SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL', [row.customer_id]);
      return { customerId: row.customer_id, restoreEmail: row.restore_email };
    },

    /** Puts back the e-mail an undo link restores, unless another account has taken it since. */
    async restoreEmail(id: number, email: string, tx: Queryable = app.db): Promise<void> {
      await tx.query(
        'UPDATE customers SET email = $2 WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM customers WHERE email = $2 AND id <> $1)',
        [id, email],
      );
    },
  };
}

export default fp(
  async function customersRepository(app: FastifyInstance) {
    app.decorate('customersRepository', createCustomersRepository(app));
  },
  { name: 'customers-repository', dependencies: ['db'] },
);
