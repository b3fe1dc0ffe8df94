import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startStore, type StoreServer } from './server';

const SCRIPT_DELAY_MS = Number(process.env.E2E_SCRIPT_DELAY_MS ?? 0);

export interface Journey {
  /** The production store started for this file. */
  readonly store: StoreServer;
  /** Opens a page in a fresh context (no shared storage); it is closed after the test. */
  open(viewport?: { width?: number; height?: number }): Promise<Page>;
}

/**
 * The hooks every journey file needs: one production store (with `env`, e.g. SMTP_URL) and one
 * Chromium for the file, the pages a test opened closed after it.
 */
export function setUpJourney({ env }: { env?: () => Record<string, string> | Promise<Record<string, string>> } = {}): Journey {
  let store: StoreServer | undefined;
  let browser: Browser | undefined;
  const contexts = new Set<BrowserContext>();

  beforeAll(async () => {
    const settings = (await env?.()) ?? {};
    [store, browser] = await Promise.all([startStore(settings), launchBrowser()]);
  });
  afterEach(async () => {
    await Promise.all([...contexts].map((context) => context.close()));
    contexts.clear();
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
  });

  return {
    get store() {
      if (!store) throw new Error('the store is not started yet (use it inside a test or hook)');
      return store;
    },
    async open(viewport) {
      if (!browser) throw new Error('the browser is not started yet (use it inside a test or hook)');
      const page = await newPage(browser, viewport);
      contexts.add(page.context());
      // `E2E_SCRIPT_DELAY_MS`: every script arrives that much later (a slow phone network), so the
      // journeys prove the page is readable and nothing a shopper does is lost before hydration.
      if (SCRIPT_DELAY_MS > 0) {
        await page.route(/\.js(\?|$)/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
          await route.continue();
        });
      }
      // A server-rendered page shows its buttons before they work: a shopper's first tap waits for
      // hydration like this (a click before it is lost), so journeys act once the page is hydrated:
      // the frame first (`preloved:hydrated`), then the page's region (`preloved:page-hydrated`).
      const goto = page.goto.bind(page);
      page.goto = async (...args: Parameters<Page['goto']>) => {
        const response = await goto(...args);
        await page.waitForFunction(
          () => !document.getElementById('preloved-server-data') || performance.getEntriesByName('preloved:page-hydrated').length > 0,
        );
        return response;
      };
      return page;
    },
  };
}
