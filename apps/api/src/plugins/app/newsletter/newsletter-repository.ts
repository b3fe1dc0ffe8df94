import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    newsletterRepository: ReturnType<typeof createNewsletterRepository>;
  }
}

export function createNewsletterRepository(app: FastifyInstance) {
  return {
    /** Subscribes an email; subscribing twice is fine and keeps one row. */
    async subscribe(brandId: number, email: string, tx: Queryable = app.db): Promise<void> {
      await tx.query(
        'INSERT INTO newsletter_subscriptions (brand_id, email) VALUES ($1, $2) ON CONFLICT (brand_id, email) DO NOTHING',
        [brandId, email.toLowerCase()],
      );
    },
  };
}

export default fp(
  async function newsletterRepository(app: FastifyInstance) {
    app.decorate('newsletterRepository', createNewsletterRepository(app));
  },
  { name: 'newsletter-repository', dependencies: ['db'] },
);
