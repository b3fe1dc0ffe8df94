import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { fillInAsGuest, payByCard } from './shopper';
import { setUpJourney } from './journey';
import { expectSoon, soon } from './soon';

// The checkout journey on the production build, real API and real Chromium, without outside network
// (the map's tiles come from this file's own tile server; when it fails, the list of pickup points
// does the job alone): a visitor adds two
// pieces, continues as guest, enters an address, chooses a pickup point, reviews, pays and sees the
// order number; another visitor's declined card shows its message.

jest.setTimeout(180_000);

// The pickup map's tile server: a 1×1 PNG per tile, or 503 while `tilesFail` is set.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
let tilesFail = false;
let tilesServed = 0;
let tiles: Server | undefined;
afterAll(() => new Promise<void>((resolve) => (tiles ? tiles.close(() => resolve()) : resolve())));

const journey = setUpJourney({
  env: async () => {
    tiles = createServer((request, response) => {
      if (tilesFail || !/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
        response.writeHead(503, { 'cache-control': 'no-store' }).end();
        return;
      }
      tilesServed += 1;
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(PNG);
    });
    await new Promise<void>((resolve) => tiles!.listen(0, '127.0.0.1', resolve));
    return { MAP_TILE_URL: `http://127.0.0.1:${(tiles.address() as AddressInfo).port}/tiles/{z}/{x}/{y}.png` };
  },
});
const url = (path: string) => `${journey.store.url}${path}`;

async function products(): Promise<string[]> {
  const answer = (await (await fetch(url('/api/products/listings/all?limit=0&id_brand=1'))).json()) as {
    products_listings: { product_id: number; product_variant_id: number }[];
  };
  return answer.products_listings.map((card) => `/product/${card.product_id}?variant=${card.product_variant_id}`);
}

async function addFirstListing(page: Page, path: string) {
  await page.goto(url(path));
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('listitem').filter({ hasText: 'Listed by' }).first().getByRole('button', { name: /^Add to bag/ }).click();
}

async function checkOutAsGuest(page: Page, count: number, email: string) {
  await page.getByRole('dialog', { name: `Shopping bag (${count})` }).getByRole('button', { name: 'Go to checkout' }).click();
  await fillInAsGuest(page, journey.store.url, email);
}

describe('the checkout', () => {
  it('a guest buys two pieces for a pickup point and sees the order number; a declined card says so', async () => {
    const [first, second, third] = await products();
    const page = await journey.open();
    await addFirstListing(page, first!);
    await page.getByRole('dialog', { name: 'Shopping bag (1)' }).getByRole('button', { name: 'Continue shopping' }).click();
    await addFirstListing(page, second!);
    await checkOutAsGuest(page, 2, `guest-${Date.now()}@example.com`);

    // No choice yet: the spec's message.
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await page.getByText('Please choose one delivery option.').waitFor();
    await page.getByRole('radio', { name: 'Pickup point' }).check();
    // The map shows its tiles: the store's policy allows the configured tile server.
    await page.getByRole('region', { name: 'Map of the pickup points' }).waitFor();
    await soon(() => page.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
    expect(tilesServed).toBeGreaterThan(0);
    const point = page.getByRole('group', { name: 'Pickup points' }).getByRole('radio').first();
    await point.check();
    await page.getByRole('button', { name: 'Continue to review' }).click();

    await page.waitForURL(url('/review'));
    const costs = page.getByRole('region', { name: 'Costs' });
    await costs.getByText('Total', { exact: true }).waitFor();
    for (const fee of ['Processing fee', 'Verification fee', 'Shipping', 'Delivery']) await expectSoon(costs.getByText(fee, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Please enter a valid discount code.').waitFor();
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await page.waitForURL(url('/payment'));
    await payByCard(page, '4242 4242 4242 4242');
    await page.waitForURL(url('/payment-sucess'));
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    await expectSoon(page.getByText(/^Order number: \S+/)).toBeVisible();
    await expectSoon(page.getByRole('button', { name: 'Create an account' })).toBeVisible();

    // Another visitor, another piece: a declined card charges nothing and says so in the page.
    const other = await journey.open();
    await addFirstListing(other, third!);
    await checkOutAsGuest(other, 1, `declined-${Date.now()}@example.com`);
    await other.getByRole('radio', { name: 'Home delivery' }).check();
    await other.getByRole('button', { name: 'Continue to review' }).click();
    await other.getByRole('region', { name: 'Costs' }).getByText('Total', { exact: true }).waitFor();
    await other.getByRole('button', { name: 'Continue to payment' }).click();
    await payByCard(other, '4000 0000 0000 0002');
    await other.getByText('Your card was declined. Try another card.').waitFor();
    expect(other.url()).toBe(url('/payment'));
  });

  it('shows the pickup points without the map when its tiles do not load', async () => {
    const [first] = await products();
    tilesFail = true;
    try {
      const page = await journey.open();
      await addFirstListing(page, first!);
      await checkOutAsGuest(page, 1, `tiles-${Date.now()}@example.com`);
      await page.getByRole('radio', { name: 'Pickup point' }).check();
      await page.getByText('The map is not available right now: choose your pickup point from the list.').waitFor();
      await expectSoon(page.getByRole('region', { name: 'Map of the pickup points' })).toHaveCount(0);
      const point = page.getByRole('group', { name: 'Pickup points' }).getByRole('radio').first();
      await point.check();
      await page.getByRole('button', { name: 'Continue to review' }).click();
      await page.waitForURL(url('/review'));
    } finally {
      tilesFail = false;
    }
  });
});
