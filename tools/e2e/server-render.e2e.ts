import { createServer, type Server, type Socket } from 'node:net';
import type { Page } from 'playwright-core';
import { closeBrowser, closeContext, launchBrowser, newPage } from './browser';
import { setUpJourney } from './journey';
import { soon } from './soon';
import { freePort, startStore, type StoreServer } from './server';

// The store's server renders every public page (DESIGN §10). These tests read the HTML as a
// search engine or a browser without JavaScript gets it, then hydrate it in Chromium.

const journey = setUpJourney();

/** The public pages, each with the heading its HTML must already carry. */
const PAGES: { path: string; heading: RegExp; cards?: boolean }[] = [
  { path: '/', heading: /Pre-loved pieces/, cards: true },
  { path: '/all', heading: /^All items$/, cards: true },
  { path: '/women', heading: /^Women$/, cards: true },
  { path: '/men', heading: /^Men$/, cards: true },
  { path: '/clothing', heading: /^Clothing$/, cards: true },
  { path: '/accessories', heading: /^Accessories$/, cards: true },
  { path: '/product/20?variant=37', heading: /\S/ },
  { path: '/vendor/1', heading: /wardrobe/, cards: true },
  { path: '/search?q=dress', heading: /dress/, cards: true },
  { path: '/about', heading: /About Preloved/ },
  { path: '/faqs', heading: /questions/i },
  { path: '/shipping', heading: /\S/ },
  { path: '/privacy-policy', heading: /\S/ },
  { path: '/terms-and-conditions', heading: /\S/ },
];

const SERVER_DATA = 'id="preloved-server-data"';
/** The plain app: an empty root the browser renders into. */
const EMPTY_ROOT = /<div id="?root"?><\/div>/;

async function html(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The text of the first <h1> of the server's HTML. */
function firstHeading(body: string): string {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body);
  return (match?.[1] ?? '').replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').trim();
}

/** Collects React's hydration complaints and the page's uncaught errors. */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/hydrat|did not match|Minified React error #4(18|19|20|21|22|23|25)/i.test(text)) problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

describe('server-rendered pages', () => {
  it('sends every public page as HTML with its heading, its first cards and the data to hydrate with', async () => {
    for (const { path, heading, cards } of PAGES) {
      const page = await html(`${journey.store.url}${path}`);
      expect([path, page.status]).toEqual([path, 200]);
      expect([path, firstHeading(page.body)]).toEqual([path, expect.stringMatching(heading)]);
      expect([path, page.body.includes(SERVER_DATA)]).toEqual([path, true]);
      if (cards) expect([path, /<article[\s>]/.test(page.body)]).toEqual([path, true]);
      // Styled before any script runs, each style sheet linked once (twice, the browser matched the
      // same rules twice).
      const sheets = [...page.body.matchAll(/<link[^>]*rel="?stylesheet"?[^>]*>/g)].map((link) => /href="?([^"\s>]+)/.exec(link[0])?.[1]);
      expect([path, sheets.some((href) => /^\/styles\.[0-9a-f]+\.css$/.test(href ?? ''))]).toEqual([path, true]);
      expect([path, sheets.length]).toEqual([path, new Set(sheets).size]);
      // Only the page's own sheets: the header's search box is drawn by the browser, its sheet comes
      // with its code (the search remote's manifest lists it under its pages too).
      expect([path, sheets.filter((href) => /__federation_expose_SearchBox/.test(href ?? ''))]).toEqual([path, []]);
      // The shell's code waits for the first paint: an inert placeholder the head script
      // turns into a script, none the browser would fetch beside the style sheets and photos.
      expect([path, /<script defer/.test(page.body)]).toEqual([path, false]);
      expect([path, /<script type="preloved\/after-paint" data-src="\/main\.[0-9a-f]+\.js"><\/script>/.test(page.body)]).toEqual([path, true]);
      // Shared HTML: a CDN may keep it a few seconds.
      expect(page.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
    }
  });

  it('tells search engines and link previews what each page is', async () => {
    const product = await html(`${journey.store.url}/product/20?variant=37`);
    const title = /<title>([^<]+)<\/title>/.exec(product.body)?.[1] ?? '';
    expect(title).toMatch(/ — Preloved$/);
    expect(title).toContain(firstHeading(product.body).split(' — ')[0]);
    expect(product.body).toMatch(/<meta name="description" content="[^"]{20,}">/);
    expect(product.body).toContain(`<link rel="canonical" href="${journey.store.url}/product/20?variant=37">`);
    expect(product.body).toContain(`hreflang="pt" href="${journey.store.url}/product/20?variant=37&amp;lang=pt"`);
    expect(product.body).toMatch(/<meta property="og:image" content="http[^"]+\.(svg|webp|jpe?g|png)">/);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(product.body)![1]!) as {
      '@type': string;
      offers: { '@type': string; lowPrice: string; priceCurrency: string; availability: string; itemCondition: string; offers: { price: string }[] };
    };
    expect(jsonLd['@type']).toBe('Product');
    expect(jsonLd.offers).toMatchObject({ '@type': 'AggregateOffer', priceCurrency: 'EUR', availability: 'https://schema.org/InStock', itemCondition: 'https://schema.org/UsedCondition' });
    expect(jsonLd.offers.offers.length).toBeGreaterThan(0);
    // Each listing page has a title of its own.
    const titles = new Set<string>();
    for (const path of ['/', '/all', '/women', '/about', '/faqs']) titles.add(/<title>([^<]+)<\/title>/.exec((await html(`${journey.store.url}${path}`)).body)![1]!);
    expect(titles.size).toBe(5);
  });

  it('puts nobody’s personal data in the HTML, whatever the request carries', async () => {
    const signedIn = await fetch(`${journey.store.url}/api/customers/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@preloved.test', password: 'Preloved#2026', id_brand: 1 }),
    });
    expect(signedIn.status).toBe(200);
    const token = JSON.stringify(await signedIn.json()).match(/"Token":"([^"]+)"/)?.[1];
    expect(token).toBeTruthy();
    const page = await html(`${journey.store.url}/`, { authorization: `Bearer ${token}`, cookie: `accessToken=${token}` });
    expect(page.body).toContain('aria-label="Bag, 0 items"');
    expect(page.body).toContain('aria-label="Sign in"');
    expect(page.body).not.toMatch(/My account|Demo/);
    expect(page.body).not.toContain(token);
  });

  it('renders the page in the language of the URL or of the shopper’s cookie', async () => {
    const byUrl = await html(`${journey.store.url}/all?lang=pt`);
    expect(byUrl.body).toContain('<html lang="pt"');
    expect(firstHeading(byUrl.body)).toBe('Todos os artigos');
    const byCookie = await html(`${journey.store.url}/all`, { cookie: 'preloved-lang=pt' });
    expect(firstHeading(byCookie.body)).toBe('Todos os artigos');
    // A page decided by a visitor's cookie is theirs alone.
    expect(byCookie.headers.get('cache-control')).toContain('private');
  });

  it('leaves the private pages to the browser', async () => {
    for (const path of ['/user', '/checkout', '/user/orders']) {
      const page = await html(`${journey.store.url}${path}`);
      expect(page.status).toBe(200);
      expect(page.body).toMatch(EMPTY_ROOT);
      expect(page.body).not.toContain(SERVER_DATA);
    }
  });

  it('answers old paths with a permanent redirect home and unknown ones with a temporary one, before any script', async () => {
    for (const [path, status] of [['/shop-pre-loved', 301], ['/sell', 301], ['/no/such/page', 302], ['/user/no-such-page', 302]] as const) {
      const response = await fetch(`${journey.store.url}${path}`, { redirect: 'manual' });
      expect([path, response.status, response.headers.get('location')]).toEqual([path, status, '/']);
    }
    // The main shop's stand-in (demo) typed without its slash is its own page, not an unknown path.
    const mainShop = await fetch(`${journey.store.url}/main-shop?lang=pt`, { redirect: 'manual' });
    expect([mainShop.status, mainShop.headers.get('location')]).toEqual([301, '/main-shop/?lang=pt']);
  });

  it('says a product or seller that is not there with a 404, the page still telling the shopper so', async () => {
    for (const [path, heading] of [['/product/987654321', 'We could not find this item'], ['/vendor/987654321', 'We could not find this seller']]) {
      const page = await html(`${journey.store.url}${path}`);
      expect([path, page.status]).toEqual([path, 404]);
      expect(page.body).toContain(heading);
      expect(page.body).toContain('<meta name="robots" content="noindex, follow">');
    }
  });

  it('hydrates every public page in Chromium without a mismatch, then shows the visitor’s own bag', async () => {
    for (const { path } of PAGES) {
      const page = await journey.open({ width: 390, height: 844 });
      const problems = watchHydration(page);
      // A visitor with one piece in the bag: the server's HTML says 0, the browser says 1 after hydration.
      await page.goto(`${journey.store.url}/favicon.svg`);
      await page.evaluate(() => localStorage.setItem('shoppingCart', JSON.stringify([{ listing_id: 1, product_child_id: 1, price: 10, currency_symb_code: 'EUR' }])));
      await page.goto(`${journey.store.url}${path}`);
      await page.getByRole('button', { name: 'Bag, 1 item' }).waitFor();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect([path, problems]).toEqual([path, []]);
    }
  });

  it('hydrates a product page whose piece is in the visitor’s bag without a mismatch, then says it is in the bag', async () => {
    const page = await journey.open({ width: 1280, height: 900 });
    const path = '/product/20?variant=37';
    await page.goto(`${journey.store.url}${path}`);
    await page.getByRole('button', { name: 'Add to bag' }).first().click();
    await page.getByRole('dialog', { name: /bag/i }).waitFor();
    const problems = watchHydration(page);
    await page.reload();
    // The server's HTML says "Add to bag" (nobody's bag); the page says "In your bag" once hydrated.
    await page.getByRole('button', { name: /^In your bag/ }).first().waitFor();
    await page.getByRole('button', { name: 'Bag, 1 item' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('asks for nothing that is not there on a first visit: the icon is the one the head names, no 404, no error', async () => {
    for (const path of ['/', '/product/20?variant=37']) {
      const page = await journey.open({ width: 390, height: 844 });
      const problems: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      // Without an icon in the head, Chromium asks for /favicon.ico, which the store does not have.
      const icon = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/favicon'));
      await page.goto(`${journey.store.url}${path}`);
      expect([path, new URL((await icon).url()).pathname, (await icon).status()]).toEqual([path, '/favicon.svg', 200]);
      await page.getByRole('button', { name: /^Bag/ }).waitFor();
      await soon(() => page.evaluate(() => document.readyState)).toBe('complete');
      // Everything the page asked for until it was loaded, gathered as it came.
      expect([path, problems]).toEqual([path, []]);
    }
  });

  it('asks for the shell’s code once what the first frame needs has arrived, then hydrates the page', async () => {
    // The style sheets the server's HTML links: what the first frame waits for.
    const sheets = [...(await html(`${journey.store.url}/all`)).body.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((link) => link[1]!);
    expect(sheets.length).toBeGreaterThan(0);
    const page = await journey.open({ width: 390, height: 844 });
    await page.goto(`${journey.store.url}/all`);
    // Hydrated: the filters open their sheet.
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByRole('dialog', { name: /Filters/ }).waitFor();
    const timing = await page.evaluate((linked) => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return {
        parsed: navigation.domContentLoadedEventStart,
        // Each sheet's first load (the one the first frame waited for): a remote may link it again later.
        styles: Math.max(...linked.map((href) => Math.min(...resources.filter((entry) => entry.name.endsWith(href)).map((entry) => entry.responseEnd)))),
        main: resources.find((entry) => /\/main\.[0-9a-f]+\.js$/.test(entry.name))?.startTime ?? Number.NaN,
      };
    }, sheets);
    // Not beside the style sheets (a `defer` script is fetched while the HTML is read): after them and
    // after the HTML has been read, once the first frame is painted.
    expect(timing.main).toBeGreaterThanOrEqual(timing.styles);
    expect(timing.main).toBeGreaterThanOrEqual(timing.parsed);
  });

  it('keeps the server’s ids after hydration: a panel opened later is named by its title', async () => {
    // React's useId must give the browser the server's ids; a tree of another shape shifts them, and a
    // dialog hydrated from the HTML then points its aria-labelledby at nothing.
    const page = await journey.open({ width: 390, height: 844 });
    await page.goto(`${journey.store.url}/all`);
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign in' }).waitFor();
  });

  it('is readable before any script runs, and links work', async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${journey.store.url}/all`);
      await page.getByRole('heading', { level: 1, name: 'All items' }).waitFor();
      await soon(() => page.getByRole('article').count()).toBeGreaterThan(0);
      await page.getByRole('article').first().getByRole('link').first().click();
      await page.waitForURL(/\/product\/\d+/);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await closeContext(context);
    } finally {
      await closeBrowser(browser);
    }
  });
});

describe('a remote whose server container cannot be reached', () => {
  let store: StoreServer | undefined;
  let hung: Server | undefined;
  const sockets = new Set<Socket>();
  afterEach(async () => {
    await store?.stop();
    store = undefined;
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => (hung ? hung.close(resolve) : resolve(undefined)));
    hung = undefined;
  });

  async function expectClientRendered(url: string) {
    const started = Date.now();
    const page = await html(url);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(EMPTY_ROOT);
    expect(Date.now() - started).toBeLessThan(5000);
    // The browser renders the page itself, from the remotes it reaches.
    const browser = await launchBrowser();
    try {
      const tab = await newPage(browser);
      await tab.goto(url);
      await tab.getByRole('heading', { level: 1, name: 'All items' }).waitFor();
    } finally {
      await closeBrowser(browser);
    }
  }

  it('connection refused: the page is the plain app and the browser renders it, no 5xx', async () => {
    store = await startStore({ SERVER_REMOTES_ORIGIN: `http://127.0.0.1:${await freePort()}` });
    await expectClientRendered(`${store.url}/all`);
  });

  it('no answer at all: after the render timeout the page is the plain app, no 5xx', async () => {
    hung = createServer((socket) => sockets.add(socket));
    const port = await freePort();
    await new Promise<void>((resolve) => hung!.listen(port, '127.0.0.1', resolve));
    store = await startStore({ SERVER_REMOTES_ORIGIN: `http://127.0.0.1:${port}`, SERVER_RENDER_TIMEOUT_MS: '1000' });
    await expectClientRendered(`${store.url}/all`);
    // The next request does not wait for a second hung load.
    await expectClientRendered(`${store.url}/all`);
  });
});
