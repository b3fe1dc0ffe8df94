import type { Page } from 'playwright-core';
import { solidPng as png } from '../test-support/png';
import { registerInPanel } from './shopper';
import { setUpJourney } from './journey';
import { expectSoon } from './soon';

// Resell from the main shop on the production build, real API and real Chromium: the
// brand's order page (the main-shop stand-in) loads the seller remote's "Resell this" widget at run
// time for each piece it sold; a visitor taps it, is asked to sign in (a new customer: onboarding
// first), and lands in the selling form with the product, colour, size and original price chosen
// from the catalogue, and lists the piece.

const journey = setUpJourney();
let page: Page;
const url = (route: string) => `${journey.store.url}${route}`;

/** The option a select shows as chosen. */
const chosen = (name: string) => page.getByRole('combobox', { name }).locator('option:checked');

describe('resell from the main shop', () => {
  it('"Resell this" on the order page opens the selling form with the piece chosen, after sign-in, and the piece is listed', async () => {
    page = await journey.open({ width: 1280, height: 900 });
    await page.goto(url('/main-shop/order.html'));
    const order = page.getByRole('list', { name: 'Pieces in this order' });
    const blazer = order.getByRole('listitem').filter({ hasText: 'Single-breasted blazer' });
    await blazer.getByText('Navy · Size M').waitFor();
    await expectSoon(order.getByRole('link', { name: 'Resell this' })).toHaveCount(2);
    await blazer.getByRole('link', { name: 'Resell this' }).click();

    // The store asks a visitor to sign in; a new customer signs up and chooses how to be paid first.
    await page.waitForURL(/\/user\/submit-item-2hand\?resell=\d+$/);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await registerInPanel(page, 'Rui Reseller', `resell-${Date.now()}@example.com`);
    await page.getByRole('heading', { name: 'Sell with Preloved' }).waitFor();
    await page.getByRole('button', { name: 'Save and list a piece' }).click();

    // The form, with the piece the main shop named: product, colour, size and the catalogue's original price.
    await page.getByRole('heading', { name: 'Sell an item' }).waitFor();
    await page.getByText('Single-breasted blazer', { exact: true }).waitFor();
    await expectSoon(chosen('Colour')).toHaveText('Navy');
    await expectSoon(chosen('Size')).toHaveText('M');
    await page.getByText('Original price: €189.00').waitFor();

    await page.getByRole('combobox', { name: 'Condition' }).selectOption({ label: 'Very good' });
    await page.getByRole('textbox', { name: 'Comment' }).fill('Bought in the main shop, worn to two dinners.');
    await page.getByLabel('Add photos').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: png(600, 750, [39, 50, 74]) },
      { name: 'back.png', mimeType: 'image/png', buffer: png(600, 750, [60, 70, 90]) },
    ]);
    await page.getByRole('img', { name: 'Photo 2 of your piece' }).waitFor();
    // Very good: 50 % of the original price, to the euro.
    await page.getByText('Suggested price: €95.00').waitFor();
    await page.getByRole('button', { name: 'Use the suggested price' }).click();
    await expectSoon(page.getByRole('textbox', { name: 'Price (€)', exact: true })).toHaveValue('95');
    await page.getByRole('textbox', { name: 'Minimum price (€)' }).fill('80');
    await page.getByRole('button', { name: 'List my piece' }).click();

    await page.getByRole('heading', { name: /^Listing SL-\d{6}$/ }).waitFor({ timeout: 20_000 });
    const details = page.getByRole('main');
    await details.getByText('Single-breasted blazer').first().waitFor();
    await details.getByText('Navy').first().waitFor();
    await details.getByText('€95.00').first().waitFor();
  });

  it('speaks Portuguese on an order page that asks for it', async () => {
    page = await journey.open({ width: 390, height: 844 });
    await page.goto(url('/main-shop/order.html?lang=pt'));
    const links = page.getByRole('list', { name: 'Pieces in this order' }).getByRole('link', { name: 'Revender esta peça' });
    await expectSoon(links).toHaveCount(2);
    await expectSoon(links.first()).toHaveAttribute('href', url('/user/submit-item-2hand?resell=8'));
  });

  it('speaks Spanish on an order page that asks for it', async () => {
    page = await journey.open({ width: 390, height: 844 });
    await page.goto(url('/main-shop/order.html?lang=es'));
    const order = page.getByRole('list', { name: 'Pieces in this order' });
    const links = order.getByRole('link', { name: 'Revender esta prenda' });
    await expectSoon(links).toHaveCount(2);
    await expectSoon(links.first()).toHaveAttribute('href', url('/user/submit-item-2hand?resell=8'));
    // Every piece's widget is in Spanish, not only the first one drawn.
    await expectSoon(order.getByText('Recompra', { exact: true })).toHaveCount(2);
    await expectSoon(order.getByText(/^(Resell this|Trade it in)$/)).toHaveCount(0);
  });
});
