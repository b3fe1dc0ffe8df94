import type { Page } from 'playwright-core';
import { setUpJourney } from './journey';
import { expectSoon, soon } from './soon';

// A rated seller's rating where shoppers look for it — on the seller's page (with the
// reviews), next to "Listed by" on the product page, and in the listing chooser — in the HTML the
// server sends and on the live page. The demo seeds Joana with three reviews: 5, 4, 5 → 4.7.

const journey = setUpJourney();
let page: Page;
beforeEach(async () => {
  page = await journey.open();
});

const JOANA = '4.7 out of 5, 3 reviews';

interface Card { product_id: number; product_variant_id: number }
interface Offer { listing_id: number; FirstName: string; CustomerID: number; seller_rating: { average: number | null; count: number } }

/** A piece of Joana's for sale: its product page's address and her id, found as a client would, through the API. */
async function joanasPiece(): Promise<{ path: string; sellerId: number }> {
  for (let p = 1; p <= 10; p++) {
    const cards = (await (await fetch(`${journey.store.url}/api/products/listings/all?id_brand=1&limit=60&page=${p}`)).json()) as { products_listings: Card[] };
    for (const card of cards.products_listings) {
      const product = (await (await fetch(`${journey.store.url}/api/products/${card.product_id}?id_brand=1&variant=${card.product_variant_id}`)).json()) as { listings: Offer[] };
      const offer = product.listings.find((listing) => listing.FirstName === 'Joana');
      if (offer) {
        expect(offer.seller_rating).toEqual({ average: 4.7, count: 3 });
        return { path: `/product/${card.product_id}?variant=${card.product_variant_id}&listing=${offer.listing_id}`, sellerId: offer.CustomerID };
      }
    }
  }
  throw new Error('the demo has no piece of Joana’s for sale');
}

/** Collects React's hydration complaints and the page's uncaught errors. */
function watchHydration(watched: Page): string[] {
  const problems: string[] = [];
  watched.on('console', (message) => {
    if (/hydrat|did not match|Minified React error #4(18|19|20|21|22|23|25)/i.test(message.text())) problems.push(message.text());
  });
  watched.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

describe("a seller's reputation", () => {
  it('is in the HTML the server sends: on the seller’s page with the reviews, and on the product page', async () => {
    const { path, sellerId } = await joanasPiece();
    const vendor = await (await fetch(`${journey.store.url}/vendor/${sellerId}`)).text();
    expect(vendor).toContain(`aria-label="${JOANA}"`);
    expect(vendor).toContain('Exactly as described and beautifully packed. Thank you!');
    expect(vendor).toContain('Answer from Joana');
    const product = await (await fetch(`${journey.store.url}${path}`)).text();
    expect(product).toContain(`aria-label="${JOANA}"`);
  });

  it('shows next to “Listed by”, in the listing chooser, and on the seller’s page with the reviews', async () => {
    const { path } = await joanasPiece();
    const problems = watchHydration(page);
    await page.goto(`${journey.store.url}${path}`);

    // The chosen piece: "Listed by Joana" and her rating beside it.
    const chosen = page.getByRole('region', { name: 'The chosen piece' });
    await chosen.getByRole('img', { name: JOANA }).waitFor();
    await soon(() => chosen.innerText()).toContain('Listed by Joana');

    // The listing chooser: Joana's row carries the same rating; every row says its seller's.
    const rows = page.getByRole('listitem').filter({ hasText: 'Listed by' });
    const joanasRow = rows.filter({ has: page.getByRole('link', { name: 'Joana', exact: true }) }).first();
    await joanasRow.getByRole('img', { name: JOANA }).waitFor();
    await soon(async () => {
      const texts = await rows.allInnerTexts();
      return texts.every((text) => /No reviews yet|\(\d+\)/.test(text));
    }).toBe(true);

    // Her name opens her page: the rating heads it, her reviews follow.
    await joanasRow.getByRole('link', { name: 'Joana', exact: true }).click();
    await page.waitForURL(/\/vendor\/\d+$/);
    await page.getByRole('heading', { level: 1, name: /^Joana’s wardrobe/ }).waitFor();
    await page.getByRole('main').getByRole('img', { name: JOANA }).waitFor();
    const reviews = page.getByRole('region', { name: '3 reviews' });
    await expectSoon(reviews.getByRole('listitem')).toHaveCount(3);
    const newest = reviews.getByRole('listitem').first();
    await newest.getByRole('img', { name: '5 out of 5 stars' }).waitFor();
    await soon(() => newest.innerText()).toContain('Exactly as described and beautifully packed. Thank you!');
    await soon(() => newest.innerText()).toMatch(/Bought: \S/);
    await soon(() => newest.innerText()).toContain('Answer from Joana');
    // A review of stars alone is listed too.
    await reviews.getByRole('listitem').nth(2).getByRole('img', { name: '5 out of 5 stars' }).waitFor();
    // A visitor has nothing to answer.
    await expectSoon(page.getByRole('button', { name: 'Answer this review' })).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  it('opens the seller’s page straight from its address, in one render that matches the server’s', async () => {
    const { sellerId } = await joanasPiece();
    const problems = watchHydration(page);
    await page.goto(`${journey.store.url}/vendor/${sellerId}`);
    await page.getByRole('main').getByRole('img', { name: JOANA }).waitFor();
    await page.getByRole('region', { name: '3 reviews' }).getByText('Chegou rápido, mas com um pequeno vinco.').waitFor();
    await soon(() => problems).toEqual([]);
  });
});
