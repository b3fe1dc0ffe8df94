import type { BrandDetails, Collection, SocialLink } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    brandsRepository: ReturnType<typeof createBrandsRepository>;
  }
}

interface BrandRow {
  id: number;
  name: string;
  logo_2hand: string;
  mini_logo: string;
  image_sidebar: string;
  main_domain: string;
  return_center_link: string;
  size_guide_2hand: string;
  main_logo: string;
  sidebar_image_vertical_2hand: string;
  link_socials: SocialLink[];
  collections: { collections: Collection[]; collections_sample: Collection[] };
  sample_customer_id: number | null;
}

/** The brand the store runs inside: its details as the spec names them (§3). */
export function createBrandsRepository(app: FastifyInstance) {
  return {
    /** The stored details; the route adds what the store's settings say (`verification`). */
    async details(brandId: number, tx: Queryable = app.db): Promise<Omit<BrandDetails, 'verification'> | null> {
      const { rows } = await tx.query<BrandRow>('SELECT * FROM brands WHERE id = $1', [brandId]);
      const row = rows[0];
      if (!row) return null;
      return {
        id_brand: row.id,
        name: row.name,
        '2hand_logo': row.logo_2hand,
        mini_logo: row.mini_logo,
        image_sidebar: row.image_sidebar,
        main_domain: row.main_domain,
        return_center_link: row.return_center_link,
        '2hand_size_guide': row.size_guide_2hand,
        main_logo: row.main_logo,
        '2hand_sidebar_image_vertical': row.sidebar_image_vertical_2hand,
        link_socials: row.link_socials,
        collections: row.collections,
        ...(row.sample_customer_id ? { customerID: row.sample_customer_id } : {}),
      };
    },
    async sampleCustomerId(brandId: number, tx: Queryable = app.db): Promise<number | null> {
      const { rows } = await tx.query<{ sample_customer_id: number | null }>('SELECT sample_customer_id FROM brands WHERE id = $1', [brandId]);
      return rows[0]?.sample_customer_id ?? null;
    },
  };
}

export default fp(
  async function brandsRepository(app: FastifyInstance) {
    app.decorate('brandsRepository', createBrandsRepository(app));
  },
  { name: 'brands-repository', dependencies: ['db'] },
);
