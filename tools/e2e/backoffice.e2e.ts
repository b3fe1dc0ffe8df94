import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { setUpJourney } from './journey';
import { apiCall, mailedCode, sellerWithPieces } from './shopper';
import { mailText, signInAsStaff } from './staff';
import { expectSoon } from './soon';

// Issue 45 on the production build, real API and real Chromium: the brand's team runs the store from
// the back office. A support agent resolves a buyer's claim, a moderator rejects a listing with a
// reason the seller is mailed, finance approves a held IBAN, an admin creates a discount code and sees
// it redeemed; each decision is in the audit log with the member's name. The file has its own store:
// the moderation policy it sets would hold the listings of the journeys sharing a store.

const journey = setUpJourney({ env: () => ({}) });
const call = <T>(method: string, route: string, options?: Parameters<typeof apiCall>[3]) => apiCall<T>(journey.store.url, method, route, options);

const ADDRESS = { first_name: 'Rita', last_name: 'Sousa', phone: '912345678', address: 'Rua Garrett 10', address2: '', zip_code: '1200-203', city: 'Lisboa', country: 'PT' };
const CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };

/** A new shopper's account, through the API as the sign-up panel makes it. */
async function newShopper(firstName: string) {
  const email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const answer = await call<{ Customer: { token: string } }>('POST', 'customers/signin', {
    body: { first_name: firstName, last_name: 'Journey', EmailAddress: email, password: 'Secret#123', cart: [], id_brand: 1 },
  });
  return { email, token: answer.Customer.token };
}

/** A signed-in buyer pays for `pieces` by card, with a discount code when given: the order's id and number. */
async function buy(token: string, email: string, pieces: number[], discountCode?: string) {
  for (const listing_id of pieces) await call('POST', 'cart', { token, body: { listing_id } });
  const order = { delivery_option: 'home', cart: pieces, ...(discountCode ? { discount_code: discountCode } : {}) };
  const { total } = await call<{ total: number }>('POST', 'checkout/quote', { token, body: order });
  const paid = await call<{ status: string; order_id: number; order_number: string }>('POST', 'checkout/payment', {
    token,
    headers: { 'idempotency-key': randomUUID() },
    body: { ...order, address: ADDRESS, email, total, card: CARD },
  });
  expect(paid.status).toBe('succeeded');
  return { id: paid.order_id, number: paid.order_number };
}

/** The audit log's row of `action` about `target`, as the member sees it, with its author and reason. */
async function expectAudited(page: Page, { action, target, who, reason }: { action: string; target: string; who: string; reason?: string }) {
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('link', { name: 'Audit log' }).click();
  const row = page.getByRole('row').filter({ hasText: action }).filter({ hasText: target }).first();
  await row.getByText(who).waitFor();
  if (reason) await row.getByText(reason).waitFor();
}

describe('the back office', () => {
  it('a support agent resolves a buyer’s claim by refunding one of its pieces; both are mailed the reason and the piece; the audit log has it', async () => {
    const seller = await sellerWithPieces(journey.store.url, { firstName: 'Sofia', lastName: 'Dispute', prices: [65, 40] });
    const buyer = await newShopper('Bruno');
    const order = await buy(buyer.token, buyer.email, seller.pieces.map((piece) => piece.id));
    await call('POST', `orders/${order.id}/problem`, { token: buyer.token, body: { description: 'The zip of the jacket is broken and the listing did not say so.' } });
    const [kept, broken] = seller.pieces;

    const page = await journey.open({ width: 1280, height: 900 });
    await signInAsStaff(page, journey.store.url, 'support');
    // Support lands on the disputes queue, the first section its role opens.
    await page.getByRole('heading', { level: 1, name: 'Disputes' }).waitFor();
    await page.getByRole('link', { name: `Open order ${order.number}` }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor();
    await page.getByText('The zip of the jacket is broken and the listing did not say so.').waitFor();
    await page.getByText(kept!.title, { exact: false }).first().waitFor();

    const reason = 'The photos show the broken zip; the listing did not mention it. The other piece is as listed.';
    await page.getByRole('button', { name: 'Resolve the dispute' }).click();
    // Nothing chosen, nothing written: each says so next to itself.
    await page.getByText('Choose one.').waitFor();
    await page.getByRole('radio', { name: 'Refund some pieces, release the rest' }).check();
    await page.getByRole('textbox', { name: /^Reason/ }).fill(reason);
    await page.getByRole('button', { name: 'Resolve the dispute' }).click();
    // No piece chosen: the pieces say so, and the first takes the focus.
    await page.getByText('Choose the pieces to refund.').waitFor();
    await page.getByRole('group', { name: 'Pieces to refund' }).getByRole('checkbox', { name: broken!.title }).check();
    await page.getByRole('button', { name: 'Resolve the dispute' }).click();
    await page.getByRole('status').filter({ hasText: /Resolved on .*: Partly refunded\./ }).waitFor();
    await page.getByText('Refunded', { exact: true }).waitFor();

    for (const email of [buyer.email, seller.email]) {
      const mail = await mailText(journey.store.dataDir, email, reason);
      expect(mail).toContain(reason);
      expect(mail).toContain(broken!.title);
    }
    await expectAudited(page, { action: 'dispute.resolve', target: order.number, who: 'Sara Support', reason });
  });

  it('an admin holds new listings for review; a moderator rejects one with a reason the seller is mailed', async () => {
    const admin = await journey.open({ width: 1280, height: 900 });
    await signInAsStaff(admin, journey.store.url, 'admin', '/backoffice/moderation');
    await admin.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
    await admin.getByRole('combobox', { name: 'Listings held for review' }).selectOption('all');
    await admin.getByRole('button', { name: 'Save the policy' }).click();
    await admin.getByText('The moderation policy is saved.').waitFor();

    const seller = await sellerWithPieces(journey.store.url, { firstName: 'Marta', lastName: 'Review', prices: [48], from: 2 });
    const piece = seller.pieces[0]!;
    // Held: the piece is not on sale while it waits.
    const product = new URL(piece.href, journey.store.url);
    const onSale = await call<{ listings: { listing_id: number }[] }>('GET', `products/${product.pathname.split('/').pop()}?variant=${product.searchParams.get('variant')}&id_brand=1`);
    expect(onSale.listings.map((listing) => listing.listing_id)).not.toContain(piece.id);

    const moderator = await journey.open({ width: 1280, height: 900 });
    await signInAsStaff(moderator, journey.store.url, 'moderator');
    await moderator.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
    const card = moderator.getByRole('article', { name: new RegExp(piece.title) }).filter({ hasText: seller.email });
    const number = /Listing (\S+)/.exec((await card.getByRole('heading').textContent()) ?? '')?.[1] ?? '';
    expect(number).not.toBe('');
    await card.getByRole('radio', { name: 'Reject: it is not for this store' }).check();
    await card.getByRole('combobox', { name: 'Reason the seller reads' }).selectOption('counterfeit');
    await card.getByRole('textbox', { name: 'Note to the seller (optional)' }).fill('The care label is not one of ours.');
    await card.getByRole('button', { name: 'Send the decision' }).click();
    await moderator.getByText('Rejected: the seller has been mailed the reason.').waitFor();
    await card.waitFor({ state: 'detached' });

    const mail = await mailText(journey.store.dataDir, seller.email, 'will not show it in the store');
    expect(mail).toContain('the piece appears not to be genuine');
    expect(mail).toContain('The care label is not one of ours.');
    await expectAudited(moderator, { action: 'listing.reject', target: number, who: 'Miguel Moderator' });

    // The store goes back to publishing at once (the other journeys list pieces). The first save's
    // toast is gone from sight first, so the one waited for below is this save's (two toasts of the
    // same words were one too many for the locator when the moderator was quick).
    await expectSoon(admin.getByText('The moderation policy is saved.')).toBeHidden();
    await admin.getByRole('combobox', { name: 'Listings held for review' }).selectOption('none');
    await admin.getByRole('button', { name: 'Save the policy' }).click();
    // The first toast may still be in the page, hidden, as it leaves: this save's is the one shown.
    await admin.getByText('The moderation policy is saved.').filter({ visible: true }).waitFor();
  });

  it('finance approves a held IBAN change with a reason; the audit log has it', async () => {
    const seller = await newShopper('Fabio');
    await call('POST', 'customers/verification/confirm', { token: seller.token, body: { code: await mailedCode(journey.store.dataDir, seller.email, '/verify-email/') } });
    await call('PUT', 'customers/payout', { token: seller.token, body: { method: 'bank_transfer', iban: 'PT50000201231234567890154', password: 'Secret#123' } });

    const page = await journey.open({ width: 1280, height: 900 });
    await signInAsStaff(page, journey.store.url, 'finance', '/backoffice/payouts');
    await page.getByRole('heading', { level: 1, name: 'Payouts and money' }).waitFor();
    const held = page.getByRole('article').filter({ hasText: seller.email });
    await held.getByText('PT •••• 0154').waitFor();
    await held.getByRole('radio', { name: /^Approve/ }).check();
    const reason = 'Called the seller on the phone number of the account; the change is theirs.';
    await held.getByRole('textbox', { name: /^Reason/ }).fill(reason);
    await held.getByRole('button', { name: /Approve|Send|Decide/ }).click();
    await held.waitFor({ state: 'detached' });
    await expectAudited(page, { action: 'payout.approve_iban', target: '', who: 'Filipa Finance', reason });
  });

  it('an admin creates a discount code, a shopper uses it, and the admin sees it redeemed; the audit log has the code', async () => {
    const code = `STAFF-${randomUUID().slice(0, 6).toUpperCase()}`;
    const page = await journey.open({ width: 1280, height: 900 });
    await signInAsStaff(page, journey.store.url, 'admin', '/backoffice/codes');
    await page.getByRole('heading', { level: 1, name: 'Discount codes' }).waitFor();
    const create = page.getByRole('region', { name: 'Create a code' });
    await create.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
    await create.getByRole('button', { name: 'Create the code' }).click();
    // No amount yet: said next to its field, nothing created.
    await create.getByText('A number above zero.').waitFor();
    await create.getByRole('textbox', { name: 'How much off' }).fill('10');
    await create.getByRole('textbox', { name: 'Uses per shopper (optional)' }).fill('1');
    await create.getByRole('button', { name: 'Create the code' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code }) });
    await row.getByText('Live').waitFor();

    const seller = await sellerWithPieces(journey.store.url, { firstName: 'Carla', lastName: 'Codes', prices: [80], from: 4 });
    const buyer = await newShopper('Diana');
    const order = await buy(buyer.token, buyer.email, [seller.pieces[0]!.id], code);

    await page.reload();
    await row.getByRole('button', { name: `See the redemptions of ${code}` }).click();
    const redemptions = page.getByRole('region', { name: `Redemptions of ${code}` });
    await redemptions.getByRole('row').filter({ hasText: order.number }).filter({ hasText: buyer.email }).getByText('€8.00').waitFor();
    await expectAudited(page, { action: 'code.create', target: code, who: 'Ana Admin' });
  });
});
