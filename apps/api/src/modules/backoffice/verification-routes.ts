import {
  ApiError,
  BACKOFFICE_SECTIONS,
  VerificationDecision,
  VerificationDetail,
  VerificationParams,
  VerificationQueue,
  VerificationQueueQuery,
} from '@preloved/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../core/errors';
import { sendPdf } from '../../core/pdf-reply';

const tags = ['backoffice'];
const security = [{ staffCookie: [] }];
const refusals = { 401: ApiError, 403: ApiError, 422: ApiError, 429: ApiError };
const staff = BACKOFFICE_SECTIONS.verification;


/**
 * The hub's bench (issue 48, VERIFICATION_MODE=hub), for support and admins: the packages on their
 * way, received and checked; marking one received; every piece's verdict; the hub's labels. Registered
 * inside the back office's routes, so their staff session and role checks apply.
 */
const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessionOf = (request: FastifyRequest) => request.staffSession!;
  const hubOnly = () => {
    if (!app.hubVerification.enabled) throw apiError(409, 'hub_not_in_use');
  };

  app.get(
    '/backoffice/verification',
    {
      config: { staff },
      schema: { tags, summary: 'Packages at the hub (or on their way, checked, lost), the longest waiting first', security, querystring: VerificationQueueQuery, response: { 200: VerificationQueue, ...refusals } },
    },
    async (request) => ({ packages: await app.hubVerification.queue(request.query.status) }),
  );

  app.get(
    '/backoffice/verification/:packageId',
    {
      config: { staff },
      schema: {
        tags,
        summary: 'A package to check: each piece as listed (photos, product code, colour, size, condition, the seller’s words) with its category’s checklist and verdict',
        description: '`refund_needs_code`: failing every piece left would refund more than `step_up_above` (euros), so a decision whose failures refund more needs `code`.',
        security,
        params: VerificationParams,
        response: { 200: VerificationDetail, 404: ApiError, ...refusals },
      },
    },
    async (request) => app.hubBench.detail(request.params.packageId),
  );

  app.post(
    '/backoffice/verification/:packageId/received',
    {
      config: { staff },
      schema: {
        tags,
        summary: 'Marks a package received at the hub: the buyer and the seller are told it is being checked',
        description: 'Only a package on its way to the hub: otherwise 409 `parcel_received_already` or `parcel_lost`. In the audit log. VERIFICATION_MODE=none: 409 `hub_not_in_use`.',
        security,
        params: VerificationParams,
        response: { 200: VerificationDetail, 404: ApiError, 409: ApiError, ...refusals },
      },
    },
    async (request) => {
      hubOnly();
      return app.hubBench.receive(sessionOf(request), request.params.packageId);
    },
  );

  app.post(
    '/backoffice/verification/:packageId/decision',
    {
      config: { staff },
      schema: {
        tags,
        summary: 'Passes or fails every piece of a package at the hub',
        description:
          'A verdict for each piece not refunded (else 422 `hub_pieces_needed` or `hub_piece_unknown` on `pieces`): a pass has every check of its category ticked (else 422 `hub_checklist_incomplete` on `pieces.N.checklist`), a failure a written report (422 `hub_report_needed` on `pieces.N.report`). Failed pieces are refunded to the buyer in full (the piece and its fee shares, the line-refund rule), their credit taken back from the seller, and get a return label; passed ones a label to the buyer. A refund above STAFF_REFUND_STEP_UP_CENTS needs `code`, the authenticator’s code of the moment, spent once (403 `staff_step_up_required`; wrong or spent: 422 `staff_totp_invalid`, throttled per member: 429). Both parties are mailed; the decision is in the audit log. Not at the hub: 409 `parcel_not_at_hub`, `parcel_decided_already` or `parcel_lost`; VERIFICATION_MODE=none: 409 `hub_not_in_use`.',
        security,
        params: VerificationParams,
        body: VerificationDecision,
        response: { 200: VerificationDetail, 404: ApiError, 409: ApiError, ...refusals },
      },
    },
    async (request) => {
      hubOnly();
      return app.hubBench.decide(sessionOf(request), request.params.packageId, request.body);
    },
  );

  app.get(
    '/backoffice/verification/:packageId/label',
    {
      config: { staff },
      schema: {
        tags,
        summary: 'The hub’s label (A6 PDF): `outbound` to the buyer for the pieces that passed, `return` to the seller for those that failed',
        security,
        params: VerificationParams,
        querystring: z.object({ kind: z.enum(['outbound', 'return']) }),
        response: { 200: z.any().describe('The label, application/pdf'), 404: ApiError, ...refusals },
      },
    },
    async (request, reply) => {
      const { pdf, name } = await app.hubBench.label(request.params.packageId, request.query.kind);
      return sendPdf(reply, pdf, name);
    },
  );
};

export default verificationRoutes;
