import cookie from '@fastify/cookie';
import { ApiError, BACKOFFICE_SECTIONS, Dac7Query, TaxDataInput, TaxStatus } from '@preloved/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../core/errors';
import { STAFF_COOKIE } from '../backoffice/backoffice-routes';
import type { StaffSession } from '../backoffice/staff-sessions';

const tags = ['tax'];
const security = [{ bearer: [] }];
const staffSecurity = [{ staffCookie: [] }];
const refusals = { 401: ApiError, 403: ApiError, 422: ApiError };

/** The seller's DAC7 tax data, and the yearly report for the finance team. */
const taxRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(cookie);

  app.get(
    '/seller/tax',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'This year’s sales and consideration against the DAC7 thresholds, whether the tax data is needed, and the data given (masked)',
        description: '`need`: `soon` from 25 sales or €1 800 in the calendar year (a banner asks), `required` from 30 sales or €2 000 (payouts pause until the data is given: `payouts_paused`).',
        response: { 200: TaxStatus, 401: ApiError },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return app.taxData.status(request.customerId!);
    },
  );

  app.put(
    '/seller/tax',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Gives or corrects the seller’s DAC7 tax data (stored encrypted; shown back masked)',
        description: [
          'A private person: first and last name, address, date of birth (at least 16), TIN and its issuing country (EU). A business: its registered name, address, TIN, trade register number and VAT number.',
          'A Portuguese NIF and a Spanish NIF/NIE are checked with their check digits. Bad fields: 422 with their keys (`invalid_tin_pt`, `invalid_tin_es`, `invalid_birth_date`, …).',
        ].join('\n\n'),
        body: TaxDataInput,
        response: { 200: TaxStatus, 401: ApiError, 422: ApiError },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return app.taxData.save(request.customerId!, request.body);
    },
  );

  // The finance team's download, with the back office's staff session (its cookie is scoped to
  // /api/backoffice), checked before anything else as the back office's own routes do.
  const sessions = new WeakMap<FastifyRequest, StaffSession>();
  const financeOnly = async (request: FastifyRequest) => {
    const token = request.cookies[STAFF_COOKIE];
    const session = token ? await app.staff.session(token) : null;
    if (!session) throw apiError(401, 'staff_signed_out');
    if (!app.staff.allows(session, BACKOFFICE_SECTIONS.figures)) throw apiError(403, 'staff_role_refused');
    sessions.set(request, session);
  };

  app.get(
    '/backoffice/reports/dac7',
    {
      preValidation: financeOnly,
      schema: {
        tags,
        security: staffSecurity,
        summary: 'The year’s DAC7 report (OECD DPI XML v1.0) or, with `format=csv`, its summary (finance, admin); each download is audited',
        querystring: Dac7Query.extend({ format: z.enum(['xml', 'csv']).default('xml') }),
        response: { 200: z.string(), ...refusals },
      },
    },
    async (request, reply) => {
      const { year, format } = request.query;
      const report = await app.taxData.download(year, sessions.get(request)!.staff_id, format);
      return reply
        .header('content-type', format === 'xml' ? 'application/xml; charset=utf-8' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="preloved-dac7-${year}.${format}"`)
        .header('cache-control', 'no-store')
        .send(format === 'xml' ? report.xml : report.csv);
    },
  );
};

export default taxRoutes;
