import type { Locator, Page } from 'playwright-core';
import { fillInAsGuest, mailedCode, placeOrderByHomeDelivery } from './shopper';
import { setUpJourney } from './journey';
import { expectSoon, soon } from './soon';

// Issue 26 ("Trust and honest prices") on the production build, real API and real Chromium: the
// price incl. Buyer Protection a product page shows (in its server HTML too) is the one-piece total
// before delivery in the checkout's order summary, each delivery option shows its price and the Pay
// button asks the summary's total; a guest who ordered twice with one e-mail creates an account
// from the second order (the e-mail already filled in), proves the e-mail by the mailed code, and
// finds both orders in it (the first added by a code mailed from the orders page: issue 41).

jest.setTimeout(240_000);

const journey = setUpJourney();
const url = (path: string) => `${journey.store.url}${path}`;

async function products(): Promise<{ path: string; productId: number; variantId: number }[]> {
  const answer = (await (await fetch(url('/api/products/listings/all?limit=0&id_brand=1'))).json()) as {
    products_listings: { product_id: number; product_variant_id: number }[];
  };
  return answer.products_listings.map((card) => ({
    path: `/product/${card.product_id}?variant=${card.product_variant_id}`,
    productId: card.product_id,
    variantId: card.product_variant_id,
  }));
}

/** The amount a term of the order summary shows (its <dd>), as the shopper reads it. */
const amountOf = (summary: Locator, term: string) => summary.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]').innerText();

async function addChosenPiece(page: Page, path: string): Promise<string> {
  await page.goto(url(path));
  const chosen = page.getByRole('region', { name: 'The chosen piece' });
  const allIn = chosen.getByText(/incl\. Buyer Protection$/);
  await allIn.waitFor();
  const amount = (await allIn.innerText()).replace(' incl. Buyer Protection', '');
  await chosen.getByRole('button', { name: /^Add to bag/ }).click();
  return amount;
}

async function continueAsGuest(page: Page, email: string) {
  await page.getByRole('dialog', { name: 'Shopping bag (1)' }).getByRole('button', { name: 'Go to checkout' }).click();
  await fillInAsGuest(page, journey.store.url, email);
}

describe('honest prices', () => {
  it('the all-in price on a product page equals the one-piece total before delivery, and the Pay button asks the summary’s total', async () => {
    const [first] = await products();
    // The server's HTML already says it (DESIGN §10: the first view arrives as HTML).
    const html = await (await fetch(url(first!.path))).text();
    expect(html).toMatch(/€\d+\.\d{2} incl\. Buyer Protection/);

    const page = await journey.open();
    const allIn = await addChosenPiece(page, first!.path);
    await continueAsGuest(page, `honest-${Date.now()}@example.com`);

    const summary = page.getByRole('region', { name: 'Order summary' });
    await soon(() => amountOf(summary, 'Total before delivery')).toBe(allIn);
    for (const fee of ['Processing fee', 'Verification fee']) await soon(() => amountOf(summary, fee)).toMatch(/^€\d+\.\d{2}$/);
    await soon(() => amountOf(summary, 'Total')).toBe('Choose a delivery option');
    // Each delivery option shows its price.
    const home = page.getByRole('radio', { name: /^Home delivery · €\d+\.\d{2}$/ });
    await home.waitFor();
    await expectSoon(page.getByRole('radio', { name: /^Pickup point · €\d+\.\d{2}$/ })).toBeVisible();
    await home.check();
    await soon(() => amountOf(summary, 'Total')).toMatch(/^€\d+\.\d{2}$/);
    const total = await amountOf(summary, 'Total');

    await page.getByRole('button', { name: 'Continue to review' }).click();
    await page.waitForURL(url('/review'));
    await expectSoon(page.getByRole('region', { name: 'Costs' }).getByText(total, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(url('/payment'));
    await expectSoon(page.getByRole('button', { name: `Pay ${total}` })).toBeVisible();
    await soon(() => amountOf(summary, 'Total')).toBe(total);
  });

  it('a guest who ordered twice with one e-mail creates an account from the second order, the e-mail filled in, and finds both orders in it', async () => {
    const catalogue = await products();
    const email = `twice-${Date.now()}@example.com`;
    // The first order, as the payment tab sends it.
    const product = (await (await fetch(url(`/api/products/${catalogue[1]!.productId}?variant=${catalogue[1]!.variantId}&id_brand=1`))).json()) as { listings: { listing_id: number }[] };
    const body = { delivery_option: 'home', cart: [product.listings[0]!.listing_id], email };
    const quote = (await (await fetch(url('/api/checkout/quote'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { total: number };
    const firstOrder = await fetch(url('/api/checkout/payment'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `honest-${Date.now()}` },
      body: JSON.stringify({
        ...body,
        total: quote.total,
        address: { first_name: 'Rita', last_name: 'Sousa', phone: '912345678', address: 'Rua Garrett 10', zip_code: '1200-203', city: 'Lisboa', country: 'PT' },
        card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
      }),
    });
    expect(firstOrder.status).toBe(200);
    const first = (await firstOrder.json()) as { order_number: string };

    // The second, in the page.
    const page = await journey.open();
    await addChosenPiece(page, catalogue[2]!.path);
    await continueAsGuest(page, email);
    const second = await placeOrderByHomeDelivery(page, journey.store.url);

    await page.getByRole('button', { name: 'Create an account' }).click();
    const register = page.getByRole('dialog', { name: 'Create your account' });
    await soon(() => register.getByLabel('Email address').inputValue()).toBe(email);
    await register.getByLabel('Name', { exact: true }).fill('Rita Sousa');
    await register.getByLabel('Password', { exact: true }).fill('Secret#123');
    await register.getByLabel('Confirm password').fill('Secret#123');
    await register.getByRole('button', { name: 'Create account' }).click();
    // The payment's token adds the order just paid, once the new account's e-mail is proven.
    const proof = await mailedCode(journey.store.dataDir, email, '/verify-email/');
    await page.getByRole('textbox', { name: 'Code from the e-mail' }).fill(proof);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('This order is now in your account.').waitFor();

    await page.getByRole('link', { name: 'See my orders' }).click();
    await page.waitForURL(url('/user/orders'));
    await expectSoon(page.getByText(second).first()).toBeVisible();
    // The earlier guest order joins by a code mailed to the (now proven) address.
    const claimAll = page.getByRole('region', { name: `Add the orders you placed as a guest with ${email}` });
    await claimAll.getByRole('button', { name: 'E-mail me a code' }).click();
    const code = await mailedCode(journey.store.dataDir, email, 'You asked to add the orders you placed as a guest');
    await claimAll.getByRole('textbox', { name: 'Code from the e-mail' }).fill(code);
    await claimAll.getByRole('button', { name: 'Add my orders' }).click();
    await claimAll.getByText(/^1 order was added to your account\.$/).waitFor();
    for (const number of [first.order_number, second]) await expectSoon(page.getByText(number).first()).toBeVisible();
  });
});
