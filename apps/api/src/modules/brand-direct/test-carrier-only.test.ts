import { TradeInOffer } from '@preloved/contract';
import { testApp, testClock } from '../../test/app';
import { inject } from '../../test/checkout';
import { signedInStaff } from '../../test/staff';

// The brand's own parcels (Brand Direct's to buyers and their returns, trade-ins to the hub and back)
// are labelled by the test carrier only. A store on Sendcloud would send made-up labels, so it lists no
// brand piece and takes nothing in until those labels are bought from Sendcloud.
describe('Brand Direct and trade-ins with Sendcloud', () => {
  const clock = testClock();
  let ctx: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    ctx = await testApp(
      {
        CARRIER_MODE: 'sendcloud',
        SENDCLOUD_PUBLIC_KEY: 'public',
        SENDCLOUD_SECRET_KEY: 'secret',
        SENDCLOUD_SHIPPING_METHODS: 'PT-PT-home:8,PT-PT-pickup:9,PT-ES-home:10',
        VERIFICATION_MODE: 'none',
        HUB_ADDRESS: 'Rua do Armazém 5',
        HUB_ZIP_CODE: '2600-001',
        HUB_CITY: 'Vila Franca de Xira',
      },
      { clock },
    );
  });
  afterAll(() => ctx.close());

  it('refuses to list the brand’s pieces, in words, before looking at them', async () => {
    const moderator = await signedInStaff(ctx.app, ctx.db, clock, 'moderator');
    const { rows } = await ctx.db.query<{ id: number }>('SELECT id FROM product_children ORDER BY id LIMIT 1');
    const stock = async () => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM brand_stock')).rows[0]!.n;
    const before = await stock();
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/backoffice/brand-stock',
      headers: { cookie: moderator.cookie },
      payload: { pieces: [{ child_id: rows[0]!.id, condition_id: 2, price: 30, source: 'second', acquired: null, photos: [], comment: '' }] },
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'brand_stock_needs_test_carrier' });
    expect(await stock()).toBe(before);
  });

  it('offers no trade-in price, though the hub is known', async () => {
    expect(ctx.config.HUB).toMatchObject({ city: 'Vila Franca de Xira' });
    const { rows } = await ctx.db.query<{ id: number }>('SELECT c.id FROM product_children c JOIN product_variants v ON v.id = c.variant_id JOIN products p ON p.id = v.product_id WHERE p.category_id = 6 ORDER BY c.id LIMIT 1');
    const answer = await inject(ctx.app, 'GET', `trade-ins/offer?child_id=${rows[0]!.id}&condition_id=2`, {});
    expect(answer.statusCode).toBe(200);
    expect(TradeInOffer.parse(answer.json()).offer).toBeNull();
  });
});
