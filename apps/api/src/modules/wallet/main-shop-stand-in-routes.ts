import { MAIN_STORE_KEY_HEADER, MainStoreCodeRequest, MainStoreRedeemRequest } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Where the main-shop stand-in's page sends a code: its own server's address, not the store's API. */
export const MAIN_SHOP_SERVER_PATH = '/main-shop/server/discount-codes';

/**
 * The brand's shop server, stood in for in the demo. The main shop's checkout page posts the
 * shopper's code to its own server with no key; the server holds MAIN_SHOP_KEY and calls the store's
 * discount-code API with it (`X-Shop-Key`), as a real shop's back end does over HTTPS, then tells its
 * page what the store answered. The key never reaches a page.
 *
 * Registered only in the demo (DEMO=true): in a real store this would let anyone check and redeem
 * codes without the key. The request to the store goes through `app.inject` (the same HTTP request,
 * in this process: the demo has no second server to send it from).
 */
const mainShopStandIn: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.DEMO) return;
  const callStore = (action: 'check' | 'redeem', body: object) =>
    app.inject({
      method: 'POST',
      url: `/api/main-store/discount-codes/${action}`,
      headers: { 'content-type': 'application/json', [MAIN_STORE_KEY_HEADER]: app.config.MAIN_SHOP_KEY },
      payload: body,
    });

  app.post(`${MAIN_SHOP_SERVER_PATH}/check`, { schema: { hide: true, body: MainStoreCodeRequest } }, async (request, reply) => {
    const answer = await callStore('check', request.body);
    return reply.code(answer.statusCode).type('application/json; charset=utf-8').send(answer.body);
  });

  app.post(`${MAIN_SHOP_SERVER_PATH}/redeem`, { schema: { hide: true, body: MainStoreRedeemRequest } }, async (request, reply) => {
    // The brand's own order reference, as a real shop would send its order number.
    const answer = await callStore('redeem', { reference: `MAIN-${Date.now()}`, ...request.body });
    return reply.code(answer.statusCode).type('application/json; charset=utf-8').send(answer.body);
  });
};

export default mainShopStandIn;
