import type { Page } from 'playwright-core';
import { englishOn, englishPatterns } from './english-scan';
import { setUpJourney } from './journey';
import { soon } from './soon';

// Issue 48, Spain: a shopper who picks ES in the header reads the home page, a product page and the
// bag in Spanish (Spain's), prices written "12,50 €", and no English UI string is left on them; the
// pages the server renders after the choice are Spanish from their first byte and hydrate without a
// mismatch (a remote's Spanish catalogue is its own chunk, in before the page renders). Product titles
// and descriptions are the catalogue's data, in English (they have no Spanish).

const journey = setUpJourney();
const url = (path: string) => `${journey.store.url}${path}`;

/** React's hydration complaints and the page's uncaught errors, as server-render.e2e.ts collects them. */
function hydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/hydrat|did not match|Minified React error #4(18|19|20|21|22|23|25)/i.test(text)) problems.push(`${page.url()}: ${text.split('\n')[0]}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

/** A product with a piece for sale, found through the API as the catalogue shows it. */
async function productPath(): Promise<string> {
  const answer = (await (await fetch(url('/api/products/listings/all?limit=20&id_brand=1'))).json()) as {
    products_listings: { product_id: number; product_variant_id: number }[];
  };
  const card = answer.products_listings[0]!;
  return `/product/${card.product_id}?variant=${card.product_variant_id}`;
}

// A price in Spain's way: "12,50 €", "1234,50 €" (a no-break space before the sign).
const SPANISH_PRICE = /^\d{1,3}(\.?\d{3})*,\d{2}\s€$/;

describe('the store in Spanish', () => {
  it('a shopper who picks ES reads the home, a product page and the bag in Spanish, with prices as "12,50 €"', async () => {
    const patterns = await englishPatterns('es');
    expect(patterns.length).toBeGreaterThan(100);
    const page = await journey.open({ width: 1440 });
    const problems = hydrationProblems(page);

    // The home page, in English until the shopper picks Spanish in the header.
    await page.goto(url('/'));
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('banner').getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
    await page.getByRole('banner').getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'Español', pressed: true }).waitFor();
    await page.getByRole('main').getByRole('heading', { name: 'Prendas con historia, listas para un nuevo capítulo' }).waitFor();
    await soon(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.waitForLoadState('networkidle');
    expect(await englishOn(page, '/', patterns)).toEqual([]);

    // The choice is kept: the server renders the next page in Spanish (its first bytes say so).
    const product = await productPath();
    const html = await (await fetch(url(product), { headers: { cookie: 'preloved-lang=es' } })).text();
    expect(html).toMatch(/<html[^>]* lang="es"/);
    expect(html).toContain('Añadir a la cesta');
    await page.goto(url(product));
    const listing = page.getByRole('listitem').filter({ hasText: 'Anunciado por' }).first();
    await listing.getByRole('button', { name: /^Añadir a la cesta/ }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await englishOn(page, product, patterns)).toEqual([]);
    // Every amount of the page, in Spain's way or in England's: there are some, and none in England's.
    const amounts = (texts: string[]) => texts.flatMap((text) => text.match(/\d[\d.]*,\d{2}\s€|€\s?\d[\d,]*\.\d{2}/g) ?? []);
    await soon(async () => {
      const found = amounts(await page.getByRole('main').getByText(/€/).allInnerTexts());
      return [found.length > 0, found.filter((amount) => !SPANISH_PRICE.test(amount))];
    }).toEqual([true, []]);

    // The bag: the piece added, the panel and its total in Spanish.
    await listing.getByRole('button', { name: /^Añadir a la cesta/ }).click();
    const bag = page.getByRole('dialog', { name: 'Cesta de la compra (1)' });
    await bag.waitFor();
    await bag.getByText('La Protección al comprador, la entrega y sus impuestos se añaden en el proceso de pago.').waitFor();
    const total = (await bag.getByText(SPANISH_PRICE).first().innerText()).trim();
    expect(total).toMatch(SPANISH_PRICE);
    await page.waitForLoadState('networkidle');
    expect(await englishOn(page, `${product} (bag)`, patterns)).toEqual([]);
    await bag.getByRole('button', { name: 'Seguir comprando' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Cesta, 1 artículo' }).waitFor();

    expect(problems).toEqual([]);
  });
});
