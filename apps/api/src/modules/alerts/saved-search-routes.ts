import { ApiErrorWithCode, SavedSearch, SavedSearchCreate, SavedSearchList, SavedSearchParams, SavedSearchUpdate, MAX_SAVED_SEARCHES } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const errors = { 401: ApiErrorWithCode, 404: ApiErrorWithCode, 409: ApiErrorWithCode, 422: ApiErrorWithCode };
const security = [{ bearer: [] }];

/** A shopper's saved searches: the job tells them of new matching pieces. */
const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { alerts } = app;
  app.get(
    '/customers/saved-searches',
    { preHandler: app.authenticate, schema: { tags: ['alerts'], summary: 'The saved searches, newest first', security, response: { 200: SavedSearchList, ...errors } } },
    async (request) => ({ searches: await alerts.list(request.customerId!), max: MAX_SAVED_SEARCHES }),
  );

  app.post(
    '/customers/saved-searches',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['alerts'],
        summary: 'Saves a search (its words and filters) to hear of new matching pieces',
        description: `At most ${MAX_SAVED_SEARCHES} per shopper (409 \`saved_search_limit\`); a search with no words and no filter: 422 \`saved_search_empty\`. Only pieces listed from now on are told.`,
        security,
        body: SavedSearchCreate,
        response: { 201: SavedSearch, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await alerts.create(request.customerId!, request.body)),
  );

  app.patch(
    '/customers/saved-searches/:id',
    {
      preHandler: app.authenticate,
      schema: { tags: ['alerts'], summary: 'Renames or pauses a saved search', security, params: SavedSearchParams, body: SavedSearchUpdate, response: { 200: SavedSearch, ...errors } },
    },
    async (request) => alerts.update(request.customerId!, request.params.id, request.body),
  );

  app.delete(
    '/customers/saved-searches/:id',
    { preHandler: app.authenticate, schema: { tags: ['alerts'], summary: 'Deletes a saved search', security, params: SavedSearchParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await alerts.remove(request.customerId!, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default savedSearchRoutes;
