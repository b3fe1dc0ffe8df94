import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError, MAIN_STORE_KEY_HEADER, MainStoreCode, MainStoreCodeRequest, MainStoreRedeemRequest } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEMO_SECRETS } from '../../config';
import { apiError } from '../../core/errors';

const tags = ['main store'];
const security = [{ shopKey: [] }];
const errors = { 401: ApiError, 404: ApiError, 422: ApiError };

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * What the brand's main shop calls to accept a wallet discount code (spec §9: usable only there).
 * Authenticated by the shop's key from the configuration (header X-Shop-Key), not by a customer.
 */
const mainStoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const expected = digest(app.config.MAIN_SHOP_KEY);
  // Only the demo gets here with the demo's key (a production store refuses it at start).
  if (app.config.NODE_ENV === 'production' && app.config.MAIN_SHOP_KEY === DEMO_SECRETS.MAIN_SHOP_KEY) {
    app.log.warn('MAIN_SHOP_KEY is the demo\'s public key (DEMO=true): not a store for real money (README: "Production settings")');
  }
  app.addHook('preHandler', async (request) => {
    const sent = request.headers[MAIN_STORE_KEY_HEADER];
    // Digests of equal length, compared in constant time: the answer's timing tells nothing of the key.
    if (typeof sent !== 'string' || !timingSafeEqual(digest(sent), expected)) throw apiError(401, 'shop_key_needed');
  });

  app.post(
    '/main-store/discount-codes/check',
    {
      schema: {
        tags,
        security,
        summary: 'What a wallet discount code is worth and whether it is still active',
        description: 'Header X-Shop-Key. Unknown codes and codes of the second-hand store: 404 `invalid_discount_code`.',
        body: MainStoreCodeRequest,
        response: { 200: MainStoreCode, ...errors },
      },
    },
    async (request) => app.wallet.checkCode(request.body.code),
  );

  app.post(
    '/main-store/discount-codes/redeem',
    {
      schema: {
        tags,
        security,
        summary: 'Uses a wallet discount code, once',
        description: 'Header X-Shop-Key. A code already used (also by a concurrent request): 409.',
        body: MainStoreRedeemRequest,
        response: { 200: MainStoreCode, ...errors, 409: ApiError },
      },
    },
    async (request) => app.wallet.redeemCode(request.body.code, request.body.reference ?? null),
  );
};

export default mainStoreRoutes;
