import type { Page } from 'playwright-core';
import { setUpJourney } from './journey';
import { expectSoon, soon } from './soon';

// Intent kept, on the production build, real API and real Chromium: what a
// visitor starts — an offer, a wishlist heart, Sell, Go to checkout — goes on once they sign in, in
// the sign-in panel over the same page, without doing it again.

const journey = setUpJourney();
const url = (route: string) => `${journey.store.url}${route}`;
const header = (page: Page) => page.getByRole('banner');
const euro = (value: number) => `€${value.toFixed(2)}`;
const PASSWORD = 'Intent#2026';

/** A new account, made through the API: the visitor signs in to it in the panel. */
async function account(): Promise<string> {
  const email = `intent-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const response = await fetch(url('/api/customers/signin'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Inês', last_name: 'Intent', EmailAddress: email, password: PASSWORD, cart: [], id_brand: 1 }),
  });
  expect(response.status).toBe(200);
  return email;
}

/** Signs in in the panel the store opened (it must be open already). */
async function signInInPanel(page: Page, email: string) {
  const panel = page.getByRole('dialog', { name: 'Sign in' });
  await panel.getByLabel('Email address').fill(email);
  await panel.getByLabel('Password').fill(PASSWORD);
  await panel.getByLabel('Password').press('Enter');
  await header(page).getByRole('button', { name: /^My account/ }).waitFor();
}

/** A piece of the demo seller (the brand's sample customer), not one of the shopper's. */
async function martasPieces() {
  const brand = (await (await fetch(url('/api/brands/details?id_brand=1'))).json()) as { customerID: number };
  const vendor = (await (await fetch(url(`/api/vendors/${brand.customerID}?id_brand=1`))).json()) as {
    listings: { listing_id: number; product_id: number; product_variant_id: number; price: number; title: string }[];
  };
  return vendor.listings.map((piece) => ({ ...piece, href: `/product/${piece.product_id}?variant=${piece.product_variant_id}&listing=${piece.listing_id}` }));
}

const rowOf = (page: Page, price: number) => page.getByRole('listitem').filter({ hasText: 'Listed by Marta' }).filter({ hasText: euro(price) }).first();

describe('intent kept across sign-in', () => {
  it('a visitor’s offer: typed, sign-in asked, and after signing in the dialog is open again with the amount; sent, the piece shows it pending with its countdown', async () => {
    const email = await account();
    const piece = (await martasPieces())[1]!;
    const offerPrice = Math.ceil(piece.price * 75) / 100;
    const page = await journey.open();
    await page.goto(url(piece.href));
    const row = rowOf(page, piece.price);
    await row.getByRole('button', { name: /^Make an offer for/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Make an offer for/ });
    const amount = dialog.getByRole('textbox', { name: 'Your offer (€)' });
    await amount.fill(offerPrice.toFixed(2).replace('.', ','));
    await dialog.getByRole('button', { name: 'Sign in to send' }).click();

    await signInInPanel(page, email);
    await soon(() => amount.inputValue()).toBe(offerPrice.toFixed(2).replace('.', ','));
    await soon(() => page.url()).toBe(url(piece.href));
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await page.getByText(`Your offer of ${euro(offerPrice)} has been sent to the seller.`).waitFor();

    const pending = row.getByRole('status');
    await pending.getByText(`Your offer of ${euro(offerPrice)} is waiting for the seller’s answer.`).waitFor();
    await pending.getByRole('timer').getByText(/^Expires in (1d 23h|2d 0h)$/).waitFor();
    await expectSoon(row.getByRole('button', { name: /^Make an offer for/ })).toHaveCount(0);
    // Still there after a reload: it comes from the API, not from the page's memory.
    await page.reload();
    await rowOf(page, piece.price).getByRole('status').getByText(`Your offer of ${euro(offerPrice)} is waiting for the seller’s answer.`).waitFor();
  }, 90_000);

  it('a visitor’s wishlist heart: saved once signed in', async () => {
    const email = await account();
    const piece = (await martasPieces())[2]!;
    const page = await journey.open();
    await page.goto(url(piece.href));
    const row = rowOf(page, piece.price);
    await row.getByRole('button', { name: /^Save .* to your wishlist$/ }).click();
    await signInInPanel(page, email);
    const heart = row.getByRole('button', { name: /^Remove .* from your wishlist$/ });
    await soon(() => heart.getAttribute('aria-pressed')).toBe('true');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('accessToken') ?? 'null') as string);
    const saved = (await (await fetch(url('/api/customers/wishlist'), { headers: { authorization: `Bearer ${token}` } })).json()) as unknown[];
    expect(saved).toHaveLength(1);
  }, 90_000);

  it('a visitor’s Sell: lands in the selling form once signed in', async () => {
    const email = await account();
    const page = await journey.open();
    await page.goto(url('/all'));
    await header(page).getByRole('button', { name: 'Sell' }).click();
    await signInInPanel(page, email);
    // The selling form sends a new seller through onboarding first (payout details): the selling flow.
    await soon(() => new URL(page.url()).pathname).toMatch(/^\/user\/(onboarding|submit-item-2hand)$/);
    await page.getByRole('main').getByRole('heading').first().waitFor();
  }, 90_000);

  it('a visitor’s Go to checkout: lands at checkout with the bag once signed in', async () => {
    const email = await account();
    const piece = (await martasPieces())[3]!;
    const page = await journey.open();
    await page.goto(url(piece.href));
    await rowOf(page, piece.price).getByRole('button', { name: /^Add to bag/ }).click();
    const bag = page.getByRole('dialog', { name: 'Shopping bag (1)' });
    await bag.getByRole('button', { name: 'Go to checkout' }).click();
    await signInInPanel(page, email);
    await page.waitForURL(url('/checkout'));
    await page.getByRole('main').getByText(piece.title).first().waitFor();
  }, 90_000);

  it('closing the panel without signing in drops the intent: a later sign-in stays on the page', async () => {
    const email = await account();
    const page = await journey.open();
    await page.goto(url('/all'));
    await header(page).getByRole('button', { name: 'Sell' }).click();
    await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Close' }).click();
    await header(page).getByRole('button', { name: 'Sign in' }).click();
    await signInInPanel(page, email);
    await soon(() => new URL(page.url()).pathname).toBe('/all');
  }, 90_000);
});
