import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags that keep it off the (closed) network. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROME_PATH`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(browser: Browser, options: { width?: number; height?: number } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1440, height: options.height ?? 900 }, locale: 'en-GB' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** A phone: 390 px wide, touch, a Portuguese (Portugal) browser; its context for closeContext. */
export async function newPhone(browser: Browser): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'pt-PT' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { page, context };
}

/** How far the page is wider than its viewport (0: nothing scrolls sideways). */
export const overflowOf = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const CLOSE_WAIT_MS = 15_000;

/**
 * Closes what a test opened without letting Chromium's teardown fail a journey that passed: now and
 * then Chromium never answers the disposal of a browser context (Target.disposeBrowserContext), and
 * the wait for it ran out a hook's 90 s (CI of stop 34, bag.e2e.ts, after both tests had passed).
 * The pages are closed first, each bounded; a context that does not close in 15 s is left to the
 * browser's own close at the end of the file, with a line in the log.
 */
export async function closeContext(context: BrowserContext): Promise<void> {
  const closed = await within(
    (async () => {
      await Promise.all(context.pages().map((page) => page.close({ runBeforeUnload: false }).catch(() => undefined)));
      await context.close();
    })(),
    CLOSE_WAIT_MS,
  );
  if (!closed) console.warn(`a browser context did not close in ${CLOSE_WAIT_MS / 1000} s: left to the browser's close`);
}

/** Closes Chromium, bounded the same way: jest's --forceExit ends the run and its children. */
export async function closeBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  if (!(await within(browser.close(), CLOSE_WAIT_MS))) console.warn(`Chromium did not close in ${CLOSE_WAIT_MS / 1000} s`);
}

/** Whether `work` settled within `ms` (its failure counts as settled: closing something closed is fine). */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true, () => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
