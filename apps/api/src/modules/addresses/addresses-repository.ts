import type { Address } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    addressesRepository: AddressesRepository;
  }
}

/** An address as the repository takes it: the contract's fields after validation. */
export type AddressFields = Omit<Address, 'id'>;

interface AddressRow {
  id: number;
  name: string;
  first_name: string;
  last_name: string;
  phone: string;
  address: string;
  address2: string;
  zip_code: string;
  city: string;
  country: string;
  is_default: boolean;
}

const COLUMNS = 'id, name, first_name, last_name, phone, address, address2, zip_code, city, country, is_default';
const toAddress = ({ is_default, ...row }: AddressRow): Address => ({ ...row, default: is_default });

export function addressesRepository(db: Queryable) {
  const repo = {
    /** The customer's addresses, the default first, then the newest. */
    async list(customerId: number, tx: Queryable = db): Promise<Address[]> {
      const { rows } = await tx.query<AddressRow>(
        `SELECT ${COLUMNS} FROM addresses WHERE customer_id = $1 ORDER BY is_default DESC, id DESC`,
        [customerId],
      );
      return rows.map(toAddress);
    },

    /** One of the customer's addresses; null for another customer's (or an unknown) id. */
    async find(customerId: number, id: number, tx: Queryable = db): Promise<Address | null> {
      const { rows } = await tx.query<AddressRow>(`SELECT ${COLUMNS} FROM addresses WHERE id = $1 AND customer_id = $2`, [id, customerId]);
      return rows[0] ? toAddress(rows[0]) : null;
    },

    async count(customerId: number, tx: Queryable = db): Promise<number> {
      const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM addresses WHERE customer_id = $1', [customerId]);
      return rows[0]?.n ?? 0;
    },

    /** Adds an address; the first one, or one asked to be, becomes the default. Run in a transaction. */
    async create(customerId: number, fields: AddressFields, tx: Queryable = db): Promise<Address> {
      // Serialises a customer's concurrent writes, so "first address" and "one default" hold.
      await tx.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
      const makeDefault = fields.default || (await repo.count(customerId, tx)) === 0;
      if (makeDefault) await tx.query('UPDATE addresses SET is_default = false WHERE customer_id = $1 AND is_default', [customerId]);
      const { rows } = await tx.query<AddressRow>(
        `INSERT INTO addresses (customer_id, name, first_name, last_name, phone, address, address2, zip_code, city, country, is_default)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${COLUMNS}`,
        [customerId, fields.name, fields.first_name, fields.last_name, fields.phone, fields.address, fields.address2, fields.zip_code, fields.city, fields.country, makeDefault],
      );
      return toAddress(rows[0]!);
    },

    /** Changes an address; null when it is not the customer's. Run in a transaction. */
    async update(customerId: number, id: number, fields: AddressFields, tx: Queryable = db): Promise<Address | null> {
      await tx.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
      if (!(await repo.find(customerId, id, tx))) return null;
      if (fields.default) await tx.query('UPDATE addresses SET is_default = false WHERE customer_id = $1 AND is_default AND id <> $2', [customerId, id]);
      const { rows } = await tx.query<AddressRow>(
        `UPDATE addresses SET name = $3, first_name = $4, last_name = $5, phone = $6, address = $7, address2 = $8, zip_code = $9,
                city = $10, country = $11, is_default = is_default OR $12
         WHERE id = $1 AND customer_id = $2 RETURNING ${COLUMNS}`,
        [id, customerId, fields.name, fields.first_name, fields.last_name, fields.phone, fields.address, fields.address2, fields.zip_code, fields.city, fields.country, fields.default],
      );
      return rows[0] ? toAddress(rows[0]) : null;
    },

    /** Deletes an address; when it was the default, the newest other one becomes it. Run in a transaction. */
    async remove(customerId: number, id: number, tx: Queryable = db): Promise<boolean> {
      await tx.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
      const { rows } = await tx.query<{ is_default: boolean }>('DELETE FROM addresses WHERE id = $1 AND customer_id = $2 RETURNING is_default', [id, customerId]);
      if (!rows[0]) return false;
      if (rows[0].is_default) {
        await tx.query(
          'UPDATE addresses SET is_default = true WHERE id = (SELECT id FROM addresses WHERE customer_id = $1 ORDER BY id DESC LIMIT 1)',
          [customerId],
        );
      }
      return true;
    },

    /** Makes an address the default; false when it is not the customer's. Run in a transaction. */
    async setDefault(customerId: number, id: number, tx: Queryable = db): Promise<boolean> {
      await tx.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
      if (!(await repo.find(customerId, id, tx))) return false;
      await tx.query('UPDATE addresses SET is_default = false WHERE customer_id = $1 AND is_default', [customerId]);
      await tx.query('UPDATE addresses SET is_default = true WHERE id = $1 AND customer_id = $2', [id, customerId]);
      return true;
    },
  };
  return repo;
}
export type AddressesRepository = ReturnType<typeof addressesRepository>;

/** The address book as `app.addressesRepository`. */
export default fp(
  async function addressesRepositoryPlugin(app: FastifyInstance) {
    app.decorate('addressesRepository', addressesRepository(app.db));
  },
  { name: 'addresses-repository', dependencies: ['db'] },
);
