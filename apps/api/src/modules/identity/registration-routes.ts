import { SignupRequest, SignupResult } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentLanguage } from '../../core/language';
import { customerErrors, rememberLanguage } from './responses';

/** Registration (spec §7 customers/signin). */
const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/signin',
    {
      schema: {
        tags: ['customers'],
        summary: 'Registration; signs the new customer in (the token is `token` here, as the spec writes it)',
        description:
          'The account is unverified until its owner opens the mailed link or types its 6-digit code (POST /api/customers/verification/confirm). One client address opens at most REGISTRATIONS_PER_HOUR (5) accounts an hour and REGISTRATIONS_PER_DAY (20) a day: 429 with Retry-After beyond.',
        body: SignupRequest,
        response: { 200: SignupResult, ...customerErrors },
      },
    },
    async (request) => {
      const { first_name, last_name, EmailAddress, password, cart } = request.body;
      const language = contentLanguage(request.headers['accept-language']);
      const result = await app.accounts.register({ firstName: first_name, lastName: last_name, email: EmailAddress, password, cart, language }, request.clientAddress);
      await rememberLanguage(app, request, result.Customer.CustomerID);
      return result;
    },
  );
};

export default registrationRoutes;
