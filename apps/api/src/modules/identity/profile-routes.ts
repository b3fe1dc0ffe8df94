import { CURRENT_PASSWORD_WRONG, LanguageRequest, MessageResponse, PasswordChangeRequest, ProfileUpdateRequest, StorefrontProfile } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerErrors } from './responses';

/** The signed-in customer's own data: profile and password (spec §7 customers/storefront, password). */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers/storefront',
    {
      preHandler: app.authenticate,
      schema: { tags: ['customers'], summary: 'The signed-in customer (spec §3 user data)', security: [{ bearer: [] }], response: { 200: StorefrontProfile, ...customerErrors } },
    },
    async (request) => app.accounts.profile(request.customerId!),
  );

  app.put(
    '/customers/storefront',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['customers'],
        summary: 'Changes the names and e-mail of the signed-in customer',
        description: `A new e-mail needs \`current_password\` (missing: 422 'no_current_password'; wrong: 422 { message: '${CURRENT_PASSWORD_WRONG}' }); it signs out the other sessions, voids open reset links and mails the old address an undo link.`,
        security: [{ bearer: [] }],
        body: ProfileUpdateRequest,
        response: { 200: StorefrontProfile, ...customerErrors },
      },
    },
    async (request) => {
      const { first_name, last_name, EmailAddress, current_password } = request.body;
      return app.accounts.updateProfile(
        request.customerId!,
        request.sessionId,
        { firstName: first_name, lastName: last_name, email: EmailAddress, currentPassword: current_password },
        request.clientAddress,
        request.log,
      );
    },
  );

  app.put(
    '/customers/language',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['customers'],
        summary: 'Records the language the store is shown in: the account’s mails are written in it',
        description:
          'Sent when the shopper switches the language or opens a link with `?lang=`, besides sign-up, sign-in and paying (which read Accept-Language): a seller who switched to Portuguese gets the next sale mail in Portuguese.',
        security: [{ bearer: [] }],
        body: LanguageRequest,
        response: { 200: LanguageRequest, ...customerErrors },
      },
    },
    async (request) => {
      await app.customersRepository.setReader(request.customerId!, { language: request.body.language });
      return { language: request.body.language };
    },
  );

  app.put(
    '/customers/password',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['customers'],
        summary: 'Changes the password; the customer’s other sessions end, this one stays',
        description: `Wrong current password: 422 { message: '${CURRENT_PASSWORD_WRONG}' }.`,
        security: [{ bearer: [] }],
        body: PasswordChangeRequest,
        response: { 200: MessageResponse, ...customerErrors },
      },
    },
    async (request) => {
      const { current_password, new_password } = request.body;
      await app.accounts.changePassword(request.customerId!, request.sessionId, { current: current_password, next: new_password }, request.clientAddress);
      return { message: 'Your password has been changed.' };
    },
  );
};

export default profileRoutes;
