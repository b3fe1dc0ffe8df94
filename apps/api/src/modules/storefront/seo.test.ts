import { testApp } from '../../test/app';

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp({ PUBLIC_URL: 'https://shop.example.com/' });
});
afterAll(() => ctx.close());

describe('search engines', () => {
  it('list every product variant for sale and every seller in sitemap.xml, each in English and Portuguese', async () => {
    const response = await ctx.app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const { rows } = await ctx.db.query<{ product_id: number; variant_id: number }>(
      `SELECT product_id, variant_id FROM listings WHERE status = 'active' ORDER BY created_at DESC LIMIT 1`,
    );
    const { product_id: productId, variant_id: variantId } = rows[0]!;
    expect(response.body).toContain(`<loc>https://shop.example.com/product/${productId}?variant=${variantId}</loc>`);
    expect(response.body).toContain(`hreflang="pt" href="https://shop.example.com/product/${productId}?variant=${variantId}&amp;lang=pt"`);
    expect(response.body).toContain('<loc>https://shop.example.com/all?lang=pt</loc>');
    expect(response.body).toMatch(/<loc>https:\/\/shop\.example\.com\/vendor\/\d+<\/loc>/);
    expect(response.body).not.toContain('/user');
    // A sold variant leaves the sitemap.
    await ctx.db.query(`UPDATE listings SET status = 'sold', sold_at = now() WHERE variant_id = $1`, [variantId]);
    expect((await ctx.app.inject('/sitemap.xml')).body).not.toContain(`?variant=${variantId}<`);
  });

  it('keep robots out of the personal pages and point them at the sitemap', async () => {
    const response = await ctx.app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Disallow: /user');
    expect(response.body).toContain('Disallow: /checkout');
    expect(response.body).toContain('Sitemap: https://shop.example.com/sitemap.xml');
  });
});
