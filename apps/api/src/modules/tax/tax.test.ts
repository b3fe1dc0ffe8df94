import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TaxStatus } from '@preloved/contract';
import { validateXML } from 'xmllint-wasm';
import type { Queryable } from '../../db/db';
import { testAppForFile, testClock, type TestApp } from '../../test/app';
import { inject, proveEmail, shopper, stepUp } from '../../test/checkout';
import { signedInStaff } from '../../test/staff';
import { sale } from '../../test/wallet';
import { unseal } from './sealing';

// DAC7 on the real app and database: the year's sales against the thresholds, payouts refused past
// them until the seller's tax data is given, the data sealed at rest and shown masked, and the yearly
// report, valid against the OECD's DPI XML Schema v1.0 (dpi-xsd/, see its README), for the finance team.

const clock = testClock(new Date('2026-11-20T12:00:00Z'));
let ctx: TestApp;
testAppForFile({}, { clock }, (started) => (ctx = started));

const XSD_DIR = path.join(__dirname, 'dpi-xsd');
const xsd = (name: string) => ({ fileName: name, contents: readFileSync(path.join(XSD_DIR, name), 'utf8') });
const validate = (xml: string) =>
  validateXML({ xml: [{ fileName: 'dac7.xml', contents: xml }], schema: [xsd('DPIXML_v1.0.xsd')], preload: [xsd('oecddpitypes_v1.0.xsd'), xsd('isodpitypes_v1.0.xsd')] });

const PERSON = { kind: 'private', first_name: 'Rita', last_name: 'Lopes', birth_date: '1990-04-25', address: 'Rua Augusta 10', zip_code: '1100-053', city: 'Lisboa', country: 'PT', tin: '123456789', tin_country: 'PT' };

let templateOrder: number | undefined;
let orderNumbers = 0;
/**
 * `count` sales of `cents` each by `sellerId` at `at`: packages of paid orders with their deposits,
 * copied from one order made through the real checkout (thirty checkouts would only be slower).
 */
async function seedSales(db: Queryable, sellerId: number, count: number, cents: number, at: Date) {
  if (templateOrder === undefined) templateOrder = (await sale(ctx.app, db)).orderId;
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'orders'
       AND column_name NOT IN ('id', 'number', 'claim_hash', 'mail_claim_hash', 'created_at')`,
  );
  const columns = rows.map((row) => row.column_name).join(', ');
  await db.query('INSERT INTO wallets (customer_id) VALUES ($1) ON CONFLICT DO NOTHING', [sellerId]);
  for (let index = 0; index < count; index += 1) {
    const order = await db.query<{ id: number }>(`INSERT INTO orders (${columns}, number, created_at) SELECT ${columns}, $2, $3 FROM orders WHERE id = $1 RETURNING id`, [
      templateOrder,
      `DAC7-${process.pid}-${++orderNumbers}`,
      at,
    ]);
    const pkg = await db.query<{ id: number }>('INSERT INTO order_packages (order_id, seller_id, ship_by) VALUES ($1, $2, $3::date) RETURNING id', [order.rows[0]!.id, sellerId, at]);
    await db.query("INSERT INTO wallet_entries (customer_id, type, amount_cents, package_id, created_at) VALUES ($1, 'listing_sale_deposit', $2, $3, $4)", [sellerId, cents, pkg.rows[0]!.id, at]);
  }
}

async function seller() {
  const account = await shopper(ctx.app);
  await proveEmail(ctx.db, account.id);
  await stepUp(ctx.app, account.token);
  return account;
}
const status = async (token: string) => TaxStatus.parse((await inject(ctx.app, 'GET', 'seller/tax', { token })).json());
const thisYear = (month: number) => new Date(Date.UTC(2026, month - 1, 15, 12));

describe('/api/seller/tax', () => {
  it('asks nothing below the threshold, shows the banner from 25 sales, pauses payouts from 30 until the data is given', async () => {
    const rita = await seller();
    await seedSales(ctx.db, rita.id, 24, 1000, thisYear(3));
    expect(await status(rita.token)).toMatchObject({ year: 2026, sales: 24, consideration: 240, need: 'none', payouts_paused: false, data: null });
    await seedSales(ctx.db, rita.id, 1, 1000, thisYear(4));
    expect(await status(rita.token)).toMatchObject({ sales: 25, need: 'soon', payouts_paused: false });

    await seedSales(ctx.db, rita.id, 5, 1000, thisYear(5));
    expect(await status(rita.token)).toMatchObject({ sales: 30, consideration: 300, need: 'required', payouts_paused: true });
    const transfer = await inject(ctx.app, 'POST', 'wallet/transfers', { token: rita.token, body: { amount: 20 } });
    const code = await inject(ctx.app, 'POST', 'wallet/codes', { token: rita.token, body: { amount: 20 } });
    expect([transfer.statusCode, transfer.json().code, code.statusCode, code.json().code]).toEqual([409, 'tax_data_needed', 409, 'tax_data_needed']);

    const saved = await inject(ctx.app, 'PUT', 'seller/tax', { token: rita.token, body: PERSON });
    expect(saved.statusCode).toBe(200);
    expect(TaxStatus.parse(saved.json())).toMatchObject({ need: 'required', payouts_paused: false, data: { kind: 'private', name: 'Rita Lopes', tin_masked: '••••6789', tin_country: 'PT' } });
    // Money may leave again: the refusal now is the wallet's own (no IBAN saved), not the tax data's.
    const again = await inject(ctx.app, 'POST', 'wallet/transfers', { token: rita.token, body: { amount: 20 } });
    expect(again.json().code).not.toBe('tax_data_needed');
  });

  it('counts €2 000 of consideration as the threshold too, and neither cancelled nor fully refunded sales', async () => {
    const ana = await seller();
    await seedSales(ctx.db, ana.id, 2, 100_000, thisYear(6));
    expect(await status(ana.token)).toMatchObject({ sales: 2, consideration: 2000, need: 'required', payouts_paused: true });
    const packages = await ctx.db.query<{ id: number; order_id: number }>('SELECT id, order_id FROM order_packages WHERE seller_id = $1 ORDER BY id', [ana.id]);
    await ctx.db.query("UPDATE orders SET cancelled_at = now(), cancelled_by = 'seller' WHERE id = $1", [packages.rows[0]!.order_id]);
    expect(await status(ana.token)).toMatchObject({ sales: 1, consideration: 1000, need: 'none', payouts_paused: false });
    await ctx.db.query("INSERT INTO wallet_entries (customer_id, type, amount_cents, refunded_package_id) VALUES ($1, 'sale_refund', -100000, $2)", [ana.id, packages.rows[1]!.id]);
    expect(await status(ana.token)).toMatchObject({ sales: 0, consideration: 0, need: 'none' });
  });

  it('refuses a wrong check digit or date of birth next to its field', async () => {
    const rui = await seller();
    const answers = await Promise.all(
      [
        { ...PERSON, tin: '123456780' },
        { ...PERSON, tin_country: 'ES', tin: 'X1234567A' },
        { ...PERSON, birth_date: '2020-01-01' },
      ].map((body) => inject(ctx.app, 'PUT', 'seller/tax', { token: rui.token, body })),
    );
    expect(answers.map((answer) => [answer.statusCode, answer.json().fields])).toEqual([
      [422, [{ field: 'tin', key: 'invalid_tin_pt' }]],
      [422, [{ field: 'tin', key: 'invalid_tin_es' }]],
      [422, [{ field: 'birth_date', key: 'invalid_birth_date' }]],
    ]);
    expect((await status(rui.token)).data).toBeNull();
  });

  it('keeps the data sealed: no TIN, name, address or date of birth in clear in the database, and a box moved to another seller does not open', async () => {
    const eva = await seller();
    const data = { ...PERSON, first_name: 'Evangelina', last_name: 'Quaresma', tin_country: 'ES', tin: 'Y1234567X', birth_date: '1977-07-07', address: 'Calle Mayor 99' };
    expect((await inject(ctx.app, 'PUT', 'seller/tax', { token: eva.token, body: data })).statusCode).toBe(200);
    const { rows } = await ctx.db.query<Record<string, unknown> & { sealed: string }>('SELECT * FROM seller_tax_data WHERE customer_id = $1', [eva.id]);
    const stored = JSON.stringify(rows[0]);
    for (const secret of ['Y1234567X', '1234567', 'Evangelina', 'Quaresma', 'Calle Mayor', '1977-07-07']) expect(stored).not.toContain(secret);
    expect(unseal(ctx.config.TAX_DATA_KEY, eva.id, rows[0]!.sealed)).toMatchObject({ tin: 'Y1234567X', birth_date: '1977-07-07' });
    expect(() => unseal(ctx.config.TAX_DATA_KEY, eva.id + 1, rows[0]!.sealed)).toThrow();
    expect((await status(eva.token)).data).toMatchObject({ tin_masked: '••••567X', name: 'Evangelina Quaresma' });
    expect(JSON.stringify(await status(eva.token))).not.toContain('Y1234567X');
  });
});

describe('the yearly DAC7 report', () => {
  it('names each reportable seller with their quarters, leaves out excluded sellers, and is valid against the OECD DPI XSD', async () => {
    const year = 2025;
    const at = (month: number) => new Date(Date.UTC(year, month - 1, 10, 12));
    const byCount = await seller();
    await seedSales(ctx.db, byCount.id, 20, 1000, at(2));
    await seedSales(ctx.db, byCount.id, 10, 1500, at(11));
    await inject(ctx.app, 'PUT', 'seller/tax', { token: byCount.token, body: { ...PERSON, first_name: 'Quinta', last_name: 'Contagem' } });
    const excluded = await seller();
    // 29 sales for exactly €2 000 (not above it), and a 30th sale cancelled: excluded.
    await seedSales(ctx.db, excluded.id, 28, 5000, at(5));
    await seedSales(ctx.db, excluded.id, 1, 60_000, at(6));
    await seedSales(ctx.db, excluded.id, 1, 55_000, at(7));
    await ctx.db.query("UPDATE orders SET cancelled_at = now(), cancelled_by = 'seller' WHERE id = (SELECT max(order_id) FROM order_packages WHERE seller_id = $1)", [excluded.id]);
    const business = await seller();
    await seedSales(ctx.db, business.id, 1, 200_001, at(8));
    await inject(ctx.app, 'PUT', 'seller/tax', {
      token: business.token,
      body: { kind: 'business', business_name: 'Loja & Filhos, Lda', registration_number: '1234-5678', vat_number: 'PT501964843', address: 'Rua 1', zip_code: '1000-001', city: 'Lisboa', country: 'PT', tin: '501964843', tin_country: 'PT' },
    });
    const silent = await seller();
    await seedSales(ctx.db, silent.id, 31, 100, at(1));

    const report = await ctx.app.taxData.report(year, new Date('2026-01-20T09:00:00Z'));
    const validation = await validate(report.xml);
    expect(validation.errors).toEqual([]);
    expect(validation.valid).toBe(true);
    expect(report.xml).toContain('<FirstName>Quinta</FirstName>');
    expect(report.xml).toContain('<TIN issuedBy="PT">123456789</TIN>');
    expect(report.xml).toContain('<Name>Loja &amp; Filhos, Lda</Name>');
    expect(report.xml).not.toContain(`-S${excluded.id}<`);
    expect(report.xml).not.toContain(`-S${silent.id}<`);
    // Quinta: Q1 20 sales for €200, Q4 10 for €150, in whole euros.
    expect(report.xml).toMatch(/<ConsQ1 currCode="EUR">200<\/ConsQ1>\s*<ConsQ2 currCode="EUR">0<\/ConsQ2>\s*<ConsQ3 currCode="EUR">0<\/ConsQ3>\s*<ConsQ4 currCode="EUR">150<\/ConsQ4>/);
    expect(report.xml).toMatch(/<NumbQ1>20<\/NumbQ1>\s*<NumbQ2>0<\/NumbQ2>\s*<NumbQ3>0<\/NumbQ3>\s*<NumbQ4>10<\/NumbQ4>/);

    const rows = report.csv.trim().split('\n');
    const row = (id: number) => rows.find((line) => line.startsWith(`${id},`));
    expect(row(byCount.id)).toMatch(/,private,Quinta Contagem,.*,PT,PT,••••6789,30,350\.00,0\.00,20,0,0,10,200\.00,0\.00,0\.00,150\.00,reported$/);
    expect(row(business.id)).toContain(',business,"Loja & Filhos, Lda",');
    expect(row(silent.id)).toMatch(/,31,31\.00,.*,missing_tax_data$/);
    expect(row(excluded.id)).toBeUndefined();
    expect([report.reported, report.missing]).toEqual([2, 1]);
  });

  it('a year without reportable sellers is a nil report (DPI403), still valid', async () => {
    const report = await ctx.app.taxData.report(2024);
    expect(report.xml).toContain('<MessageTypeIndic>DPI403</MessageTypeIndic>');
    expect((await validate(report.xml)).valid).toBe(true);
    // The validator does check: the same file without its MessageType is refused.
    expect((await validate(report.xml.replace('<MessageType>DPI</MessageType>', ''))).valid).toBe(false);
  });

  it('the finance team downloads it from the back office, each download audited; other roles and shoppers cannot', async () => {
    const finance = await signedInStaff(ctx.app, ctx.db, clock, 'finance');
    const support = await signedInStaff(ctx.app, ctx.db, clock, 'support');
    const download = (cookie: string | null, query = 'year=2025') =>
      ctx.app.inject({ method: 'GET', url: `/api/backoffice/reports/dac7?${query}`, headers: cookie ? { cookie } : {} });
    const xml = await download(finance.cookie);
    expect([xml.statusCode, xml.headers['content-type'], xml.headers['content-disposition']]).toEqual([200, 'application/xml; charset=utf-8', 'attachment; filename="preloved-dac7-2025.xml"']);
    expect(xml.body).toContain('<DPI_OECD');
    const csv = await download(finance.cookie, 'year=2025&format=csv');
    expect(csv.body.split('\n')[0]).toMatch(/^seller_id,kind,name,/);
    const audit = (await ctx.app.inject({ method: 'GET', url: `/api/backoffice/audit?action=tax.dac7_report&staff_id=${finance.id}`, headers: { cookie: finance.cookie } })).json();
    expect(audit.entries.map((entry: { after: { format: string } }) => entry.after.format).sort()).toEqual(['csv', 'xml']);
    expect([(await download(support.cookie)).statusCode, (await download(null)).statusCode, (await download(finance.cookie, 'year=1999')).statusCode]).toEqual([403, 401, 422]);
  });
});
