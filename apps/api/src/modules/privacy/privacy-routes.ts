import { AccountDeletionRequest, AccountDeletionResult, ApiError, PrivacyExport } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const security = [{ bearer: [] }];
const tags = ['customers'];

/** GDPR: the signed-in person's copy of their data, and the deletion of their account (/user/privacy). */
const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers/privacy/export',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Everything the store holds about the signed-in person, as a JSON file (GDPR Art. 15 and 20)',
        description: 'Grouped by subject (the table it is kept in); photos as links; no password or token hashes. Sent as an attachment.',
        response: { 200: PrivacyExport, 401: ApiError },
      },
    },
    async (request, reply) => {
      const body = await app.privacy.export(request.customerId!);
      const day = body.exported_at.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="preloved-my-data-${day}.json"`).header('cache-control', 'no-store');
      return body;
    },
  );

  app.post(
    '/customers/privacy/delete',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Deletes the signed-in person’s account (GDPR Art. 17)',
        description: [
          'Needs a step-up proof on the session younger than 10 minutes (403 `step_up_required`; `password` sent along gives it: 422 `current_password_wrong`, throttled).',
          'Refused with 409 while something is open: `account_open_orders` (an order bought not delivered or cancelled), `account_open_sales` (a sale not delivered), `account_open_dispute` (a problem or card dispute not closed), `account_pending_payout` (a bank or Stripe transfer not paid), `account_has_credit` (wallet credit, `params.amount` in euros), `account_open_trade_in` (a trade-in not yet paid or sent back).',
          'Afterwards every session ends, sign-in is impossible, personal data is erased or anonymised and the records the law keeps are minimised (README “Your data”).',
        ].join('\n\n'),
        body: AccountDeletionRequest,
        response: { 200: AccountDeletionResult, 401: ApiError, 403: ApiError, 409: ApiError, 422: ApiError, 429: ApiError },
      },
    },
    async (request) => app.privacy.deleteAccount(request.customerId!, request.sessionId, request.body.password, request.clientAddress),
  );
};

export default privacyRoutes;
