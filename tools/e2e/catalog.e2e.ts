import type { Page } from 'playwright-core';
import { setUpJourney } from './journey';
import { expectSoon, soon } from './soon';

const journey = setUpJourney();
let page: Page;
beforeEach(async () => {
  page = await journey.open();
});

describe('browsing the catalogue', () => {
  it('browses women, filters by size, opens a product, sees its listings and opens the seller', async () => {
    await page.goto(`${journey.store.url}/women`);
    await page.getByRole('heading', { level: 1, name: 'Women' }).waitFor();
    const results = page.getByRole('region', { name: 'Results' });
    await results.getByRole('link').first().waitFor();

    // A size chip is a transparent checkbox over its label: the shopper's click lands on the checkbox.
    await page.getByRole('group', { name: 'Size' }).getByRole('checkbox', { name: /^M \(\d+\)$/ }).click();
    await page.waitForURL(/[?&]size=M(&|$)/);
    await results.getByRole('link').first().waitFor();
    // Every card left describes its size M pieces only: it says size M and the price of those pieces.
    const card = results.getByRole('article').first();
    await soon(() => card.innerText()).toContain('Size M');
    const cardText = await card.innerText();
    const cardPrice = cardText.match(/€[\d.,]+/)![0];
    await card.getByRole('link').click();
    await page.waitForURL(/\/product\/\d+\?variant=\d+&size=M(&|$)/);

    // The product page opens on size M, with the piece whose price the card showed chosen.
    const title = page.getByRole('heading', { level: 1 });
    await title.waitFor();
    await page.getByRole('heading', { name: /items? for sale/ }).waitFor();
    const sizeM = page.getByRole('button', { name: /^M \d+ pieces?,/ });
    await sizeM.and(page.locator('[aria-pressed="true"]')).waitFor();
    const listings = page.getByRole('listitem').filter({ hasText: 'Listed by' });
    await soon(() => listings.count()).toBeGreaterThan(0);
    await expectSoon(listings).toAllHaveText('€');
    await expectSoon(listings).toAllHaveText('Size M');
    await soon(() => listings.first().getAttribute('data-selected')).toBe('true');
    await soon(() => listings.first().innerText()).toContain(cardPrice);
    // Adding a listing chooses it; the chosen listing and size are remembered under the spec's keys.
    await listings.first().getByRole('button', { name: /^Add to bag/ }).click();
    await page.getByRole('dialog', { name: 'Shopping bag (1)' }).getByRole('button', { name: 'Continue shopping' }).click();
    await soon(() => page.evaluate(() => localStorage.getItem('selectedSize'))).toBe('"M"');
    await soon(() => page.evaluate(() => localStorage.getItem('selectedListing'))).toMatch(/^\d+$/);

    const seller = listings.first().getByRole('link');
    const name = (await seller.innerText()).trim();
    await seller.click();
    await page.waitForURL(/\/vendor\/\d+$/);
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${name}’s wardrobe`) }).waitFor();
    await page.getByRole('main').getByText(/items? for sale/).waitFor();
    await soon(() => page.getByRole('main').getByText(/€\d/).count()).toBeGreaterThan(0);
  });

  it('goes back to the same place in a list, while a new page opens at the top', async () => {
    await page.goto(`${journey.store.url}/all`);
    const results = page.getByRole('region', { name: 'Results' });
    const card = results.getByRole('article').nth(16).getByRole('link');
    await card.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(300);
    await card.click();
    await page.waitForURL(/\/product\/\d+/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 5000 });
    await page.goBack();
    await page.waitForURL(/\/all$/);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 5, before, { timeout: 5000 });
  });

  it('opens a seller’s card on that seller’s piece', async () => {
    const brand = await (await fetch(`${journey.store.url}/api/brands/details?id_brand=1`)).json();
    const vendor = await (await fetch(`${journey.store.url}/api/vendors/${brand.customerID}?id_brand=1`)).json();
    await page.goto(`${journey.store.url}/vendor/${brand.customerID}`);
    await page.getByRole('heading', { level: 1, name: /Marta’s wardrobe/ }).waitFor();
    await page.getByRole('main').getByRole('article').first().getByRole('link').click();
    await page.waitForURL(new RegExp(`&listing=${vendor.listings[0].listing_id}$`));
    const chosen = page.getByRole('listitem').filter({ hasText: 'Listed by' }).and(page.locator('[data-selected]'));
    // The card names its seller by a link; another journey on the same store may have given Marta a
    // bundle offer, whose link sits on the card too, so the seller's link is found by its name.
    await chosen.getByRole('link', { name: 'Marta', exact: true }).waitFor();
  });

  it('shows the verified badge on the sample customer’s listings', async () => {
    const brand = await (await fetch(`${journey.store.url}/api/brands/details?id_brand=1`)).json();
    await page.goto(`${journey.store.url}/vendor/${brand.customerID}`);
    await page.getByRole('heading', { level: 1, name: /Marta’s wardrobe/ }).waitFor();
    await page.getByText('Verified').first().waitFor();
  });

  it('keeps the filters in a shareable URL and falls back to sane defaults for nonsense', async () => {
    await page.goto(`${journey.store.url}/all?size=M&sort=price_desc`);
    await soon(() => page.getByRole('checkbox', { name: /^M \(\d+\)$/ }).isChecked()).toBe(true);
    await soon(() => page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('price_desc');

    await page.goto(`${journey.store.url}/all?page=99999&sort=random&min_price=abc&condition=%3Cscript%3E`);
    await page.getByRole('heading', { level: 1, name: 'All items' }).waitFor();
    await page.getByRole('region', { name: 'Results' }).getByRole('link').first().waitFor();

    await page.goto(`${journey.store.url}/all?size=NOPE`);
    await page.getByRole('heading', { name: 'No results found' }).waitFor();
    await page.getByRole('link', { name: 'See new arrivals' }).click();
    await page.waitForURL(/\/all\?sort=newest$/);
  });

  it('says an unknown product or seller was not found, with a way back', async () => {
    await page.goto(`${journey.store.url}/product/999999?variant=1`);
    await page.getByRole('heading', { name: 'We could not find this item' }).waitFor();
    await page.goto(`${journey.store.url}/vendor/abc`);
    await page.getByRole('heading', { name: 'We could not find this seller' }).waitFor();
    await page.getByRole('main').getByRole('link').first().waitFor();
  });
});
