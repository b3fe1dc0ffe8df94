// `node --import tsx tools/e2e/shoot.ts <path> [width]`: starts the production store, opens a path in
// Chromium and saves a screenshot plus the console errors, for looking at a page as a shopper would.
import { launchBrowser, newPage } from './browser';
import { startStore } from './server';

async function main() {
  const [route = '/', width = '1440', out = `/tmp/shot-${Date.now()}.png`] = process.argv.slice(2);
  const store = await startStore();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser, { width: Number(width), height: 900 });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') console.log(`[console.${message.type()}] ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) console.log(`[http ${response.status()}] ${response.url()}`);
    });
    page.on('pageerror', (error) => console.log(`[pageerror] ${error.message}`));
    await page.goto(`${store.url}${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    await page.screenshot({ path: out, fullPage: true });
    console.log(`saved ${out}`);
  } finally {
    await browser.close();
    await store.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
