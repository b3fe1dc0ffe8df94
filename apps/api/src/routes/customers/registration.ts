import { SignupRequest, SignupResult } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerErrors, rememberLanguage } from './responses';

/** Registration (spec §7 customers/signin). */
const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/signin',
    {
      schema: {
        tags: ['customers'],
        summary: 'Registration; signs the new customer in (the token is `token` here, as the spec writes it)',
        body: SignupRequest,
        response: { 200: SignupResult, ...customerErrors },
      },
    },
    async (request) => {
      const { first_name, last_name, EmailAddress, password, cart } = request.body;
      const result = await app.accounts.register({ firstName: first_name, lastName: last_name, email: EmailAddress, password, cart }, request.clientAddress);
      await rememberLanguage(app, request, result.Customer.CustomerID);
      return result;
    },
  );
};

export default registrationRoutes;
