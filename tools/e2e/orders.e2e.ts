import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { firstProductPath, signUp as signUpAs } from './shopper';
import { setUpJourney } from './journey';
import { expectSoon } from './soon';

// The account side of an order on the production build, real API and real Chromium: a new customer
// adds an address in the address book, buys a piece (the bag through the product page; the payment
// through the API's own call from the page, with the stored token and the 4242 test card), finds
// the order in /user/orders, opens it, and the seller's sale mail with the label PDF is in the
// store's outbox (no SMTP_URL: the mailer writes .eml files under DATA_DIR/outbox).

const journey = setUpJourney();
let page: Page;
const url = (route: string) => `${journey.store.url}${route}`;

async function signUp(email: string): Promise<void> {
  await signUpAs(page, 'Olga Orders', email);
}

/** A product with a listing, as the catalogue lists it. */
const aProduct = () => firstProductPath(journey.store.url);

/** The payment as /payment makes it: quote, then pay with an idempotency key, from the page with its token. */
function payFromPage(addressId: number): Promise<{ status: number; body: { status: string; order_id: number; order_number: string } }> {
  return page.evaluate(async (address_id) => {
    const token = JSON.parse(localStorage.getItem('accessToken') ?? 'null') as string;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const quote = (await (await fetch('/api/checkout/quote', { method: 'POST', headers, body: JSON.stringify({ delivery_option: 'home' }) })).json()) as { total: number };
    const response = await fetch('/api/checkout/payment', {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({
        delivery_option: 'home',
        address_id,
        total: quote.total,
        card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123', name: 'Olga Orders' },
      }),
    });
    return { status: response.status, body: await response.json() };
  }, addressId);
}

/** The sale mails in the store's outbox, as raw .eml text. */
async function outboxMails(): Promise<string[]> {
  const folder = path.join(journey.store.dataDir, 'outbox');
  const names = await readdir(folder).catch(() => [] as string[]);
  return Promise.all(names.map((name) => readFile(path.join(folder, name), 'utf8')));
}

describe('orders in the account', () => {
  it('a customer adds an address, buys a piece with the test card, finds and opens the order, and the seller has the label mail', async () => {
    page = await journey.open();
    const email = `orders-${Date.now()}@example.com`;
    await page.goto(url('/user/addresses'));
    await signUp(email);

    // The address book: empty at first, then the new address as the default.
    await page.getByRole('heading', { name: "You haven't added an address yet." }).waitFor();
    await page.getByRole('button', { name: 'Add an address' }).click();
    await page.getByRole('button', { name: 'Save address' }).click();
    await expectSoon(page.getByText('Please enter your ZIP code.')).toBeVisible();
    await page.getByLabel('First name').fill('Olga');
    await page.getByLabel('Last name').fill('Orders');
    await page.getByLabel('Phone').fill('+351 912 345 678');
    await page.getByLabel('Address', { exact: true }).fill('Rua Augusta 10');
    await page.getByLabel('ZIP code').fill('1100-053');
    await page.getByLabel('City').fill('Lisboa');
    await page.getByRole('button', { name: 'Save address' }).click();
    const card = page.getByRole('listitem', { name: 'Olga Orders' });
    await card.getByText('Default').waitFor();
    await expectSoon(card.getByText('Portugal')).toBeVisible();

    // A piece in the bag from its product page.
    await page.goto(url(await aProduct()));
    const title = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
    await page.getByRole('listitem').filter({ hasText: 'Listed by' }).first().getByRole('button', { name: /^Add to bag/ }).click();
    await page.getByRole('dialog', { name: 'Shopping bag (1)' }).getByRole('link', { name: title }).waitFor();

    const addresses = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('accessToken') ?? 'null') as string;
      return (await (await fetch('/api/customers/addresses', { headers: { authorization: `Bearer ${token}` } })).json()) as { addresses: { id: number }[] };
    });
    const paid = await payFromPage(addresses.addresses[0]!.id);
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('succeeded');
    const number = paid.body.order_number;

    // /user/orders lists it; the order page shows it in full.
    await page.goto(url('/user/orders'));
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Order ${number}` }) });
    await row.getByText('Paid').waitFor();
    await expectSoon(row.getByText('Expected delivery')).toBeVisible();
    await expectSoon(row.getByText('Not shipped yet')).toBeVisible();
    await row.getByRole('link', { name: `Order ${number}` }).click();
    // The list names each order by a heading too: the order page is the one at the order's address.
    await page.waitForURL(url(`/user/orders/${paid.body.order_id}`));
    await page.getByRole('main').getByRole('heading', { name: `Order ${number}`, exact: true }).waitFor();
    await expectSoon(page.getByText(title).first()).toBeVisible();
    await expectSoon(page.getByRole('region', { name: 'Delivery address' }).getByText('Rua Augusta 10')).toBeVisible();
    await expectSoon(page.getByText('Visa ending in 4242', { exact: false })).toBeVisible();
    await expectSoon(page.getByText('You can rate this purchase once you have received it.')).toBeVisible();

    // Someone else's (or no) order: a not-found state inside the account frame.
    await page.goto(url('/user/orders/999999'));
    await page.getByRole('heading', { name: 'Order not found' }).waitFor();

    // Not delivered yet: /review-order says why it cannot be rated.
    await page.goto(url(`/review-order/${paid.body.order_id}`));
    await page.getByRole('heading', { name: 'You can rate this purchase once it is delivered.' }).waitFor();

    // The seller's sale mail, with the label, goes out after the order commits.
    let sale: string | undefined;
    for (let tries = 0; tries < 50 && !sale; tries += 1) {
      sale = (await outboxMails()).find((mail) => mail.includes(`label-${number}-`));
      if (!sale) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(sale).toBeDefined();
    expect(sale).toMatch(/Content-Type: application\/pdf/i);
    expect(sale).not.toContain(`To: ${email}`);
  });
});
