import { BagLine } from './bag';
import { bagLine } from './bag-line';

const coat = {
  listingId: 12,
  productId: 3,
  variantId: 7,
  childId: 21,
  title: 'Wool coat',
  photo: '/api/assets/photos/coat/camel/1.svg',
  sellerName: 'Marta',
  sellerId: 2,
  colour: 'Camel',
  size: 'M',
  condition: 'Very good',
  price: 89.5,
};

describe('bagLine, the one builder of a bag line', () => {
  it("gives a visitor's new line no state: id 0, no offer, valid, not wishlisted, the spec's field names", () => {
    const line = bagLine(coat, { priceAdded: 89.5 });
    expect(BagLine.parse(line)).toEqual(line);
    expect(line).toMatchObject({
      id: 0,
      listing_id: 12,
      offer_id: null,
      valid_listing: true,
      valid_offer: true,
      offer_expire: null,
      product_brand_id: 3,
      product_child_id: 21,
      customer_name: 'Marta',
      CustomerID: 2,
      options: { O1Child: 'Camel', O2Child: 'M' },
      condition_description: 'Very good',
      currency_symb_code: 'EUR',
      wishlisted: false,
      price_added: 89.5,
    });
  });

  it("keeps a server line's state: its id, offer, validity, expiry and heart", () => {
    const line = bagLine(coat, { id: 5, offerId: 9, validListing: false, validOffer: false, offerExpire: '2026-12-01T10:00:00.000Z', wishlisted: true, priceAdded: null });
    expect(BagLine.parse(line)).toEqual(line);
    expect(line).toMatchObject({ id: 5, offer_id: 9, valid_listing: false, valid_offer: false, offer_expire: '2026-12-01T10:00:00.000Z', wishlisted: true, price_added: null });
  });
});
