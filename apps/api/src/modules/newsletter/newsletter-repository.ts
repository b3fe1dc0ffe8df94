import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    newsletterRepository: ReturnType<typeof createNewsletterRepository>;
  }
}

/** Newsletter addresses: pending (holding a confirmation token's hash) or confirmed. */
export function createNewsletterRepository(app: FastifyInstance) {
  return {
    /**
     * Stores an address as pending with a new confirmation token (one row per address, however often
     * it is sent). False when the address is already confirmed: nothing to confirm then.
     */
    async request(brandId: number, email: string, tokenHash: string, ttlSeconds: number, tx: Queryable = app.db): Promise<boolean> {
      const { rows } = await tx.query(
        `INSERT INTO newsletter_subscriptions (brand_id, email, token_hash, token_expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))
         ON CONFLICT (brand_id, email) DO UPDATE SET token_hash = excluded.token_hash, token_expires_at = excluded.token_expires_at
         WHERE newsletter_subscriptions.confirmed_at IS NULL
         RETURNING id`,
        [brandId, email.toLowerCase(), tokenHash, ttlSeconds],
      );
      return rows.length > 0;
    },

    /** Confirms the address of a usable token (once); its e-mail, or null. */
    async confirm(tokenHash: string, tx: Queryable = app.db): Promise<string | null> {
      const { rows } = await tx.query<{ email: string }>(
        `UPDATE newsletter_subscriptions SET confirmed_at = now(), token_hash = NULL, token_expires_at = NULL
         WHERE token_hash = $1 AND token_expires_at > now() AND confirmed_at IS NULL RETURNING email`,
        [tokenHash],
      );
      return rows[0]?.email ?? null;
    },
  };
}

export default fp(
  async function newsletterRepository(app: FastifyInstance) {
    app.decorate('newsletterRepository', createNewsletterRepository(app));
  },
  { name: 'newsletter-repository', dependencies: ['db'] },
);
