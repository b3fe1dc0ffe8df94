import type { TaxData } from '@preloved/contract';
import { create } from 'xmlbuilder2';

// The DAC7 report as the OECD's DPI XML Schema v1.0 ("DPIXML", urn:oecd:ties:dpi:v1) writes it, which
// the EU's DAC7 exchanges use, built with xmlbuilder2 (escaping and namespaces a kept library's). No
// database here: dac7-report.ts gives it the figures, a test validates what it writes against the
// OECD's XSD (dpi-xsd/). Amounts are whole euros (the schema's MonAmnt_Type is an integer).

type XMLBuilder = ReturnType<typeof create>;

export const DPI_NAMESPACE = 'urn:oecd:ties:dpi:v1';
export const DPI_STF_NAMESPACE = 'urn:oecd:ties:dpistf:v1';

export interface Dac7Operator {
  name: string;
  tin: string;
  country: string;
  address: string;
}

/** One Reportable Seller: their data and, per quarter (index 0 = Q1), sales, consideration and fees in cents. */
export interface Dac7Seller {
  sellerId: number;
  data: TaxData;
  sales: [number, number, number, number];
  cents: [number, number, number, number];
  feeCents: [number, number, number, number];
}

export interface Dac7File {
  year: number;
  operator: Dac7Operator;
  createdAt: Date;
  sellers: Dac7Seller[];
}

const euros = (cents: number) => String(Math.round(cents / 100));
/** The message's unique reference: the sending country, the year, the operator's TIN and the moment it was made. */
export const messageRefId = (file: Pick<Dac7File, 'year' | 'operator' | 'createdAt'>) =>
  `${file.operator.country}${file.year}-${file.operator.tin}-DAC7-${file.createdAt.toISOString().replace(/[-:.TZ]/g, '').slice(0, 14)}`;

function docSpec(parent: XMLBuilder, docRefId: string) {
  const spec = parent.ele('DocSpec');
  spec.ele(DPI_STF_NAMESPACE, 'stf:DocTypeIndic').txt('OECD1');
  spec.ele(DPI_STF_NAMESPACE, 'stf:DocRefId').txt(docRefId);
}

function address(parent: XMLBuilder, data: TaxData) {
  const element = parent.ele('Address');
  element.ele('CountryCode').txt(data.country);
  const fix = element.ele('AddressFix');
  fix.ele('Street').txt(data.address);
  fix.ele('PostCode').txt(data.zip_code);
  fix.ele('City').txt(data.city);
}

function quarters(parent: XMLBuilder, name: string, prefix: string, values: readonly number[], money: boolean) {
  const element = parent.ele(name);
  values.forEach((value, index) => {
    const child = element.ele(`${prefix}${index + 1}`);
    if (money) child.att('currCode', 'EUR').txt(euros(value));
    else child.txt(String(value));
  });
}

function seller(body: XMLBuilder, reported: Dac7Seller, refId: string) {
  const element = body.ele('ReportableSeller');
  const { data } = reported;
  const identity = element.ele('Identity');
  if (data.kind === 'private') {
    const party = identity.ele('IndividualSeller').ele('Standard').ele('IndSellerID');
    party.ele('ResCountryCode').txt(data.country);
    party.ele('TIN').att('issuedBy', data.tin_country).txt(data.tin);
    const name = party.ele('Name');
    name.ele('FirstName').txt(data.first_name);
    name.ele('LastName').txt(data.last_name);
    address(party, data);
    party.ele('BirthInfo').ele('BirthDate').txt(data.birth_date);
  } else {
    const party = identity.ele('EntitySeller').ele('Standard').ele('EntSellerID');
    party.ele('ResCountryCode').txt(data.country);
    party.ele('TIN').att('issuedBy', data.tin_country).txt(data.tin);
    party.ele('IN').att('issuedBy', data.country).att('INType', 'BRN').txt(data.registration_number);
    party.ele('VAT').txt(data.vat_number);
    party.ele('Name').txt(data.business_name);
    address(party, data);
  }
  const goods = element.ele('RelevantActivities').ele('SaleOfGoods');
  quarters(goods, 'Consideration', 'ConsQ', reported.cents, true);
  quarters(goods, 'NumberOfActivities', 'NumbQ', reported.sales, false);
  quarters(goods, 'Fees', 'FeesQ', reported.feeCents, true);
  // The store withholds no tax for the seller.
  quarters(goods, 'Taxes', 'TaxQ', [0, 0, 0, 0], true);
  docSpec(element, `${refId}-S${reported.sellerId}`);
}

/** The year's DPI message: the store as Reporting Platform Operator and one ReportableSeller each (none: a nil report, DPI403). */
export function dac7Xml(file: Dac7File): string {
  const refId = messageRefId(file);
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(DPI_NAMESPACE, 'DPI_OECD', { version: '1.0' }).att('xmlns:stf', DPI_STF_NAMESPACE);
  const spec = root.ele('MessageSpec');
  spec.ele('TransmittingCountry').txt(file.operator.country);
  spec.ele('ReceivingCountry').txt(file.operator.country);
  spec.ele('MessageType').txt('DPI');
  spec.ele('MessageRefId').txt(refId);
  spec.ele('MessageTypeIndic').txt(file.sellers.length ? 'DPI401' : 'DPI403');
  spec.ele('ReportingPeriod').txt(`${file.year}-12-31`);
  spec.ele('Timestamp').txt(file.createdAt.toISOString().slice(0, 19));
  const body = root.ele('DPIBody');
  const operator = body.ele('PlatformOperator');
  operator.ele('ResCountryCode').txt(file.operator.country);
  operator.ele('TIN').att('issuedBy', file.operator.country).txt(file.operator.tin);
  operator.ele('Name').txt(file.operator.name);
  const operatorAddress = operator.ele('Address');
  operatorAddress.ele('CountryCode').txt(file.operator.country);
  operatorAddress.ele('AddressFree').txt(file.operator.address);
  docSpec(operator, `${refId}-OP`);
  for (const reported of file.sellers) seller(body, reported, refId);
  return root.end({ prettyPrint: true });
}

/** One row of the finance team's summary: every reportable seller, reported or not (no data given). */
export interface Dac7SummaryRow {
  sellerId: number;
  kind: 'private' | 'business' | '';
  name: string;
  email: string;
  country: string;
  tinCountry: string;
  tinMasked: string;
  sales: number;
  cents: number;
  feeCents: number;
  quarterSales: readonly number[];
  quarterCents: readonly number[];
  /** 'reported': in the XML; 'missing_tax_data': reportable, but the seller gave no data (not in the XML). */
  status: 'reported' | 'missing_tax_data';
}

const CSV_HEADER = ['seller_id', 'kind', 'name', 'email', 'country', 'tin_country', 'tin', 'sales', 'consideration_eur', 'fees_eur', 'sales_q1', 'sales_q2', 'sales_q3', 'sales_q4', 'consideration_q1_eur', 'consideration_q2_eur', 'consideration_q3_eur', 'consideration_q4_eur', 'status'];

// A cell a spreadsheet would run as a formula (=, +, -, @ first) starts with a quote instead.
const cell = (value: string | number) => {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const cents2 = (cents: number) => (cents / 100).toFixed(2);

/** The summary as CSV: one row per reportable seller, amounts in euros with cents; the TIN masked. */
export function dac7Csv(rows: readonly Dac7SummaryRow[]): string {
  const lines = rows.map((row) =>
    [
      row.sellerId,
      row.kind,
      row.name,
      row.email,
      row.country,
      row.tinCountry,
      row.tinMasked,
      row.sales,
      cents2(row.cents),
      cents2(row.feeCents),
      ...row.quarterSales,
      ...row.quarterCents.map(cents2),
      row.status,
    ]
      .map(cell)
      .join(','),
  );
  return [CSV_HEADER.join(','), ...lines].join('\n') + '\n';
}
