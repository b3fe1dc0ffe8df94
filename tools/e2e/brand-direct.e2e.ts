import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { solidPng } from '../test-support/png';
import { setUpJourney } from './journey';
import { fillInDeliveryAddress, placeOrderByHomeDelivery, signUp } from './shopper';
import { signInAsStaff } from './staff';

// Brand Direct (issue 48) on the production build, real API and real Chromium: a moderator lists one
// of the brand's own pieces from the console (a product found by its code, condition, price, source,
// two photos); a shopper sees it "Sold by" the brand on its card and its page, buys it (the checkout
// says the brand's 14-day withdrawal right and the legal guarantee), the hub's team sends it (the test
// carrier delivers it at once here), the shopper returns it from the order page within the 14 days on a
// prepaid label, staff mark the return received, and the shopper's order page shows the refund. The
// file has its own store: deliveries the moment a parcel leaves.

jest.setTimeout(240_000);

const journey = setUpJourney({ env: () => ({ CARRIER_TEST_DELIVERY_BUSINESS_DAYS: '0' }) });
const url = (route: string) => `${journey.store.url}${route}`;

interface StockPiece {
  listing_id: number;
  number: string;
  product_id: number;
  variant_id: number;
  title: string;
  price: number;
}

/** The brand's piece just listed, as the console's own API lists it (the page's session cookie). */
async function listedPiece(page: Page, number: string): Promise<StockPiece> {
  const answer = await page.request.get(url('/api/backoffice/brand-stock'));
  const { pieces } = (await answer.json()) as { pieces: StockPiece[] };
  return pieces.find((piece) => piece.number === number)!;
}

describe('Brand Direct', () => {
  it('staff list a brand piece; a shopper sees it sold by the brand, buys it, returns it within 14 days and is refunded', async () => {
    // The product to list: the first card of the catalogue, found in the console by its code.
    const cards = (await (await fetch(url('/api/products/listings/all?limit=0&id_brand=1'))).json()) as { products_listings: { product_id: number; title: string }[] };
    const product = cards.products_listings[0]!;

    const staff = await journey.open({ width: 1280, height: 900 });
    await signInAsStaff(staff, journey.store.url, 'moderator', '/backoffice/brand-stock');
    await staff.getByRole('heading', { level: 1, name: 'Brand Direct' }).waitFor();
    await staff.getByRole('textbox', { name: 'Product code or name' }).fill(String(product.product_id));
    await staff.getByRole('button', { name: 'Find' }).click();
    await staff.getByRole('button', { name: /^Add / }).first().click();
    const row = staff.getByRole('listitem', { name: /^Piece 1: / });
    await row.getByRole('combobox', { name: 'Condition' }).selectOption({ label: 'Like new' });
    await row.getByRole('combobox', { name: 'Source' }).selectOption({ label: 'Return' });
    // No photos yet: the row says what it lacks before anything is sent.
    await row.getByRole('textbox', { name: 'Price (€)' }).fill('42');
    await staff.getByRole('button', { name: 'List 1 piece' }).click();
    await row.getByText('Add 2 to 4 photos uploaded here.').waitFor();
    await row.getByLabel('Photos (2 to 4)').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: solidPng(400, 500, [120, 80, 60]) },
      { name: 'back.png', mimeType: 'image/png', buffer: solidPng(400, 500, [60, 80, 120]) },
    ]);
    await row.getByRole('img', { name: 'Photo 2 of piece 1' }).waitFor();
    await staff.getByRole('button', { name: 'List 1 piece' }).click();
    await staff.getByText('1 piece is on sale.').waitFor();
    const stockRow = staff.getByRole('region', { name: 'The brand’s pieces' }).getByRole('row').filter({ hasText: 'On sale' }).first();
    const number = (await stockRow.getByRole('cell').first().innerText()).trim();
    const piece = await listedPiece(staff, number);

    // The shopper finds it sold by the brand, on its card and on its page.
    const shopper = await journey.open();
    await shopper.goto(url(`/search?q=${encodeURIComponent(piece.title)}`));
    await shopper.getByRole('article').filter({ has: shopper.getByRole('heading', { name: piece.title }) }).getByText(/^(Also s|S)old by Preloved$/).first().waitFor();
    await signUp(shopper, 'Rita Brand', `brand-direct-${randomUUID().slice(0, 8)}@example.com`);
    await shopper.goto(url(`/product/${piece.product_id}?variant=${piece.variant_id}&listing=${piece.listing_id}`));
    const chosen = shopper.getByRole('region', { name: 'The chosen piece' });
    await chosen.getByText('Sold by Preloved').waitFor();
    await chosen.getByText(/14 days to return it after delivery, no reason needed, on a prepaid label; a 1-year legal guarantee/).waitFor();
    await chosen.getByRole('button', { name: /^Add to bag/ }).click();
    await shopper.getByRole('dialog', { name: 'Shopping bag (1)' }).getByRole('button', { name: 'Go to checkout' }).click();
    await shopper.waitForURL(url('/checkout'));
    // Before paying: the brand is the trader of its package, with the withdrawal right and the guarantee.
    await shopper
      .getByRole('region', { name: 'Who sells to you' })
      .getByText(/Sold by the brand itself, .*You may withdraw within 14 days of the delivery with no reason needed.*Legal guarantee of conformity: 1 year/)
      .waitFor();
    await fillInDeliveryAddress(shopper, { firstName: 'Rita', lastName: 'Brand' });
    const orderNumber = await placeOrderByHomeDelivery(shopper, journey.store.url);

    // The hub's team sends it from the console.
    const support = await journey.open({ width: 1280, height: 900 });
    await signInAsStaff(support, journey.store.url, 'support', '/backoffice/brand-stock');
    await support.getByRole('button', { name: `Mark order ${orderNumber} sent` }).click();
    await support.getByText(new RegExp(`Order ${orderNumber} is on its way \\(PLB\\d{9}\\)\\.`)).waitFor();

    // Delivered (the test carrier, at once here): the shopper returns it from the order page.
    await shopper.goto(url('/user/orders'));
    await shopper.getByRole('link', { name: new RegExp(orderNumber) }).first().click();
    const pack = shopper.getByRole('region', { name: /^Package 1 from / });
    await pack.getByText('Sold by the brand itself: you may return it within 14 days of the delivery, no reason needed.').waitFor();
    await pack.getByRole('button', { name: `Return ${piece.title}` }).click();
    await shopper.getByRole('alertdialog', { name: `Return ${piece.title}?` }).getByRole('button', { name: 'Return it' }).click();
    await pack.getByText(/^Return asked on .* \(PLR\d{9}\): print the prepaid label/).waitFor();
    const download = shopper.waitForEvent('download');
    await pack.getByRole('button', { name: `Prepaid return label for ${piece.title} (PDF)` }).click();
    expect((await download).suggestedFilename()).toMatch(/^return-PLR\d{9}\.pdf$/);
    await expectGone(pack.getByRole('button', { name: `Return ${piece.title}` }));

    // The hub has it back: the shopper is refunded.
    await support.reload();
    await support.getByRole('button', { name: `Mark the return of ${piece.title} received` }).click();
    await support.getByText(/^Return received: the buyer is refunded €\d+\.\d\d\.$/).waitFor();
    await shopper.reload();
    await pack.getByText(/^Returned: €\d+\.\d\d refunded on /).waitFor();
  });
});

/** A control that must not be there any more (it retries until it is gone). */
async function expectGone(locator: ReturnType<Page['getByRole']>) {
  await locator.waitFor({ state: 'detached' });
}
