import type { SellerProductChoice } from '@preloved/contract';
import { inject, shopper } from '../../test/checkout';
import { testApp } from '../../test/app';

// Resell from the main shop: the main shop names a piece by its catalogue reference only
// (the product child); GET /api/seller/products/child/:childId answers the rest from the catalogue, on
// a real database (PGlite; PostgreSQL with DATABASE_URL).

let ctx: Awaited<ReturnType<typeof testApp>>;
let seller: Awaited<ReturnType<typeof shopper>>;
/** A seeded piece of a product sold in more than one size, and what the catalogue holds about it. */
let piece: { childId: number; variantId: number; productId: number; title: string; size: string; colour: string; originalCents: number };

beforeAll(async () => {
  ctx = await testApp();
  seller = await shopper(ctx.app);
  const { rows } = await ctx.db.query<{ child_id: number; variant_id: number; product_id: number; title: string; size: string; colour: string; original_price_cents: number }>(
    `SELECT c.id AS child_id, v.id AS variant_id, p.id AS product_id, p.title, c.size, col.name AS colour, p.original_price_cents
     FROM product_children c JOIN product_variants v ON v.id = c.variant_id JOIN products p ON p.id = v.product_id JOIN colours col ON col.id = v.colour_id
     WHERE c.size_order = 1 ORDER BY c.id LIMIT 1`,
  );
  const row = rows[0]!;
  piece = { childId: row.child_id, variantId: row.variant_id, productId: row.product_id, title: row.title, size: row.size, colour: row.colour, originalCents: row.original_price_cents };
});
afterAll(() => ctx.close());

describe('GET /api/seller/products/child/:childId (resell from the main shop)', () => {
  it('answers the piece’s product with every colour and size, which colour and size it is, and the original price from the catalogue', async () => {
    const response = await inject(ctx.app, 'GET', `seller/products/child/${piece.childId}`, { token: seller.token });
    expect(response.statusCode).toBe(200);
    const choice = response.json<SellerProductChoice>();
    expect(choice.product_child_id).toBe(piece.childId);
    expect(choice.product_variant_id).toBe(piece.variantId);
    expect(choice.product.product_id).toBe(piece.productId);
    expect(choice.product.title).toBe(piece.title);
    expect(choice.product.original_price).toBe(piece.originalCents / 100);
    const variant = choice.product.variants.find((v) => v.product_variant_id === piece.variantId)!;
    expect(variant.colour).toBe(piece.colour);
    expect(variant.sizes.find((s) => s.product_child_id === piece.childId)?.size).toBe(piece.size);
  });

  it('answers what the form’s search answers for the same product (one source for the picker and the resell)', async () => {
    const choice = (await inject(ctx.app, 'GET', `seller/products/child/${piece.childId}`, { token: seller.token })).json<SellerProductChoice>();
    const search = (await inject(ctx.app, 'GET', `seller/products?q=${encodeURIComponent(piece.title)}`, { token: seller.token })).json<{ products: SellerProductChoice['product'][] }>();
    expect(search.products.find((p) => p.product_id === piece.productId)).toEqual(choice.product);
  });

  it('asks a visitor to sign in (401): selling is for signed-in customers', async () => {
    const response = await inject(ctx.app, 'GET', `seller/products/child/${piece.childId}`);
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 product_not_found for a reference the catalogue does not hold, never a 5xx', async () => {
    const { rows } = await ctx.db.query<{ max: number }>('SELECT max(id) AS max FROM product_children');
    for (const missing of [rows[0]!.max + 1, 2147483647]) {
      const response = await inject(ctx.app, 'GET', `seller/products/child/${missing}`, { token: seller.token });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'product_not_found', message: 'Product not found' });
    }
  });

  it.each(['0', '-3', 'abc', '1.5', '2147483648', '1%20OR%201=1'])('refuses the reference %s with 422, never a 5xx', async (reference) => {
    const response = await inject(ctx.app, 'GET', `seller/products/child/${reference}`, { token: seller.token });
    expect(response.statusCode).toBe(422);
  });
});
