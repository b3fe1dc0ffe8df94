import { CheckoutSummary, ProductResponse, Quote, TraderDeclaration, VendorResponse } from '@preloved/contract';
import { testApp } from '../../test/app';
import { inject, shopper } from '../../test/checkout';

// The trader declaration (DSA Art. 30): a seller says whether they sell as a private person or a
// business, a business gives its details, and buyers see them with its listings and at checkout (Art. 31).

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(async () => {
  await ctx?.close();
});

const BUSINESS = {
  kind: 'business',
  name: 'Roupa Circular, Lda.',
  address: 'Rua Augusta 10',
  zip_code: '1100-053',
  city: 'Lisboa',
  country: 'PT',
  email: 'loja@roupacircular.pt',
  phone: '+351 912 345 678',
  registration_number: '501964843',
  vat_number: '501 964 843',
  self_certified: true,
};

const declare = (token: string, body: unknown) => inject(ctx.app, 'PUT', 'seller/trader', { token, body });
const keys = (response: Awaited<ReturnType<typeof declare>>) =>
  response.json<{ fields: { field: string; key: string }[] }>().fields.map((field) => `${field.field}:${field.key}`).sort();

const taken: number[] = [];

/** A new seller with one active listing of the seeded catalogue moved to them. */
async function sellerWithListing() {
  const seller = await shopper(ctx.app);
  const { rows } = await ctx.db.query<{ id: number; product_id: number; variant_id: number }>(
    `UPDATE listings SET seller_id = $1 WHERE id = (SELECT l.id FROM listings l WHERE l.status = 'active' AND NOT EXISTS (SELECT 1 FROM bag_lines b WHERE b.listing_id = l.id)
       AND l.id <> ALL($2::int[]) ORDER BY l.id DESC LIMIT 1)
     RETURNING id, product_id, variant_id`,
    [seller.id, taken],
  );
  taken.push(rows[0]!.id);
  return { ...seller, listing: rows[0]! };
}

describe('the trader declaration', () => {
  it('is not given before the seller answers (treated as a private person), and needs a session', async () => {
    const seller = await shopper(ctx.app);
    expect(TraderDeclaration.parse((await inject(ctx.app, 'GET', 'seller/trader', { token: seller.token })).json())).toEqual({ kind: null, business: null, declared_at: null });
    expect((await inject(ctx.app, 'GET', 'seller/trader')).statusCode).toBe(401);
    expect((await declare('', { kind: 'private' })).statusCode).toBe(401);
  });

  it('records a private person, and a business with its VAT number in its prefixed form', async () => {
    const seller = await shopper(ctx.app);
    const privately = TraderDeclaration.parse((await declare(seller.token, { kind: 'private' })).json());
    expect(privately).toMatchObject({ kind: 'private', business: null });
    const business = await declare(seller.token, BUSINESS);
    expect(business.statusCode).toBe(200);
    const saved = TraderDeclaration.parse(business.json());
    expect(saved.kind).toBe('business');
    expect(saved.business).toMatchObject({ name: 'Roupa Circular, Lda.', vat_number: 'PT501964843', phone: '+351 912 345 678', address2: '' });
    expect(Date.parse(saved.business!.self_certified_at)).not.toBeNaN();
    // Back to a private person: the business's details are not kept.
    await declare(seller.token, { kind: 'private' });
    expect(TraderDeclaration.parse((await inject(ctx.app, 'GET', 'seller/trader', { token: seller.token })).json()).business).toBeNull();
    const { rows } = await ctx.db.query('SELECT name, vat_number, phone FROM trader_declarations WHERE customer_id = $1', [seller.id]);
    expect(rows[0]).toEqual({ name: null, vat_number: null, phone: null });
  });

  it('refuses a business without its fields, or without the self-certification, with each field’s key', async () => {
    const seller = await shopper(ctx.app);
    const empty = await declare(seller.token, { kind: 'business', self_certified: false });
    expect(empty.statusCode).toBe(422);
    expect(keys(empty)).toEqual([
      'address:no_address',
      'city:no_city',
      'country:no_country',
      'email:no_email',
      'name:no_business_name',
      'phone:no_phone',
      'registration_number:no_registration_number',
      'self_certified:trader_self_certification',
      'vat_number:no_vat_number',
      'zip_code:no_zip',
    ]);
    const wrong = await declare(seller.token, { ...BUSINESS, email: 'not-an-email', phone: 'call me', country: 'FR' });
    expect(keys(wrong)).toEqual(['country:invalid_country', 'email:invalid_email', 'phone:invalid_phone']);
    expect(keys(await declare(seller.token, { kind: 'shop' }))).toEqual(['kind:no_trader_kind']);
  });

  it('checks the VAT number by its country: Portugal’s check digit, Spain’s format, no other country’s prefix', async () => {
    const seller = await shopper(ctx.app);
    expect(keys(await declare(seller.token, { ...BUSINESS, vat_number: 'PT501964842' }))).toEqual(['vat_number:invalid_vat_number_pt']);
    expect(keys(await declare(seller.token, { ...BUSINESS, vat_number: 'ES501964843' }))).toEqual(['vat_number:invalid_vat_number_pt']);
    const spain = { ...BUSINESS, country: 'ES', zip_code: '28001', city: 'Madrid' };
    expect(keys(await declare(seller.token, { ...spain, vat_number: 'ES12' }))).toEqual(['vat_number:invalid_vat_number_es']);
    expect(keys(await declare(seller.token, { ...spain, zip_code: '1100-053', vat_number: 'B12345678' }))).toEqual(['zip_code:invalid_zip_es']);
    const saved = TraderDeclaration.parse((await declare(seller.token, { ...spain, vat_number: 'b-12345678' })).json());
    expect(saved.business!.vat_number).toBe('ESB12345678');
  });
});

describe("a business seller's details", () => {
  it('are on its listings and its seller page, without the phone; a private person’s are null', async () => {
    const business = await sellerWithListing();
    const person = await sellerWithListing();
    expect((await declare(business.token, BUSINESS)).statusCode).toBe(200);
    await declare(person.token, { kind: 'private' });

    const product = async (s: typeof business) =>
      ProductResponse.parse((await inject(ctx.app, 'GET', `products/${s.listing.product_id}?id_brand=1&variant=${s.listing.variant_id}&listing=${s.listing.id}`)).json());
    const offer = (await product(business)).listings.find((listing) => listing.listing_id === business.listing.id)!;
    expect(offer.trader).toEqual({
      name: 'Roupa Circular, Lda.',
      address: 'Rua Augusta 10',
      address2: '',
      zip_code: '1100-053',
      city: 'Lisboa',
      country: 'PT',
      email: 'loja@roupacircular.pt',
      registration_number: '501964843',
      vat_number: 'PT501964843',
    });
    expect(JSON.stringify(offer)).not.toContain('912 345 678');
    expect((await product(person)).listings.find((listing) => listing.listing_id === person.listing.id)!.trader).toBeNull();

    const vendor = VendorResponse.parse((await inject(ctx.app, 'GET', `vendors/${business.id}?id_brand=1`)).json());
    expect(vendor.trader?.name).toBe('Roupa Circular, Lda.');
    expect(VendorResponse.parse((await inject(ctx.app, 'GET', `vendors/${person.id}?id_brand=1`)).json()).trader).toBeNull();
  });

  it('are on the checkout’s quote and summary, one seller per package, null for a private person or one who never answered', async () => {
    const business = await sellerWithListing();
    const undeclared = await sellerWithListing();
    await declare(business.token, BUSINESS);
    const cart = [business.listing.id, undeclared.listing.id];
    const quote = Quote.parse((await inject(ctx.app, 'POST', 'checkout/quote', { body: { delivery_option: 'home', cart } })).json());
    expect(quote.packages).toBe(2);
    expect(quote.sellers).toEqual(
      expect.arrayContaining([
        { seller_id: business.id, FirstName: 'Rita', trader: expect.objectContaining({ name: 'Roupa Circular, Lda.', vat_number: 'PT501964843' }) },
        { seller_id: undeclared.id, FirstName: 'Rita', trader: null },
      ]),
    );
    expect(quote.sellers).toHaveLength(2);
    const summary = CheckoutSummary.parse((await inject(ctx.app, 'POST', 'checkout/summary', { body: { cart } })).json());
    expect(summary.sellers?.map((seller) => [seller.seller_id, seller.trader?.name ?? null])).toEqual(
      expect.arrayContaining([
        [business.id, 'Roupa Circular, Lda.'],
        [undeclared.id, null],
      ]),
    );
  });
});
