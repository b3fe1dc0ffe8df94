import type { Page, Request } from 'playwright-core';
import { fillInAsGuest, payByCard, registerInPanel, sellerWithPieces } from './shopper';
import { setUpJourney } from './journey';

// What the browser asks the API for, counted: a guest's checkout from the bag's "Go to checkout" to
// the placed order, and one offer action (a buyer's offer; a seller's decline on /user/offers).
// The bag is priced once per change (its lines, the delivery choice, a discount code): no second
// cart/price, checkout/summary or checkout/quote asks about what one of them already answered; an
// offer action is its one POST, whose answer the page shows.

jest.setTimeout(180_000);

const journey = setUpJourney();
const url = (route: string) => `${journey.store.url}${route}`;

interface ApiRequest {
  method: string;
  path: string;
  body: string;
}

/** Every /api/ request the page makes from now on, with its body, until `stop`. */
function recordApi(page: Page) {
  const seen: ApiRequest[] = [];
  const listener = (request: Request) => {
    const { pathname, search } = new URL(request.url());
    if (!pathname.startsWith('/api/')) return;
    seen.push({ method: request.method(), path: `${pathname.slice('/api/'.length)}${search}`, body: request.postData() ?? '' });
  };
  page.on('request', listener);
  return {
    seen,
    stop: () => page.off('request', listener),
    /** The requests as `METHOD path`, in order. */
    lines: () => seen.map((request) => `${request.method} ${request.path}`),
  };
}

/** Lets the page's trailing requests (a count, a reload) go out before they are counted. */
const settle = (page: Page) => page.waitForLoadState('networkidle').then(() => page.waitForTimeout(500));

const pricing = new Set(['cart/price', 'checkout/summary', 'checkout/quote']);

describe('requests the browser makes', () => {
  it('a guest checkout prices the bag once per change', async () => {
    const seller = await sellerWithPieces(journey.store.url, { firstName: 'Rosa', lastName: 'Requests', prices: [40, 55], from: 2 });
    const page = await journey.open();
    for (const [index, piece] of seller.pieces.entries()) {
      await page.goto(url(piece.href));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('listitem').filter({ hasText: 'Listed by Rosa' }).first().getByRole('button', { name: /^Add to bag/ }).click();
      const bag = page.getByRole('dialog', { name: `Shopping bag (${index + 1})` });
      if (index < seller.pieces.length - 1) await bag.getByRole('button', { name: 'Continue shopping' }).click();
    }
    const bag = page.getByRole('dialog', { name: `Shopping bag (${seller.pieces.length})` });
    await bag.getByRole('button', { name: 'Go to checkout' }).waitFor();
    await settle(page);

    const api = recordApi(page);
    await bag.getByRole('button', { name: 'Go to checkout' }).click();
    await fillInAsGuest(page, journey.store.url, `requests-${Date.now()}@example.com`);
    await page.getByRole('radio', { name: /^Home delivery/ }).check();
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await page.waitForURL(url('/review'));
    await page.getByRole('region', { name: 'Costs' }).getByText('Total', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(url('/payment'));
    await payByCard(page);
    await page.waitForURL(url('/payment-sucess'));
    await page.getByText(/^Order number: \S+/).waitFor();
    await settle(page);
    api.stop();

    const priced = api.seen.filter((request) => pricing.has(request.path));
    console.log(
      [`guest checkout: ${api.seen.length} API requests, ${priced.length} of them pricing the bag`, ...api.lines().map((line) => `  ${line}`)].join('\n'),
    );
    // The same question (same call, same bag, same delivery choice) is never asked twice.
    const asked = priced.map((request) => `${request.path} ${request.body}`);
    expect(asked.filter((question, index) => asked.indexOf(question) !== index)).toEqual([]);
    expect(api.seen.filter((request) => request.path === 'checkout/payment')).toHaveLength(1);
  });

  it('an offer action is one request: a buyer makes an offer, the seller declines it', async () => {
    const seller = await sellerWithPieces(journey.store.url, { firstName: 'Otilia', lastName: 'Requests', prices: [70], from: 4 });
    const piece = seller.pieces[0]!;
    const buyer = await journey.open();
    await buyer.goto(url(piece.href));
    await buyer.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await registerInPanel(buyer, 'Bruno Requests', `requests-buyer-${Date.now()}@example.com`);
    await buyer.getByRole('banner').getByRole('button', { name: /^My account/ }).waitFor();
    const row = buyer.getByRole('listitem').filter({ hasText: 'Listed by Otilia' }).first();
    await row.getByRole('button', { name: /^Make an offer for/ }).click();
    const dialog = buyer.getByRole('dialog', { name: /^Make an offer for/ });
    await dialog.getByRole('textbox', { name: 'Your offer (€)' }).fill('60.00');
    await settle(buyer);

    const made = recordApi(buyer);
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await buyer.getByText('Your offer of €60.00 has been sent to the seller.').waitFor();
    // The page shows the offer from the POST's answer.
    await buyer.getByRole('status').filter({ hasText: '€60.00' }).waitFor();
    await settle(buyer);
    made.stop();
    console.log([`make an offer: ${made.seen.length} API requests`, ...made.lines().map((line) => `  ${line}`)].join('\n'));

    const sellerPage = await journey.open();
    await sellerPage.goto(url('/user/offers'));
    await sellerPage.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const panel = sellerPage.getByRole('dialog', { name: 'Sign in' });
    await panel.getByLabel('Email address').fill(seller.email);
    await panel.getByLabel('Password').fill('Secret#123');
    await panel.getByLabel('Password').press('Enter');
    const received = sellerPage.getByRole('region', { name: /Offers received/ }).getByRole('article', { name: piece.title });
    await received.getByText('Waiting for an answer').waitFor();
    await settle(sellerPage);

    const declined = recordApi(sellerPage);
    await received.getByRole('button', { name: `Decline the offer for ${piece.title}` }).click();
    await sellerPage.getByRole('alertdialog', { name: /^Decline the offer of/ }).getByRole('button', { name: 'Decline', exact: true }).click();
    await received.getByText('Declined').waitFor();
    await settle(sellerPage);
    declined.stop();
    console.log([`decline an offer: ${declined.seen.length} API requests`, ...declined.lines().map((line) => `  ${line}`)].join('\n'));

    expect(made.lines()).toEqual(['POST offers']);
    expect(declined.lines()).toEqual([expect.stringMatching(/^POST offers\/\d+\/decline$/)]);
  });
});
