import { SavedSearchCreate } from './alerts';
import { MAX_INPUT_LENGTH } from './constants';
import { NewsletterRequest } from './newsletter';
import { ReviewRequest, ShippedRequest } from './orders';
import { PayoutPreferenceInput } from './payout';
import { ListingInput } from './selling';

/** The keys a parse failed with, by field. */
function keysOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => `${String(issue.path[0])}:${issue.message}`);
}

describe('input limits (spec §5: all inputs max 50 characters)', () => {
  it('lets every one-line input take 50 characters and refuses the 51st with too_long', () => {
    const filters = { path: '/all', filters: {} };
    const cases = [
      (text: string) => ShippedRequest.safeParse({ tracking_number: text }),
      (text: string) => SavedSearchCreate.safeParse({ ...filters, name: text }),
      (text: string) => PayoutPreferenceInput.safeParse({ method: 'wallet', password: text }),
    ];
    for (const parse of cases) {
      expect(keysOf(parse('A'.repeat(MAX_INPUT_LENGTH)))).toEqual([]);
      expect(keysOf(parse('A'.repeat(MAX_INPUT_LENGTH + 1)))).toEqual([expect.stringMatching(/:too_long$/)]);
    }
  });

  it('names the long texts’ own limit: a review’s comment stops at 500 with comment_too_long', () => {
    expect(keysOf(ReviewRequest.safeParse({ rating: 5, comment: 'a'.repeat(500) }))).toEqual([]);
    expect(keysOf(ReviewRequest.safeParse({ rating: 5, comment: 'a'.repeat(501) }))).toEqual(['comment:comment_too_long']);
  });

  it('says only that an empty newsletter address is missing, not that it is malformed too', () => {
    expect(keysOf(NewsletterRequest.safeParse({ email: '', id_brand: 1 }))).toEqual(['email:no_email']);
    expect(keysOf(NewsletterRequest.safeParse({ email: '   ', id_brand: 1 }))).toEqual(['email:no_email']);
    expect(keysOf(NewsletterRequest.safeParse({ email: 'not-an-address', id_brand: 1 }))).toEqual(['email:invalid_email']);
  });

  it('does not count the same photo twice towards the 2 to 4 photos', () => {
    const photo = (n: number) => `/api/photos/${String(n).padStart(32, '0')}.webp`;
    const listing = { product_child_id: 1, condition_id: 1, price: 20, min_price: 10 };
    expect(keysOf(ListingInput.safeParse({ ...listing, photos: [photo(1), photo(2)] }))).toEqual([]);
    expect(keysOf(ListingInput.safeParse({ ...listing, photos: [photo(1), photo(1)] }))).toEqual(['photos:photos_repeated']);
  });
});
