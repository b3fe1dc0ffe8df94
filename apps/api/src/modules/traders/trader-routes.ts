import { ApiError, TraderDeclaration, TraderDeclarationInput } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const tags = ['traders'];
const security = [{ bearer: [] }];

/** The seller's trader declaration (DSA Art. 30): a private person or a business and its details. */
const traderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/seller/trader',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Whether the seller sells as a private person or a business (`kind: null` before they answered: treated as a private person)',
        response: { 200: TraderDeclaration, 401: ApiError },
      },
    },
    async (request) => app.tradersRepository.get(request.customerId!),
  );

  app.put(
    '/seller/trader',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Declares the seller a private person or a business',
        description: [
          'A business gives its name, address, e-mail, phone, trade register number, VAT number (PT: PT + 9 digits with its check digit; ES: ES + 9 letters or digits; typed without prefix, the country’s is added) and `self_certified: true`.',
          'Bad fields: 422 with their keys (`no_business_name`, `invalid_vat_number_pt`, `trader_self_certification`, …). Name, address, e-mail, registration and VAT number are then shown on the seller’s listings, page and at checkout; the phone is not.',
        ].join('\n\n'),
        body: TraderDeclarationInput,
        response: { 200: TraderDeclaration, 401: ApiError, 422: ApiError },
      },
    },
    async (request) => {
      const saved = await app.tradersRepository.save(request.customerId!, request.body);
      // This instance shows the new details at once; the others follow the catalogue's version (migration 059).
      app.catalogueCache.clear();
      return saved;
    },
  );
};

export default traderRoutes;
