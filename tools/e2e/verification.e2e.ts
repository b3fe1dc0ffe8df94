import type { Page } from 'playwright-core';
import { setUpJourney } from './journey';
import { fillInDeliveryAddress, placeOrderByHomeDelivery, sellerWithPieces, signIn, signUp, type ListedPiece } from './shopper';
import { codeNow, mailText, signInAsStaff } from './staff';
import { expectSoon } from './soon';

// Verification that happens (issue 48) on the production build, real API and real Chromium, in the
// demo's hub mode (VERIFICATION_MODE=hub, the test carrier): a shopper buys two pieces of two sellers
// in one order; each seller ships from the sales page, to the hub; a support agent of the back office
// marks both parcels received, passes one piece with its checklist ticked and fails the other with a
// written report (its refund is above the step-up threshold: the authenticator's code again). The
// buyer's order page shows the pass and the failure with its report and its refund, the sellers' sales
// pages their own; each party is mailed; finance's ledger audit says every cent is accounted for.
// The file has its own store: it counts the hub's queue and the ledger as one journey leaves them.

jest.setTimeout(300_000);

const journey = setUpJourney({ env: () => ({ VERIFICATION_MODE: 'hub' }) });
const url = (path: string) => `${journey.store.url}${path}`;
const REPORT = 'The lining is torn at the left seam and the brand label is cut out: neither shows in the listing photos.';
const TRACKING = { pass: 'RR123456785PT', fail: 'RR876543216PT' };

/** A seller signs in on the sales page and marks the sale of `number` shipped with the tracking number on the hub's label. */
async function ship(page: Page, email: string, number: string, tracking: string): Promise<void> {
  await page.goto(url('/user/sales'));
  await signIn(page, email);
  const sale = page.getByRole('article', { name: `Order ${number}` });
  await expectSoon(sale.getByText(/^Verification: Send this package to our verification hub/)).toBeVisible();
  const form = page.getByRole('form', { name: `Ship order ${number}` });
  await form.getByRole('textbox', { name: 'Tracking number' }).fill(tracking);
  await form.getByRole('button', { name: 'Mark as shipped' }).click();
  await form.waitFor({ state: 'detached' });
}

/** From the queue's "On the way": the parcel of `number` from `seller`, marked received at the hub. */
async function receive(page: Page, number: string, seller: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('link', { name: 'Verification' }).click();
  await page.getByRole('link', { name: 'On the way' }).click();
  await page.getByRole('link', { name: `Open the parcel of order ${number} from ${seller}` }).click();
  await page.getByRole('heading', { level: 1, name: `Order ${number}: parcel from ${seller}` }).waitFor();
  await page.getByRole('button', { name: 'Mark received' }).click();
  await page.getByRole('button', { name: 'Send the decision' }).waitFor();
}

/** The code of the authenticator's next 30-s step after `since` (a code works once: the sign-in's is spent). */
async function freshCode(since: number): Promise<string> {
  const step = (at: number) => Math.floor(at / 30_000);
  while (step(Date.now()) <= step(since)) await new Promise((resolve) => setTimeout(resolve, 500));
  return codeNow('support');
}

describe('verification at the brand’s hub', () => {
  it('a piece passes the hub’s check and another fails it with a report: both parties see and are mailed it, the buyer is refunded, the ledger balances', async () => {
    const passer = await sellerWithPieces(journey.store.url, { firstName: 'Paula', lastName: 'Pass', prices: [45] });
    const failer = await sellerWithPieces(journey.store.url, { firstName: 'Filipe', lastName: 'Fail', prices: [120], from: 3 });
    const kept: ListedPiece = passer.pieces[0]!;
    const faulty: ListedPiece = failer.pieces[0]!;

    // The shopper buys both pieces in one order: one package from each seller.
    const buyer = await journey.open();
    const buyerEmail = `hub-buyer-${Date.now()}@example.com`;
    await buyer.goto(url(kept.href));
    await signUp(buyer, 'Beatriz Buyer', buyerEmail);
    for (const [index, piece] of [kept, faulty].entries()) {
      if (index > 0) await buyer.goto(url(piece.href));
      await buyer.getByRole('region', { name: 'The chosen piece' }).getByRole('button', { name: /^Add to bag/ }).click();
      const bag = buyer.getByRole('dialog', { name: `Shopping bag (${index + 1})` });
      await bag.getByRole('button', { name: index === 0 ? 'Continue shopping' : 'Go to checkout' }).click();
    }
    await buyer.waitForURL(url('/checkout'));
    await fillInDeliveryAddress(buyer, { firstName: 'Beatriz', lastName: 'Buyer' });
    const number = await placeOrderByHomeDelivery(buyer, journey.store.url);

    // Each seller ships from the sales page, to the hub.
    for (const [seller, tracking] of [[passer, TRACKING.pass], [failer, TRACKING.fail]] as const) {
      await ship(await journey.open(), seller.email, number, tracking);
    }

    // A support agent marks the first parcel received, ticks every check of its piece and passes it.
    const staff = await journey.open({ width: 1280, height: 900 });
    await signInAsStaff(staff, journey.store.url, 'support', '/backoffice/verification');
    const signedInAt = Date.now();
    await staff.getByRole('heading', { level: 1, name: 'Verification' }).waitFor();
    await receive(staff, number, 'Paula');
    const passing = staff.getByRole('article', { name: kept.title });
    await passing.getByRole('radio', { name: 'Pass' }).check();
    await staff.getByRole('button', { name: 'Send the decision' }).click();
    // A pass is a check made: every check ticked first.
    await expectSoon(passing.getByText('Tick every check before passing the piece, or fail it with a report.')).toBeVisible();
    const checks = passing.getByRole('group', { name: 'Checks' }).getByRole('checkbox');
    await expectSoon(checks).not.toHaveCount(0);
    for (const check of await checks.all()) await check.check();
    await staff.getByRole('button', { name: 'Send the decision' }).click();
    await expectSoon(staff.getByRole('link', { name: 'Label to the buyer (PDF)' })).toBeVisible();
    await expectSoon(staff.getByRole('article', { name: kept.title }).getByText('Passed', { exact: true })).toBeVisible();
    const labelHref = await staff.getByRole('link', { name: 'Label to the buyer (PDF)' }).getAttribute('href');
    const label = await staff.request.get(url(labelHref ?? ''));
    expect([label.status(), label.headers()['content-type']]).toEqual([200, 'application/pdf']);

    // The second parcel: its piece fails with a report; its refund (above €100) asks for the code again.
    await receive(staff, number, 'Filipe');
    const failing = staff.getByRole('article', { name: faulty.title });
    await failing.getByRole('radio', { name: 'Fail' }).check();
    await staff.getByRole('button', { name: 'Send the decision' }).click();
    await expectSoon(failing.getByText('Write the report the buyer and the seller will read: what does not match the listing.')).toBeVisible();
    await failing.getByRole('textbox', { name: /^Report/ }).fill(REPORT);
    await staff.getByRole('button', { name: 'Send the decision' }).click();
    const code = staff.getByRole('textbox', { name: 'Authenticator code' });
    await expectSoon(staff.getByText('Type the six-digit code your authenticator app shows now.')).toBeVisible();
    await code.fill(await freshCode(signedInAt));
    await staff.getByRole('button', { name: 'Send the decision' }).click();
    await expectSoon(staff.getByRole('link', { name: 'Return label to the seller (PDF)' })).toBeVisible();
    const failed = staff.getByRole('article', { name: faulty.title });
    await expectSoon(failed.getByText(REPORT)).toBeVisible();
    const refundText = await failed.getByText(/Refunded €\d+\.\d\d/).innerText();
    const refund = /€\d+\.\d\d/.exec(refundText)![0];
    // The piece and its share of the fees: more than its price.
    expect(Number(refund.slice(1))).toBeGreaterThan(faulty.price);

    // The buyer's order page: the pass, the failure with its report, and the refund.
    await buyer.goto(url('/user/orders'));
    await buyer.getByRole('link', { name: `Order ${number}` }).click();
    const passedPackage = buyer.getByRole('region', { name: /^Package \d from Paula/ });
    const failedPackage = buyer.getByRole('region', { name: /^Package \d from Filipe/ });
    await expectSoon(passedPackage.getByText(/^Verification: Checked at our hub on .* and on its way to you\. Tracking number: PLH\d{9}\./)).toBeVisible();
    await expectSoon(passedPackage.getByText('Passed our check', { exact: true })).toBeVisible();
    await expectSoon(failedPackage.getByText(/^Verification: Did not pass our check on .*: you are refunded, and the piece goes back to its seller\./)).toBeVisible();
    await expectSoon(failedPackage.getByText(`Did not pass our check: ${REPORT}`)).toBeVisible();
    await expectSoon(failedPackage.getByText(new RegExp(`${refund.replace('.', '\\.')} refunded`))).toBeVisible();

    // The sellers' sales pages: each their own outcome.
    const failerPage = await journey.open();
    await failerPage.goto(url('/user/sales'));
    await signIn(failerPage, failer.email);
    const failedSale = failerPage.getByRole('article', { name: `Order ${number}` });
    await expectSoon(failedSale.getByText(/^Verification: Did not pass our check on .*: the buyer is refunded, the credit is not paid/)).toBeVisible();
    await expectSoon(failedSale.getByText(`Did not pass our check: ${REPORT}`)).toBeVisible();
    const passerPage = await journey.open();
    await passerPage.goto(url('/user/sales'));
    await signIn(passerPage, passer.email);
    await expectSoon(passerPage.getByRole('article', { name: `Order ${number}` }).getByText(/^Verification: Passed our check on .* and on its way to the buyer\./)).toBeVisible();

    // The mails: each party told of each state, the failure's report and refund in both.
    const dataDir = journey.store.dataDir;
    for (const email of [buyerEmail, passer.email, failer.email]) expect(await mailText(dataDir, email, 'reached our verification hub')).toContain(number);
    const buyerFailed = await mailText(dataDir, buyerEmail, 'did not pass our check');
    expect(buyerFailed).toContain(REPORT);
    expect(buyerFailed).toContain(`You are refunded ${refund}`);
    expect(await mailText(dataDir, buyerEmail, 'passed our check')).toContain(kept.title);
    expect(await mailText(dataDir, failer.email, 'did not pass our check')).toContain(REPORT);
    expect(await mailText(dataDir, passer.email, 'passed our check')).toContain(number);

    // Finance's ledger: every cent accounted for, the refund included.
    const finance = await journey.open({ width: 1280, height: 900 });
    await signInAsStaff(finance, journey.store.url, 'finance', '/backoffice/payouts');
    await expectSoon(finance.getByRole('status').filter({ hasText: 'Every cent is accounted for.' })).toBeVisible();
  });
});
