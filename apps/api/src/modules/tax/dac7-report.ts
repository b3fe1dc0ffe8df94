import { isReportableSeller, maskTin, type TaxData } from '@preloved/contract';
import type { Config } from '../../config';
import { dac7Csv, dac7Xml, type Dac7Seller, type Dac7SummaryRow } from './dac7-file';
import { unseal } from './sealing';
import type { taxRepository } from './tax-repository';

// The yearly DAC7 report, one function for the back office's download (tax-service.ts) and the
// `pnpm run report dac7 --year …` script (scripts/report.ts), which has no running app.

type Quarters = [number, number, number, number];
const zero = (): Quarters => [0, 0, 0, 0];
const add = (quarters: Quarters, quarter: number, value: number) => {
  quarters[(quarter - 1) as 0 | 1 | 2 | 3] += value;
};
const sum = (values: Quarters) => values.reduce((total, value) => total + value, 0);

export const nameOf = (data: TaxData) => (data.kind === 'private' ? `${data.first_name} ${data.last_name}` : data.business_name);

export interface Dac7Report {
  year: number;
  xml: string;
  csv: string;
  /** Reportable sellers in the XML; and those reportable who gave no data (only in the CSV, `missing_tax_data`). */
  reported: number;
  missing: number;
}

export interface Dac7Deps {
  repository: ReturnType<typeof taxRepository>;
  config: Pick<Config, 'TAX_DATA_KEY' | 'DAC7_OPERATOR_NAME' | 'DAC7_OPERATOR_TIN' | 'DAC7_OPERATOR_COUNTRY' | 'DAC7_OPERATOR_ADDRESS'>;
}

/**
 * The year's DPI XML for the tax authority, with every Reportable Seller (30 sales or more, or above
 * €2 000) who gave their data, and the finance team's CSV of every Reportable Seller, those without
 * data marked `missing_tax_data` (the XML needs a TIN and, for a person, a date of birth).
 */
export async function dac7Report({ repository, config }: Dac7Deps, year: number, createdAt: Date): Promise<Dac7Report> {
  const bySeller = new Map<number, { sales: Quarters; cents: Quarters }>();
  for (const row of await repository.figures(year)) {
    const entry = bySeller.get(row.seller_id) ?? { sales: zero(), cents: zero() };
    add(entry.sales, row.quarter, row.sales);
    add(entry.cents, row.quarter, row.cents);
    bySeller.set(row.seller_id, entry);
  }
  const reportable = [...bySeller.entries()].filter(([, entry]) => isReportableSeller(sum(entry.sales), sum(entry.cents))).map(([id]) => id);
  const fees = new Map<number, Quarters>();
  for (const row of await repository.fees(year, reportable)) {
    const entry = fees.get(row.seller_id) ?? zero();
    add(entry, row.quarter, row.cents);
    fees.set(row.seller_id, entry);
  }
  const given = new Map((await repository.many(reportable)).map((row) => [row.customer_id, { row, data: unseal<TaxData>(config.TAX_DATA_KEY, row.customer_id, row.sealed) }]));
  const accounts = new Map((await repository.accounts(reportable)).map((account) => [account.id, account]));
  const sellers: Dac7Seller[] = [];
  const summary: Dac7SummaryRow[] = [];
  for (const sellerId of reportable) {
    const entry = bySeller.get(sellerId)!;
    const tax = given.get(sellerId);
    const account = accounts.get(sellerId);
    const feeCents = fees.get(sellerId) ?? zero();
    if (tax) sellers.push({ sellerId, data: tax.data, sales: entry.sales, cents: entry.cents, feeCents });
    summary.push({
      sellerId,
      kind: tax?.row.kind ?? '',
      name: tax ? nameOf(tax.data) : `${account?.first_name ?? ''} ${account?.last_name ?? ''}`.trim(),
      email: account?.email ?? '',
      country: tax?.row.country ?? '',
      tinCountry: tax?.row.tin_country ?? '',
      tinMasked: tax ? maskTin(tax.row.tin_last4) : '',
      sales: sum(entry.sales),
      cents: sum(entry.cents),
      feeCents: sum(feeCents),
      quarterSales: entry.sales,
      quarterCents: entry.cents,
      status: tax ? 'reported' : 'missing_tax_data',
    });
  }
  const operator = { name: config.DAC7_OPERATOR_NAME, tin: config.DAC7_OPERATOR_TIN, country: config.DAC7_OPERATOR_COUNTRY, address: config.DAC7_OPERATOR_ADDRESS };
  return { year, xml: dac7Xml({ year, operator, createdAt, sellers }), csv: dac7Csv(summary), reported: sellers.length, missing: summary.length - sellers.length };
}
