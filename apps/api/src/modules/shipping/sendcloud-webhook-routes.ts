import { ApiError } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../core/errors';
import { reportDigest } from './carrier-labels';
import { verifySendcloudSignature } from './sendcloud';

/** The part of Sendcloud's `parcel_status_changed` the store reads (the rest is the parcel as GET /parcels/{id} answers it). */
const StatusChanged = z.object({
  action: z.literal('parcel_status_changed'),
  timestamp: z.number().finite().nullish(),
  carrier_status_change_timestamp: z.number().finite().nullish(),
  parcel: z.object({
    id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    status: z.object({ id: z.number().int(), message: z.string().max(500).optional() }),
  }),
});

/** A Unix time in seconds or milliseconds (Sendcloud's payloads have used both), else null. */
function unixTime(value: number | null | undefined): Date | null {
  if (value === null || value === undefined || value <= 0) return null;
  const date = new Date(value > 1e12 ? value : value * 1000);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * POST /api/carriers/sendcloud/webhook. Sendcloud signs each report with HMAC-SHA256 of the
 * raw body (Sendcloud-Signature), so this route (and only it: the plugin is encapsulated) reads JSON
 * as bytes. A wrong signature is 401 and changes nothing. A report is known by its body's digest: a
 * replay answers `duplicate` and changes nothing; what a report does is once-only anyway (the first
 * scan, the first delivery). Never a 5xx: what cannot be recorded now (the database) answers 409 and
 * Sendcloud sends it again (up to 10 times).
 */
const sendcloudWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/carriers/sendcloud/webhook',
    {
      schema: {
        tags: ['webhooks'],
        summary: "Sendcloud's tracking webhook: the carrier's word on a parcel",
        description:
          'Signed by Sendcloud (Sendcloud-Signature: HMAC-SHA256 of the body with SENDCLOUD_WEBHOOK_SECRET, or the integration’s secret key): a wrong signature is 401 and changes nothing. `parcel_status_changed` of a parcel the store bought: a status in which the carrier has the parcel (3, 4, 5, 6, 7, 8, 12, 22, 80, 91, 92) marks the sale shipped at its time; delivered (11) or collected at the pickup point (93) records the delivery once, which starts the buyer’s protection window and then releases the seller’s credit. Other actions and unknown parcels are acknowledged and ignored. 409 `webhook_retry_later`: not recorded, Sendcloud sends it again. 404 when Sendcloud is not the carrier.',
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean(), handled: z.boolean() }), 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError },
      },
    },
    async (request) => {
      const { config } = app;
      const secret = config.SENDCLOUD_WEBHOOK_SECRET ?? config.SENDCLOUD_SECRET_KEY;
      if (config.CARRIER_MODE !== 'sendcloud' || !secret) throw apiError(404, 'sendcloud_not_carrier');
      const signature = request.headers['sendcloud-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : null;
      if (!body || !verifySendcloudSignature(body, typeof signature === 'string' ? signature : undefined, secret)) throw apiError(401, 'webhook_signature_invalid');
      let payload: unknown;
      try {
        payload = JSON.parse(body.toString('utf8'));
      } catch {
        throw apiError(400, 'bad_request');
      }
      const action = typeof payload === 'object' && payload !== null ? (payload as { action?: unknown }).action : undefined;
      // Signed, but not a parcel's status (integration_connected, a test call…): acknowledged, nothing to do.
      if (action !== 'parcel_status_changed') return { received: true as const, duplicate: false, handled: false };
      const parsed = StatusChanged.safeParse(payload);
      if (!parsed.success) throw apiError(400, 'bad_request');
      const event = parsed.data;
      const now = app.clock.now();
      const reported = unixTime(event.carrier_status_change_timestamp) ?? unixTime(event.timestamp) ?? now;
      // Never a time to come (a delivery "tomorrow" would hold the credit); never before the order either
      // (carrier-labels.ts keeps it after), or an old date would free the credit at once.
      const at = reported > now ? now : reported;
      try {
        const outcome = await app.carrierLabels.record(reportDigest(body), { parcel: { id: event.parcel.id, status: { id: event.parcel.status.id, message: event.parcel.status.message ?? '' } }, at });
        return { received: true as const, ...outcome };
      } catch (error) {
        request.log.error({ err: error, parcel: event.parcel.id }, 'a Sendcloud report could not be recorded: Sendcloud sends it again');
        throw apiError(409, 'webhook_retry_later');
      }
    },
  );
};

export default sendcloudWebhookRoutes;
