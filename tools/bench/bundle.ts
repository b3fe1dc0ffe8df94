// The JavaScript a page loads before it is interactive, per file (raw and gzip), and the time to a
// visible element, median of 5 runs in Chromium against the production build.
//   pnpm bench bundle [path] [selector-role-name]
import { gzipSync } from 'node:zlib';
import { launchBrowser, newPage } from '../e2e/browser';
import { startStore } from '../e2e/server';

const route = process.argv[2] ?? '/';
const RUNS = 5;

interface FileStat {
  url: string;
  raw: number;
  gzip: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const store = await startStore();
  const browser = await launchBrowser();
  try {
    // Warm the server (first start seeds the database) without measuring.
    const warm = await newPage(browser);
    await warm.goto(`${store.url}${route}`, { waitUntil: 'networkidle' });
    await warm.context().close();

    const files = new Map<string, FileStat>();
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await newPage(browser);
      const client = await page.context().newCDPSession(page);
      await client.send('Network.setCacheDisabled', { cacheDisabled: true });
      page.on('response', async (response) => {
        if (run !== 0 || !response.url().endsWith('.js')) return;
        const body = await response.body().catch(() => null);
        if (body) files.set(response.url(), { url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
      });
      const started = Date.now();
      await page.goto(`${store.url}${route}`);
      // The page is "there" when the route's main content is visible (home: the collections).
      await page.locator(route === '/' ? '#collections-title' : 'main h1').first().waitFor({ state: 'visible' });
      times.push(Date.now() - started);
      await page.waitForLoadState('networkidle');
      await page.context().close();
    }
    const list = [...files.values()].sort((a, b) => b.gzip - a.gzip);
    console.log(`JavaScript loaded by ${route} (production build, gzip -9):`);
    for (const file of list) console.log(`  ${file.url.padEnd(60)} ${kb(file.raw).padStart(10)} raw ${kb(file.gzip).padStart(9)} gzip`);
    const raw = list.reduce((sum, file) => sum + file.raw, 0);
    const gzip = list.reduce((sum, file) => sum + file.gzip, 0);
    console.log(`  ${'total'.padEnd(60)} ${kb(raw).padStart(10)} raw ${kb(gzip).padStart(9)} gzip  (${list.length} files)`);
    console.log(`Time to content visible on ${route}: median ${median(times)} ms of ${RUNS} (${times.join(', ')} ms)`);
  } finally {
    await browser.close();
    await store.stop();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
