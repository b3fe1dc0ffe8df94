import { bagLine, MAX_CART_IDS, type BagLine } from '@preloved/contract';

// The bag as localStorage keeps it. The truth about a line — whether it can be bought, at
// what price — always comes from the API (POST cart/price for a visitor, GET cart when signed in);
// the browser keeps the ids, the price each line was added at (to tell a price that fell or rose),
// and what paints the line before the API answers. Written as { version: 2, lines }; the earlier
// format (an array of whole bag lines) is read and converted, so no visitor loses a piece. Anything
// else — not JSON, not lines, repeats, more than MAX_CART_IDS — is cleaned without a word.

/** What paints a line until the API has answered: the last answer's, never trusted for a price. */
type Paint = Omit<BagLine, 'id' | 'listing_id' | 'offer_id' | 'price_added' | 'wishlisted'>;

/** One stored line. */
interface StoredLine {
  listing_id: number;
  offer_id: number | null;
  /** The server bag's line id (signed in; DELETE cart needs it); 0 in a visitor's bag. */
  id: number;
  price_added: number | null;
  paint: Paint;
}

interface StoredBag {
  version: 2;
  lines: StoredLine[];
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2147483647;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const flag = (value: unknown) => (typeof value === 'boolean' ? value : true);
const money = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);
const whole = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 100;
/** The seller's bundle tiers as last answered; anything odd is dropped (no discount shown until the API answers). */
const tiers = (value: unknown) =>
  Array.isArray(value)
    ? value.filter(isObject).filter((tier) => whole(tier.min_pieces) && whole(tier.percent_off)).map((tier) => ({ min_pieces: tier.min_pieces as number, percent_off: tier.percent_off as number }))
    : [];

/** A bag line from a stored line's parts, each field checked: a missing or odd one gets a neutral value. */
function lineOf(listingId: number, raw: Loose, paint: Loose, priceAdded: unknown): BagLine {
  const options = isObject(paint.options) ? paint.options : {};
  return bagLine(
    {
      listingId,
      productId: count(paint.product_brand_id),
      variantId: count(paint.variant_id),
      childId: count(paint.product_child_id),
      title: text(paint.title),
      photo: text(paint.photo),
      sellerName: text(paint.customer_name),
      sellerId: count(paint.CustomerID),
      colour: text(options.O1Child),
      size: text(options.O2Child),
      condition: text(paint.condition_description),
      price: money(paint.price) ?? 0,
      currency: text(paint.currency_symb_code),
      bundleTiers: tiers(paint.bundle_tiers),
    },
    {
      id: isId(raw.id) ? raw.id : 0,
      offerId: isId(raw.offer_id) ? raw.offer_id : null,
      validListing: flag(paint.valid_listing),
      validOffer: flag(paint.valid_offer),
      offerExpire: typeof paint.offer_expire === 'string' ? paint.offer_expire : null,
      offerPrice: money(paint.offer_price),
      priceAdded: money(priceAdded),
    },
  );
}

/** Each listing once (its first line), at most MAX_CART_IDS lines. */
function cleaned(lines: BagLine[]): BagLine[] {
  const seen = new Set<number>();
  return lines.filter((line) => !seen.has(line.listing_id) && seen.add(line.listing_id)).slice(0, MAX_CART_IDS);
}

/** The bag stored under the key (either format), as bag lines; [] for anything that is not a bag. */
export function parseStoredBag(raw: string | null): BagLine[] {
  if (raw === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  // The earlier format: whole bag lines; the price it shows is the price the line was added at.
  if (Array.isArray(value)) {
    return cleaned(value.filter(isObject).filter((line) => isId(line.listing_id)).map((line) => lineOf(line.listing_id as number, line, line, line.price_added ?? line.price)));
  }
  if (isObject(value) && value.version === 2 && Array.isArray(value.lines)) {
    return cleaned(
      value.lines
        .filter(isObject)
        .filter((line) => isId(line.listing_id))
        .map((line) => lineOf(line.listing_id as number, line, isObject(line.paint) ? line.paint : {}, line.price_added)),
    );
  }
  return [];
}

/** The stored form of the bag's lines. */
export function serializeBag(lines: readonly BagLine[]): string {
  const bag: StoredBag = {
    version: 2,
    lines: lines.map(({ id, listing_id, offer_id, price_added, wishlisted: _wishlisted, ...paint }) => ({
      listing_id,
      offer_id,
      id,
      price_added: price_added ?? null,
      paint,
    })),
  };
  return JSON.stringify(bag);
}
