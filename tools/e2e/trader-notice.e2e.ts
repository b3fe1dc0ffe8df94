import type { Page } from 'playwright-core';
import { fillInAsGuest } from './shopper';
import { setUpJourney } from './journey';

// Issue 46 on the production build, real API and real Chromium: before paying, a buyer is told who
// sells each package (Consumer Rights Directive Art. 6a). A piece of the demo seller Marta, who never
// declared herself a business, is a private person's: no withdrawal right, Buyer Protection. Then
// Marta declares her business at onboarding; her piece's page shows "Sold by a business" and the
// checkout names her business with the buyer's rights. She is a private person again afterwards
// (the worker's store is shared with other journeys).

jest.setTimeout(180_000);

const journey = setUpJourney();
const url = (route: string) => `${journey.store.url}${route}`;
const header = (page: Page) => page.getByRole('banner');
const MARTA = { email: 'marta@preloved.test', password: 'Preloved#2026' };

/** One of Marta's pieces still for sale, by its product page's address. */
async function martasPiece(skip = 0): Promise<string> {
  const brand = (await (await fetch(url('/api/brands/details?id_brand=1'))).json()) as { customerID: number };
  const vendor = (await (await fetch(url(`/api/vendors/${brand.customerID}?id_brand=1`))).json()) as {
    listings: { listing_id: number; product_id: number; product_variant_id: number; price: number }[];
  };
  const piece = vendor.listings.filter((listing) => listing.price >= 10).at(-1 - skip)!;
  return `/product/${piece.product_id}?variant=${piece.product_variant_id}&listing=${piece.listing_id}`;
}

/** From a piece's page to the checkout's delivery step, as a guest. */
async function toCheckout(page: Page, href: string) {
  await page.goto(url(href));
  await page.getByRole('region', { name: 'The chosen piece' }).getByRole('button', { name: /^Add to bag/ }).click();
  await page.getByRole('dialog', { name: 'Shopping bag (1)' }).getByRole('button', { name: 'Go to checkout' }).click();
  await fillInAsGuest(page, journey.store.url, `trader-${Date.now()}@example.com`);
}

async function martaDeclares(body: unknown) {
  const login = await fetch(url('/api/customers/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...MARTA, cart: [], id_brand: 1 }),
  });
  const { Customer } = (await login.json()) as { Customer: { Token?: string; token?: string } };
  const answer = await fetch(url('/api/seller/trader'), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${Customer.Token ?? Customer.token}` },
    body: JSON.stringify(body),
  });
  if (answer.status !== 200) throw new Error(`trader declaration failed: ${answer.status}`);
}

describe('who sells each package', () => {
  it('a buyer of a private seller’s piece is told, at checkout and on review, that withdrawal rights do not apply but Buyer Protection does', async () => {
    const page = await journey.open();
    await toCheckout(page, await martasPiece());
    const notice = page.getByRole('region', { name: 'Who sells to you' });
    await notice.getByText(/Sold by a private person: EU consumer withdrawal rights do not apply to this purchase; Buyer Protection does\./).waitFor();
    await page.getByRole('radio', { name: /^Home delivery/ }).check();
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await page.waitForURL(url('/review'));
    await page.getByRole('region', { name: 'Who sells to you' }).getByText(/Package from Marta: Sold by a private person/).waitFor();
  });

  it('a seller declares a business at onboarding; buyers see its details on the piece and its rights at checkout', async () => {
    try {
      const seller = await journey.open();
      await seller.goto(url('/user/onboarding'));
      await header(seller).getByRole('button', { name: 'Sign in' }).click();
      const panel = seller.getByRole('dialog', { name: 'Sign in' });
      await panel.getByLabel('Email address').fill(MARTA.email);
      await panel.getByLabel('Password').fill(MARTA.password);
      await panel.getByLabel('Password').press('Enter');
      await seller.getByRole('radio', { name: /As a business/ }).check();
      await seller.getByRole('button', { name: 'Save how I sell' }).click();
      await seller.getByText("Please enter your business's registered name.").waitFor();
      await seller.getByRole('textbox', { name: 'Registered business name' }).fill('Marta Vintage, Unipessoal Lda.');
      await seller.getByRole('textbox', { name: 'Address', exact: true }).fill('Rua da Rosa 12');
      await seller.getByRole('textbox', { name: 'ZIP code' }).fill('1200-385');
      await seller.getByRole('textbox', { name: 'City' }).fill('Lisboa');
      await seller.getByRole('textbox', { name: 'Business e-mail' }).fill('loja@martavintage.pt');
      await seller.getByRole('textbox', { name: 'Phone' }).fill('+351 912 000 111');
      await seller.getByRole('textbox', { name: 'Trade register number' }).fill('514 512 345');
      await seller.getByRole('textbox', { name: 'VAT number' }).fill('PT501964842');
      await seller.getByRole('checkbox', { name: /only offer products that comply/ }).check();
      await seller.getByRole('button', { name: 'Save how I sell' }).click();
      await seller.getByText('A Portuguese VAT number is PT and 9 digits, like PT501964843.').waitFor();
      await seller.getByRole('textbox', { name: 'VAT number' }).fill('PT501964843');
      await seller.getByRole('button', { name: 'Save how I sell' }).click();
      await seller.getByText('Saved.').waitFor();

      const buyer = await journey.open();
      const href = await martasPiece(1);
      await buyer.goto(url(href));
      const chosen = buyer.getByRole('region', { name: 'The chosen piece' });
      await chosen.getByText('Sold by a business').waitFor();
      await chosen.getByText(/Registration 514 512 345 · VAT PT501964843/).waitFor();
      await toCheckout(buyer, href);
      await buyer
        .getByRole('region', { name: 'Who sells to you' })
        .getByText(/Sold by Marta Vintage, Unipessoal Lda\., Rua da Rosa 12, 1200-385 Lisboa, Portugal, registration 514 512 345, VAT PT501964843 .*: your EU consumer rights apply, including 14 days to withdraw\./)
        .waitFor();
    } finally {
      await martaDeclares({ kind: 'private' });
    }
  });
});
