import type { Page } from 'playwright-core';
import { setUpJourney } from './journey';
import { apiCall, guestBuys, sellerWithPieces, type ListedPiece as Piece } from './shopper';
import { expectSoon, soon } from './soon';

// The API's refusals' English is not in a shopper's page (the page budget): the API client loads it
// with the first refusal, before the error reaches the page. On the production build, real API and
// real Chromium: a signed-in shopper taps "Add to bag" on a piece another buyer has just taken, and
// the page says why in her language, in English and then in Portuguese.

const journey = setUpJourney();
const url = (route: string) => `${journey.store.url}${route}`;
const call = <T>(method: string, path: string, options?: Parameters<typeof apiCall>[3]) => apiCall<T>(journey.store.url, method, path, options);
const PASSWORD = 'Secret#123';

/** Another shopper buys the piece as a guest, through the API. */
const anotherBuyerTakes = (piece: Piece) => guestBuys(journey.store.url, [piece.id]);

/** The sentences of the page's scripts so far: whether the refusals' English has come. */
const scriptsSay = (page: Page, sentence: string) =>
  page.evaluate(async (text) => {
    const scripts = performance.getEntriesByType('resource').filter((entry) => /\.js(\?|$)/.test(new URL(entry.name).pathname));
    const bodies = await Promise.all(scripts.map(async (entry) => (await fetch(entry.name)).text()));
    return bodies.some((body) => body.includes(text));
  }, sentence);

describe('an API refusal on a shopper’s page', () => {
  it('says why in the page’s language, its English loaded with the refusal', async () => {
    const seller = await sellerWithPieces(journey.store.url, { firstName: 'Rosa', lastName: 'Refusal', prices: [55, 45], from: 5 });
    const [first, second] = seller.pieces as [Piece, Piece];
    const email = `refused-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    await call('POST', 'customers/signin', { body: { first_name: 'Rui', last_name: 'Late', EmailAddress: email, password: PASSWORD, cart: [], id_brand: 1 } });

    const page = await journey.open();
    await page.goto(url(first.href));
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Sign in' }).click();
    const panel = page.getByRole('dialog', { name: 'Sign in' });
    await panel.getByLabel('Email address').fill(email);
    await panel.getByLabel('Password').fill(PASSWORD);
    await panel.getByLabel('Password').press('Enter');
    await header.getByRole('button', { name: 'My account' }).waitFor();

    const sold = 'This item has been sold or is no longer available.';
    const add = page.getByRole('region', { name: 'The chosen piece' }).getByRole('button', { name: /^Add to bag/ });
    await add.waitFor();
    // Signed in, the page has met no refusal: none of their English has come.
    expect(await scriptsSay(page, sold)).toBe(false);

    await anotherBuyerTakes(first);
    await add.click();
    await expectSoon(page.getByText(sold)).toBeVisible();
    await soon(() => scriptsSay(page, sold)).toBe(true);

    // A Portuguese page says it in Portuguese.
    await page.goto(url(`${second.href}&lang=pt`));
    const adicionar = page.getByRole('region', { name: 'A peça escolhida' }).getByRole('button', { name: /^Adicionar ao saco/ });
    await adicionar.waitFor();
    await anotherBuyerTakes(second);
    await adicionar.click();
    await expectSoon(page.getByText('Este artigo foi vendido ou já não está disponível.')).toBeVisible();
  });
});
