import { setUpJourney } from './journey';
import { apiCall, sellerWithPieces, signIn } from './shopper';
import { expectSoon } from './soon';

// Issue 46 (DAC7) on the production build, real API and real Chromium: a journey's own seller passes
// the reporting threshold (a buyer pays €2,000 for two of her pieces, through the API as the pages
// would: the sales are the test's seed), finds her wallet saying payouts are paused, follows it to
// /user/tax-data, gives her tax details (a wrong NIF check digit is refused next to its field first),
// sees them back masked, and her payouts resume.

jest.setTimeout(240_000);

const journey = setUpJourney();
const url = (route: string) => `${journey.store.url}${route}`;
const PASSWORD = 'Secret#123';

/** A new seller with two pieces at €1,000 each, both bought by a new buyer in one order: one sale of €2,000, past the threshold. */
async function sellerPastTheThreshold(): Promise<{ email: string; token: string }> {
  const call = <T>(method: string, route: string, options?: Parameters<typeof apiCall>[3]) => apiCall<T>(journey.store.url, method, route, options);
  const seller = await sellerWithPieces(journey.store.url, { firstName: 'Teresa', lastName: 'Tax', prices: [1000, 1000] });
  const buyer = await call<{ Customer: { token: string } }>('POST', 'customers/signin', {
    body: { first_name: 'Bruno', last_name: 'Buyer', EmailAddress: `dac7-buyer-${Date.now()}@example.com`, password: PASSWORD, cart: [], id_brand: 1 },
  });
  const token = buyer.Customer.token;
  for (const piece of seller.pieces) await call('POST', 'cart', { token, body: { listing_id: piece.id } });
  const { total } = await call<{ total: number }>('POST', 'checkout/quote', { token, body: { delivery_option: 'home' } });
  const card = { number: '4242 4242 4242 4242', cvc: '123', exp_month: 12, exp_year: new Date().getFullYear() + 2, name: 'Bruno Buyer' };
  const address = { first_name: 'Bruno', last_name: 'Buyer', address: 'Rua Augusta 10', zip_code: '1100-053', city: 'Lisboa', country: 'PT', phone: '+351 912 345 678' };
  await call('POST', 'checkout/payment', { token, headers: { 'idempotency-key': `dac7-${Date.now()}` }, body: { total, card, address, delivery_option: 'home' } });
  return seller;
}

/** Signs in from the header's panel, as the seller does on a page that needs her account. */
describe('DAC7: a seller past the threshold gives her tax details', () => {
  it('sees payouts paused on her wallet, gives her details on /user/tax-data, sees them masked, and payouts resume', async () => {
    const seller = await sellerPastTheThreshold();
    const status = () => apiCall(journey.store.url, 'GET', 'seller/tax', { token: seller.token });
    expect(await status()).toMatchObject({ need: 'required', payouts_paused: true, data: null });

    const page = await journey.open();
    await page.goto(url('/user/wallet'));
    await signIn(page, seller.email, PASSWORD);
    const notice = page.getByRole('region', { name: 'Payouts are paused: we need your tax details' });
    await notice.getByText(/You made 1 sales \(€2,000\.00\) this year/).waitFor();
    await notice.getByRole('link', { name: 'Give my tax details' }).click();
    await page.waitForURL(url('/user/tax-data'));
    await page.getByText('Your payouts are paused until you give your tax details.').waitFor();

    await page.getByRole('textbox', { name: 'First name' }).fill('Teresa');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Tax');
    await page.getByLabel('Date of birth').fill('1988-03-14');
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('Rua da Rosa 12');
    await page.getByRole('textbox', { name: 'ZIP code' }).fill('1200-385');
    await page.getByRole('textbox', { name: 'City' }).fill('Lisboa');
    const tin = page.getByRole('textbox', { name: 'Tax identification number (TIN)' });
    await tin.fill('123456780');
    await page.getByRole('button', { name: 'Save my tax details' }).click();
    await page.getByText('A Portuguese NIF has 9 digits and a valid check digit, like 123456789.').waitFor();
    await tin.fill('123456789');
    await page.getByRole('button', { name: 'Save my tax details' }).click();

    await page.getByText('Your tax details are saved. Payouts go ahead as usual.').waitFor();
    const given = page.getByRole('region', { name: 'The details you gave' });
    await given.getByText('••••6789 (issued in Portugal)').waitFor();
    await expectSoon(given).not.toContainText('123456789');
    expect(await status()).toMatchObject({ need: 'required', payouts_paused: false, data: { tin_masked: '••••6789' } });

    // Back on the wallet, nothing asks for the details any more.
    await page.goto(url('/user/wallet'));
    await page.getByRole('heading', { name: 'Wallet', level: 2 }).waitFor();
    await page.getByText('Total credit').waitFor();
    await expectSoon(notice).toHaveCount(0);
  });
});
