import { MAX_CART_IDS } from '@preloved/contract';
import { testBagLine } from '../test-utils';
import { parseStoredBag, serializeBag } from './stored-bag';

describe('the bag as localStorage keeps it', () => {
  it('keeps ids, the price each line was added at and what paints it; reads back the same lines', () => {
    const lines = [testBagLine({ listing_id: 3, price: 12.5, price_added: 15 }), testBagLine({ listing_id: 1, offer_id: 9, id: 77, price_added: null })];
    const stored = JSON.parse(serializeBag(lines)) as { version: number; lines: Record<string, unknown>[] };
    expect(stored.version).toBe(2);
    expect(stored.lines[0]).toMatchObject({ listing_id: 3, offer_id: null, price_added: 15, paint: { title: 'Linen shirt 3', price: 12.5 } });
    expect(stored.lines[1]).toMatchObject({ listing_id: 1, offer_id: 9, id: 77, price_added: null });
    // The heart is not kept: it follows the signed-in customer's wishlist, read in each session.
    expect(stored.lines[0]!.paint).not.toHaveProperty('wishlisted');
    expect(parseStoredBag(serializeBag(lines))).toEqual(lines.map((line) => ({ ...line, wishlisted: false })));
  });

  it('converts a bag saved in the earlier format (whole lines): nothing is lost, the price shown is the price added', () => {
    const old = [testBagLine({ listing_id: 5, price: 40, id: 0 }), testBagLine({ listing_id: 6, price: 22.5, id: 0, valid_listing: false })].map(
      ({ price_added: _none, ...line }) => line,
    );
    const lines = parseStoredBag(JSON.stringify(old));
    expect(lines.map((line) => [line.listing_id, line.title, line.photo, line.price, line.price_added, line.valid_listing])).toEqual([
      [5, 'Linen shirt 5', '/api/assets/photos/shirt/ecru/5.svg', 40, 40, true],
      [6, 'Linen shirt 6', '/api/assets/photos/shirt/ecru/6.svg', 22.5, 22.5, false],
    ]);
    // A line of the earlier format with only some fields (as an older build could leave) still counts.
    expect(parseStoredBag(JSON.stringify([{ listing_id: 1, product_child_id: 1, price: 10, currency_symb_code: 'EUR' }]))).toEqual([
      expect.objectContaining({ listing_id: 1, product_child_id: 1, price: 10, price_added: 10, valid_listing: true, valid_offer: true, title: '' }),
    ]);
  });

  it.each([
    ['not JSON', '{"version":2,"lines":['],
    ['JSON that is not a bag', '"shirt"'],
    ['null', 'null'],
    ['a number', '42'],
    ['an object of another shape', '{"lines":[{"listing_id":1}]}'],
    ['a later version', '{"version":3,"lines":[{"listing_id":1}]}'],
  ])('reads %s as an empty bag, without an error', (_name, raw) => {
    expect(parseStoredBag(raw)).toEqual([]);
  });

  it('drops lines that are not lines, ids that are not ids and repeats, keeps the rest in order', () => {
    const raw = JSON.stringify({
      version: 2,
      lines: [
        { listing_id: 4, paint: { title: 'Coat', price: 30 }, price_added: 30 },
        'shirt',
        null,
        { listing_id: '7' },
        { listing_id: -1 },
        { listing_id: 1.5 },
        { listing_id: 4, paint: { title: 'Coat again' } },
        { listing_id: 2, paint: 'broken', price_added: 'ten' },
      ],
    });
    const lines = parseStoredBag(raw);
    expect(lines.map((line) => [line.listing_id, line.title, line.price_added])).toEqual([
      [4, 'Coat', 30],
      [2, '', null],
    ]);
  });

  it(`keeps at most ${MAX_CART_IDS} lines`, () => {
    const many = Array.from({ length: MAX_CART_IDS + 20 }, (_, index) => testBagLine({ listing_id: index + 1 }));
    const lines = parseStoredBag(serializeBag(many));
    expect(lines).toHaveLength(MAX_CART_IDS);
    expect(lines.at(-1)!.listing_id).toBe(MAX_CART_IDS);
  });
});
