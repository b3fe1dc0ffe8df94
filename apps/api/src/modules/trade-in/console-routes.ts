import { ApiError, BACKOFFICE_SECTIONS, TradeInDecision, TradeInParams, TradeInPolicy, TradeInQueue, TradeInQueueQuery, TradeInSettings, TradeInStaffEntry } from '@preloved/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPdf } from '../../core/pdf-reply';

const tags = ['backoffice'];
const security = [{ staffCookie: [] }];
const refusals = { 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError, 422: ApiError, 429: ApiError };
/** The hub's bench: the team who checks pieces. */
const bench = ['support', 'admin'] as const;
const readers = BACKOFFICE_SECTIONS['trade-ins'];

/**
 * Trade-ins in the back office (issue 48): the hub's queue, marking a parcel received, the check
 * (confirm, re-price, send back) and the price table. Registered inside the back office's routes, so
 * their staff session and role checks apply; every change is in the audit log.
 */
const tradeInConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const by = (request: FastifyRequest) => request.staffSession!;

  app.get(
    '/backoffice/trade-ins',
    { config: { staff: readers }, schema: { tags, summary: 'Trade-ins in one state, the longest waiting first', security, querystring: TradeInQueueQuery, response: { 200: TradeInQueue, ...refusals } } },
    async (request) => ({ trade_ins: await app.tradeIns.queue(request.query.state) }),
  );

  app.get(
    '/backoffice/trade-ins/settings',
    { config: { staff: readers }, schema: { tags, summary: 'The trade-in price table, its adjustments, bonus and limits, and what trade-ins have cost', security, response: { 200: TradeInSettings, ...refusals } } },
    async () => app.tradeIns.settings(),
  );

  app.put(
    '/backoffice/trade-ins/settings',
    {
      config: { staff: BACKOFFICE_SECTIONS.staff },
      schema: { tags, summary: 'Sets the trade-in price table (admin; in the audit log with before and after)', security, body: TradeInPolicy, response: { 200: TradeInSettings, ...refusals } },
    },
    async (request) => app.tradeIns.setPolicy(by(request), request.body),
  );

  app.get(
    '/backoffice/trade-ins/:tradeInId',
    { config: { staff: readers }, schema: { tags, summary: 'One trade-in: the piece, the customer, the prices and the state', security, params: TradeInParams, response: { 200: TradeInStaffEntry, ...refusals } } },
    async (request) => app.tradeIns.staffDetail(request.params.tradeInId),
  );

  app.post(
    '/backoffice/trade-ins/:tradeInId/received',
    {
      config: { staff: bench },
      schema: { tags, summary: 'Marks a trade-in’s parcel received at the hub (once: 409 `trade_in_state` after)', security, params: TradeInParams, response: { 200: TradeInStaffEntry, ...refusals } },
    },
    async (request) => app.tradeIns.receive(by(request), request.params.tradeInId),
  );

  app.post(
    '/backoffice/trade-ins/:tradeInId/decision',
    {
      config: { staff: bench },
      schema: {
        tags,
        summary: 'The hub’s check: `confirm` (paid now at the price), `reprice` (a new `price` and a `reason`: the customer accepts it or gets the piece back) or `return` (a `reason`)',
        description: 'Only a trade-in at the hub (409 `trade_in_state`). 422 `trade_in_reason_needed`, `trade_in_price`. In the audit log.',
        security,
        params: TradeInParams,
        body: TradeInDecision,
        response: { 200: TradeInStaffEntry, ...refusals },
      },
    },
    async (request) => app.tradeIns.decide(by(request), request.params.tradeInId, request.body),
  );

  app.get(
    '/backoffice/trade-ins/:tradeInId/label',
    {
      config: { staff: bench },
      schema: {
        tags,
        summary: 'A trade-in’s label (A6 PDF): `return`, the hub’s free label back to the customer, or `inbound`',
        security,
        params: TradeInParams,
        querystring: z.object({ kind: z.enum(['inbound', 'return']).default('return') }),
        response: { 200: z.any().describe('The label, application/pdf'), ...refusals },
      },
    },
    async (request, reply) => {
      const { pdf, name } = await app.tradeIns.staffLabel(request.params.tradeInId, request.query.kind);
      return sendPdf(reply, pdf, name);
    },
  );
};

export default tradeInConsoleRoutes;
