import type { Page } from 'playwright-core';
import { setUpJourney } from './journey';
import { soon } from './soon';

// On the production build, real API and real Chromium: a visitor saves a
// search (sign-in asked, the search saved once signed in), finds it in the account's list and
// renames, pauses and deletes it; a product page shows similar pieces, in the server's HTML too.

const journey = setUpJourney();
const url = (route: string) => `${journey.store.url}${route}`;
const header = (page: Page) => page.getByRole('banner');
const PASSWORD = 'Alerts#2026';

async function account(): Promise<string> {
  const email = `alerts-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const response = await fetch(url('/api/customers/signin'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Alice', last_name: 'Alerts', EmailAddress: email, password: PASSWORD, cart: [], id_brand: 1 }),
  });
  expect(response.status).toBe(200);
  return email;
}

describe('saved searches and similar pieces', () => {
  it('a visitor saves a search after signing in, then renames, pauses and deletes it in the account', async () => {
    const email = await account();
    const page = await journey.open();
    await page.goto(url('/search?q=dress'));
    await page.getByRole('heading', { level: 1, name: 'Results for “dress”' }).waitFor();
    await page.getByRole('button', { name: 'Save this search' }).click();

    const panel = page.getByRole('dialog', { name: 'Sign in' });
    await panel.getByLabel('Email address').fill(email);
    await panel.getByLabel('Password').fill(PASSWORD);
    await panel.getByLabel('Password').press('Enter');
    await header(page).getByRole('button', { name: /^My account/ }).waitFor();

    // Saved once signed in, and the account's list is where it is kept.
    await soon(() => new URL(page.url()).pathname).toBe('/user/saved-searches');
    const list = page.getByRole('list', { name: 'Your saved searches' });
    await list.getByRole('link', { name: 'dress' }).waitFor();
    await list.getByText('Watching for new pieces').waitFor();

    await list.getByRole('button', { name: 'Rename dress' }).click();
    const name = list.getByRole('textbox', { name: 'New name for dress' });
    await name.fill('Summer dresses');
    await list.getByRole('button', { name: 'Save', exact: true }).click();
    await list.getByRole('link', { name: 'Summer dresses' }).waitFor();
    await page.getByText('Search renamed').waitFor();

    await list.getByRole('button', { name: 'Pause Summer dresses' }).click();
    await list.getByText('Paused: no notifications or e-mails').waitFor();
    await list.getByRole('button', { name: 'Resume Summer dresses' }).waitFor();
    // Kept by the API: the same after a reload.
    await page.reload();
    await page.getByRole('list', { name: 'Your saved searches' }).getByText('Paused: no notifications or e-mails').waitFor();

    await page.getByRole('button', { name: 'Delete Summer dresses' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete “Summer dresses”?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No saved searches yet').waitFor();
    await soon(() => page.getByRole('link', { name: 'Summer dresses' }).count()).toBe(0);
  }, 120_000);

  it('a product page lists similar pieces, rendered by the server, each leading to its own piece', async () => {
    const cards = (await (await fetch(url('/api/products/listings/all?id_brand=1&limit=1'))).json()) as { products_listings: { product_id: number; product_variant_id: number }[] };
    const card = cards.products_listings[0]!;
    const path = `/product/${card.product_id}?variant=${card.product_variant_id}`;
    const html = await (await fetch(url(path))).text();
    expect(html).toContain('Similar pieces');

    const page = await journey.open();
    await page.goto(url(path));
    const similar = page.getByRole('region', { name: 'Similar pieces' });
    await similar.scrollIntoViewIfNeeded();
    const first = similar.getByRole('link').first();
    await first.waitFor();
    await soon(() => similar.getByRole('listitem').count()).toBeGreaterThan(0);
    const href = (await first.getAttribute('href'))!;
    expect(href).toMatch(/^\/product\/\d+\?variant=\d+&listing=\d+$/);
    await first.click();
    await soon(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(href);
  }, 120_000);
});
