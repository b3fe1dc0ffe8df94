import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { closeContext } from './browser';
import { setUpJourney } from './journey';
import { soon } from './soon';
import { startStore, type StoreServer } from './server';

const journey = setUpJourney();
let page: Page;
beforeEach(async () => {
  page = await journey.open();
});

describe('the store frame', () => {
  it('serves the home page from the catalog remote with the brand collections and the header in its top state', async () => {
    await page.goto(journey.store.url);
    await page.getByRole('heading', { level: 1, name: /next chapter/ }).waitFor();
    await page.getByRole('heading', { name: 'Collections' }).waitFor();
    await soon(() => page.getByRole('link', { name: /Women/ }).count()).toBeGreaterThan(0);
    await soon(() => page.locator('header').getAttribute('data-state')).toBe('top');
    await page.mouse.wheel(0, 400);
    await soon(() => page.locator('header').getAttribute('data-state')).toBe('scrolled');
  });

  it('switches the whole store, host and remote, to Portuguese', async () => {
    await page.goto(journey.store.url);
    await page.getByRole('heading', { level: 1, name: /next chapter/ }).waitFor();
    await page.getByRole('button', { name: 'Português' }).click();
    await page.getByRole('heading', { level: 1, name: /novo capítulo/ }).waitFor();
    await page.getByRole('link', { name: 'Perguntas frequentes' }).waitFor();
    await soon(() => page.evaluate(() => document.documentElement.lang)).toBe('pt');
  });

  it('shares one store between host and remotes: the remote’s sell button opens the host’s sign-in panel', async () => {
    await page.goto(journey.store.url);
    await page.getByRole('main').getByRole('button', { name: 'Sell an item' }).click();
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor();
  });

  it('redirects old and unknown paths home', async () => {
    for (const path of ['/sell', '/shop-pre-loved', '/no/such/page']) {
      await page.goto(`${journey.store.url}${path}`);
      await page.waitForURL(`${journey.store.url}/`);
    }
  });

  it('asks before leaving checkout when the logo is clicked', async () => {
    await page.goto(`${journey.store.url}/checkout`);
    await page.getByRole('link', { name: 'Preloved home' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave checkout?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await page.getByRole('link', { name: 'Preloved home' }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(`${journey.store.url}/`);
  });

  it('signs up to the newsletter, and refuses an invalid email without sending it', async () => {
    await page.goto(`${journey.store.url}/about`);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/commons/newsletteremail')) sent.push(request.postData() ?? '');
    });
    const email = page.getByLabel('Email address');
    await email.fill('not-an-email');
    await email.press('Enter');
    await page.getByText('Invalid email address.').waitFor();
    expect(sent).toHaveLength(0);
    await email.fill('ana@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Thank you! Check your inbox to confirm your subscription.').waitFor();
    expect(sent).toEqual([JSON.stringify({ email: 'ana@example.com', id_brand: 1 })]);
    await soon(() => email.inputValue()).toBe('');
  });
});

describe('on a phone', () => {
  it('no page is wider than the screen', async () => {
    const phone = await journey.open({ width: 390, height: 844 });
    try {
      for (const path of ['/', '/women', '/about', '/faqs', '/search?q=dress', '/user']) {
        await phone.goto(`${journey.store.url}${path}`, { waitUntil: 'networkidle' });
        expect([path, await phone.evaluate(() => document.documentElement.scrollWidth)]).toEqual([path, 390]);
      }
    } finally {
      await closeContext(phone.context());
    }
  });
});

describe('a remote that fails to load', () => {
  let broken: StoreServer;
  beforeAll(async () => {
    const remotes = path.join(tmpdir(), `remotes-broken-${process.pid}.json`);
    writeFileSync(remotes, JSON.stringify({ catalog: '/remotes/catalog-gone/mf-manifest.json' }));
    broken = await startStore({ REMOTES_JSON: remotes });
  });
  afterAll(async () => {
    await broken?.stop();
  });

  it('shows an error with retry in its slot while the header, footer and shell pages keep working', async () => {
    await page.goto(broken.url);
    const alert = page.getByRole('alert');
    await alert.getByText('This part of the store could not be loaded.').waitFor();
    // The store stays while the shopper goes on: the toasts' shared module, which asks every remote's
    // manifest, once took the whole page down with the remote.
    await page.getByRole('banner').getByRole('link', { name: 'All' }).first().waitFor();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await alert.getByText('This part of the store could not be loaded.').waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQs' }).click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/faqs');
    await page.getByRole('button', { name: /^Bag/ }).waitFor();
  });
});
