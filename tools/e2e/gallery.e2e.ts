import type { Page } from 'playwright-core';
import { setUpJourney } from './journey';
import { soon } from './soon';

// The product page's photos: each listing has its own, they swipe on a phone, and a photo
// opens full screen where a tap zooms in.

const journey = setUpJourney();
let page: Page;

const SHOTS = process.env.E2E_SHOTS;

describe('the product page’s photos', () => {
  it('on a phone: swipes to the next photo, opens it full screen, zooms on a tap and closes', async () => {
    const url = journey.store.url;
    const card = (await (await fetch(`${url}/api/products/listings/all?id_brand=1&limit=1&category=6`)).json()).products_listings[0];
    page = await journey.open({ width: 390, height: 844 });
    await page.goto(`${url}/product/${card.product_id}?variant=${card.product_variant_id}`);
    const photos = page.getByRole('region', { name: 'Photos' });
    const first = photos.getByRole('button', { name: /^Photo 1 of \d, open full screen$/ });
    await first.waitFor();
    // The chosen piece's photos are its own: the listing's id is in their address.
    await soon(() => first.locator('img').getAttribute('src')).toMatch(/\/1-\d+-c[1-5]\.svg$/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/product-390.png` });

    // A swipe (a horizontal scroll of the strip) comes to rest on photo 2, and its thumbnail is chosen.
    const track = first.locator('xpath=..');
    await track.evaluate((element) => element.scrollBy({ left: element.clientWidth, behavior: 'instant' }));
    await photos.getByRole('button', { name: 'Photo 2', exact: true }).and(page.locator('[aria-pressed="true"]')).waitFor();

    await photos.getByRole('button', { name: /^Photo 2 of \d, open full screen$/ }).click();
    const zoom = page.getByRole('dialog', { name: /, photo 2 of \d$/ });
    await zoom.waitFor();
    const box = (await zoom.boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([390, 844]);
    const image = zoom.getByRole('img');
    await image.click();
    await soon(() => image.getAttribute('style')).toContain('scale(2.5)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/zoom-390.png` });
    await image.click();
    await soon(() => image.getAttribute('style')).toBeFalsy();
    await zoom.getByRole('button', { name: 'Next photo' }).click();
    await page.getByRole('dialog', { name: /, photo 3 of \d$|, photo 1 of 2$/ }).waitFor();
    await page.keyboard.press('Escape');
    await zoom.waitFor({ state: 'detached' });
  });

  it('loads the zoom view’s code only when a photo is opened', async () => {
    const url = journey.store.url;
    const card = (await (await fetch(`${url}/api/products/listings/all?id_brand=1&limit=1`)).json()).products_listings[0];
    page = await journey.open({ width: 1440, height: 900 });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${url}/product/${card.product_id}?variant=${card.product_variant_id}`);
    await page.getByRole('region', { name: 'Photos' }).getByRole('button', { name: /^Photo 1 of/ }).waitFor();
    // The page as the shopper sees it whole: the header's search field, its last part, is there.
    await page.getByRole('banner').getByRole('combobox').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/product-1440.png` });
    const before = scripts.length;
    await page.getByRole('region', { name: 'Photos' }).getByRole('button', { name: /^Photo 1 of/ }).click();
    await page.getByRole('dialog', { name: /, photo 1 of \d$/ }).waitFor();
    expect(scripts.length).toBeGreaterThan(before);
    expect(scripts.slice(before).every((script) => script.includes('/catalog/'))).toBe(true);
  });
});
