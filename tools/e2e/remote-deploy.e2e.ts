import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { deployRemote, prepareDeployDir, releaseUrl, rollbackRemote } from '../cluster/remote-deploy.mjs';
import { setUpJourney } from './journey';
import { expectSoon, soon } from './soon';

// Item 4: the catalog remote deployed and rolled back while the store serves (what
// `pnpm run deploy remote catalog` / `pnpm rollback remote catalog` do), seen by a shopper.

const root = path.resolve(__dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'preloved-deploy-e2e-'));
const deployDir = path.join(work, 'deploy');
const catalogDist = path.join(root, 'remotes/catalog/dist');

/** Another build of the catalog: the same code with one more file, so another content, another version. */
function anotherBuild(label: string): string {
  const dist = path.join(work, `catalog-${label}`);
  cpSync(catalogDist, dist, { recursive: true });
  writeFileSync(path.join(dist, 'release.txt'), label);
  return dist;
}

let first: string;
const journey = setUpJourney({
  env: () => {
    const remotesJson = prepareDeployDir({ deployDir, builtRemotesJson: path.join(root, 'apps/shell/public/remotes.json') });
    first = deployRemote({ deployDir, name: 'catalog', dist: catalogDist }).version;
    return { REMOTES_JSON: remotesJson };
  },
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every answer for a file of a released catalog version, as the page receives it. */
function catalogFiles(page: Page): { url: string; status: number }[] {
  const seen: { url: string; status: number }[] = [];
  page.on('response', (response: Response) => {
    if (response.url().includes('/releases/catalog/')) seen.push({ url: new URL(response.url()).pathname, status: response.status() });
  });
  return seen;
}

const renderedHome = async () => (await fetch(`${journey.store.url}/women`)).text();

describe('the catalog deployed and rolled back while the store serves', () => {
  it('keeps a page loaded before the deploy working on its own version, while new pages get the new one', async () => {
    const before = await journey.open();
    const beforeFiles = catalogFiles(before);
    await before.goto(journey.store.url);
    await before.getByRole('heading', { level: 1, name: /next chapter/ }).waitFor();
    // Loaded before the deploy means its code, not only its style sheet: the catalog's remote entry of
    // this version (the bag's panel, which the shopper opens below, shows without waiting for it).
    await soon(() => beforeFiles.filter((file) => file.url === `/releases/catalog/${first}/remoteEntry.js`).length).toBeGreaterThan(0);
    // The shopper has been using the page before the deploy: it runs, it is not only painted (a link
    // tapped before the page runs is followed by the browser itself, a new page of the new version).
    const bag = before.getByRole('dialog', { name: /^Shopping bag/ });
    await before.getByRole('banner').getByRole('button', { name: /^Bag/ }).click();
    await bag.waitFor();
    await before.keyboard.press('Escape');
    await expectSoon(bag).toBeHidden();

    const second = deployRemote({ deployDir, name: 'catalog', dist: anotherBuild('second') }).version;
    expect(second).not.toBe(first);
    // The server renders with the new version at once: its pages link the new version's CSS.
    await soon(renderedHome, { timeout: 10_000 }).toContain(`/releases/catalog/${second}/`);

    // The page loaded before goes on: another catalog page, then code of the catalog it had not loaded yet.
    const loadedBefore = beforeFiles.length;
    await before.getByRole('banner').getByRole('link', { name: 'Women' }).first().click();
    await before.getByRole('heading', { level: 1, name: 'Women' }).waitFor();
    const results = before.getByRole('region', { name: 'Results' });
    await results.getByRole('link').first().click();
    await before.waitForURL(/\/product\/\d+/);
    // The full-screen photo view is a lazily loaded chunk of the catalog: asked for only now.
    await before.getByRole('region', { name: 'Photos' }).getByRole('button', { name: /^Photo 1 of \d+, open full screen$/ }).click();
    await before.getByRole('dialog', { name: /, photo 1 of \d+$/ }).waitFor();
    const afterDeploy = beforeFiles.slice(loadedBefore);
    // It loaded more of its own version (a lazily loaded chunk), all of it found, none of the new one.
    expect(afterDeploy.filter((file) => file.url.startsWith(`/releases/catalog/${first}/`)).length).toBeGreaterThan(0);
    expect(afterDeploy.filter((file) => file.status !== 200 && file.status !== 304)).toEqual([]);
    expect(afterDeploy.filter((file) => file.url.includes(second))).toEqual([]);

    // A page opened now runs the new version.
    const after = await journey.open();
    const afterFiles = catalogFiles(after);
    await after.goto(`${journey.store.url}/women`);
    await after.getByRole('heading', { level: 1, name: 'Women' }).waitFor();
    await soon(() => afterFiles.filter((file) => file.url.startsWith(`/releases/catalog/${second}/remoteEntry.js`)).length).toBe(1);
    expect(afterFiles.filter((file) => file.url.includes(first))).toEqual([]);

    // Rolled back: new pages and the server's renders are on the first version again.
    expect(rollbackRemote({ deployDir, name: 'catalog' }).to).toBe(releaseUrl('catalog', first));
    await soon(renderedHome, { timeout: 10_000 }).toContain(`/releases/catalog/${first}/`);
    // The page opened with the version rolled back from still navigates.
    await after.getByRole('banner').getByRole('link', { name: 'Men' }).first().click();
    await after.getByRole('heading', { level: 1, name: 'Men' }).waitFor();
    expect(afterFiles.filter((file) => file.status !== 200 && file.status !== 304)).toEqual([]);
  });
});
