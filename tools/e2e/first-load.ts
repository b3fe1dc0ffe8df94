import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

export interface ScriptSize {
  /** The script's path. */
  url: string;
  /** Its size compressed with gzip -9. */
  gzip: number;
  /** Its text, to look for code that must not be there. */
  text: string;
}

/**
 * The JavaScript the open page loaded before it was interactive (the shell's `preloved:hydrated`
 * mark), each file compressed with gzip -9, largest first: bytes of a build are stable where times
 * are not (the JS budget test, `pnpm bench web`). Code loaded after hydration is not counted.
 */
export async function scriptsBeforeHydration(page: Page): Promise<ScriptSize[]> {
  await page.waitForFunction(() => performance.getEntriesByName('preloved:hydrated').length > 0);
  const scripts = await page.evaluate(() => {
    const hydrated = performance.getEntriesByName('preloved:hydrated')[0]!.startTime;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= hydrated && /\.js(\?|$)/.test(new URL(entry.name).pathname))
      .map((entry) => entry.name);
  });
  const sizes = await Promise.all(
    [...new Set(scripts)].map(async (url) => {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      return { url: new URL(url).pathname, gzip: gzipSync(body, { level: 9 }).length, text: body.toString('utf8') };
    }),
  );
  return sizes.sort((a, b) => b.gzip - a.gzip);
}

/**
 * Every script the open page loaded once it is hydrated and the network is quiet (what Lighthouse
 * counts as the page's JavaScript), each compressed with gzip -9, largest first: issue 31's whole-page
 * budget. Nothing is tapped: code loaded on intent (panels, dialogs) is not counted.
 */
export async function scriptsOfPage(page: Page): Promise<ScriptSize[]> {
  await page.waitForFunction(() => performance.getEntriesByName('preloved:hydrated').length > 0);
  await page.waitForLoadState('networkidle');
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => /\.js(\?|$)/.test(new URL(entry.name).pathname))
      .map((entry) => entry.name),
  );
  const sizes = await Promise.all(
    [...new Set(scripts)].map(async (url) => {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      return { url: new URL(url).pathname, gzip: gzipSync(body, { level: 9 }).length, text: body.toString('utf8') };
    }),
  );
  return sizes.sort((a, b) => b.gzip - a.gzip);
}
