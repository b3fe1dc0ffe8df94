import type { Page } from 'playwright-core';
import { setUpJourney } from './journey';
import { expectSoon, soon } from './soon';

// Search journeys on the production build: the header box and its overlay (search remote inside the
// shell's header), "View more" to /search, the condition filter, the no-results sentence, phones.

const journey = setUpJourney();
let page: Page;

const searchRequests = (target: Page) => {
  const sent: string[] = [];
  target.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/products/listings/all' && url.searchParams.has('q')) sent.push(url.searchParams.get('q')!);
  });
  return sent;
};

describe('search', () => {
  it('types in the header, sees the overlay, follows "View more" and filters by condition', async () => {
    page = await journey.open();
    await page.goto(journey.store.url);
    const sent = searchRequests(page);
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.click();
    await box.pressSequentially('dre', { delay: 30 });
    await page.waitForTimeout(700);
    expect(sent).toEqual([]);
    await box.pressSequentially('ss', { delay: 30 });
    const overlay = page.getByRole('dialog', { name: 'Search results' });
    await overlay.getByRole('heading', { name: /dress/i }).first().waitFor();
    // One request for the whole word, thanks to the 500 ms debounce; focus stayed in the box.
    expect(sent).toEqual(['dress']);
    await soon(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
    const cards = overlay.getByRole('article');
    await soon(() => cards.count()).toBeGreaterThan(0);
    await soon(() => cards.first().innerText()).toMatch(/€\d+\.\d{2}/);

    // Arrow Down moves to the first result; Escape closes and gives focus back to the box.
    await box.press('ArrowDown');
    await soon(() => overlay.getByRole('link').first().evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
    await soon(() => box.evaluate((element) => element === document.activeElement)).toBe(true);

    await box.pressSequentially('e', { delay: 30 });
    await overlay.getByRole('link', { name: 'View more' }).click();
    await page.waitForURL(`${journey.store.url}/search?q=dresse`);
    await page.getByRole('heading', { level: 1, name: 'Results for “dresse”' }).waitFor();
    await expectSoon(page.getByRole('dialog')).toHaveCount(0);

    const results = page.getByRole('region', { name: 'Search results' });
    await results.getByRole('article').first().waitFor();
    const conditions = page.getByRole('group', { name: 'Condition' }).getByRole('checkbox');
    await soon(() => conditions.count()).toBeGreaterThan(0);
    // The option's name without its count ("Good (4)").
    const condition = (await page.getByRole('group', { name: 'Condition' }).locator('label').first().innerText()).replace(/\s*\(\d+\)\s*$/, '').trim();
    // A controlled checkbox: it shows checked once the URL has changed and the page has its answer.
    await conditions.first().click();
    await page.waitForURL(/condition=\d/);
    await page.getByRole('group', { name: 'Condition' }).getByRole('checkbox', { checked: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('dresse');
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await expectSoon(results.getByRole('article')).toAllHaveText(condition);
  });

  it('"mala" lists bags by relevance, and two colours of one product are two named cards, not look-alikes', async () => {
    page = await journey.open();
    await page.goto(journey.store.url);
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill('mala');
    await box.press('Enter');
    await page.waitForURL(`${journey.store.url}/search?q=mala`);
    const results = page.getByRole('region', { name: 'Search results' });
    await results.getByRole('article').first().waitFor();
    await soon(() => page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('relevance');
    const titles = results.getByRole('heading');
    // Bags only (never the men's shirts and belts "male" used to bring), one bag named "mala" first.
    await expectSoon(titles).not.toAllHaveText(/shirt|belt|polo|beanie|jumper|trousers|jacket|coat/i);
    await expectSoon(titles.first()).toHaveText(/bag/i);
    // No two cards read alike: a product with several colours names each card's colour.
    await soon(async () => {
      const texts = await titles.allInnerTexts();
      return { distinct: new Set(texts).size === texts.length, oneNamesItsColour: texts.some((title) => /, [A-Z][a-z]+/.test(title)) };
    }).toEqual({ distinct: true, oneNamesItsColour: true });

    // The shopper may still sort by price: the URL says so, and back to relevance leaves it out.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
    await page.waitForURL(`${journey.store.url}/search?q=mala&sort=price_asc`);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('relevance');
    await page.waitForURL(`${journey.store.url}/search?q=mala`);
  });

  it('says the spec’s sentence when nothing is found, in the overlay and on /search', async () => {
    page = await journey.open();
    await page.goto(`${journey.store.url}/all`);
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill('zzqxv');
    await page.getByRole('dialog').getByText("Sorry, we can't find any results for 'zzqxv'").waitFor();
    await box.press('Enter');
    await page.waitForURL(`${journey.store.url}/search?q=zzqxv`);
    await page.getByRole('heading', { name: "Sorry, we can't find any results for 'zzqxv'" }).waitFor();
  });

  it('finds Portuguese words with or without accents, and tolerates a typo', async () => {
    page = await journey.open();
    for (const q of ['Saía', 'cardgan']) {
      await page.goto(`${journey.store.url}/search?q=${encodeURIComponent(q)}`);
      await page.getByRole('region', { name: 'Search results' }).getByRole('article').first().waitFor();
    }
    await soon(() => page.getByRole('heading', { name: /cardigan/i }).count()).toBeGreaterThan(0);
  });

  it('on a phone, opens the overlay from the header’s search button with focus inside', async () => {
    page = await journey.open({ width: 390, height: 844 });
    await page.goto(journey.store.url);
    await expectSoon(page.getByRole('combobox', { name: 'Search' })).toBeHidden();
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    const overlay = page.getByRole('dialog', { name: 'Search results' });
    const field = overlay.getByRole('searchbox', { name: 'Search' });
    await field.waitFor();
    await soon(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    await field.pressSequentially('saia', { delay: 30 });
    await overlay.getByRole('heading', { name: /skirt/i }).first().waitFor();
    // Two columns on a phone.
    const columns = await overlay.getByRole('list').evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(2);
    await overlay.getByRole('button', { name: 'Close search' }).click();
    await overlay.waitFor({ state: 'detached' });
  });

  it('needs every word: "blazer preto" is black blazers, the header box keeps the query, a typo says what it searched', async () => {
    page = await journey.open();
    await page.goto(journey.store.url);
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill('blazer preto');
    await box.press('Enter');
    await page.waitForURL(`${journey.store.url}/search?q=blazer%20preto`);
    const results = page.getByRole('region', { name: 'Search results' });
    await results.getByRole('article').first().waitFor();
    await expectSoon(results.getByRole('heading')).toAllHaveText(/blazer/i);
    // Every card is a black one: its photo is the black variant's.
    const photos = results.getByRole('article').locator('img');
    await soon(async () => (await photos.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src))).filter((photo) => !/\/black\//.test(photo))).toEqual([]);
    await soon(() => box.inputValue()).toBe('blazer preto');
    await page.reload();
    await results.getByRole('article').first().waitFor();
    await soon(() => page.getByRole('combobox', { name: 'Search' }).inputValue()).toBe('blazer preto');

    await page.goto(`${journey.store.url}/search?q=blazr%20preto`);
    await page.getByText('Showing results for “blazer preto”').waitFor();
    await expectSoon(results.getByRole('heading')).toAllHaveText(/blazer/i);
    // A word that nothing resembles: nothing, never the black pieces of the other word.
    await page.goto(`${journey.store.url}/search?q=blazer%20zzqxv`);
    await page.getByRole('heading', { name: "Sorry, we can't find any results for 'blazer zzqxv'" }).waitFor();
    await expectSoon(results.getByRole('article')).toHaveCount(0);
  });

  it('matches plurals in both languages ("blazers", "vestidos")', async () => {
    page = await journey.open();
    for (const [q, word] of [['blazers', /blazer/i], ['vestidos', /dress/i]] as const) {
      await page.goto(`${journey.store.url}/search?q=${q}`);
      const results = page.getByRole('region', { name: 'Search results' });
      await results.getByRole('article').first().waitFor();
      await expectSoon(results.getByRole('heading')).toAllHaveText(word);
    }
  });

  it('runs a short word ("bag") on /search with Enter, though the overlay waits for more than 3 characters', async () => {
    page = await journey.open();
    await page.goto(journey.store.url);
    const sent = searchRequests(page);
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.click();
    await box.pressSequentially('bag', { delay: 30 });
    await page.waitForTimeout(700);
    await expectSoon(page.getByRole('dialog')).toHaveCount(0);
    await box.press('Enter');
    await page.waitForURL(`${journey.store.url}/search?q=bag`);
    await page.getByRole('heading', { level: 1, name: 'Results for “bag”' }).waitFor();
    await page.getByRole('region', { name: 'Search results' }).getByRole('article').first().waitFor();
    expect(sent).toEqual(['bag']);
  });

  it('sorts by relevance by default and offers min price ascending', async () => {
    page = await journey.open();
    await page.goto(`${journey.store.url}/search?q=linen`);
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await sort.waitFor();
    await soon(() => sort.inputValue()).toBe('relevance');
    await sort.selectOption('price_asc');
    await page.waitForURL(/sort=price_asc/);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await sort.selectOption('relevance');
    await page.waitForURL((address) => !address.searchParams.has('sort'));
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await soon(() => page.getByRole('region', { name: 'Search results' }).getByRole('article').count()).toBeGreaterThan(0);
    // The title says "linen" for the best-ranked cards: a title word counts more than a description's.
    await soon(() => page.getByRole('region', { name: 'Search results' }).getByRole('heading').first().innerText()).toMatch(/linen/i);
  });
});
