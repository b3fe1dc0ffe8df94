import { ApiError, Wallet, WalletAmountRequest, WalletCodeResult, WalletQuery } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const errors = { 401: ApiError, 422: ApiError };
const security = [{ bearer: [] }];
const tags = ['wallet'];

/** The signed-in seller's wallet (spec /user/wallet): credit, activity, bank transfer, discount code. */
const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

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
      schema: {
        tags,
        security,
        summary: 'Transfers available credit to the saved IBAN: a bank transfer row (the configured percentage) and its fee row',
        description:
          '422 `no_amount` / `invalid_amount` (euros as a JSON number above zero, at most 2 decimals), `amount_too_low` / `amount_too_high` (the wallet\'s bounds), `no_iban` (no IBAN saved: PUT /api/customers/payout), `insufficient_credit`.',
        body: WalletAmountRequest,
        response: { 200: Wallet, ...errors },
      },
    },
    async (request) => app.wallet.transfer(request.customerId!, request.body.amount),
  );

  app.post(
    '/wallet/codes',
    {
      schema: {
        tags,
        security,
        summary: 'Turns available credit into a discount code for the main store, worth 100 % of the amount',
        description: '422 as for transfers (without the IBAN). The code is valid only in the brand\'s main shop, once.',
        body: WalletAmountRequest,
        response: { 200: WalletCodeResult, ...errors },
      },
    },
    async (request) => app.wallet.discountCode(request.customerId!, request.body.amount),
  );
};

export default walletRoutes;
