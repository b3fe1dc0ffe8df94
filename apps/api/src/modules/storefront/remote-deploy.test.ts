import path from 'node:path';
import { testApp } from '../../test/app';
import { standInBuild } from '../../test/stand-in-build';

// Item 4: a remote deployed (or rolled back) while the store serves. `pnpm run deploy remote`
// (tools/cluster/remote-deploy.mjs) writes a version folder beside the deploy-time remotes.json and
// renames a new remotes.json over the old one; this is what the store must make of that, without a
// restart. The shell's server build here is a small stand-in with the real one's contract
// (apps/shell/src/server/render.tsx): it registers the remotes on its first render and again only
// when told `remotesChanged`, and renders what the catalog's server container says.

const build = standInBuild(
  'deploy-api',
  `const { PassThrough } = require('node:stream');
let said;
exports.render = async (options) => {
  if (said === undefined || options.remotesChanged) said = await (await fetch(options.serverEntries.catalog)).text();
  const stream = new PassThrough();
  stream.end('<p>' + said + '</p>');
  return { kind: 'page', status: 200, stream, data: '{}', remotePages: [{ remote: 'catalog', expose: 'Home' }], meta: { title: 'Preloved' } };
};`,
);
const { root, deployDir, write } = build;

/** A build of the catalog remote: its manifest names its CSS, its server container says `label`. */
function catalogBuild(dir: string, label: string) {
  write(path.join(dir, 'mf-manifest.json'), JSON.stringify({ exposes: [{ name: 'Home', assets: { css: { sync: [`412.${label.padEnd(8, '0').slice(0, 8)}.css`] } } }] }));
  write(path.join(dir, 'remoteEntry.js'), `var catalog = "${label}";`);
  write(path.join(dir, `412.${label.padEnd(8, '0').slice(0, 8)}.css`), 'body{}');
  write(path.join(dir, 'server/remoteEntry.js'), `catalog ${label}`);
}
catalogBuild(path.join(root, 'remotes/catalog/dist'), 'b0'); // the build served in place
const A = 'aaaaaaaaaaaa';
const B = 'bbbbbbbbbbbb';
catalogBuild(path.join(deployDir, 'releases/catalog', A), 'a1');
catalogBuild(path.join(deployDir, 'releases/catalog', B), 'b2');
write(path.join(deployDir, 'releases/catalog/history.json'), '{"live":[],"recent":[]}');

/** What the deploy script does: a new file renamed over remotes.json. */
function switchCatalog(url: string) {
  build.switchRemotes({ catalog: url });
}
switchCatalog('/remotes/catalog/mf-manifest.json');

let ctx: Awaited<ReturnType<typeof testApp>>;
let base: string;
beforeAll(async () => {
  ctx = await testApp(build.env);
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx.close();
  build.remove();
});

/** The home page as rendered, asked again until it says `expected` (within 5 s: "within seconds"). */
async function homeSaying(expected: string): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const body = await (await fetch(`${base}/`)).text();
    if (body.includes(expected) || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a remote deployed and rolled back while the store serves', () => {
  it('renders pages with the version remotes.json names after each switch, without a restart', async () => {
    expect(await homeSaying('catalog b0')).toContain('<p>catalog b0</p>');

    switchCatalog(`/releases/catalog/${A}/mf-manifest.json`);
    const deployed = await homeSaying('catalog a1');
    expect(deployed).toContain('<p>catalog a1</p>');
    // The page's CSS comes from the deployed version's folder.
    expect(deployed).toContain(`<link rel="stylesheet" href="/releases/catalog/${A}/412.a1000000.css">`);
    expect(await (await fetch(`${base}/remotes.json`)).json()).toEqual({ catalog: `/releases/catalog/${A}/mf-manifest.json` });

    switchCatalog(`/releases/catalog/${B}/mf-manifest.json`);
    expect(await homeSaying('catalog b2')).toContain('<p>catalog b2</p>');

    // Rolled back: the version before is rendered again.
    switchCatalog(`/releases/catalog/${A}/mf-manifest.json`);
    expect(await homeSaying('catalog a1')).toContain('<p>catalog a1</p>');
  });

  it('serves every version kept, all of it cached for a year, and remotes.json never cached', async () => {
    switchCatalog(`/releases/catalog/${B}/mf-manifest.json`);
    // A page loaded with version A still gets A's files after B is live.
    for (const file of [`${A}/remoteEntry.js`, `${A}/412.a1000000.css`, `${A}/mf-manifest.json`, `${B}/remoteEntry.js`]) {
      const response = await fetch(`${base}/releases/catalog/${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    expect(await (await fetch(`${base}/releases/catalog/${A}/remoteEntry.js`)).text()).toBe('var catalog = "a1";');
    const remotes = await fetch(`${base}/remotes.json`);
    expect(remotes.headers.get('cache-control')).toBe('no-cache');
    expect(await remotes.json()).toEqual({ catalog: `/releases/catalog/${B}/mf-manifest.json` });
  });

  it('answers 404 for the deploy history and for a version that is not there', async () => {
    expect((await fetch(`${base}/releases/catalog/history.json`)).status).toBe(404);
    expect((await fetch(`${base}/releases/catalog/cccccccccccc/remoteEntry.js`)).status).toBe(404);
    expect((await fetch(`${base}/releases/catalog/${A}`)).status).toBe(404);
  });
});
