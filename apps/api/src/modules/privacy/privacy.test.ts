import { PrivacyExport } from '@preloved/contract';
import { testApp, testClock, type TestApp } from '../../test/app';
import { ADDRESS, fillBag, inject, key, listings, shopper, stepUp } from '../../test/checkout';
import { deliver, expectLedgerBalanced, sale } from '../../test/wallet';
import { NOT_ABOUT_CUSTOMERS, PRIVACY_RULES } from './privacy-rules';

// GDPR rights on the real app and database: the export holds every table with the person's data,
// deletion is refused while something is open, and afterwards no personal field of the person is left
// outside the records the law keeps, sign-in is impossible and the ledger still balances.

const clock = testClock();
let ctx: TestApp;
beforeAll(async () => {
  ctx = await testApp({}, { clock });
}, 120_000);
afterAll(() => ctx?.close());

/** A column that names a customer, or one that holds an e-mail, a name, a phone, an address or an IBAN. */
const PERSONAL = /(^|_)(customer|seller|buyer|sender|reporter|shopper)(_id)?$|email|first_name|last_name|^name$|phone|address|iban|blocked_by/;
/** Tables that keep some of the person's own words or numbers after deletion, by law (privacy-rules.ts `kept`). */
const KEEPS_PERSONAL_FIELDS = ['orders', 'wallet_entries', 'trader_declarations', 'seller_tax_data'];

const exportOf = async (token: string) => inject(ctx.app, 'GET', 'customers/privacy/export', { token });
const deleteAccount = (token: string, password?: string) => inject(ctx.app, 'POST', 'customers/privacy/delete', { token, body: password ? { password } : {} });

/** A shopper with data in many tables: names, an address book entry, a bag, a wishlist, a saved search, a newsletter subscription. */
async function busyShopper() {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const person = await shopper(ctx.app, `gdpr-${unique}@example.com`);
  const firstName = `Zelinda${unique}`;
  const street = `Rua da Privacidade ${unique}`;
  const phone = `+351 93${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await inject(ctx.app, 'PUT', 'customers/storefront', { token: person.token, body: { first_name: firstName, last_name: `Quaresma${unique}`, EmailAddress: person.email } });
  const saved = await inject(ctx.app, 'POST', 'customers/addresses', { token: person.token, body: { ...ADDRESS, first_name: firstName, address: street, phone } });
  expect(saved.statusCode).toBeLessThan(300);
  const [piece] = await listings(ctx.db, 1, { notSeller: person.id, skip: 5 });
  await fillBag(ctx.db, person.id, [piece!.id]);
  // A question to the piece's seller, in the person's own words.
  const thread = await inject(ctx.app, 'POST', 'threads', { token: person.token, body: { listing_id: piece!.id } });
  expect((await inject(ctx.app, 'POST', `threads/${thread.json().id}/messages`, { token: person.token, body: { text: `Is it still there? ${unique}` } })).statusCode).toBe(201);
  const child = await ctx.db.query<{ id: number }>('SELECT child_id AS id FROM listings WHERE id = $1', [piece!.id]);
  await ctx.db.query('INSERT INTO wishlist_items (customer_id, child_id) VALUES ($1, $2)', [person.id, child.rows[0]!.id]);
  await ctx.db.query("INSERT INTO saved_searches (customer_id, name, query, path) VALUES ($1, 'Linen', $2, '/search')", [person.id, JSON.stringify({ q: 'linen' })]);
  await ctx.db.query('INSERT INTO newsletter_subscriptions (brand_id, email) VALUES (1, $1)', [person.email]);
  return { ...person, firstName, street, phone, unique };
}

describe('the privacy rules', () => {
  it('cover every table that references a customer or holds a personal column (a new table without a rule fails here)', async () => {
    const { rows } = await ctx.db.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
       WHERE c.table_schema = current_schema()
       UNION
       SELECT kcu.table_name, kcu.column_name FROM information_schema.referential_constraints rc
       JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name AND kcu.constraint_schema = rc.constraint_schema
       JOIN information_schema.key_column_usage ref ON ref.constraint_name = rc.unique_constraint_name AND ref.constraint_schema = rc.unique_constraint_schema
       WHERE ref.table_name = 'customers' AND kcu.table_schema = current_schema()`,
    );
    const personal = [...new Set(rows.filter((row) => PERSONAL.test(row.column_name) || row.table_name === 'customers').map((row) => row.table_name))].sort();
    const uncovered = personal.filter((table) => !(table in PRIVACY_RULES) && !(table in NOT_ABOUT_CUSTOMERS));
    expect(uncovered).toEqual([]);
    // A rule for a table that is gone would hide a rename.
    const tables = new Set(rows.map((row) => row.table_name));
    expect(Object.keys(PRIVACY_RULES).filter((table) => !tables.has(table))).toEqual([]);
  });
});

describe('download my data', () => {
  it('answers a JSON attachment with a subject for every rule, the person’s rows in each, photos as links and no secrets', async () => {
    const person = await busyShopper();
    const response = await exportOf(person.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="preloved-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = PrivacyExport.parse(response.json());
    expect(Object.keys(body.data).sort()).toEqual(Object.keys(PRIVACY_RULES).sort());
    expect(body.data.customers).toEqual([expect.objectContaining({ id: person.id, email: person.email, first_name: person.firstName, has_password: true })]);
    expect(body.data.addresses).toEqual([expect.objectContaining({ address: person.street, phone: person.phone })]);
    for (const table of ['sessions', 'bag_lines', 'wishlist_items', 'saved_searches', 'newsletter_subscriptions']) expect([table, body.data[table]!.length]).toEqual([table, 1]);
    expect(response.body).not.toMatch(/password_hash|token_hash|"sealed"/);
    expect((await inject(ctx.app, 'GET', 'customers/privacy/export')).statusCode).toBe(401);
  });

  it('links the photos of the seller’s listings and of the messages they sent', async () => {
    const seller = await shopper(ctx.app);
    const [piece] = await listings(ctx.db, 1, { skip: 9 });
    await ctx.db.query("UPDATE listings SET seller_id = $1, photos = ARRAY['/api/photos/abc123.webp', '/api/photos/def456.webp'] WHERE id = $2", [seller.id, piece!.id]);
    const buyer = await shopper(ctx.app);
    const thread = (await inject(ctx.app, 'POST', 'threads', { token: buyer.token, body: { listing_id: piece!.id } })).json<{ id: number }>();
    const sent = (await inject(ctx.app, 'POST', `threads/${thread.id}/messages`, { token: seller.token, body: { text: 'Here is the label.' } })).json<{ id: number }>();
    await ctx.db.query("INSERT INTO thread_message_photos (message_id, position, name) VALUES ($1, 0, 'fedcba9876543210fedcba9876543210')", [sent.id]);
    const body = PrivacyExport.parse((await exportOf(seller.token)).json());
    const site = ctx.config.PUBLIC_URL.replace(/\/$/, '');
    expect(body.photos).toEqual([`${site}/api/photos/abc123.webp`, `${site}/api/photos/def456.webp`, `${site}/api/photos/fedcba9876543210fedcba9876543210.webp`]);
    // The buyer's export has the messages they received, not the seller's photo among their own.
    expect(PrivacyExport.parse((await exportOf(buyer.token)).json()).photos).toEqual([]);
    expect(body.data.listings).toEqual([expect.objectContaining({ id: piece!.id, status: 'active' })]);
  });
});

describe('delete my account', () => {
  it('is refused while a piece traded in is on its way to the hub, and the export lists the trade-in', async () => {
    const person = await shopper(ctx.app);
    const { rows } = await ctx.db.query<{ id: number }>(
      'SELECT c.id FROM product_children c JOIN product_variants v ON v.id = c.variant_id JOIN products p ON p.id = v.product_id WHERE p.category_id = 6 ORDER BY c.id LIMIT 1',
    );
    // The trade-in as the trade-in service writes it when the customer accepts (trade-in.test.ts makes it through its routes, with a hub).
    await ctx.db.query(
      `INSERT INTO trade_ins (number, customer_id, idempotency_key, child_id, condition_id, payout, offered_cents, price_cents, bonus_percent, tracking, created_at)
       VALUES ($1, $2, $3, $4, 2, 'money', 3000, 3000, 0, $5, now())`,
      [`TI-${person.id}`, person.id, key(), rows[0]!.id, `PLT${String(person.id).padStart(9, '0')}`],
    );
    await stepUp(ctx.app, person.token);
    const refused = await deleteAccount(person.token);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'account_open_trade_in']);
    const exported = PrivacyExport.parse((await exportOf(person.token)).json());
    expect(exported.data.trade_ins).toEqual([expect.objectContaining({ status: 'sent', payout: 'money' })]);
  });

  it('needs a step-up proof: none is 403, a wrong password 422', async () => {
    const person = await shopper(ctx.app);
    expect((await deleteAccount(person.token)).json()).toMatchObject({ code: 'step_up_required' });
    const wrong = await deleteAccount(person.token, 'Wrong#123');
    expect(wrong.statusCode).toBe(422);
    expect((await exportOf(person.token)).statusCode).toBe(200);
  });

  it('is refused with a reason while an order is on its way, a sale unsettled or credit in the wallet; then goes once all is settled', async () => {
    const s = await sale(ctx.app, ctx.db);
    await stepUp(ctx.app, s.buyer.token);
    expect((await deleteAccount(s.buyer.token)).json()).toMatchObject({ code: 'account_open_orders' });
    expect((await deleteAccount(s.seller.token, 'Secret#123')).json()).toMatchObject({ code: 'account_open_sales' });

    await deliver(ctx.app, s);
    const credit = await deleteAccount(s.seller.token, 'Secret#123');
    expect(credit.statusCode).toBe(409);
    expect(credit.json()).toMatchObject({ code: 'account_has_credit', params: { amount: expect.any(Number) } });

    // The seller spends the credit on a main-shop code; then nothing is open.
    const available = (await inject(ctx.app, 'GET', 'wallet', { token: s.seller.token })).json<{ available: number; total_credit: number }>();
    expect(available.available).toBe(available.total_credit);
    const code = await inject(ctx.app, 'POST', 'wallet/codes', { token: s.seller.token, body: { amount: available.available } });
    expect(code.statusCode).toBe(200);
    const deleted = await deleteAccount(s.seller.token, 'Secret#123');
    expect([deleted.statusCode, deleted.body]).toEqual([200, expect.stringContaining('"deleted":true')]);

    // The buyer's order is delivered: the buyer may go too; the kept records still balance.
    expect((await deleteAccount(s.buyer.token, 'Secret#123')).statusCode).toBe(200);
    await expectLedgerBalanced(ctx.app);
    const order = await ctx.db.query<{ email: string; total_cents: number; delivery_address: unknown }>('SELECT email, total_cents, delivery_address FROM orders WHERE id = $1', [s.orderId]);
    expect(order.rows[0]).toMatchObject({ email: expect.stringMatching(/^deleted-\d+-[0-9a-f]+@deleted\.invalid$/), total_cents: expect.any(Number) });
    expect(order.rows[0]!.delivery_address).toBeTruthy();
  });

  it('erases every personal field outside the kept records, ends the sessions and makes sign-in impossible', async () => {
    const person = await busyShopper();
    const [piece] = await listings(ctx.db, 1, { skip: 12 });
    await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [person.id, piece!.id]);
    const response = await deleteAccount(person.token, 'Secret#123');
    expect(response.statusCode).toBe(200);

    // Every text of every table, searched for the person's e-mail, name, street and phone.
    const { rows: columns } = await ctx.db.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
       WHERE c.table_schema = current_schema() AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`,
    );
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      if (KEEPS_PERSONAL_FIELDS.includes(table)) continue;
      const { rows } = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE "${column}"::text ILIKE '%' || $1 || '%'`, [person.unique]);
      const phone = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE "${column}"::text LIKE '%' || $1 || '%'`, [person.phone]);
      if (rows[0]!.n + phone.rows[0]!.n > 0) found.push(`${table}.${column}`);
    }
    expect(found).toEqual([]);

    const listing = await ctx.db.query<{ status: string }>('SELECT status FROM listings WHERE id = $1', [piece!.id]);
    expect(listing.rows[0]!.status).toBe('archived');
    expect((await exportOf(person.token)).statusCode).toBe(401);
    const signIn = await inject(ctx.app, 'POST', 'customers/login', { body: { email: person.email, password: 'Secret#123', cart: [], id_brand: 1 } });
    const stranger = await inject(ctx.app, 'POST', 'customers/login', { body: { email: `nobody-${person.unique}@example.com`, password: 'Secret#123', cart: [], id_brand: 1 } });
    // The old e-mail signs in as no account does: refused, and nothing says an account was there.
    expect(signIn.statusCode).toBeGreaterThanOrEqual(400);
    expect([signIn.statusCode, signIn.json()]).toEqual([stranger.statusCode, stranger.json()]);
    const again = await deleteAccount(person.token, 'Secret#123');
    expect(again.statusCode).toBe(401);
  });
});
