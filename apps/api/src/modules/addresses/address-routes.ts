import { AddressInput, AddressList, AddressParams, Address, ApiError } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_ADDRESSES } from './address-book';

const errors = { 401: ApiError, 404: ApiError, 422: ApiError };
const security = [{ bearer: [] }];
const tags = ['addresses'];

/** The signed-in customer's address book (spec §3 "Address"; /user/addresses and /checkout). */
const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const addresses = app.addressBook;
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
      return reply.code(201).send(await addresses.create(request.customerId!, request.body));
    },
  );

  app.put(
    '/customers/addresses/:id',
    { schema: { tags, security, summary: 'Changes an address', params: AddressParams, body: AddressInput, response: { 200: Address, ...errors } } },
    async (request) => addresses.update(request.customerId!, request.params.id, request.body),
  );

  app.delete(
    '/customers/addresses/:id',
    { schema: { tags, security, summary: 'Deletes an address; answers the address book', params: AddressParams, response: { 200: AddressList, ...errors } } },
    async (request) => ({ addresses: await addresses.remove(request.customerId!, request.params.id) }),
  );

  app.put(
    '/customers/addresses/:id/default',
    { schema: { tags, security, summary: 'Makes an address the default; answers the address book', params: AddressParams, response: { 200: AddressList, ...errors } } },
    async (request) => ({ addresses: await addresses.setDefault(request.customerId!, request.params.id) }),
  );
};

export default addressRoutes;
