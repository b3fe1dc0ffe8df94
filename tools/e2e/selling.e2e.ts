import type { Page } from 'playwright-core';
import { solidPng as png } from '../test-support/png';
import { confirmEmail, confirmItsMe, signUp as signUpAs } from './shopper';
import { setUpJourney } from './journey';
import { expectSoon, soon } from './soon';

// Selling on the production build, real API and real Chromium: a new customer presses Sell, is led
// through onboarding (payout by bank transfer with an IBAN: the e-mail confirmed with the mailed code
// and the password typed again first), submits a piece with 2 photos (resized in
// the browser, kept in IndexedDB, uploaded and re-encoded by the API), finds it in /all and in search
// at once, and archives it: it leaves the catalogue.

const journey = setUpJourney();
let page: Page;
const url = (route: string) => `${journey.store.url}${route}`;
const header = () => page.getByRole('banner');
/** A price no seeded listing has (they are multiples of 0.50 €), so filters find only this piece. */
const PRICE = '5.55';


async function signUp(email: string): Promise<void> {
  await signUpAs(page, 'Sara Seller', email);
}

describe('selling', () => {
  it('onboards, submits a piece with 2 photos, finds it in /all and in search, and archives it', async () => {
    page = await journey.open({ width: 1280, height: 900 });
    await page.goto(url('/'));
    const email = `seller-${Date.now()}@example.com`;
    await signUp(email);

    // The first time, Sell leads to onboarding; an IBAN needs the e-mail proven.
    await header().getByRole('button', { name: 'Sell' }).click();
    await page.getByRole('heading', { name: 'Sell with Preloved' }).waitFor();
    await confirmEmail(page, journey.store.dataDir, email);
    await page.getByText('ship it within 5 business days', { exact: false }).waitFor();
    await page.getByRole('radio', { name: /By bank transfer/ }).check();
    await page.getByRole('button', { name: 'Save and list a piece' }).click();
    await page.getByText('Please enter your IBAN.').waitFor();
    await page.getByLabel('IBAN').fill('PT50 0002 0123 1234 5678 9015 4');
    await page.getByRole('button', { name: 'Save and list a piece' }).click();
    await confirmItsMe(page);

    await page.getByRole('heading', { name: 'Sell an item' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search the catalogue by name' }).fill('Pleated');
    await page.getByRole('button', { name: 'Choose Pleated midi skirt' }).click();
    const colour = page.getByRole('combobox', { name: 'Colour' });
    await colour.selectOption({ index: 1 });
    await page.getByRole('combobox', { name: 'Size' }).selectOption({ index: 1 });
    await page.getByRole('combobox', { name: 'Condition' }).selectOption({ label: 'Like new' });
    await page.getByRole('textbox', { name: 'Comment' }).fill('Worn to one wedding.');
    await page.getByLabel('Add photos').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: png(600, 750, [180, 40, 60]) },
      { name: 'back.png', mimeType: 'image/png', buffer: png(600, 750, [40, 60, 180]) },
    ]);
    await page.getByRole('img', { name: 'Photo 2 of your piece' }).waitFor();
    await page.getByRole('textbox', { name: 'Price (€)', exact: true }).fill(PRICE);
    await page.getByRole('textbox', { name: 'Minimum price (€)' }).fill('5');
    await page.getByRole('button', { name: 'List my piece' }).click();

    const title = page.getByRole('heading', { name: /^Listing SL-\d{6}$/ });
    await title.waitFor({ timeout: 20_000 });
    const number = (await title.innerText()).replace('Listing ', '');
    const photos = page.getByRole('list', { name: 'Photos' }).getByRole('img');
    await expectSoon(photos).toHaveCount(2);
    await soon(() => photos.first().getAttribute('src')).toMatch(/^\/api\/photos\/[a-f0-9]{32}\.webp$/);

    // In the catalogue and in search at once (the price filter keeps only this piece).
    await page.goto(url(`/all?min_price=${PRICE}&max_price=${PRICE}`));
    await page.getByRole('main').getByText('Pleated midi skirt').first().waitFor();
    await page.goto(url(`/search?q=pleated&min_price=${PRICE}&max_price=${PRICE}`));
    await page.getByRole('main').getByText('Pleated midi skirt').first().waitFor();
    await page.getByRole('main').getByText(`€${PRICE}`).first().waitFor();

    // My listings → the listing → Archive: it leaves the catalogue.
    await page.goto(url('/user/listings?status=active'));
    await page.getByRole('link', { name: `Listing ${number}: Pleated midi skirt` }).click();
    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('button', { name: 'Reactivate' }).waitFor();
    await page.goto(url('/user/listings?status=archived'));
    await page.getByRole('link', { name: `Listing ${number}: Pleated midi skirt` }).waitFor();
    await page.goto(url(`/all?min_price=${PRICE}&max_price=${PRICE}`));
    await page.getByText('No results found').waitFor();
  });
});
