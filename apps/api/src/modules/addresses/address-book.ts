import type { Address } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError, notFound } from '../../core/errors';
import type { AddressFields } from './addresses-repository';

declare module 'fastify' {
  interface FastifyInstance {
    addressBook: ReturnType<typeof addressBook>;
  }
}

/** Most addresses one customer may keep: an address book, not a data store (checkout saves no more once it is full). */
export const MAX_ADDRESSES = 20;

/** The customer's address book: its rules (the cap, the default) around the repository, each change one transaction. */
export function addressBook(app: FastifyInstance) {
  const { addressesRepository: addresses } = app;
  return {
    list: (customerId: number) => addresses.list(customerId),

    /** Adds an address (the first becomes the default); a full book: 422 too_many_addresses. */
    create(customerId: number, input: AddressFields): Promise<Address> {
      return app.db.transaction(async (tx) => {
        if ((await addresses.count(customerId, tx)) >= MAX_ADDRESSES) throw apiError(422, 'too_many_addresses', { params: { max: MAX_ADDRESSES } });
        return addresses.create(customerId, input, tx);
      });
    },

    async update(customerId: number, id: number, input: AddressFields): Promise<Address> {
      const updated = await app.db.transaction((tx) => addresses.update(customerId, id, input, tx));
      if (!updated) throw notFound('Address');
      return updated;
    },

    /** Deletes an address; answers the book. */
    async remove(customerId: number, id: number) {
      const removed = await app.db.transaction((tx) => addresses.remove(customerId, id, tx));
      if (!removed) throw notFound('Address');
      return addresses.list(customerId);
    },

    /** Makes an address the default; answers the book. */
    async setDefault(customerId: number, id: number) {
      const done = await app.db.transaction((tx) => addresses.setDefault(customerId, id, tx));
      if (!done) throw notFound('Address');
      return addresses.list(customerId);
    },
  };
}

export default fp(
  async function addressBookPlugin(app: FastifyInstance) {
    app.decorate('addressBook', addressBook(app));
  },
  { name: 'address-book', dependencies: ['db', 'addresses-repository'] },
);
