import { AddressInput, AddressList, AddressParams, Address, ApiError } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../../lib/errors';
import { MAX_ADDRESSES } from '../../plugins/app/addresses/addresses-repository';

const errors = { 401: ApiError, 404: ApiError, 422: ApiError };
const security = [{ bearer: [] }];
const tags = ['addresses'];

/** The signed-in customer's address book (spec §3 "Address"; /user/addresses and /checkout). */
const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const addresses = app.addressesRepository;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/customers/addresses',
    { schema: { tags, security, summary: 'The address book, the default address first', response: { 200: AddressList, ...errors } } },
    async (request) => ({ addresses: await addresses.list(request.customerId!) }),
  );

  app.post(
    '/customers/addresses',
    {
      schema: {
        tags,
        security,
        summary: 'Adds an address; the first one becomes the default',
        description: `Missing fields: 422 with the keys no_first_name, no_last_name, no_phone, no_address, no_zip, no_city, no_country. At most ${MAX_ADDRESSES} addresses.`,
        body: AddressInput,
        response: { 201: Address, ...errors },
      },
    },
    async (request, reply) => {
      const customerId = request.customerId!;
      const created = await app.db.transaction(async (tx) => {
        if ((await addresses.count(customerId, tx)) >= MAX_ADDRESSES) {
          throw new HttpError(422, `You can keep at most ${MAX_ADDRESSES} addresses. Delete one first.`);
        }
        return addresses.create(customerId, request.body, tx);
      });
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/customers/addresses/:id',
    { schema: { tags, security, summary: 'Changes an address', params: AddressParams, body: AddressInput, response: { 200: Address, ...errors } } },
    async (request) => {
      const updated = await app.db.transaction((tx) => addresses.update(request.customerId!, request.params.id, request.body, tx));
      if (!updated) throw notFound('Address');
      return updated;
    },
  );

  app.delete(
    '/customers/addresses/:id',
    { schema: { tags, security, summary: 'Deletes an address; answers the address book', params: AddressParams, response: { 200: AddressList, ...errors } } },
    async (request) => {
      const customerId = request.customerId!;
      const removed = await app.db.transaction((tx) => addresses.remove(customerId, request.params.id, tx));
      if (!removed) throw notFound('Address');
      return { addresses: await addresses.list(customerId) };
    },
  );

  app.put(
    '/customers/addresses/:id/default',
    { schema: { tags, security, summary: 'Makes an address the default; answers the address book', params: AddressParams, response: { 200: AddressList, ...errors } } },
    async (request) => {
      const customerId = request.customerId!;
      const done = await app.db.transaction((tx) => addresses.setDefault(customerId, request.params.id, tx));
      if (!done) throw notFound('Address');
      return { addresses: await addresses.list(customerId) };
    },
  );
};

export default addressRoutes;
