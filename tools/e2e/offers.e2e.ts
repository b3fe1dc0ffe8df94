import type { Page } from 'playwright-core';
import { registerInPanel, sellerWithPieces } from './shopper';
import { setUpJourney } from './journey';
import { soon } from './soon';

// Offers on the production build, real API and real Chromium, two shoppers in two browser contexts:
// a visitor types an offer on a piece of a seller (the journey's own, Sofia: the demo seller's offers
// and feed are other journeys' too on a shared store), is asked to sign in, signs up, and the dialog
// is there again with the amount; Sofia sees the header count, accepts (confirming) on /user/offers,
// and her count goes down when she opens her notifications; the buyer's count goes up
// on window focus, the piece's page shows the accepted offer with its countdown, "Buy now" puts the
// piece in the bag at the offer price, the payment charges it, and opening the feed clears the count.

const journey = setUpJourney();
const url = (route: string) => `${journey.store.url}${route}`;
const header = (page: Page) => page.getByRole('banner');
const accountButton = (page: Page) => header(page).getByRole('button', { name: /^My account/ });
const focus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

/** The journey's own seller and her piece, listed through the API. */
async function sellersPiece() {
  const seller = await sellerWithPieces(journey.store.url, { firstName: 'Sofia', lastName: 'Offers', prices: [64] });
  return { email: seller.email, piece: seller.pieces[0]! };
}

const euro = (value: number) => `€${value.toFixed(2)}`;

describe('offers', () => {
  it('a buyer offers, the seller accepts, the buyer buys at the offer price; the header counts go up and down', async () => {
    const { email: sellerEmail, piece } = await sellersPiece();
    const offerPrice = Math.ceil(piece.price * 80) / 100;

    // A visitor types an offer; sending it asks for sign-in; after signing up the dialog is back with the amount.
    const buyer = await journey.open();
    await buyer.goto(url(piece.href));
    const row = buyer.getByRole('listitem').filter({ hasText: 'Listed by Sofia' }).filter({ hasText: euro(piece.price) }).first();
    await row.getByRole('button', { name: /^Make an offer for/ }).click();
    const dialog = buyer.getByRole('dialog', { name: /^Make an offer for/ });
    const amount = dialog.getByRole('textbox', { name: 'Your offer (€)' });
    await amount.fill(String(Math.floor(piece.price * 40) / 100));
    await dialog.getByRole('button', { name: 'Sign in to send' }).click();
    await dialog.getByText(/^Your offer must be between/).waitFor();
    await amount.fill(offerPrice.toFixed(2));
    await dialog.getByRole('button', { name: 'Sign in to send' }).click();
    await registerInPanel(buyer, 'Olivia Offers', `offers-${Date.now()}@example.com`);
    await accountButton(buyer).waitFor();

    await soon(() => amount.inputValue()).toBe(offerPrice.toFixed(2));
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await buyer.getByText(`Your offer of ${euro(offerPrice)} has been sent to the seller.`).waitFor();
    await soon(() => accountButton(buyer).getAttribute('aria-label')).toBe('My account');

    // The seller signs in: one offer waits for her answer (badge and user menu), she accepts it.
    const seller = await journey.open();
    await seller.goto(url('/user/offers'));
    await header(seller).getByRole('button', { name: 'Sign in' }).click();
    const panel = seller.getByRole('dialog', { name: 'Sign in' });
    await panel.getByLabel('Email address').fill(sellerEmail);
    await panel.getByLabel('Password').fill('Secret#123');
    await panel.getByLabel('Password').press('Enter');
    await header(seller).getByRole('button', { name: 'My account, 1 notification' }).waitFor();
    // The user menu puts the offers part of the count beside Offers (read right after the sign-in).
    await seller.getByRole('navigation').getByRole('link', { name: 'Offers 1' }).first().waitFor();
    const received = seller.getByRole('region', { name: /Offers received/ }).getByRole('article', { name: piece.title });
    await received.getByText('Waiting for an answer').waitFor();
    await received.getByRole('timer').waitFor();
    await received.getByRole('button', { name: `Accept the offer for ${piece.title}` }).click();
    await seller.getByRole('alertdialog', { name: /^Accept the offer of/ }).getByRole('button', { name: 'Accept', exact: true }).click();
    await received.getByText('Accepted').waitFor();
    // The badge counts the feed: the offer's arrival stays unread until she opens her notifications.
    await header(seller).getByRole('button', { name: 'My account, 1 notification' }).waitFor();
    await seller.goto(url('/user/notifications'));
    await seller.getByText(new RegExp(`New offer of ${euro(offerPrice).replace('.', '\\.')} on`)).waitFor();
    await header(seller).getByRole('button', { name: 'My account', exact: true }).waitFor();

    // The buyer comes back to the tab: the count is read on focus; Buy now puts it in the bag at the offer price.
    await focus(buyer);
    await header(buyer).getByRole('button', { name: 'My account, 1 notification' }).waitFor();
    // The piece's page shows the accepted offer and the time left to buy it.
    await buyer.goto(url(piece.href));
    const pending = buyer.getByRole('status').filter({ hasText: `The seller accepted your offer of ${euro(offerPrice)}` });
    await pending.getByRole('timer').waitFor();
    await buyer.goto(url('/user/offers'));
    const made = buyer.getByRole('region', { name: /Offers made/ }).getByRole('article', { name: piece.title });
    await made.getByText('Accepted').waitFor();
    await made.getByRole('timer', { name: /Time left/ }).waitFor();
    await made.getByRole('button', { name: `Buy now ${piece.title} at the offer price` }).click();
    const bag = buyer.getByRole('dialog', { name: 'Shopping bag (1)' });
    await bag.getByText(euro(offerPrice)).first().waitFor();
    await bag.getByText('Your accepted offer’s price.').waitFor();

    // The payment (as /payment makes it) charges the offer price.
    const paid = await buyer.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('accessToken') ?? 'null') as string;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const address = { first_name: 'Olivia', last_name: 'Offers', phone: '+351 912 345 678', address: 'Rua Augusta 10', zip_code: '1100-053', city: 'Lisboa', country: 'PT' };
      const quote = (await (await fetch('/api/checkout/quote', { method: 'POST', headers, body: JSON.stringify({ delivery_option: 'home' }) })).json()) as { subtotal: number; total: number };
      const response = await fetch('/api/checkout/payment', {
        method: 'POST',
        headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify({ delivery_option: 'home', address, total: quote.total, card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' } }),
      });
      return { subtotal: quote.subtotal, status: response.status, body: (await response.json()) as { status: string } };
    });
    expect(paid).toMatchObject({ subtotal: offerPrice, status: 200, body: { status: 'succeeded' } });

    await buyer.goto(url('/user/offers'));
    await buyer.getByRole('region', { name: /Offers made/ }).getByRole('article', { name: piece.title }).getByText('Bought at the offer price.').waitFor();
    // The acceptance is in the feed; opening it clears the badge.
    await buyer.goto(url('/user/notifications'));
    await buyer.getByText(new RegExp(`Your offer of ${euro(offerPrice).replace('.', '\\.')} on .* was accepted`)).waitFor();
    await header(buyer).getByRole('button', { name: 'My account', exact: true }).waitFor();
  }, 120_000);
});
