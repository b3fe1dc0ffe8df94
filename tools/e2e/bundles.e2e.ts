import type { Page } from 'playwright-core';
import { fillInAsGuest, registerInPanel, signIn } from './shopper';
import { setUpJourney } from './journey';
import { soon } from './soon';

// Issue 29 on the production build, real API and real Chromium. Bundles: the demo seller Marta sets a
// bundle discount on her listings page; a visitor finds "Shop this seller's bundle" on her page and
// "Buy 2+ from this seller" beside her pieces, puts two of them in the bag, and checks out as a guest:
// one package, one shipping fee, one bundle discount line, one order. Counter-offers: a shopper offers
// on a piece of Marta's, Marta answers with a counter-offer, the shopper accepts it and buys at it.

const journey = setUpJourney();
const url = (route: string) => `${journey.store.url}${route}`;
const header = (page: Page) => page.getByRole('banner');
const accountButton = (page: Page) => header(page).getByRole('button', { name: /^My account/ });
const euro = (value: number) => `€${value.toFixed(2)}`;

interface Piece {
  listing_id: number;
  product_id: number;
  product_variant_id: number;
  price: number;
  title: string;
  href: string;
}

/** The demo seller (the brand's sample customer) and her pieces. */
async function marta(): Promise<{ id: number; pieces: Piece[] }> {
  const brand = (await (await fetch(url('/api/brands/details?id_brand=1'))).json()) as { customerID: number };
  const vendor = (await (await fetch(url(`/api/vendors/${brand.customerID}?id_brand=1`))).json()) as { listings: Omit<Piece, 'href'>[] };
  return {
    id: brand.customerID,
    pieces: vendor.listings.map((piece) => ({ ...piece, href: `/product/${piece.product_id}?variant=${piece.product_variant_id}&listing=${piece.listing_id}` })),
  };
}

const signInAsMarta = (page: Page) => signIn(page, 'marta@preloved.test', 'Preloved#2026');

describe('bundles', () => {
  it("a visitor buys two pieces of one seller's bundle in one order: one package, one shipping fee, the seller's discount", async () => {
    const { id, pieces } = await marta();
    const [first, second] = pieces.filter((piece) => piece.price >= 10);

    // Marta sets her bundle discount: 2 pieces or more, 10 % off.
    const seller = await journey.open();
    await seller.goto(url('/user/listings'));
    await signInAsMarta(seller);
    const bundle = seller.getByRole('region', { name: 'Bundle discount' });
    await bundle.getByRole('button', { name: 'Add a step' }).click();
    const step = bundle.getByRole('group', { name: 'Step 1' });
    await step.getByRole('textbox', { name: 'Pieces or more' }).fill('2');
    await step.getByRole('textbox', { name: 'Discount (%)' }).fill('40');
    await bundle.getByRole('button', { name: 'Save bundle discount' }).click();
    await step.getByText('A bundle discount is 1 % to 30 %.').waitFor();
    await step.getByRole('textbox', { name: 'Discount (%)' }).fill('10');
    await bundle.getByRole('button', { name: 'Save bundle discount' }).click();
    await seller.getByText('Your bundle discount is saved.').waitFor();

    // A visitor on Marta's page: the bundle section, then her pieces with the discount beside them.
    const page = await journey.open();
    await page.goto(url(`/vendor/${id}`));
    const shop = page.getByRole('region', { name: 'Shop this seller’s bundle' });
    await shop.getByText('2 pieces or more: −10 %').waitFor();
    for (const [index, piece] of [first!, second!].entries()) {
      await page.goto(url(piece.href));
      const chosen = page.getByRole('region', { name: 'The chosen piece' });
      await chosen.getByText('Buy 2+ from this seller: −10 %').waitFor();
      await chosen.getByRole('button', { name: /^Add to bag/ }).click();
      const bag = page.getByRole('dialog', { name: `Shopping bag (${index + 1})` });
      if (index === 0) await bag.getByRole('button', { name: 'Continue shopping' }).click();
      else await bag.getByRole('button', { name: 'Go to checkout' }).click();
    }
    await fillInAsGuest(page, journey.store.url, `bundle-${Date.now()}@example.com`);
    await page.getByRole('radio', { name: 'Home delivery' }).check();
    await page.getByRole('button', { name: 'Continue to review' }).click();

    await page.waitForURL(url('/review'));
    const discount = Math.round((first!.price + second!.price) * 10) / 100;
    await page.getByText('1 package: each seller ships their own pieces.').waitFor();
    const costs = page.getByRole('region', { name: 'Costs' });
    await costs.getByText('Bundle discount, Marta (2 pieces, −10 %)').waitFor();
    await costs.getByText(`\u2212\u2060${euro(discount)}`).first().waitFor();
    await costs.getByText('€3.90', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await page.waitForURL(url('/payment'));
    await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
    await page.getByRole('textbox', { name: 'CVC' }).fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(url('/payment-sucess'));
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const numberText = page.getByText(/^Order number: \S+/);
    const number = (await numberText.innerText()).replace('Order number: ', '').trim();

    // Marta sold both pieces in one package and receives them less the discount. The sale is found by
    // its order (her titles repeat, and on a shared store other journeys' sales of hers are there too).
    await seller.goto(url('/user/sales'));
    const sale = seller.getByRole('article', { name: `Order ${number}` });
    await sale.getByText(first!.title).first().waitFor();
    await sale.getByText(second!.title).first().waitFor();
    await sale.getByText('Bundle discount you gave (−10 %)').waitFor();
    await soon(() => sale.getByText(euro(first!.price + second!.price - discount), { exact: true }).isVisible()).toBe(true);
  }, 180_000);
});

describe('counter-offers', () => {
  it('a shopper offers, the seller answers with a counter-offer, the shopper accepts it and buys at that price', async () => {
    const { pieces } = await marta();
    const piece = pieces.filter((candidate) => candidate.price >= 20).at(-1)!;
    const offerPrice = Math.ceil(piece.price * 70) / 100;
    const counterPrice = Math.floor(piece.price * 90) / 100;

    const buyer = await journey.open();
    await buyer.goto(url(piece.href));
    const chosen = buyer.getByRole('region', { name: 'The chosen piece' });
    await chosen.waitFor();
    const row = buyer.getByRole('listitem').filter({ hasText: 'Listed by Marta' }).filter({ hasText: euro(piece.price) }).first();
    await row.getByRole('button', { name: /^Make an offer for/ }).click();
    const dialog = buyer.getByRole('dialog', { name: /^Make an offer for/ });
    await dialog.getByRole('textbox', { name: 'Your offer (€)' }).fill(offerPrice.toFixed(2));
    await dialog.getByRole('button', { name: 'Sign in to send' }).click();
    await registerInPanel(buyer, 'Clara Counter', `counter-${Date.now()}@example.com`);
    await accountButton(buyer).waitFor();
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await buyer.getByText(`Your offer of ${euro(offerPrice)} has been sent to the seller.`).waitFor();

    // Marta answers with one counter-offer: a price out of range is refused beside the field first.
    const seller = await journey.open();
    await seller.goto(url('/user/offers'));
    await signInAsMarta(seller);
    const received = seller.getByRole('region', { name: /Offers received/ }).getByRole('article', { name: piece.title });
    await received.getByRole('button', { name: `Make a counter-offer for ${piece.title}` }).click();
    const counter = seller.getByRole('dialog', { name: `Counter-offer for ${piece.title}` });
    const amount = counter.getByRole('textbox', { name: 'Your counter-offer (€)' });
    await amount.fill(piece.price.toFixed(2));
    await counter.getByRole('button', { name: 'Send counter-offer' }).click();
    await counter.getByText(/^Your counter-offer must be between/).waitFor();
    await amount.fill(counterPrice.toFixed(2));
    await counter.getByRole('button', { name: 'Send counter-offer' }).click();
    await received.getByText(`Waiting for the buyer’s answer to your counter-offer of ${euro(counterPrice)}.`).waitFor();
    await received.getByRole('timer').waitFor();
    await soon(() => received.getByRole('button', { name: `Make a counter-offer for ${piece.title}` }).count()).toBe(0);

    // The shopper sees it (feed and offers page, with its countdown) and accepts it.
    await buyer.goto(url('/user/notifications'));
    await buyer.getByText(/The seller answered your offer on .* with a counter-offer/).waitFor();
    await buyer.goto(url('/user/offers'));
    const made = buyer.getByRole('region', { name: /Offers made/ }).getByRole('article', { name: piece.title });
    await made.getByText(`The seller answers your offer of ${euro(offerPrice)} with ${euro(counterPrice)}.`).waitFor();
    await made.getByRole('timer').waitFor();
    await made.getByRole('button', { name: `Accept the counter-offer of ${euro(counterPrice)} for ${piece.title}` }).click();
    await made.getByText('Accepted').first().waitFor();
    await made.getByRole('button', { name: `Buy now ${piece.title} at the offer price` }).click();
    const bag = buyer.getByRole('dialog', { name: 'Shopping bag (1)' });
    await bag.getByText(euro(counterPrice)).first().waitFor();

    // Marta's feed says the counter-offer was accepted.
    await seller.goto(url('/user/notifications'));
    await seller.getByText(/The buyer accepted your counter-offer on/).waitFor();
  }, 180_000);
});
