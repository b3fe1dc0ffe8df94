import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeBrowser, closeContext, launchBrowser, newPage, newPhone } from './browser';
import { startStore, type StoreServer } from './server';
import { workersStore } from './shared-store';

const SCRIPT_DELAY_MS = Number(process.env.E2E_SCRIPT_DELAY_MS ?? 0);

export interface Journey {
  /** The production store: this worker's shared one, or the file's own when it has settings (`env`). */
  readonly store: StoreServer;
  /**
   * Opens a page in a fresh context (no shared storage); it is closed after the test. `cpuSlowdown`
   * runs the page on a CPU that many times slower (a phone), `scriptDelayMs` makes every script
   * arrive that much later (a slow network; default `E2E_SCRIPT_DELAY_MS`).
   */
  open(viewport?: { width?: number; height?: number }, conditions?: Conditions): Promise<Page>;
  /** As `open`, on a phone: 390 px wide, touch, a Portuguese (Portugal) browser. */
  phone(conditions?: Conditions): Promise<Page>;
}

export interface Conditions {
  cpuSlowdown?: number;
  scriptDelayMs?: number;
}

/**
 * The hooks every journey file needs: a production store and one Chromium for the file, the pages a
 * test opened closed after it. The store is the jest worker's shared one (tools/e2e/shared-store.ts:
 * the database holds what the worker's earlier files did, so a journey makes or picks its own pieces
 * and accounts); a file with settings of its own (`env`, e.g. SMTP_URL) starts its own store.
 */
export function setUpJourney({
  env,
}: { env?: () => Record<string, string> | Promise<Record<string, string>> } = {}): Journey {
  let store: StoreServer | undefined;
  let browser: Browser | undefined;
  const contexts = new Set<BrowserContext>();

  // The set-up time (tools/jest/set-up-time.ts): a store's start on a busy machine has no fixed bound.
  beforeAll(async () => {
    const ownStore = async () => startStore((await env?.()) ?? {});
    [store, browser] = await Promise.all([env ? ownStore() : workersStore().then((shared) => shared ?? ownStore()), launchBrowser()]);
  });
  afterEach(async () => {
    await Promise.all([...contexts].map(closeContext));
    contexts.clear();
  });
  afterAll(async () => {
    await closeBrowser(browser);
    await store?.stop();
  });

  const started = () => {
    if (!browser) throw new Error('the browser is not started yet (use it inside a test or hook)');
    return browser;
  };
  /** The conditions a page runs under; no waiting for hydration (journeys act the moment a control is visible). */
  async function prepare(page: Page, { cpuSlowdown = 1, scriptDelayMs = SCRIPT_DELAY_MS }: Conditions = {}): Promise<Page> {
    contexts.add(page.context());
    // Every script arrives that much later (a slow phone network): the journeys prove the page is
    // readable and nothing a shopper does is lost before hydration.
    if (scriptDelayMs > 0) {
      await page.route(/\.js(\?|$)/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, scriptDelayMs));
        await route.continue();
      });
    }
    if (cpuSlowdown > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    // A tap before the page's code has arrived is held and replayed (the shell's
    // early-events/capture.ts).
    return page;
  }

  return {
    get store() {
      if (!store) throw new Error('the store is not started yet (use it inside a test or hook)');
      return store;
    },
    async open(viewport, conditions) {
      return prepare(await newPage(started(), viewport), conditions);
    },
    async phone(conditions) {
      return prepare((await newPhone(started())).page, conditions);
    },
  };
}
