import { maskTin, taxDataNeed, type TaxData, type TaxStatus } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError } from '../../core/errors';
import type { Queryable } from '../../db/db';
import { recordAudit } from '../backoffice/audit-repository';
import { dac7Report, nameOf, type Dac7Report } from './dac7-report';
import { seal, unseal } from './sealing';
import type { QuarterFigures, TaxDataRow } from './tax-repository';

declare module 'fastify' {
  interface FastifyInstance {
    taxData: ReturnType<typeof taxService>;
  }
}


/** The calendar year of an instant in Lisbon, the store's zone. */
const lisbonYear = (instant: Date) => Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Lisbon', year: 'numeric' }).format(instant));


/**
 * Sellers' DAC7 duties: the year's figures against the thresholds, the tax data sealed at rest
 * (./sealing.ts, TAX_DATA_KEY), the pause of payouts past the threshold without it, and the yearly
 * report (XML and CSV) that the script and the back office both make here.
 */
export function taxService(app: FastifyInstance) {
  const { config, clock } = app;
  const key = config.TAX_DATA_KEY;
  const repository = () => app.taxRepository;

  const totals = (rows: readonly QuarterFigures[]) => rows.reduce((sum, row) => ({ sales: sum.sales + row.sales, cents: sum.cents + row.cents }), { sales: 0, cents: 0 });
  const open = (row: TaxDataRow) => unseal<TaxData>(key, row.customer_id, row.sealed);

  /** Whether the seller must give their data before money leaves: past the threshold this year or last (the report of last year is still due), without it. */
  async function paused(customerId: number, tx?: Queryable): Promise<boolean> {
    if (await repository().get(customerId, tx)) return false;
    const year = lisbonYear(clock.now());
    for (const candidate of [year, year - 1]) {
      const { sales, cents } = totals(await repository().figures(candidate, customerId, tx));
      if (taxDataNeed(sales, cents) === 'required') return true;
    }
    return false;
  }

  const service = {
    async status(customerId: number, tx?: Queryable): Promise<TaxStatus> {
      const year = lisbonYear(clock.now());
      const { sales, cents } = totals(await repository().figures(year, customerId, tx));
      const row = await repository().get(customerId, tx);
      const data = row ? open(row) : null;
      return {
        year,
        sales,
        consideration: cents / 100,
        need: taxDataNeed(sales, cents),
        payouts_paused: row ? false : await paused(customerId, tx),
        data:
          row && data
            ? { kind: row.kind, name: nameOf(data), tin_masked: maskTin(row.tin_last4), tin_country: row.tin_country, country: row.country, given_at: new Date(row.given_at).toISOString() }
            : null,
      };
    },

    /** Seals and keeps the seller's data (replacing what they gave before); the TIN's last 4 alone stay readable. */
    async save(customerId: number, data: TaxData): Promise<TaxStatus> {
      await repository().save(
        { customer_id: customerId, kind: data.kind, tin_country: data.tin_country, country: data.country, tin_last4: data.tin.slice(-4), sealed: seal(key, customerId, data) },
        clock.now(),
      );
      return service.status(customerId);
    },

    payoutsPaused: paused,

    /** Refuses money out (409 `tax_data_needed`) while the seller is past the threshold without their data. */
    async assertPayoutsAllowed(customerId: number, tx?: Queryable): Promise<void> {
      if (await paused(customerId, tx)) throw apiError(409, 'tax_data_needed');
    },

    /** The year's DAC7 file for the tax authority and the finance team's summary (./dac7-report.ts). */
    report: (year: number, createdAt = clock.now()): Promise<Dac7Report> => dac7Report({ repository: repository(), config }, year, createdAt),

    /** The report as a member of staff downloads it: the download is in the audit log (the file holds every reportable seller's TIN). */
    async download(year: number, staffId: number, format: 'xml' | 'csv'): Promise<Dac7Report> {
      const report = await service.report(year);
      await recordAudit(app.db, { staffId, action: 'tax.dac7_report', targetType: 'dac7_report', targetId: year, after: { format, reported: report.reported, missing: report.missing } });
      return report;
    },
  };
  return service;
}

/** Sellers' DAC7 tax data, its thresholds and the yearly report as `app.taxData`. */
export default fp(
  async function taxDataPlugin(app: FastifyInstance) {
    app.decorate('taxData', taxService(app));
  },
  { name: 'tax-data', dependencies: ['config', 'clock', 'tax-repository'] },
);
