import type { Page } from 'playwright-core';
import { setUpJourney } from './journey';
import { soon } from './soon';

// Phones as narrow as 320 px: no public page scrolls sideways, and the controls a shopper
// taps are at least 44 px.

const journey = setUpJourney();

/** The elements wider than the window (the widest culprits, not their ancestors). */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && !element.closest('[hidden], dialog:not([open])');
      })
      .filter((element, _, all) => !all.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)}px`);
  });

describe('a 320 px phone', () => {
  it('scrolls no public page sideways', async () => {
    const url = journey.store.url;
    const listing = (await (await fetch(`${url}/api/products/listings/all?id_brand=1&limit=1`)).json()).products_listings[0];
    const brand = await (await fetch(`${url}/api/brands/details?id_brand=1`)).json();
    const routes = [
      '/', '/all', '/all?size=M&colour=black&min_price=10', '/women', '/accessories', '/search?q=blazer%20preto', '/search?q=blazr',
      `/product/${listing.product_id}?variant=${listing.product_variant_id}`, `/vendor/${brand.customerID}`,
      '/about', '/faqs', '/checkout', '/all?page=99',
    ];
    const page = await journey.open({ width: 320, height: 640 });
    const found: string[] = [];
    for (const route of routes) {
      await page.goto(`${url}${route}`);
      await page.getByRole('main').getByRole('heading').first().waitFor();
      await page.waitForLoadState('networkidle');
      for (const culprit of await overflowing(page)) found.push(`${route}: ${culprit}`);
    }
    expect(found).toEqual([]);
  });

  it('gives the product page’s seller links and the filter chips 44 px to tap', async () => {
    const url = journey.store.url;
    const page = await journey.open({ width: 320, height: 640 });
    const listing = (await (await fetch(`${url}/api/products/listings/all?id_brand=1&limit=1&category=6`)).json()).products_listings[0];
    await page.goto(`${url}/product/${listing.product_id}?variant=${listing.product_variant_id}`);
    const sellers = page.locator('a[href^="/vendor/"]');
    await sellers.first().waitFor();
    await soon(() => sellers.evaluateAll((links) => links.filter((link) => link.getBoundingClientRect().height < 44).length)).toBe(0);
    await page.goto(`${url}/all?size=M&colour=black`);
    const chips = page.getByRole('list', { name: 'Chosen filters' }).getByRole('button');
    await chips.first().waitFor();
    await soon(() => chips.evaluateAll((buttons) => buttons.filter((button) => button.getBoundingClientRect().height < 44).length)).toBe(0);
  });

  it('names the account section shown and opens every section from one button', async () => {
    const url = journey.store.url;
    const login = await fetch(`${url}/api/customers/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@preloved.test', password: 'Preloved#2026', cart: [], id_brand: 1 }),
    });
    const token = ((await login.json()) as { Customer: { Token: string } }).Customer.Token;
    const page = await journey.open({ width: 320, height: 640 });
    await page.addInitScript((signedIn) => localStorage.setItem('accessToken', JSON.stringify(signedIn)), token);
    await page.goto(`${url}/user/wallet`);
    const nav = page.getByRole('navigation', { name: 'Account navigation' });
    const menu = nav.getByRole('button', { name: 'Section: Wallet' });
    await menu.click();
    // Every section is there to tap, the current one marked, none past the screen's edge.
    const wallet = nav.getByRole('link', { name: 'Wallet' });
    await soon(() => wallet.getAttribute('aria-current')).toBe('page');
    await soon(() => nav.getByRole('link').evaluateAll((links) => links.filter((link) => link.getBoundingClientRect().right > window.innerWidth + 1).length)).toBe(0);
    await soon(() => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  });
});
