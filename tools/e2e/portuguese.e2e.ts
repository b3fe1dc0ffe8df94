import path from 'node:path';
import type { Page } from 'playwright-core';
import { englishOn, englishPatterns } from './english-scan';
import { setUpJourney } from './journey';

const root = path.resolve(__dirname, '../..');

const journey = setUpJourney();

describe('the store in Portuguese', () => {
  it('shows no English UI string on any public route (product data aside)', async () => {
    const url = journey.store.url;
    const brand = await (await fetch(`${url}/api/brands/details?id_brand=1`)).json();
    const men = await (await fetch(`${url}/api/products/listings/all?id_brand=1&gender=men&limit=60`)).json();
    // A men's garment whose size is "One size" would say "Tamanho único": an accessory is one.
    const accessory = await (await fetch(`${url}/api/products/listings/all?id_brand=1&category=7,11&limit=1`)).json();
    const garment = men.products_listings[0];
    const oneSize = accessory.products_listings[0];
    const routes = [
      '/', '/all', '/all?size=M', '/women', '/men', '/clothing', '/accessories',
      `/product/${garment.product_id}?variant=${garment.product_variant_id}`,
      `/product/${oneSize.product_id}?variant=${oneSize.product_variant_id}`,
      `/vendor/${brand.customerID}`, '/search', '/search?q=vestido', '/search?q=zzzzqqq', '/search?q=blazr%20preto', '/search?q=bag',
      '/all?min_price=99999', '/all?page=99', '/all?size=XS&condition=1',
      '/about', '/privacy-policy', '/terms-and-conditions', '/shipping', '/faqs', '/product/999999?variant=1',
      '/checkout', '/review', '/payment', '/payment-sucess', '/review-order/999999', '/reset-password/not-a-real-reset',
    ];
    const english = await walk(routes, { width: 1440 });
    expect(english).toEqual([]);
  });

  it('shows no English UI string in the account area of a signed-in customer, nor in a phone’s menu and filters', async () => {
    const url = journey.store.url;
    const login = await fetch(`${url}/api/customers/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@preloved.test', password: 'Preloved#2026', cart: [], id_brand: 1 }),
    });
    expect(login.status).toBe(200);
    const { Customer } = (await login.json()) as { Customer: { Token?: string; token?: string } };
    const token = Customer.Token ?? Customer.token;
    // Every link of the /user frame (from the shell's own list, so a new page is walked too) and unknown ids.
    const { USER_LINKS } = (await import(path.join(root, 'apps/shell/src/navigation/links.ts'))) as { USER_LINKS: readonly { to: string }[] };
    const routes = [...USER_LINKS.map((link) => link.to), '/user/orders/999999', '/user/listings/999999', '/user/onboarding', '/user/submit-item-2hand/999999'];
    expect(await walk(routes, { width: 1440 }, token)).toEqual([]);
    expect(await walk(['/user/orders'], { width: 390, height: 844 }, token)).toEqual([]);
    // A phone: the menu, and the filters sheet.
    expect(
      await walk(['/all'], { width: 390, height: 844 }, undefined, async (page) => {
        await page.getByRole('button', { name: 'Filtros', exact: true }).click();
        await page.getByRole('dialog', { name: 'Filtros' }).waitFor();
      }),
    ).toEqual([]);
  });
});

describe('product data in both languages', () => {
  it('shows a product’s title in the language chosen, also right after switching', async () => {
    const url = journey.store.url;
    const found = await (await fetch(`${url}/api/products/listings/all?id_brand=1&q=linen%20wrap`)).json();
    const card = found.products_listings[0];
    const page = await journey.open({ width: 1440 });
    await page.goto(`${url}/product/${card.product_id}?variant=${card.product_variant_id}`);
    await page.getByRole('heading', { level: 1, name: 'Linen wrap dress' }).waitFor();
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Português' }).click();
    await page.getByRole('heading', { level: 1, name: 'Vestido traçado de linho' }).waitFor();
    await page.getByText(/segundo dono/).first().waitFor();
    await page.goto(`${url}/search?q=vestido%20linho`);
    await page.getByRole('region', { name: 'Resultados da pesquisa' }).getByRole('heading', { name: 'Vestido traçado de linho' }).first().waitFor();
  });
});

/**
 * Opens each route in Portuguese (signed in with `token` when given) and lists every English UI string
 * it shows; `act` runs on each page before it is read (to open a menu or a sheet).
 */
async function walk(routes: string[], viewport: { width: number; height?: number }, token?: string, act?: (page: Page) => Promise<void>): Promise<string[]> {
  const url = journey.store.url;
  const patterns = await englishPatterns('pt');
  expect(patterns.length).toBeGreaterThan(100);
  const page = await journey.open(viewport);
  await page.addInitScript((signedIn) => {
    localStorage.setItem('language', 'pt');
    if (signedIn) localStorage.setItem('accessToken', JSON.stringify(signedIn));
  }, token ?? null);
  // The messages pages' live stream never ends, so the network would never be idle: its words are not
  // the stream's, and the scan reads the page without it.
  await page.route(/\/api\/threads\/events/, (route) => route.abort());
  const english: string[] = [];
  for (const route of routes) {
    await page.goto(`${url}${route}`);
    // Every page has a heading in its main region once its data is in (not-found and empty pages too).
    await page.getByRole('main').getByRole('heading').first().waitFor();
    // The shopper acts as soon as the page shows; its texts are read once everything it asked for
    // has arrived (a part that loads later is read too), and nothing is done after that.
    await act?.(page);
    await page.waitForLoadState('networkidle');
    english.push(...(await englishOn(page, route, patterns)));
  }
  return english;
}
