import { LoginResult, MessageResponse, PasswordRecoveryRequest, PasswordResetParams, PasswordResetRequest, PasswordResetStatus } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerErrors } from './responses';

/** Password recovery by mail (spec §7 customers/passwordrecovery, passwordreset). */
const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/passwordrecovery',
    {
      schema: {
        tags: ['customers'],
        summary: 'Sends a password reset link; the answer is the same whether the e-mail has an account or not',
        body: PasswordRecoveryRequest,
        response: { 200: MessageResponse, ...customerErrors },
      },
    },
    async (request) => app.passwordRecovery.request(request.body.email, request.clientAddress, request.log),
  );

  app.get(
    '/customers/passwordreset/:id',
    {
      schema: {
        tags: ['customers'],
        summary: 'Whether a reset link can still be used (404 when expired, used or unknown)',
        params: PasswordResetParams,
        response: { 200: PasswordResetStatus, ...customerErrors },
      },
    },
    async (request) => {
      await app.passwordRecovery.check(request.params.id);
      return { valid: true as const };
    },
  );

  app.post(
    '/customers/passwordreset',
    {
      schema: {
        tags: ['customers'],
        summary: 'Sets a new password from a reset link and signs in; every other session ends',
        description: 'A used, expired or unknown link: 422 with a message.',
        body: PasswordResetRequest,
        response: { 200: LoginResult, ...customerErrors },
      },
    },
    async (request) => app.passwordRecovery.reset(request.body.id, request.body.password, request.clientAddress),
  );
};

export default recoveryRoutes;
