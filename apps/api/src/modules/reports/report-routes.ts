import cookie from '@fastify/cookie';
import {
  ApiError,
  BACKOFFICE_SECTIONS,
  ContestAnswerInput,
  ContestInput,
  ContestParams,
  ContestTokenParams,
  ContestView,
  ReportDecisionInput,
  ReportInput,
  ReportQueue,
  ReportReceipt,
} from '@preloved/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../core/errors';
import { contentLanguage } from '../../core/language';
import { STAFF_COOKIE } from '../backoffice/backoffice-routes';
import type { StaffSession } from '../backoffice/staff-sessions';

const tags = ['reports'];
const refusals = { 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError, 422: ApiError, 429: ApiError };
const staffSecurity = [{ staffCookie: [] }];

/** Notice and action: anyone's report, the seller's contest by the link in their mail, and the moderators' console calls. */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(cookie);

  /**
   * The moderators' calls, with the back office's staff session (its cookie is scoped to /api/backoffice),
   * checked before the body is read, as the back office's own routes do: a shopper's token is not one.
   */
  const sessions = new WeakMap<FastifyRequest, StaffSession>();
  const moderatorOnly = async (request: FastifyRequest) => {
    const token = request.cookies[STAFF_COOKIE];
    const session = token ? await app.staff.session(token) : null;
    if (!session) throw apiError(401, 'staff_signed_out');
    if (!app.staff.allows(session, BACKOFFICE_SECTIONS.moderation)) throw apiError(403, 'staff_role_refused');
    sessions.set(request, session);
  };
  const moderator = (request: FastifyRequest) => sessions.get(request)!;

  app.post(
    '/reports',
    {
      preHandler: app.identify,
      schema: {
        tags,
        summary: 'Reports a listing, a seller or a message as illegal or against the rules (DSA Art. 16); anyone may, signed in or not (a message: its thread’s other party)',
        description:
          'A reason of REPORT_REASONS; a text (needed for `other`, at most 1000 characters); a visitor’s e-mail (optional: then nobody is told the outcome), a signed-in shopper’s own address otherwise. An acknowledgement is mailed. Per client address and per e-mail REPORT_LIMITS a window: 429. An unknown listing or seller: 404 `report_target_not_found`. A message (`target: message`, `id` the message’s): only the thread’s party who did not write it, signed in (401 `session_ended` without a session); anyone else, or a store event: 404 `report_target_not_found`.',
        body: ReportInput,
        response: { 201: ReportReceipt, ...refusals },
      },
    },
    async (request, reply) => {
      const receipt = await app.reports.report(request.body, {
        customerId: request.customerId,
        address: request.clientAddress,
        language: contentLanguage(request.headers['accept-language']),
      });
      return reply.code(201).send(receipt);
    },
  );

  app.get(
    '/reports/contest/:token',
    {
      schema: { tags, summary: 'The moderation decision a statement of reasons links to, and where its contest stands', params: ContestTokenParams, response: { 200: ContestView, ...refusals } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return app.reports.decision(request.params.token);
    },
  );

  app.post(
    '/reports/contest/:token',
    {
      schema: {
        tags,
        summary: 'The seller contests a moderation decision (DSA Art. 20), once; the link in their mail is the proof it is theirs',
        description: 'An unknown link: 404 `contest_not_found`; contested already: 409 `contest_sent_already`.',
        params: ContestTokenParams,
        body: ContestInput,
        response: { 200: ContestView, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return app.reports.contest(request.params.token, request.body);
    },
  );

  app.get(
    '/backoffice/reports',
    {
      preValidation: moderatorOnly,
      schema: {
        tags,
        summary: 'The open reports, one case per listing, seller or message with how many and what they say (a message with its thread’s piece and both parties), and the open contests (moderator, admin)',
        security: staffSecurity,
        response: { 200: ReportQueue, ...refusals },
      },
    },
    async () => app.reports.queue(),
  );

  app.post(
    '/backoffice/reports/decisions',
    {
      preValidation: moderatorOnly,
      schema: {
        tags,
        summary: 'Decides every open report on a listing, a seller or a message: dismiss, remove or hide the listing, restrict the seller, or remove the message (moderator, admin)',
        description:
          'Each but a dismissal names a reason and mails the seller a statement of reasons with a link to contest it; each reporter with an e-mail is told the outcome. No open report: 409 `report_case_closed`.',
        security: staffSecurity,
        body: ReportDecisionInput,
        response: { 200: ReportQueue, ...refusals },
      },
    },
    async (request) => app.reports.decide(moderator(request), request.body),
  );

  app.post(
    '/backoffice/reports/contests/:id',
    {
      preValidation: moderatorOnly,
      schema: {
        tags,
        summary: 'Answers a seller’s contest: upheld, or reversed (the decision is undone); the seller is mailed the answer (moderator, admin)',
        description: 'Answered already: 409 `contest_answered_already`.',
        security: staffSecurity,
        params: ContestParams,
        body: ContestAnswerInput,
        response: { 200: ReportQueue, ...refusals },
      },
    },
    async (request) => app.reports.answer(moderator(request), request.params.id, request.body),
  );
};

export default reportRoutes;
