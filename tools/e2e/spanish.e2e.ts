import type { Page } from 'playwright-core';
import { correosTrackingNumber } from '../../apps/api/src/modules/shipping/tracking-numbers';
import { englishOn, englishPatterns } from './english-scan';
import { setUpJourney } from './journey';
import { apiCall, sellerWithPieces } from './shopper';
import { expectSoon, soon } from './soon';

// Issue 48, Spain: a shopper who picks ES in the header reads the home page, a product page and the
// bag in Spanish (Spain's), prices written "12,50 €", and no English UI string is left on them; the
// pages the server renders after the choice are Spanish from their first byte and hydrate without a
// mismatch (a remote's Spanish catalogue is its own chunk, in before the page renders). Product titles
// and descriptions are the catalogue's data, in English (they have no Spanish).
// Then a Spanish shopper buys: the checkout in Spanish, an address in Madrid, a pickup point of Spain's
// (Correos', migration 065), the test card; the order page names the point and, once the seller has
// shipped, follows the parcel on Correos' page. The parcel goes straight to the point
// (VERIFICATION_MODE=none): with the demo's hub the seller's parcel would go to the hub first.

const journey = setUpJourney({ env: () => ({ VERIFICATION_MODE: 'none' }) });
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

  it('a Spanish shopper buys with a Spanish pickup point, and the order page names it and, once shipped, follows it on Correos', async () => {
    const patterns = await englishPatterns('es');
    const seller = await sellerWithPieces(journey.store.url, { firstName: 'Carmen', lastName: 'Vende', prices: [46], from: 3 });
    const piece = seller.pieces[0]!;
    const email = `lucia-${Date.now()}@example.com`;
    const signup = await apiCall<{ Customer: { token: string } }>(journey.store.url, 'POST', 'customers/signin', {
      body: { first_name: 'Lucía', last_name: 'García', EmailAddress: email, password: 'Secret#123', cart: [], id_brand: 1 },
    });
    const page = await journey.open({ width: 1440 });

    // In Spanish from the first page (?lang=es), signed in from the header.
    await page.goto(url(`${piece.href}&lang=es`));
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Iniciar sesión' }).click();
    const panel = page.getByRole('dialog', { name: 'Iniciar sesión' });
    await panel.getByLabel('Correo electrónico').fill(email);
    await panel.getByLabel('Contraseña').fill('Secret#123');
    await panel.getByLabel('Contraseña').press('Enter');
    await header.getByRole('button', { name: /^Mi cuenta/ }).waitFor();

    // The piece into the bag, and on to the checkout.
    await page.getByRole('listitem').filter({ hasText: 'Anunciado por Carmen' }).getByRole('button', { name: /^Añadir a la cesta/ }).click();
    const bag = page.getByRole('dialog', { name: 'Cesta de la compra (1)' });
    await bag.getByText('Anunciado por Carmen').waitFor();
    await bag.getByRole('button', { name: 'Tramitar pedido' }).click();
    await page.waitForURL(url('/checkout'));

    // An address in Madrid: the pickup points are Spain's, nearest Madrid first.
    await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Lucía');
    await page.getByRole('textbox', { name: 'Apellidos' }).fill('García');
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('612345678');
    await page.getByRole('textbox', { name: 'Dirección', exact: true }).fill('Calle de Alcalá 100');
    await page.getByRole('combobox', { name: 'País' }).selectOption('ES');
    await page.getByRole('textbox', { name: 'Código postal' }).fill('28009');
    await page.getByRole('textbox', { name: 'Ciudad' }).fill('Madrid');
    await page.getByRole('radio', { name: /^Punto de recogida/ }).check();
    const points = page.getByRole('group', { name: 'Puntos de recogida' }).getByRole('radio');
    // Every point listed is in Spain (a código postal of 5 digits, none of Portugal's "1100-200"), Madrid's first.
    const labels = () => points.evaluateAll((radios) => radios.map((radio) => radio.closest('label')?.textContent ?? ''));
    await soon(async () => (await labels())[0]).toMatch(/, 280\d\d Madrid/);
    await soon(async () => (await labels()).map((text) => /, \d{5} /.test(text))).toEqual(expect.arrayContaining([true]));
    await soon(async () => (await labels()).filter((text) => !/, \d{5} /.test(text))).toEqual([]);
    const point = points.first();
    const pointLabel = (await labels())[0]!;
    await point.check();
    await page.waitForLoadState('domcontentloaded');
    expect(await englishOn(page, '/checkout', patterns)).toEqual([]);
    await page.getByRole('button', { name: 'Continuar a la revisión' }).click();

    // Review and payment, in Spanish, with the test card.
    await page.waitForURL(url('/review'));
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    await page.waitForURL(url('/payment'));
    await page.getByRole('textbox', { name: 'Número de la tarjeta' }).fill('4242 4242 4242 4242');
    await page.getByRole('textbox', { name: 'Caducidad (MM/AA)' }).fill('12/34');
    await page.getByRole('textbox', { name: 'CVC' }).fill('123');
    await page.getByRole('button', { name: /^Pagar / }).click();
    await page.waitForURL(url('/payment-sucess'));
    await expectSoon(page.getByText(/^Número de pedido: \S+/)).toBeVisible();

    // The order page names the Spanish point.
    const orders = await apiCall<{ orders: { id: number; number: string }[] }>(journey.store.url, 'GET', 'orders', { token: signup.Customer.token });
    const order = orders.orders[0]!;
    await page.goto(url(`/user/orders/${order.id}`));
    const pointLine = page.getByText(/^Punto de recogida: /);
    await expectSoon(pointLine).toBeVisible();
    expect(pointLabel).toContain((await pointLine.innerText()).replace(/^Punto de recogida: /, '').trim());

    // The seller ships it with Correos, to the point's postcode; the order page follows it on Correos' page.
    const detail = await apiCall<{ pickup_point: { zip_code: string; carrier: string } }>(journey.store.url, 'GET', `orders/${order.id}`, { token: signup.Customer.token });
    expect(detail.pickup_point.carrier).toBe('correos');
    const sales = await apiCall<{ sales: { id: number; order_number: string }[] }>(journey.store.url, 'GET', 'sales', { token: seller.token });
    const sale = sales.sales.find((candidate) => candidate.order_number === order.number)!;
    const number = correosTrackingNumber(Date.now() % 10_000_000, detail.pickup_point.zip_code);
    await apiCall(journey.store.url, 'POST', `sales/${sale.id}/shipped`, { token: seller.token, body: { tracking_number: number } });
    await page.reload();
    const tracking = page.getByRole('link', { name: `Seguir ${number} en la web de Correos (se abre en una pestaña nueva)` });
    await expectSoon(tracking).toHaveAttribute('href', `https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=${number}`);
    await page.waitForLoadState('domcontentloaded');
    expect(await englishOn(page, `/user/orders/${order.id}`, patterns)).toEqual([]);
  });
});
