import type { TraderDeclaration, TraderDetails } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { TraderDeclarationInput } from '@preloved/contract';
import type { Queryable } from '../../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    tradersRepository: ReturnType<typeof tradersRepository>;
  }
}

type DeclarationInput = z.output<typeof TraderDeclarationInput>;

interface Row extends TraderDetails {
  customer_id: number;
  kind: 'private' | 'business';
  phone: string | null;
  self_certified_at: Date | string | null;
  declared_at: Date | string;
}

const PUBLIC_COLUMNS = 'customer_id, name, address, coalesce(address2, \'\') AS address2, zip_code, city, country, email, registration_number, vat_number';

const toDetails = (row: TraderDetails): TraderDetails => ({
  name: row.name,
  address: row.address,
  address2: row.address2 ?? '',
  zip_code: row.zip_code,
  city: row.city,
  country: row.country,
  email: row.email,
  registration_number: row.registration_number,
  vat_number: row.vat_number,
});

/**
 * The public details (DSA Art. 31) of those of `sellerIds` who sell as a business; a private person,
 * or a seller who never answered, is absent (the callers show null). Never the phone nor the certification.
 */
export async function sellerTraders(db: Queryable, sellerIds: readonly number[]): Promise<Map<number, TraderDetails>> {
  const traders = new Map<number, TraderDetails>();
  const ids = [...new Set(sellerIds)];
  if (ids.length === 0) return traders;
  const { rows } = await db.query<TraderDetails & { customer_id: number; brand_account: boolean }>(
    `SELECT ${PUBLIC_COLUMNS}, (SELECT c.brand_account FROM customers c WHERE c.id = customer_id) AS brand_account
     FROM trader_declarations WHERE customer_id = ANY($1::int[]) AND kind = 'business'`,
    [ids],
  );
  // The brand selling its own pieces (Brand Direct, migration 067) is marked, so pages say "Sold by" the brand.
  for (const row of rows) traders.set(row.customer_id, row.brand_account ? { ...toDetails(row), brand: true } : toDetails(row));
  return traders;
}

const NOT_DECLARED: TraderDeclaration = { kind: null, business: null, declared_at: null };

export function tradersRepository(db: Queryable) {
  const read = async (customerId: number, tx: Queryable): Promise<TraderDeclaration> => {
    const { rows } = await tx.query<Row>('SELECT * FROM trader_declarations WHERE customer_id = $1', [customerId]);
    const row = rows[0];
    if (!row) return NOT_DECLARED;
    return {
      kind: row.kind,
      business: row.kind === 'business' ? { ...toDetails(row), phone: row.phone ?? '', self_certified_at: new Date(row.self_certified_at!).toISOString() } : null,
      declared_at: new Date(row.declared_at).toISOString(),
    };
  };

  return {
    /** The seller's own declaration; `kind: null` before they answered. */
    get: (customerId: number, tx: Queryable = db) => read(customerId, tx),

    /** Replaces the seller's answer: a private person keeps no business details. */
    async save(customerId: number, input: DeclarationInput, tx: Queryable = db): Promise<TraderDeclaration> {
      const business = input.kind === 'business' ? input : null;
      await tx.query(
        `INSERT INTO trader_declarations (customer_id, kind, name, address, address2, zip_code, city, country, email, phone, registration_number, vat_number, self_certified_at, declared_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, CASE WHEN $2 = 'business' THEN now() END, now())
         ON CONFLICT (customer_id) DO UPDATE SET kind = EXCLUDED.kind, name = EXCLUDED.name, address = EXCLUDED.address, address2 = EXCLUDED.address2,
           zip_code = EXCLUDED.zip_code, city = EXCLUDED.city, country = EXCLUDED.country, email = EXCLUDED.email, phone = EXCLUDED.phone,
           registration_number = EXCLUDED.registration_number, vat_number = EXCLUDED.vat_number, self_certified_at = EXCLUDED.self_certified_at,
           declared_at = EXCLUDED.declared_at`,
        [
          customerId,
          input.kind,
          business?.name ?? null,
          business?.address ?? null,
          business?.address2 ?? null,
          business?.zip_code ?? null,
          business?.city ?? null,
          business?.country ?? null,
          business?.email ?? null,
          business?.phone ?? null,
          business?.registration_number ?? null,
          business?.vat_number ?? null,
        ],
      );
      return read(customerId, tx);
    },

    traders: (sellerIds: readonly number[], tx: Queryable = db) => sellerTraders(tx, sellerIds),
  };
}

/** Sellers' trader declarations as `app.tradersRepository`. */
export default fp(
  async function tradersRepositoryPlugin(app: FastifyInstance) {
    app.decorate('tradersRepository', tradersRepository(app.db));
  },
  { name: 'traders-repository', dependencies: ['db'] },
);
