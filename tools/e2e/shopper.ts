import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { solidPng as png } from '../test-support/png';

// What a shopper does in many journeys, written once: sign up, find a product, check out as a
// guest, pay by card. Each step acts as a shopper does (labels, roles, names), as the journeys do.

/** From the open sign-in panel: the "New here" tab, the new account's details, "Create account". */
export async function registerInPanel(page: Page, name: string, email: string, password = 'Secret#123'): Promise<void> {
  await page.getByRole('dialog', { name: 'Sign in' }).getByRole('tab', { name: 'New here' }).click();
  const register = page.getByRole('dialog', { name: 'Create your account' });
  await register.getByLabel('Name', { exact: true }).fill(name);
  await register.getByLabel('Email address').fill(email);
  await register.getByLabel('Password', { exact: true }).fill(password);
  await register.getByLabel('Confirm password').fill(password);
  await register.getByRole('button', { name: 'Create account' }).click();
}

/** Signs in from the header's "Sign in" with an e-mail and password; done once "My account" shows. */
export async function signIn(page: Page, email: string, password = 'Secret#123'): Promise<void> {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Sign in' }).click();
  const panel = page.getByRole('dialog', { name: 'Sign in' });
  await panel.getByLabel('Email address').fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.getByLabel('Password').press('Enter');
  await header.getByRole('button', { name: /^My account/ }).waitFor();
}

/** A new account made from the header's "Sign in", signed in once "My account" shows. */
export async function signUp(page: Page, name: string, email: string): Promise<void> {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Sign in' }).click();
  await registerInPanel(page, name, email);
  await header.getByRole('button', { name: 'My account' }).waitFor();
}

/** The first product with a listing, as the catalogue lists it: its page's path. */
export async function firstProductPath(storeUrl: string): Promise<string> {
  const answer = (await (await fetch(`${storeUrl}/api/products/listings/all?limit=0&id_brand=1`)).json()) as {
    products_listings: { product_id: number; product_variant_id: number }[];
  };
  const card = answer.products_listings[0]!;
  return `/product/${card.product_id}?variant=${card.product_variant_id}`;
}

/** From the bag's "Go to checkout": continue as a guest and fill in who and where (a Lisbon address). */
export async function fillInAsGuest(page: Page, storeUrl: string, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await page.waitForURL(`${storeUrl}/checkout`);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await fillInDeliveryAddress(page, { firstName: 'Rita', lastName: 'Sousa' });
}

/** The checkout's delivery fields: the shopper's name and an address in Lisbon. */
export async function fillInDeliveryAddress(page: Page, { firstName, lastName }: { firstName: string; lastName: string }): Promise<void> {
  await page.getByRole('textbox', { name: 'First name' }).fill(firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  await page.getByRole('textbox', { name: 'Phone' }).fill('912345678');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('Rua Garrett 10');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('1200-203');
  await page.getByRole('textbox', { name: 'City' }).fill('Lisboa');
}

/** On /payment: a card's details, then "Pay …". */
export async function payByCard(page: Page, card = '4242 4242 4242 4242'): Promise<void> {
  await page.getByRole('textbox', { name: 'Card number' }).fill(card);
  await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/**
 * From the delivery step to the order's number: home delivery, review, payment by card, and the
 * success page's "Order number: …".
 */
export async function placeOrderByHomeDelivery(page: Page, storeUrl: string): Promise<string> {
  await page.getByRole('radio', { name: /^Home delivery/ }).check();
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await page.waitForURL(`${storeUrl}/review`);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(`${storeUrl}/payment`);
  await payByCard(page);
  await page.waitForURL(`${storeUrl}/payment-sucess`);
  const numberText = page.getByText(/^Order number: \S+/);
  await numberText.waitFor();
  return (await numberText.innerText()).replace('Order number: ', '').trim();
}

/**
 * The 6-digit code of the newest mail to `to` in a store's outbox whose text has `marker`, waiting
 * for it (mails leave after the commit; without SMTP_URL they are .eml files under DATA_DIR/outbox).
 */
export async function mailedCode(dataDir: string, to: string, marker: string): Promise<string> {
  const folder = path.join(dataDir, 'outbox');
  for (let tries = 0; tries < 150; tries += 1) {
    const names = (await readdir(folder).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const mail = (await readFile(path.join(folder, name), 'utf8')).replace(/=\r?\n/g, '');
      const code = mail.includes(to) && mail.includes(marker) ? /Your code: (\d{6})/.exec(mail)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} with "${marker}" in the outbox`);
}

/** A signed-in shopper confirms the account's e-mail in the notice of a /user page, with the mailed code. */
export async function confirmEmail(page: Page, dataDir: string, email: string): Promise<void> {
  const notice = page.getByRole('region', { name: 'Confirm your e-mail address' });
  await notice.getByRole('textbox', { name: 'Code from the e-mail' }).fill(await mailedCode(dataDir, email, '/verify-email/'));
  await notice.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('main').getByText('Your e-mail address is confirmed.').waitFor();
}

/** The step-up dialog a money move opens: the account's password, then Confirm. */
export async function confirmItsMe(page: Page, password = 'Secret#123'): Promise<void> {
  const stepUp = page.getByRole('dialog', { name: 'For your safety, confirm it’s you' });
  await stepUp.getByLabel('Password').fill(password);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
}

interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A call to the store's API as the pages make it (a JSON or image body, the shopper's token); a refusal throws with its answer. */
export async function apiCall<T>(storeUrl: string, method: string, route: string, { token, body, headers = {} }: CallOptions = {}): Promise<T> {
  const response = await fetch(`${storeUrl}/api/${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A guest (another buyer) buys these pieces through the API, delivered home in Lisbon, with the test card. */
export async function guestBuys(storeUrl: string, listingIds: number[]): Promise<void> {
  const order = { delivery_option: 'home', cart: listingIds };
  const { total } = await apiCall<{ total: number }>(storeUrl, 'POST', 'checkout/quote', { body: order });
  const address = { first_name: 'Other', last_name: 'Buyer', phone: '912345678', address: 'Rua Augusta 10', address2: '', zip_code: '1100-053', city: 'Lisboa', country: 'PT' };
  const paid = await apiCall<{ status: string }>(storeUrl, 'POST', 'checkout/payment', {
    headers: { 'idempotency-key': randomUUID() },
    body: { ...order, address, email: `other-${Date.now()}@example.com`, total, card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' } },
  });
  if (paid.status !== 'succeeded') throw new Error(`the guest's payment ${paid.status}`);
}

/** A piece a journey's own seller listed: its listing, title, price and product page. */
export interface ListedPiece {
  id: number;
  title: string;
  price: number;
  href: string;
}

/**
 * A new seller of the journey's own, signed up and listing one piece of each of `prices.length`
 * products (of different titles, from the catalogue's `from`-th on) through the API, as the seller's
 * pages do. A journey that runs on a store other files used (tools/e2e/shared-store.ts) counts what
 * happens to its own seller, not to the demo's, whose offers, sales and feed the other files change.
 */
export async function sellerWithPieces(
  storeUrl: string,
  { firstName, lastName, prices, from = 0 }: { firstName: string; lastName: string; prices: number[]; from?: number },
): Promise<{ email: string; token: string; pieces: ListedPiece[]; edit(piece: ListedPiece, price: number): Promise<void> }> {
  const call = <T>(method: string, route: string, options?: CallOptions) => apiCall<T>(storeUrl, method, route, options);
  const email = `${firstName.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const signup = await call<{ Customer: { token: string } }>('POST', 'customers/signin', {
    body: { first_name: firstName, last_name: lastName, EmailAddress: email, password: 'Secret#123', cart: [], id_brand: 1 },
  });
  const token = signup.Customer.token;
  const photos: string[] = [];
  for (const colour of [[180, 40, 60], [40, 60, 180]] as [number, number, number][]) {
    photos.push((await call<{ url: string }>('POST', 'seller/photos', { token, body: png(600, 750, colour), headers: { 'content-type': 'image/png' } })).url);
  }
  const cards = await call<{ products_listings: { product_id: number; product_variant_id: number; title: string }[] }>('GET', 'products/listings/all?limit=0&id_brand=1');
  // Products of different titles, so each piece is found by its own title.
  const chosen = cards.products_listings.filter((card, index, all) => all.findIndex((other) => other.title === card.title) === index).slice(from, from + prices.length);
  const pieces: ListedPiece[] = [];
  const bodies = new Map<number, Record<string, unknown>>();
  for (const [index, card] of chosen.entries()) {
    const product = await call<{ product: { title: string }; listings: { product_child_id: number }[] }>('GET', `products/${card.product_id}?variant=${card.product_variant_id}&id_brand=1`);
    const body = { product_child_id: product.listings[0]!.product_child_id, condition_id: 2, comment: 'Worn once.', photos, price: prices[index], min_price: 20, smart_pricing: false };
    const listing = await call<{ id: number }>('POST', 'seller/listings', { token, body });
    bodies.set(listing.id, body);
    pieces.push({ id: listing.id, title: product.product.title, price: prices[index]!, href: `/product/${card.product_id}?variant=${card.product_variant_id}&listing=${listing.id}` });
  }
  const edit = async (piece: ListedPiece, price: number) => {
    await call('PUT', `seller/listings/${piece.id}`, { token, body: { ...bodies.get(piece.id), price } });
  };
  return { email, token, pieces, edit };
}
