import { PriceRulesSettings, type SellerListing, type UploadedPhoto } from '@preloved/contract';
import sharp from 'sharp';
import { inject, shopper } from '../../test/checkout';
import { testAppForFile, testClock, type TestApp } from '../../test/app';
import { signedInStaff } from '../../test/staff';

// Price rules per category (issue 45): an admin sets a floor and a ceiling on a category's prices as
// percentages of the original price; a seller's price outside them is refused wherever it is set (a new
// listing, an edit, a new price from My listings), and one inside is taken. Finance reads the rules,
// only an admin changes them, each change in the audit log.

const clock = testClock();
let ctx: TestApp;
testAppForFile({}, { clock }, (started) => (ctx = started));

let piece: { childId: number; categoryId: number; originalCents: number };
let photos: string[];
let seller: Awaited<ReturnType<typeof shopper>>;

const rules = (cookie: string, method: 'GET' | 'PUT' = 'GET', payload?: object) =>
  ctx.app.inject({ method, url: '/api/backoffice/settings/price-rules', headers: { cookie }, ...(payload ? { payload } : {}) });
const body = (price: number) => ({ product_child_id: piece.childId, condition_id: 2, comment: 'Worn once.', photos, price, min_price: 5, smart_pricing: false });

beforeAll(async () => {
  const { rows } = await ctx.db.query<{ child_id: number; category_id: number; original_price_cents: number }>(
    `SELECT c.id AS child_id, p.category_id, p.original_price_cents FROM product_children c JOIN product_variants v ON v.id = c.variant_id
     JOIN products p ON p.id = v.product_id WHERE p.original_price_cents >= 10000 ORDER BY c.id LIMIT 1`,
  );
  piece = { childId: rows[0]!.child_id, categoryId: rows[0]!.category_id, originalCents: rows[0]!.original_price_cents };
  seller = await shopper(ctx.app);
  photos = [];
  for (const colour of ['#aa3344', '#3344aa']) {
    const bytes = await sharp({ create: { width: 900, height: 1200, channels: 3, background: colour } }).jpeg().toBuffer();
    const uploaded = await ctx.app.inject({ method: 'POST', url: '/api/seller/photos', headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'image/jpeg' }, payload: bytes });
    photos.push(uploaded.json<UploadedPhoto>().url);
  }
});

it('refuses a price below the floor or above the ceiling of the piece’s category, on a new listing, an edit and a new price', async () => {
  const admin = await signedInStaff(ctx.app, ctx.db, clock, 'admin');
  const set = await rules(admin.cookie, 'PUT', { rules: [{ category_id: piece.categoryId, floor_percent: 20, ceiling_percent: 80 }] });
  expect(set.statusCode).toBe(200);
  const original = piece.originalCents / 100;
  const floor = Math.ceil(piece.originalCents * 0.2) / 100;
  const ceiling = Math.floor(piece.originalCents * 0.8) / 100;

  for (const price of [Math.floor(floor) - 1, Math.ceil(ceiling) + 1, original]) {
    const refused = await inject(ctx.app, 'POST', 'seller/listings', { token: seller.token, body: body(price) });
    expect({ price, status: refused.statusCode, fields: refused.json().fields }).toEqual({ price, status: 422, fields: [{ field: 'price', key: 'price_out_of_rules' }] });
  }
  const listed = await inject(ctx.app, 'POST', 'seller/listings', { token: seller.token, body: body(Math.round(original * 0.5)) });
  expect(listed.statusCode).toBe(201);
  const listing = listed.json<SellerListing>();

  const edited = await inject(ctx.app, 'PUT', `seller/listings/${listing.id}`, { token: seller.token, body: body(original) });
  expect(edited.json().fields).toEqual([{ field: 'price', key: 'price_out_of_rules' }]);
  const repriced = await inject(ctx.app, 'PUT', `seller/listings/${listing.id}/price`, { token: seller.token, body: { price: Math.floor(floor) - 1 } });
  expect(repriced.json().fields).toEqual([{ field: 'price', key: 'price_out_of_rules' }]);
  const fine = await inject(ctx.app, 'PUT', `seller/listings/${listing.id}/price`, { token: seller.token, body: { price: Math.round(original * 0.6) } });
  expect(fine.statusCode).toBe(200);

  // Without a rule, the category takes any price within the store's bounds again.
  expect((await rules(admin.cookie, 'PUT', { rules: [] })).statusCode).toBe(200);
  expect((await inject(ctx.app, 'POST', 'seller/listings', { token: seller.token, body: body(original) })).statusCode).toBe(201);
});

it('lets finance read the rules and only an admin change them, checked and audited', async () => {
  const finance = await signedInStaff(ctx.app, ctx.db, clock, 'finance');
  const admin = await signedInStaff(ctx.app, ctx.db, clock, 'admin');
  const read = PriceRulesSettings.parse((await rules(finance.cookie)).json());
  expect(read.rules.map((rule) => rule.category_id)).toContain(piece.categoryId);
  expect((await rules(finance.cookie, 'PUT', { rules: [] })).statusCode).toBe(403);

  const upsideDown = await rules(admin.cookie, 'PUT', { rules: [{ category_id: piece.categoryId, floor_percent: 90, ceiling_percent: 50 }] });
  expect(upsideDown.json().fields).toEqual([{ field: 'rules.0.ceiling_percent', key: 'price_rule_order' }]);
  const unknown = await rules(admin.cookie, 'PUT', { rules: [{ category_id: 99999, floor_percent: 10, ceiling_percent: null }] });
  expect(unknown.json().code).toBe('category_unknown');

  expect((await rules(admin.cookie, 'PUT', { rules: [{ category_id: piece.categoryId, floor_percent: 10, ceiling_percent: null }] })).statusCode).toBe(200);
  const after = PriceRulesSettings.parse((await rules(finance.cookie)).json()).rules.find((rule) => rule.category_id === piece.categoryId);
  expect(after).toMatchObject({ floor_percent: 10, ceiling_percent: null });
  const audit = (await ctx.app.inject({ method: 'GET', url: `/api/backoffice/audit?action=settings.price_rules&staff_id=${admin.id}`, headers: { cookie: admin.cookie } })).json();
  expect(audit.entries[0]).toMatchObject({ after: { rules: [{ category_id: piece.categoryId, floor_percent: 10, ceiling_percent: null }] } });
});
