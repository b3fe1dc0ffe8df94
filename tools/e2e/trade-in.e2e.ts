import { randomUUID } from 'node:crypto';
import { setUpJourney } from './journey';
import { apiCall, mailedCode, signIn } from './shopper';
import { expectSoon, soon } from './soon';
import { signInAsStaff } from './staff';

// Trade-in for boosted credit (issue 48) on the production build, real API and real Chromium: on the
// brand's order page a signed-in customer chooses "Trade it in" on a piece, sees the brand's instant
// offer, accepts main-shop credit with the bonus and gets the prepaid label; support marks the parcel
// received at the hub and confirms the price in the back office; the customer finds the main-shop
// code in their account and spends it at the main shop; the piece is on sale as the brand's. The demo
// store checks pieces at its hub and has the demo's price table (clothing at 30 % of the original price).

const journey = setUpJourney();
const url = (route: string) => `${journey.store.url}${route}`;
const call = <T>(method: string, route: string, options?: Parameters<typeof apiCall>[3]) => apiCall<T>(journey.store.url, method, route, options);

/** A new customer with a proven e-mail (the mailed code), as the sign-up panel and the notice make one. */
async function provenCustomer() {
  const email = `trade-in-${randomUUID().slice(0, 8)}@example.com`;
  const answer = await call<{ Customer: { token: string } }>('POST', 'customers/signin', {
    body: { first_name: 'Teresa', last_name: 'Trade', EmailAddress: email, password: 'Secret#123', cart: [], id_brand: 1 },
  });
  const code = await mailedCode(journey.store.dataDir, email, '/verify-email/');
  await call('POST', 'customers/verification/confirm', { token: answer.Customer.token, body: { code } });
  return { email };
}

/** The listing `id` wherever the product's answer holds it (its sizes' listings). */
function findListing(value: unknown, id: number): unknown {
  if (Array.isArray(value)) return value.map((item) => findListing(item, id)).find(Boolean);
  if (value && typeof value === 'object') {
    if ((value as { listing_id?: unknown }).listing_id === id) return value;
    return Object.values(value).map((item) => findListing(item, id)).find(Boolean);
  }
  return undefined;
}

describe('trade-in from the main shop', () => {
  it('a customer trades a piece in from the order page for boosted credit, the hub confirms it, and the code is spent at the main shop', async () => {
    const customer = await provenCustomer();
    const page = await journey.open({ width: 1280, height: 900 });
    await page.goto(url('/'));
    await signIn(page, customer.email);

    // The brand's order page: "Trade it in" beside "Resell this", the offer before committing.
    await page.goto(url('/main-shop/order.html'));
    const dress = page.getByRole('list', { name: 'Pieces in this order' }).getByRole('listitem').filter({ hasText: 'Linen wrap dress' });
    await dress.getByRole('button', { name: 'Trade it in' }).click();
    await dress.getByRole('combobox', { name: 'Its condition' }).selectOption({ label: 'Like new' });
    const credit = dress.getByRole('radio', { name: /^€[\d.]+ as main-shop credit \(incl\. €[\d.]+ bonus\)$/ });
    await soon(() => credit.isChecked()).toBe(true);
    await expectSoon(dress.getByRole('radio', { name: /^€[\d.]+ paid to your wallet/ })).toBeVisible();
    const offered = /^€([\d.]+) as main-shop credit \(incl\. €([\d.]+) bonus\)$/.exec((await dress.locator('label').filter({ hasText: 'as main-shop credit' }).innerText()).trim())!;
    const [creditAmount, bonus] = [Number(offered[1]), Number(offered[2])];
    expect(bonus).toBeGreaterThan(0);
    await dress.getByRole('button', { name: 'Accept the offer' }).click();
    const accepted = dress.getByRole('heading', { name: /^Trade-in TI-[A-Z2-9]{8} accepted$/ });
    await accepted.waitFor();
    const number = /TI-[A-Z2-9]{8}/.exec(await accepted.innerText())![0];
    // The prepaid label to the hub, downloaded as a PDF.
    const [download] = await Promise.all([page.waitForEvent('download'), dress.getByRole('button', { name: 'Download the label' }).click()]);
    expect(download.suggestedFilename()).toBe(`trade-in-${number}.pdf`);

    // The hub: support marks the parcel received and confirms the price, which pays the customer.
    const hub = await journey.open({ width: 1280, height: 900 });
    await signInAsStaff(hub, journey.store.url, 'support', '/backoffice/trade-ins');
    await hub.getByRole('heading', { level: 1, name: 'Trade-ins' }).waitFor();
    const onItsWay = hub.getByRole('listitem', { name: number });
    await onItsWay.getByRole('button', { name: 'Mark received' }).click();
    await hub.getByRole('navigation', { name: 'Trade-ins by state' }).getByRole('link', { name: 'At the hub' }).click();
    const atHub = hub.getByRole('listitem', { name: number });
    await atHub.getByRole('button', { name: `Confirm €${creditAmount.toFixed(2)} and pay` }).click();
    await hub.getByRole('navigation', { name: 'Trade-ins by state' }).getByRole('link', { name: 'Paid' }).click();
    const paid = hub.getByRole('listitem', { name: number });
    const listingId = Number(/listing (\d+)/.exec(await paid.getByText(/On sale as the brand’s listing \d+/).innerText())![1]);
    const productId = /product (\d+)-\d+/.exec(await paid.getByText(/product \d+-\d+/).innerText())![1];

    // The customer's account: the trade-in paid, with its main-shop code.
    await page.goto(url('/user/trade-ins'));
    const mine = page.getByRole('listitem', { name: new RegExp(number) });
    await mine.getByText('Paid', { exact: true }).waitFor();
    const code = (await mine.getByText(/^PL-[A-Z2-9]{12}$/).innerText()).trim();

    // The main shop: the code checked and used once, worth the credit with its bonus.
    await page.goto(url('/main-shop/'));
    await page.getByRole('textbox', { name: 'Discount code' }).fill(code);
    await page.getByRole('button', { name: 'Check code' }).click();
    await page.getByText(`Code ${code}: €${creditAmount.toFixed(2)} off your order. Active.`).waitFor();
    await page.getByRole('button', { name: 'Use code on this order' }).click();
    await page.getByText(`Code ${code} used: €${creditAmount.toFixed(2)} off your order. The code is now inactive.`).waitFor();
    await page.goto(url('/user/trade-ins'));
    await mine.getByText('(used)').waitFor();

    // The piece is on sale as the brand's, beside the peer listings of its product (as the product page reads it).
    const { variants } = await call<{ variants: { product_variant_id: number; O1Child: string }[] }>('GET', `products/${productId}?id_brand=1`);
    const ecru = variants.find((variant) => variant.O1Child === 'Ecru')!;
    const product = await call<unknown>('GET', `products/${productId}?id_brand=1&variant=${ecru.product_variant_id}&listing=${listingId}`);
    expect(findListing(product, listingId)).toMatchObject({ listing_id: listingId, trader: { brand: true } });
  });
});
