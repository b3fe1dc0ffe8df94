import { ApiError, Wallet, WalletAmountRequest, WalletCodeResult, WalletQuery } from '@preloved/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const errors = { 401: ApiError, 403: ApiError, 422: ApiError };
const MONEY_OUT =
  'Money out: 403 `email_not_verified` until the e-mail is proven, `payouts_frozen` after "this wasn\'t me", `step_up_required` without a proof on the session younger than 10 minutes (POST /api/customers/step-up).';
const security = [{ bearer: [] }];
const tags = ['wallet'];

/** The signed-in seller's wallet (spec /user/wallet): credit, activity, bank transfer, discount code. */
const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const moneyOut = async (request: FastifyRequest) => app.payoutChanges.guardMoneyOut(request.customerId!, request.sessionId);

  app.get(
    '/wallet',
    {
      schema: {
        tags,
        security,
        summary: 'Total credit, pending and available, the amount bounds and the activity (newest first)',
        querystring: WalletQuery,
        response: { 200: Wallet, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.wallet.wallet(request.customerId!, request.query.page, request.query.limit);
    },
  );

  app.post(
    '/wallet/transfers',
    {
      preHandler: moneyOut,
      schema: {
        tags,
        security,
        summary: 'Transfers available credit to the saved IBAN: a bank transfer row (the configured percentage) and its fee row',
        description: [
          '422 `no_amount` / `invalid_amount` (euros as a JSON number above zero, at most 2 decimals), `amount_too_low` / `amount_too_high` (the wallet\'s bounds), `no_iban` (no IBAN saved: PUT /api/customers/payout), `insufficient_credit`.',
          MONEY_OUT,
        ].join('\n\n'),
        body: WalletAmountRequest,
        response: { 200: Wallet, ...errors },
      },
    },
    async (request) => app.wallet.transfer(request.customerId!, request.body.amount),
  );

  app.post(
    '/wallet/codes',
    {
      preHandler: moneyOut,
      schema: {
        tags,
        security,
        summary: 'Turns available credit into a discount code for the main store, worth 100 % of the amount',
        description: ['422 as for transfers (without the IBAN). The code is valid only in the brand\'s main shop, once.', MONEY_OUT].join('\n\n'),
        body: WalletAmountRequest,
        response: { 200: WalletCodeResult, ...errors },
      },
    },
    async (request) => app.wallet.discountCode(request.customerId!, request.body.amount),
  );
};

export default walletRoutes;
