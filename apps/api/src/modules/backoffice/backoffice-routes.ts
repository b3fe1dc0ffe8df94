import cookie from '@fastify/cookie';
import {
  ApiError,
  AuditPage,
  AuditQuery,
  BACKOFFICE_SECTIONS,
  DisputeDetail,
  DisputeParams,
  DisputeQueue,
  DisputeQuery,
  DisputeResolve,
  DiscountCodeAction,
  DiscountCodeCreate,
  DiscountCodeEntry,
  DiscountCodeList,
  DiscountCodeParams,
  DiscountRedemptions,
  CustomerParams,
  HeldIbanDecision,
  HeldIbanList,
  LedgerReport,
  TransferList,
  TransferQuery,
  ListingIdParams,
  ModerationDecision,
  ModerationEntry,
  ModerationPolicy,
  CreditBonusPolicy,
  CreditBonusSettings,
  PriceRules,
  PriceRulesSettings,
  ModerationQueue,
  CustomerBlockInput,
  CustomerDetail,
  StaffSearchQuery,
  StaffSearchResult,
  Figures,
  FiguresQuery,
  MessageResponse,
  STAFF_ROLES,
  StaffAcceptInvitation,
  StaffEnrolment,
  StaffInvite,
  StaffList,
  StaffSessionResponse,
  StaffSignIn,
  StaffThread,
  StaffThreadQuery,
  THREAD_READERS,
  ThreadParams,
  type StaffRole,
} from '@preloved/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../core/errors';
import { contentLanguage } from '../../core/language';
import type { StaffSession } from './staff-sessions';
import verificationRoutes from './verification-routes';
import tradeInConsoleRoutes from '../trade-in/console-routes';
import brandStockRoutes from '../brand-direct/stock-routes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call a back-office route: the roles, or 'anyone' for signing in and accepting an invitation. */
    staff?: readonly StaffRole[] | 'anyone';
  }
  interface FastifyRequest {
    staffSession: StaffSession | null;
  }
}

/** The staff session's cookie: HttpOnly (the console's code never holds it), SameSite=Strict, only for these routes. */
export const STAFF_COOKIE = 'preloved_staff';
const COOKIE_PATH = '/api/backoffice';

const tags = ['backoffice'];
const security = [{ staffCookie: [] }];
const refusals = { 401: ApiError, 403: ApiError, 422: ApiError, 429: ApiError };
const TokenParams = z.object({ token: z.string().max(200) });

/** A download of the console's (the audit log, the figures): never cached, saved under its name. */
const csvFile = (reply: FastifyReply, name: string, csv: string) =>
  reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store').send(csv);

/**
 * The back office's API, for staff only. Every route says who may call it (`config.staff`): a route
 * without it stops the start, so none is open by mistake; a request without a live staff session is
 * 401 `staff_signed_out`, a role the route does not name is 403 `staff_role_refused`. A shopper's
 * bearer token is not a staff session.
 */
const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(cookie);
  const secure = app.config.PUBLIC_URL.startsWith('https:');

  app.decorateRequest('staffSession', null);
  app.addHook('onRoute', (route) => {
    if (!route.config?.staff) throw new Error(`back-office route ${route.method} ${route.url} does not say which staff may call it`);
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const allowed = request.routeOptions.config.staff;
    if (allowed === 'anyone') return;
    const token = request.cookies[STAFF_COOKIE];
    const session = token ? await app.staff.session(token) : null;
    if (!session) throw apiError(401, 'staff_signed_out');
    if (!allowed || !app.staff.allows(session, allowed)) throw apiError(403, 'staff_role_refused');
    request.staffSession = session;
  });
  const sessionOf = (request: FastifyRequest) => request.staffSession!;
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(STAFF_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure });

  app.post(
    '/backoffice/session',
    {
      config: { staff: 'anyone' },
      schema: {
        tags,
        summary: 'Signs a member of staff in: e-mail, password and the TOTP code together',
        description: 'Any wrong one of the three: 401 `staff_sign_in_refused` (the same answer). Too many failures per e-mail or per address: 429. Sets the HttpOnly session cookie.',
        body: StaffSignIn,
        response: { 200: StaffSessionResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const { token, member, expiresAt } = await app.staff.signIn(request.body, request.clientAddress);
      reply.setCookie(STAFF_COOKIE, token, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure, expires: expiresAt });
      return { staff: member, expires_at: expiresAt.toISOString() };
    },
  );

  app.get(
    '/backoffice/session',
    { config: { staff: STAFF_ROLES }, schema: { tags, summary: 'The signed-in member (and moves the idle end of the session on)', security, response: { 200: StaffSessionResponse, ...refusals } } },
    async (request) => {
      const session = sessionOf(request);
      return { staff: await app.staff.member(session.staff_id), expires_at: session.expires_at };
    },
  );

  app.delete(
    '/backoffice/session',
    { config: { staff: STAFF_ROLES }, schema: { tags, summary: 'Signs out: the session is revoked', security, response: { 204: z.null(), ...refusals } } },
    async (request, reply) => {
      await app.staff.signOut(sessionOf(request));
      clearCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/backoffice/invitations/:token',
    {
      config: { staff: 'anyone' },
      schema: {
        tags,
        summary: 'An invitation: the invitee and a new TOTP secret to enrol',
        description: 'Expired, used or unknown: 404 `staff_invitation_invalid`. Asking again gives a new secret (the last one shown counts).',
        params: TokenParams,
        response: { 200: StaffEnrolment, 404: ApiError },
      },
    },
    async (request) => app.staff.enrolment(request.params.token),
  );

  app.post(
    '/backoffice/invitations/:token/accept',
    {
      config: { staff: 'anyone' },
      schema: {
        tags,
        summary: 'Accepts an invitation with a password and a first code from the enrolled app',
        description: 'A wrong code: 422 `staff_totp_invalid` (the link still works). Expired, used or unknown: 404 `staff_invitation_invalid`.',
        params: TokenParams,
        body: StaffAcceptInvitation,
        response: { 201: MessageResponse, 404: ApiError, 422: ApiError },
      },
    },
    async (request, reply) => {
      await app.staff.accept(request.params.token, request.body.password, request.body.code);
      return reply.code(201).send({ message: 'Your account is ready: sign in.' });
    },
  );

  app.get(
    '/backoffice/staff',
    { config: { staff: BACKOFFICE_SECTIONS.staff }, schema: { tags, summary: 'Everyone on the staff (admin)', security, response: { 200: StaffList, ...refusals } } },
    async () => app.staff.list(),
  );

  app.post(
    '/backoffice/staff',
    {
      config: { staff: BACKOFFICE_SECTIONS.staff },
      schema: {
        tags,
        summary: 'Invites a member of staff with a role (admin); the invitation is mailed, valid 72 hours',
        description: 'An e-mail already on the staff: 409 `staff_email_taken`.',
        security,
        body: StaffInvite,
        response: { 201: z.object({ id: z.number().int() }), 409: ApiError, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await app.staff.invite(sessionOf(request), request.body, contentLanguage(request.headers['accept-language']))),
  );

  app.get(
    '/backoffice/disputes',
    {
      config: { staff: BACKOFFICE_SECTIONS.disputes },
      schema: {
        tags,
        summary: 'The buyers’ “I have a problem” claims and the provider’s disputes (chargebacks): open ones oldest first, with the time an answer is due; ended ones newest first',
        security,
        querystring: DisputeQuery,
        response: { 200: DisputeQueue, ...refusals },
      },
    },
    async (request) => app.disputes.queue(request.query),
  );

  app.get(
    '/backoffice/disputes/:orderId',
    {
      config: { staff: BACKOFFICE_SECTIONS.disputes },
      schema: { tags, summary: 'An order with a claim or a chargeback: the buyer’s words, the bank’s reason and due date, the pieces, each seller’s package and its tracking', security, params: DisputeParams, response: { 200: DisputeDetail, 404: ApiError, ...refusals } },
    },
    async (request) => app.disputes.detail(request.params.orderId),
  );

  app.post(
    '/backoffice/disputes/:orderId/resolve',
    {
      config: { staff: BACKOFFICE_SECTIONS.disputes },
      schema: {
        tags,
        summary: 'Resolves a claim: a full refund to the buyer, a refund of some pieces (`partial`, `listing_ids`), or the release of the credit to the seller(s)',
        description:
          'The reason is mailed to the buyer and every seller (each mail in its reader’s language) and written to the audit log with the decision. A refund above STAFF_REFUND_STEP_UP_CENTS needs `code` (403 `staff_step_up_required`). A partial refund naming every piece left is a full one; a piece not in the order or refunded already: 422 on `listing_ids`. No open claim (resolved already, or a chargeback only: the bank decides those): 409 `no_open_problem`.',
        security,
        params: DisputeParams,
        body: DisputeResolve,
        response: { 200: DisputeDetail, 404: ApiError, 409: ApiError, ...refusals },
      },
    },
    async (request) => app.disputes.resolve(request.staffSession!, request.params.orderId, request.body),
  );

  app.get(
    '/backoffice/codes',
    {
      config: { staff: BACKOFFICE_SECTIONS.codes },
      schema: { tags, summary: 'The storefront’s discount codes with their state, redemptions and what they cost', security, response: { 200: DiscountCodeList, ...refusals } },
    },
    async () => app.discountCodes.list(),
  );

  app.post(
    '/backoffice/codes',
    {
      config: { staff: BACKOFFICE_SECTIONS.codes },
      schema: {
        tags,
        summary: 'Creates a discount code with checkout’s rules: a window, uses in all and per shopper, first order only, a minimum order, a ceiling',
        description: 'A code that exists already (in any scope): 409 `discount_code_taken`.',
        security,
        body: DiscountCodeCreate,
        response: { 201: DiscountCodeEntry, 409: ApiError, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await app.discountCodes.create(sessionOf(request), request.body)),
  );

  app.post(
    '/backoffice/codes/:code/:action',
    {
      config: { staff: BACKOFFICE_SECTIONS.codes },
      schema: {
        tags,
        summary: 'Pauses, resumes or ends a discount code (ending is for good)',
        description: 'Unknown: 404 `discount_code_not_found`; so already: 409 `discount_code_not_changed`.',
        security,
        params: DiscountCodeParams.extend(DiscountCodeAction.shape),
        response: { 200: DiscountCodeEntry, 404: ApiError, 409: ApiError, ...refusals },
      },
    },
    async (request) => app.discountCodes.act(sessionOf(request), request.params.code, request.params.action),
  );

  app.get(
    '/backoffice/codes/:code/redemptions',
    {
      config: { staff: BACKOFFICE_SECTIONS.codes },
      schema: { tags, summary: 'The orders that used a code (the latest 500)', security, params: DiscountCodeParams, response: { 200: DiscountRedemptions, 404: ApiError, ...refusals } },
    },
    async (request) => app.discountCodes.redemptions(request.params.code),
  );

  app.get(
    '/backoffice/payouts/held',
    {
      config: { staff: BACKOFFICE_SECTIONS.payouts },
      schema: { tags, summary: 'Sellers whose new IBAN is on hold (IBAN_HOLD_HOURS), with the account’s age, verification, sales and available money', security, response: { 200: HeldIbanList, ...refusals } },
    },
    async () => app.backofficeMoney.held(),
  );

  app.post(
    '/backoffice/payouts/held/:customerId',
    {
      config: { staff: BACKOFFICE_SECTIONS.payouts },
      schema: {
        tags,
        summary: 'Approves a held IBAN (its hold ends now) or freezes the seller’s payouts, with a reason for the audit log',
        description: 'No hold running: 409 `iban_not_on_hold`. A frozen seller is unfrozen by proving who they are, as after their own freeze link.',
        security,
        params: CustomerParams,
        body: HeldIbanDecision,
        response: { 204: z.null(), 409: ApiError, ...refusals },
      },
    },
    async (request, reply) => {
      await app.backofficeMoney.decide(sessionOf(request), request.params.customerId, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/backoffice/payouts/transfers',
    {
      config: { staff: BACKOFFICE_SECTIONS.payouts },
      schema: { tags, summary: 'Bank and Stripe transfers out of sellers’ wallets, newest first: due, sent, paid, failed, reversed', security, querystring: TransferQuery, response: { 200: TransferList, ...refusals } },
    },
    async (request) => app.backofficeMoney.transfers(request.query.state),
  );

  app.get(
    '/backoffice/ledger',
    {
      config: { staff: BACKOFFICE_SECTIONS.payouts },
      schema: { tags, summary: '`pnpm audit ledger` as a page: whether every cent is accounted for, the totals and the largest wallets', security, response: { 200: LedgerReport, ...refusals } },
    },
    async () => app.backofficeMoney.ledger(),
  );

  app.get(
    '/backoffice/moderation',
    {
      config: { staff: BACKOFFICE_SECTIONS.moderation },
      schema: {
        tags,
        summary: 'Listings waiting for a moderator, the longest wait first: photos, description, the price beside the original, and the seller’s history',
        security,
        response: { 200: ModerationQueue, ...refusals },
      },
    },
    async () => app.moderation.queue(),
  );

  app.post(
    '/backoffice/moderation/:listingId',
    {
      config: { staff: BACKOFFICE_SECTIONS.moderation },
      schema: {
        tags,
        summary: 'Approves a listing (it goes on sale), rejects it, or asks for changes; the seller is mailed the decision with its reasons',
        description: 'A rejection or a request for changes names a reason (MODERATION_REASONS) and may add a note: the seller’s mail is a statement of reasons (the decision, its ground, that a person took it, how to contest it). Not in review: 409 `listing_not_in_review`.',
        security,
        params: ListingIdParams,
        body: ModerationDecision,
        response: { 200: ModerationEntry, 404: ApiError, 409: ApiError, ...refusals },
      },
    },
    async (request) => app.moderation.decide(sessionOf(request), request.params.listingId, request.body),
  );

  app.get(
    '/backoffice/settings/moderation',
    { config: { staff: BACKOFFICE_SECTIONS.moderation }, schema: { tags, summary: 'Which new listings wait for a moderator', security, response: { 200: ModerationPolicy, ...refusals } } },
    async () => app.moderation.policy(),
  );

  app.put(
    '/backoffice/settings/moderation',
    {
      config: { staff: BACKOFFICE_SECTIONS.staff },
      schema: { tags, summary: 'Sets which new listings wait for a moderator: none, all, a seller’s first N, or those shoppers report (admin)', security, body: ModerationPolicy, response: { 200: ModerationPolicy, ...refusals } },
    },
    async (request) => app.moderation.setPolicy(sessionOf(request), request.body),
  );

  app.get(
    '/backoffice/settings/credit-bonus',
    {
      config: { staff: BACKOFFICE_SECTIONS.settings },
      schema: { tags, summary: 'The store-credit bonus on main-shop codes and what it has cost the brand', security, response: { 200: CreditBonusSettings, ...refusals } },
    },
    async () => app.backofficeMoney.creditBonus(),
  );

  app.put(
    '/backoffice/settings/credit-bonus',
    {
      config: { staff: BACKOFFICE_SECTIONS.staff },
      schema: {
        tags,
        summary: 'Sets the store-credit bonus: the percentage a verified seller’s main-shop code gets on top, and the monthly cap per seller (admin)',
        security,
        body: CreditBonusPolicy,
        response: { 200: CreditBonusSettings, ...refusals },
      },
    },
    async (request) => app.backofficeMoney.setCreditBonus(sessionOf(request), request.body),
  );

  app.get(
    '/backoffice/settings/price-rules',
    {
      config: { staff: BACKOFFICE_SECTIONS.settings },
      schema: { tags, summary: 'Every category with its price rule: a floor and a ceiling as percentages of the original price', security, response: { 200: PriceRulesSettings, ...refusals } },
    },
    async () => app.backofficeMoney.priceRules(),
  );

  app.put(
    '/backoffice/settings/price-rules',
    {
      config: { staff: BACKOFFICE_SECTIONS.staff },
      schema: {
        tags,
        summary: 'Sets the price rules per category (admin): a seller’s price outside them is refused with `price_out_of_rules`',
        security,
        body: PriceRules,
        response: { 200: PriceRulesSettings, ...refusals },
      },
    },
    async (request) => app.backofficeMoney.setPriceRules(sessionOf(request), request.body.rules),
  );

  app.get(
    '/backoffice/search',
    {
      config: { staff: BACKOFFICE_SECTIONS.customers },
      schema: { tags, summary: 'Finds customers by e-mail or name, orders by order or tracking number, listings by id or number', security, querystring: StaffSearchQuery, response: { 200: StaffSearchResult, ...refusals } },
    },
    async (request) => app.customerRecords.search(request.query.q),
  );

  app.get(
    '/backoffice/customers/:customerId',
    {
      config: { staff: BACKOFFICE_SECTIONS.customers },
      schema: { tags, summary: 'A customer’s page: orders, sales, listings, offers, wallet, sign-ins, and whether they are blocked', security, params: CustomerParams, response: { 200: CustomerDetail, 404: ApiError, ...refusals } },
    },
    async (request) => app.customerRecords.page(request.params.customerId),
  );

  app.post(
    '/backoffice/customers/:customerId/blocked',
    {
      config: { staff: BACKOFFICE_SECTIONS.customers },
      schema: {
        tags,
        summary: 'Blocks a customer (no sign-in, sessions revoked, pieces on sale archived, payouts frozen; the money stays in the wallet) or unblocks them, with a reason',
        description: 'Unblocked, they sign in again; their pieces stay archived (they reactivate them) and payouts frozen until they prove who they are. Blocked already / not blocked: 409.',
        security,
        params: CustomerParams,
        body: CustomerBlockInput,
        response: { 200: CustomerDetail, 404: ApiError, 409: ApiError, ...refusals },
      },
    },
    async (request) => app.customerRecords.setBlocked(sessionOf(request), request.params.customerId, request.body),
  );

  app.get(
    '/backoffice/threads/:id',
    {
      config: { staff: THREAD_READERS },
      schema: {
        tags,
        summary: 'A buyer–seller conversation as written, with both parties’ names (support, moderator, admin): each read is in the audit log with its reason',
        description:
          'Only the thread’s two parties read it in the store; staff read it for a report of a message or a dispute, and say why (`reason`, e.g. the report’s reference): the audit log records who read which thread, when and why (`thread.read`). A message the moderators removed is shown as written, with `removed`. Unknown: 404 `thread_not_found`.',
        security,
        params: ThreadParams,
        querystring: StaffThreadQuery,
        response: { 200: StaffThread, 404: ApiError, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.conversations.readAsStaff(sessionOf(request).staff_id, request.params.id, request.query.reason);
    },
  );

  app.get(
    '/backoffice/figures',
    {
      config: { staff: BACKOFFICE_SECTIONS.figures },
      schema: {
        tags,
        summary: 'GMV, orders, take rate, average order, sell-through, median days to sell, dispute and cancellation rates, new buyers and sellers, by day, week or month (Lisbon time)',
        security,
        querystring: FiguresQuery,
        response: { 200: Figures, ...refusals },
      },
    },
    async (request) => app.figures.figures(request.query),
  );

  app.get(
    '/backoffice/figures.csv',
    {
      config: { staff: BACKOFFICE_SECTIONS.figures },
      schema: { tags, summary: 'The same figures as a CSV file, one row per period', security, querystring: FiguresQuery, response: { 200: z.string(), ...refusals } },
    },
    async (request, reply) => csvFile(reply, 'preloved-figures.csv', await app.figures.csv(request.query)),
  );

  app.get(
    '/backoffice/audit',
    {
      config: { staff: BACKOFFICE_SECTIONS.audit },
      schema: { tags, summary: 'The audit log, newest first: who did what, when, before and after, why', security, querystring: AuditQuery, response: { 200: AuditPage, ...refusals } },
    },
    async (request) => app.staff.audit(request.query),
  );

  app.get(
    '/backoffice/audit.csv',
    {
      config: { staff: BACKOFFICE_SECTIONS.audit },
      schema: { tags, summary: 'The audit log the filter matches, oldest first, as a CSV file', security, querystring: AuditQuery.omit({ page: true }), response: { 200: z.string(), ...refusals } },
    },
    async (request, reply) => csvFile(reply, 'preloved-audit.csv', await app.staff.auditCsv(request.query)),
  );

  // The hub's check of sold pieces (issue 48), under the same staff session and role checks.
  await app.register(verificationRoutes);
  // Trade-ins (issue 48): the hub's check and the price table, under the same checks.
  await app.register(tradeInConsoleRoutes);
  // Brand Direct (issue 48): the brand's own pieces, parcels, returns and margin scheme, under the same checks.
  await app.register(brandStockRoutes);
};

export default backofficeRoutes;
