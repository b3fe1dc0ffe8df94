import type { Page } from 'playwright-core';
import { registerInPanel } from './shopper';
import { setUpJourney } from './journey';
import { expectSoon, soon } from './soon';

// The bag journey on the production build, real API and real Chromium: a visitor adds two items,
// reloads and still has them, signs up (the bag is merged into the server bag), removes one, and the
// brand's main-shop page shows the same bag through the widget, following a change made in the
// store's tab without a reload.

const journey = setUpJourney();
let page: Page;
const url = (path: string) => `${journey.store.url}${path}`;

const header = () => page.getByRole('banner');
const bagPanel = (count: number) => page.getByRole('dialog', { name: `Shopping bag (${count})` });

/** Two products with listings, found through the API as a shopper would find them in the catalogue. */
async function twoProducts(): Promise<string[]> {
  const answer = (await (await fetch(url('/api/products/listings/all?limit=0&id_brand=1'))).json()) as {
    products_listings: { product_id: number; product_variant_id: number }[];
  };
  return answer.products_listings.slice(0, 2).map((card) => `/product/${card.product_id}?variant=${card.product_variant_id}`);
}

async function addFirstListing(path: string): Promise<string> {
  await page.goto(url(path));
  const title = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  const listing = page.getByRole('listitem').filter({ hasText: 'Listed by' }).first();
  await listing.getByRole('button', { name: /^Add to bag/ }).click();
  return title;
}

describe('the bag', () => {
  it('keeps a visitor’s bag over a reload, merges it at sign-up, removes a line, and the main shop shows the same bag', async () => {
    page = await journey.open();
    const [first, second] = await twoProducts();
    const firstTitle = await addFirstListing(first!);
    await bagPanel(1).getByRole('link', { name: firstTitle }).waitFor();
    await bagPanel(1).getByRole('button', { name: 'Continue shopping' }).click();
    const secondTitle = await addFirstListing(second!);
    await bagPanel(2).waitFor();
    await expectSoon(header().getByRole('button', { name: 'Bag, 2 items' })).toBeVisible();

    // Reload: the visitor's bag is local and renders with no call.
    await page.reload();
    await header().getByRole('button', { name: 'Bag, 2 items' }).click();
    const panel = bagPanel(2);
    await panel.getByRole('link', { name: secondTitle }).waitFor();
    await expectSoon(panel.getByText('Buyer Protection, delivery and their taxes are added at checkout.')).toBeVisible();

    // Go to checkout signs in first; registering merges the local bag into the server bag.
    await panel.getByRole('button', { name: 'Go to checkout' }).click();
    await registerInPanel(page, 'Bea Bag', `bag-${Date.now()}@example.com`);
    await header().getByRole('button', { name: 'My account' }).waitFor();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('accessToken') ?? 'null') as string | null);
    expect(token).toBeTruthy();
    const serverBag = (await (await fetch(url('/api/cart'), { headers: { authorization: `Bearer ${token}` } })).json()) as { title: string; id: number }[];
    expect(serverBag.map((line) => line.title)).toEqual([firstTitle, secondTitle]);

    // "Go to checkout" goes on once registered (the visitor's intent is kept): /checkout
    // with the merged bag. The bag, opened again, shows it; remove one line: the server bag follows.
    await page.waitForURL(url('/checkout'));
    await header().getByRole('button', { name: 'Bag, 2 items' }).click();
    await bagPanel(2).getByRole('link', { name: firstTitle }).waitFor();
    await bagPanel(2).getByRole('button', { name: `Remove ${firstTitle} from the bag` }).click();
    await bagPanel(1).waitFor();
    const after = (await (await fetch(url('/api/cart'), { headers: { authorization: `Bearer ${token}` } })).json()) as { title: string }[];
    expect(after.map((line) => line.title)).toEqual([secondTitle]);

    // The brand's main shop, same origin: the widget shows the same bag.
    const mainShop = await page.context().newPage();
    await mainShop.goto(url('/main-shop/'));
    const widget = mainShop.getByRole('button', { name: 'Second-hand bag, 1 item' });
    await widget.click();
    const list = mainShop.getByRole('region', { name: 'Your pre-loved bag' });
    await list.getByText(secondTitle).waitFor();
    await soon(() => list.getByRole('link', { name: 'Go to checkout' }).getAttribute('href')).toBe(url('/checkout'));

    // Removing the last item in the store's tab reaches the main shop's tab without a reload.
    await bagPanel(1).getByRole('button', { name: `Remove ${secondTitle} from the bag` }).click();
    await mainShop.getByRole('button', { name: 'Second-hand bag, 0 items' }).waitFor();
  });
  it('a signed-in shopper’s "Add to bag" makes one request, and the bag shows the line it answered', async () => {
    page = await journey.open();
    const [product] = await twoProducts();
    await page.goto(url(product!));
    await header().getByRole('button', { name: 'Sign in' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign in' });
    await signIn.getByLabel('Email address').fill('demo@preloved.test');
    await signIn.getByLabel('Password').fill('Preloved#2026');
    await signIn.getByLabel('Password').press('Enter');
    await header().getByRole('button', { name: 'My account' }).waitFor();
    // What signing in asks for (the wishlist hearts, once a session) has gone: from here, the tap's calls.
    await page.waitForTimeout(2000);
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      // The API's calls; images (/api/assets/…) are the page's, not the tap's.
      if (path.startsWith('/api/') && !path.startsWith('/api/assets/')) calls.push(`${request.method()} ${path}`);
    });
    const title = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
    const listing = page.getByRole('listitem').filter({ hasText: 'Listed by' }).first();
    await listing.getByRole('button', { name: /^Add to bag/ }).click();
    await bagPanel(1).getByRole('link', { name: title }).waitFor();
    // Anything the panel asked for on opening has gone by now (it asks as it opens).
    await page.waitForTimeout(2000);
    expect(calls).toEqual(['POST /api/cart']);
  });
});
