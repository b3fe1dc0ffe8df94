import type { Page } from 'playwright-core';
import { setUpJourney } from './journey';
import { expectSoon, soon } from './soon';

// Listing filters: a bottom sheet on phones with a live "Show N results", chips that remove
// one filter each, "Clear all"; on wide screens the column stays in view and dead-end options are off.

const journey = setUpJourney();
let page: Page;

const overflowsSideways = (target: Page) => target.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('filters', () => {
  it('on a 390 px phone: the sheet counts live, "Show N results" closes it, chips remove one filter each, "Clear all" the rest', async () => {
    page = await journey.open({ width: 390, height: 844 });
    await page.goto(`${journey.store.url}/all`);
    const results = page.getByRole('region', { name: 'Results' });
    await results.getByRole('article').first().waitFor();
    // The column is not on a phone's page: the button opens the sheet.
    await expectSoon(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    // Once it has slid up.
    await page.waitForFunction(() => document.querySelector('dialog[open]')!.getAnimations().every((animation) => animation.playState === 'finished'));
    const box = (await sheet.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(844); // a bottom sheet
    expect(Math.round(box.width)).toBe(390);

    // Choosing a size: the sheet's button shows what that size's option said it would.
    const size = sheet.getByRole('group', { name: 'Size' }).getByRole('checkbox', { name: /^M \(\d+\)$/ });
    const expected = Number(/\((\d+)\)/.exec(await size.locator('xpath=..').innerText())![1]);
    await size.click();
    await page.waitForURL(/[?&]size=M(&|$)/);
    const show = sheet.getByRole('button', { name: `Show ${expected} results` });
    await show.waitFor();
    // Then a colour: the count follows again.
    const colour = sheet.getByRole('group', { name: 'Colour' }).getByRole('checkbox', { disabled: false, checked: false }).first();
    const colourCount = Number(/\((\d+)\)/.exec(await colour.locator('xpath=..').innerText())![1]);
    await colour.click();
    await page.waitForURL(/[?&]colour=/);
    await sheet.getByRole('button', { name: new RegExp(`^Show ${colourCount} results?$`) }).click();
    await sheet.waitFor({ state: 'detached' }).catch(() => sheet.waitFor({ state: 'hidden' }));
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await soon(() => results.getByRole('article').count()).toBe(Math.min(colourCount, 24));

    // One chip per filter; a tap removes that one only.
    const chips = page.getByRole('list', { name: 'Chosen filters' }).getByRole('button');
    await expectSoon(chips).toHaveCount(2);
    await soon(() => overflowsSideways(page)).toBe(false);
    await page.getByRole('button', { name: 'Remove filter: Size M' }).click();
    await page.waitForURL((url) => !url.searchParams.has('size') && url.searchParams.has('colour'));
    await expectSoon(chips).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.waitForURL((url) => !url.searchParams.has('colour'));
    await page.getByRole('list', { name: 'Chosen filters' }).waitFor({ state: 'detached' });
  });

  it('on a wide screen: the column stays in view while the results scroll, and dead-end options are disabled', async () => {
    page = await journey.open({ width: 1440, height: 900 });
    await page.goto(`${journey.store.url}/all`);
    const column = page.getByRole('complementary', { name: 'Filters' });
    await column.waitFor();
    await page.getByRole('region', { name: 'Results' }).getByRole('article').first().waitFor();
    const before = (await column.boundingBox())!.y;
    await page.mouse.wheel(0, 1200);
    await page.waitForFunction(() => window.scrollY > 600);
    const after = (await column.boundingBox())!.y;
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);

    await page.goto(`${journey.store.url}/all?size=XS&condition=1`);
    await page.getByRole('region', { name: 'Results' }).getByRole('article').first().waitFor();
    // Some option leads nowhere with these filters: it is disabled and says (0).
    const dead = column.getByRole('checkbox', { disabled: true });
    await soon(() => dead.count()).toBeGreaterThan(0);
    await soon(() => dead.first().locator('xpath=..').innerText()).toMatch(/\(0\)/);
  });

  it('offers "Clear filters" when the filters leave nothing', async () => {
    page = await journey.open({ width: 1440, height: 900 });
    await page.goto(`${journey.store.url}/all?min_price=99999`);
    await page.getByRole('region', { name: 'Results' }).getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => !url.searchParams.has('min_price'));
    await page.getByRole('region', { name: 'Results' }).getByRole('article').first().waitFor();
  });
});
