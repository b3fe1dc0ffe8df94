import type { Queryable } from '../db/db';

export function newsletterRepository(db: Queryable) {
  return {
    /** Subscribes an email; subscribing twice is fine and keeps one row. */
    async subscribe(brandId: number, email: string): Promise<void> {
      await db.query(
        'INSERT INTO newsletter_subscriptions (brand_id, email) VALUES ($1, $2) ON CONFLICT (brand_id, email) DO NOTHING',
        [brandId, email.toLowerCase()],
      );
    },
  };
}
