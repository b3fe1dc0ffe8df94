import type { Page } from 'playwright-core';
import { guestBuys, sellerWithPieces, type ListedPiece as Piece } from './shopper';
import { setUpJourney } from './journey';

// Issue 25 on the production build, real API and real Chromium: a visitor adds two pieces; through
// the API another buyer takes one and the seller changes the other's price. With no reload, the
// visitor's tab — once it is visible again, and when the panel opens — says the sold piece is
// unavailable and shows the new price; /checkout shows the sold piece apart and does not buy it; a
// second tab and the brand's main-shop page say the same.

const journey = setUpJourney();
const url = (route: string) => `${journey.store.url}${route}`;


/** A seller with two new pieces of two products, listed through the API. */
async function sellerWithTwoPieces() {
  const seller = await sellerWithPieces(journey.store.url, { firstName: 'Zelia', lastName: 'Truth', prices: [70, 60], from: 3 });
  return { ...seller, pieces: seller.pieces as [Piece, Piece] };
}

/** Another shopper buys the piece as a guest, through the API. */
const anotherBuyerTakes = (piece: Piece) => guestBuys(journey.store.url, [piece.id]);

/** The shopper leaves the tab and comes back to it (the browser's own visibilitychange, both ways). */
async function leaveAndComeBack(page: Page) {
  for (const state of ['hidden', 'visible']) {
    await page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  }
}

describe('the bag tells the truth', () => {
  it('follows a sale and a price change without a reload; /checkout, a second tab and the main shop agree', async () => {
    const seller = await sellerWithTwoPieces();
    const [sold, repriced] = seller.pieces;
    const page = await journey.open();
    const header = page.getByRole('banner');

    for (const [index, piece] of [sold, repriced].entries()) {
      await page.goto(url(piece.href));
      await page.getByRole('region', { name: 'The chosen piece' }).getByRole('button', { name: /^Add to bag/ }).click();
      const panel = page.getByRole('dialog', { name: `Shopping bag (${index + 1})` });
      await panel.getByRole('link', { name: piece.title }).waitFor();
      await panel.getByRole('button', { name: 'Continue shopping' }).click();
    }
    await header.getByRole('button', { name: 'Bag, 2 items' }).waitFor();

    // Meanwhile, elsewhere: another buyer takes one piece, the seller lowers the other's price.
    await anotherBuyerTakes(sold);
    await seller.edit(repriced, 45);

    // The visitor comes back to the tab: the header already counts what can be bought.
    await leaveAndComeBack(page);
    await header.getByRole('button', { name: 'Bag, 1 item you can buy, 1 unavailable' }).click();
    const panel = page.getByRole('dialog', { name: 'Shopping bag (2)' });
    const lines = panel.getByRole('list', { name: 'Items in your bag' });
    const soldLine = lines.getByRole('listitem').filter({ hasText: sold.title });
    await soldLine.getByText('Product unavailable, remove from cart').waitFor();
    // Greyed: no link to the piece.
    await soldLine.getByRole('link').waitFor({ state: 'detached' });
    const repricedLine = lines.getByRole('listitem').filter({ hasText: repriced.title });
    await repricedLine.getByText('was €60.00').waitFor();
    await repricedLine.getByText('€45.00', { exact: true }).waitFor();
    await panel.getByText('Total').locator('..').getByText('€45.00').waitFor();

    // The seller raises it again: opening the panel once more is enough to see it (no reload).
    await panel.getByRole('button', { name: 'Continue shopping' }).click();
    await seller.edit(repriced, 65);
    await header.getByRole('button', { name: 'Bag, 1 item you can buy, 1 unavailable' }).click();
    await repricedLine.getByText('The price went up from €60.00 since you added it').waitFor();
    await repricedLine.getByText('€65.00', { exact: true }).waitFor();

    // A second tab of the same browser and the brand's main shop say the same.
    const second = await page.context().newPage();
    await second.goto(url('/all'));
    await second.getByRole('banner').getByRole('button', { name: 'Bag, 1 item you can buy, 1 unavailable' }).waitFor();
    const mainShop = await page.context().newPage();
    await mainShop.goto(url('/main-shop/'));
    await mainShop.getByRole('button', { name: 'Second-hand bag, 1 item you can buy, 1 unavailable' }).click();
    const widget = mainShop.getByRole('region', { name: 'Your pre-loved bag' });
    await widget.getByRole('listitem').filter({ hasText: sold.title }).getByText('Product unavailable, remove from cart').waitFor();
    await widget.getByText('Total').locator('..').getByText('€65.00').waitFor();

    // /checkout, as a guest: the sold piece is apart, with its remove; the order is the other piece.
    await panel.getByRole('button', { name: 'Go to checkout' }).click();
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    await page.waitForURL(url('/checkout'));
    const apart = page.getByRole('region', { name: 'No longer available' });
    await apart.getByText(sold.title).waitFor();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByText('Subtotal').locator('..').getByText('€65.00').waitFor();
    await summary.getByText(sold.title).waitFor({ state: 'detached' });
    await apart.getByRole('button', { name: `Remove ${sold.title} from the bag` }).click();
    await page.getByRole('region', { name: 'No longer available' }).waitFor({ state: 'detached' });

    // The other tab and the main shop follow the removal at once.
    await header.getByRole('button', { name: 'Bag, 1 item' }).waitFor();
    await second.getByRole('banner').getByRole('button', { name: 'Bag, 1 item' }).waitFor();
    await mainShop.getByRole('button', { name: 'Second-hand bag, 1 item' }).waitFor();
  });
});
