import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { setUpJourney } from './journey';
import { signUp } from './shopper';
import { expectSoon } from './soon';

// GDPR on the production build, real API and real Chromium: a new shopper opens "Your data" from the
// account menu, downloads their data (the JSON file holds their account), deletes the account with
// their password, lands on the home page signed out with a confirmation, and cannot sign in again.

const journey = setUpJourney();
let page: Page;

describe('your data', () => {
  it('downloads the data, deletes the account, and the old password signs nobody in', async () => {
    const email = `gdpr.${Date.now()}@example.com`;
    page = await journey.open();
    await page.goto(journey.store.url);
    await signUp(page, 'Olga Privada', email);

    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'My account' }).click();
    await page.waitForURL(`${journey.store.url}/user`);
    await page.getByRole('link', { name: 'Your data' }).first().click();
    await page.waitForURL(`${journey.store.url}/user/privacy`);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^preloved-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { data: { customers: { email: string; first_name: string }[] } };
    expect(data.data.customers).toEqual([expect.objectContaining({ email, first_name: 'Olga' })]);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByLabel('Password').fill('Secret#123');
    await page.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.waitForURL(`${journey.store.url}/`);
    await expectSoon(page.getByText(/Your account has been deleted and you are signed out/)).toBeVisible();
    await expectSoon(header.getByRole('button', { name: 'Sign in' })).toBeVisible();

    await header.getByRole('button', { name: 'Sign in' }).click();
    const panel = page.getByRole('dialog', { name: 'Sign in' });
    await panel.getByLabel('Email address').fill(email);
    await panel.getByLabel('Password').fill('Secret#123');
    await panel.getByRole('button', { name: 'Sign in' }).click();
    await expectSoon(panel.getByText('Incorrect combination of user name and password')).toBeVisible();
  });
});
