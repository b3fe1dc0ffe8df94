import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { testApp } from '../../test/app';
import { cacheControlFor } from './storefront';
import { loadConfig } from '../../config';
import { earlyEventsScript, injectInlineConfig, inlineStorefrontConfig, mapTileSources } from './storefront-config';

// A fake production build: the shell with a hashed bundle (and its .gz and .br), one built remote, one
// remote that was never built.
const root = mkdtempSync(path.join(tmpdir(), 'preloved-static-'));
const write = (file: string, content: string, compressed = false) => {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  if (!compressed) return;
  writeFileSync(`${full}.gz`, gzipSync(content));
  writeFileSync(`${full}.br`, brotliCompressSync(content));
};
const builtIndex = '<!doctype html><html><head><title>Preloved</title><script defer src=/main.1a2b3c4d.js></script></head><body><div id="root"></div></body></html>';
write('apps/shell/dist/index.html', builtIndex, true);
write('apps/shell/dist/main.1a2b3c4d.js', 'console.info("shell")', true);
write('apps/shell/dist/remotes.json', '{"catalog":"/remotes/catalog/mf-manifest.json"}');
write('apps/shell/dist/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
write('remotes/catalog/dist/remoteEntry.js', 'var catalog;', true);
write('remotes/catalog/dist/mf-manifest.json', '{}');
write('remotes/catalog/dist/assets/hero.png', 'png');
write('remotes/catalog/dist/412.0f1e2d3c.css', 'body{}');
write('apps/shell/dist/main.1a2b3c4d.js.map', '{"version":3}', true);
write('remotes/catalog/dist/412.0f1e2d3c.js.map', '{"version":3}');
write('remotes/catalog/dist/mf-stats.json', '{}');
mkdirSync(path.join(root, 'remotes/search/src'), { recursive: true });

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp({ STATIC_DIR: root });
});
afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('production storefront', () => {
  it('serves the shell at / without caching it', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('answers any page path with the app, known or not (the client routes and redirects)', async () => {
    for (const url of ['/women', '/user/orders', '/product/12?variant=3', '/no/such/page']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the pre-compressed brotli file to clients that accept it, else the gzip one, cached for a year when hashed', async () => {
    const brotli = await get('/main.1a2b3c4d.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.info("shell")');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/remotes/catalog/remoteEntry.js', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
    const gzipped = await get('/main.1a2b3c4d.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toContain('javascript');
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(gzipped.headers.vary).toLowerCase()).toContain('accept-encoding');
    const plain = await get('/main.1a2b3c4d.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.info("shell")');
    expect((await get('/', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('sends a script and a style sheet without the security headers only a page reads; the page keeps them', async () => {
    const page = await get('/');
    expect(page.headers['content-security-policy']).toBeDefined();
    expect(page.headers['x-frame-options']).toBeDefined();
    for (const url of ['/main.1a2b3c4d.js', '/remotes/catalog/remoteEntry.js']) {
      for (const encoding of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
        const file = await get(url, encoding);
        expect([url, file.statusCode]).toEqual([url, 200]);
        for (const name of ['content-security-policy', 'x-frame-options', 'strict-transport-security', 'cross-origin-opener-policy', 'x-xss-protection'])
          expect([url, name, file.headers[name]]).toEqual([url, name, undefined]);
        // What a script still needs: its type is not sniffed, and the main shop may load it.
        expect([url, file.headers['x-content-type-options']]).toEqual([url, 'nosniff']);
        expect([url, file.headers['cross-origin-resource-policy']]).toEqual([url, 'cross-origin']);
      }
    }
  });

  it('never caches the files that name the others', async () => {
    expect((await get('/remotes.json')).headers['cache-control']).toBe('no-cache');
    expect((await get('/remotes/catalog/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/remotes/catalog/remoteEntry.js', { 'accept-encoding': 'gzip' })).headers['cache-control']).toBe('no-cache');
    expect((await get('/remotes/catalog/mf-manifest.json')).headers['cache-control']).toBe('no-cache');
  });

  it('serves a built remote under /remotes/<name>/ and leaves out one that is not built', async () => {
    const css = await get('/remotes/catalog/412.0f1e2d3c.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/remotes/catalog/assets/hero.png')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
    const absent = await get('/remotes/search/remoteEntry.js');
    expect(absent.statusCode).toBe(404);
    expect(absent.json().message).toEqual(expect.any(String));
  });

  it('keeps the API and missing files out of the fallback', async () => {
    expect((await get('/api/health')).json()).toMatchObject({ status: 'ok' });
    for (const url of ['/api/nothing-here', '/api', '/missing.1a2b3c4d.js', '/remotes/catalog/nope.js']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
  });
});

// The browser's global as the inline script sees it (the API does not depend on the web packages).
type BrowserWindow = { __PRELOVED_CONFIG__?: Record<string, unknown> };

// The CSP's source list of one directive, e.g. script-src → ["'self'", "'sha256-…'"].
const directive = (csp: string | undefined, name: string) =>
  (csp ?? '').split(';').map((part) => part.trim().split(/\s+/)).find(([key]) => key === name)?.slice(1) ?? [];

describe('Google client id in the page', () => {
  const clientId = 'preloved-test.apps.googleusercontent.com';
  let google: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    google = await testApp({ STATIC_DIR: root, GOOGLE_CLIENT_ID: clientId });
  });
  afterAll(async () => {
    await google.close();
  });

  it('puts an inline settings script before the shell and allows exactly that script by its hash', async () => {
    for (const url of ['/', '/user', '/index.html']) {
      const response = await google.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-encoding']).toBeUndefined();
      const inline = /<script>([^<]*)<\/script>/.exec(response.body)?.[1];
      expect(inline).toBeDefined();
      expect(response.body.indexOf('<script>')).toBeLessThan(response.body.indexOf('<script defer src=/main.1a2b3c4d.js>'));
      expect(response.body.replace(`<script>${inline}</script>`, '')).toBe(builtIndex);

      const hash = `'sha256-${createHash('sha256').update(inline ?? '', 'utf8').digest('base64')}'`;
      expect(directive(response.headers['content-security-policy'] as string, 'script-src')).toEqual(["'self'", hash, 'https://accounts.google.com/gsi/client']);

      // What the browser gets from running it, merged into settings a page may have set before.
      const window: BrowserWindow = { __PRELOVED_CONFIG__: { apiBase: '/shop-api' } };
      runInNewContext(inline ?? '', { window });
      expect(window.__PRELOVED_CONFIG__).toEqual({ apiBase: '/shop-api', googleClientId: clientId });
    }
  });

  it("opens the policy to Google's sign-in and lets its popup answer", async () => {
    const response = await google.app.inject({ method: 'GET', url: '/' });
    const csp = response.headers['content-security-policy'] as string;
    expect(directive(csp, 'frame-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(directive(csp, 'style-src')).toEqual(["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style']);
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('leaves the page and the policy as built without a client id', async () => {
    for (const url of ['/', '/user', '/index.html']) {
      const response = await get(url);
      expect(response.body).toBe(builtIndex);
      const csp = response.headers['content-security-policy'] as string;
      expect(directive(csp, 'script-src')).toEqual(["'self'"]);
      expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
      expect(directive(csp, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(directive(csp, 'frame-src')).toEqual([]);
      expect(csp).not.toContain('google');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('keeps a hostile value inside the script', () => {
    const inline = inlineStorefrontConfig({ GOOGLE_CLIENT_ID: '</script><script>alert(1)</script><!--' });
    expect(inline?.script).not.toContain('<');
    const window: BrowserWindow = {};
    runInNewContext(inline?.script ?? '', { window });
    expect(window.__PRELOVED_CONFIG__?.googleClientId).toBe('</script><script>alert(1)</script><!--');
    expect(inlineStorefrontConfig({ GOOGLE_CLIENT_ID: undefined })).toBeUndefined();
  });

  it('places the script before the first script, else at the end of the head or of the page', () => {
    const inline = { script: 'x=1', hash: '' };
    expect(injectInlineConfig('<head><SCRIPT src=a.js></SCRIPT><script src=b.js></script></head>', inline)).toBe(
      '<head><script>x=1</script><SCRIPT src=a.js></SCRIPT><script src=b.js></script></head>',
    );
    expect(injectInlineConfig('<head><title>t</title></head><body></body>', inline)).toBe('<head><title>t</title><script>x=1</script></head><body></body>');
    expect(injectInlineConfig('<div id="root"></div>', inline)).toBe('<div id="root"></div><script>x=1</script>');
  });
});

describe('debugging files of the build', () => {
  it('are not served: source maps and mf-stats.json describe the source', async () => {
    for (const url of ['/main.1a2b3c4d.js.map', '/remotes/catalog/412.0f1e2d3c.js.map', '/remotes/catalog/mf-stats.json'])
      for (const encoding of ['gzip', 'br', 'identity']) {
        const response = await get(url, { 'accept-encoding': encoding });
        expect([url, encoding, response.statusCode]).toEqual([url, encoding, 404]);
      }
    // Nor their compressed copies asked for by name.
    for (const url of ['/main.1a2b3c4d.js.map.br', '/main.1a2b3c4d.js.map.gz'])
      expect([url, (await get(url)).statusCode]).toEqual([url, 404]);
  });

  it('are served with SERVE_SOURCE_MAPS=true', async () => {
    const debugging = await testApp({ STATIC_DIR: root, SERVE_SOURCE_MAPS: 'true' });
    try {
      for (const url of ['/main.1a2b3c4d.js.map', '/remotes/catalog/412.0f1e2d3c.js.map', '/remotes/catalog/mf-stats.json']) {
        expect([url, (await debugging.app.inject(url)).statusCode]).toEqual([url, 200]);
      }
    } finally {
      await debugging.close();
    }
  });
});

describe('cache rules', () => {
  it.each([
    ['main.1a2b3c4d.js', 'public, max-age=31536000, immutable'],
    ['/srv/dist/412.0f1e2d3c.css.gz', 'public, max-age=31536000, immutable'],
    ['/srv/dist/assets/logo.svg', 'public, max-age=31536000, immutable'],
    ['/srv/dist/index.html.gz', 'no-cache'],
    ['/srv/dist/remoteEntry.js', 'no-cache'],
    ['/srv/dist/mf-manifest.json', 'no-cache'],
    ['/srv/dist/remotes.json', 'no-cache'],
    ['/srv/dist/favicon.ico', 'public, max-age=3600'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});

describe('the early-event capture of server-rendered pages', () => {
  const built = mkdtempSync(path.join(tmpdir(), 'preloved-early-'));
  const script = '!function(){window.__prelovedEarlyEvents={}}();';
  beforeAll(() => {
    mkdirSync(path.join(built, 'apps/shell/dist'), { recursive: true });
    writeFileSync(path.join(built, 'apps/shell/dist/index.html'), builtIndex);
    writeFileSync(path.join(built, 'apps/shell/dist/early-events.js'), script);
  });
  afterAll(() => rmSync(built, { recursive: true, force: true }));

  it('is read from the shell build and allowed by exactly its hash while pages are server-rendered', async () => {
    const hash = `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
    expect(earlyEventsScript({ STATIC_DIR: built, SHELL_DIST: 'apps/shell/dist' })).toEqual({ script, hash });
    const rendering = await testApp({ STATIC_DIR: built });
    try {
      const response = await rendering.app.inject({ method: 'GET', url: '/' });
      expect(directive(response.headers['content-security-policy'] as string, 'script-src')).toEqual(["'self'", hash]);
    } finally {
      await rendering.close();
    }
    const plain = await testApp({ STATIC_DIR: built, SERVER_RENDER: 'false' });
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/' });
      expect(directive(response.headers['content-security-policy'] as string, 'script-src')).toEqual(["'self'"]);
    } finally {
      await plain.close();
    }
  });

  it('is absent, and nothing breaks, when the shell was built without it', () => {
    expect(earlyEventsScript({ STATIC_DIR: root, SHELL_DIST: 'apps/shell/dist' })).toBeUndefined();
    expect(earlyEventsScript({ STATIC_DIR: undefined, SHELL_DIST: 'apps/shell/dist' })).toBeUndefined();
  });
});

describe('the pickup map tiles', () => {
  it('allows the default tile server for images only, and leaves the page as built', async () => {
    const response = await get('/');
    const csp = response.headers['content-security-policy'] as string;
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    for (const name of ['script-src', 'connect-src', 'frame-src', 'default-src']) expect(csp.split(';').find((part) => part.trim().startsWith(name)) ?? '').not.toContain('tile');
    expect(response.body).toBe(builtIndex);
  });

  it("allows a configured tile server's host, tells the browser its template, and nothing else changes", async () => {
    const tiles = await testApp({ STATIC_DIR: root, MAP_TILE_URL: 'http://127.0.0.1:8123/tiles/{z}/{x}/{y}.png' });
    try {
      const response = await tiles.app.inject({ method: 'GET', url: '/checkout' });
      const csp = response.headers['content-security-policy'] as string;
      expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:8123']);
      expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
      expect(csp).not.toContain('google');
      const inline = /<script>([^<]*)<\/script>/.exec(response.body)?.[1];
      const hash = `'sha256-${createHash('sha256').update(inline ?? '', 'utf8').digest('base64')}'`;
      expect(directive(csp, 'script-src')).toEqual(["'self'", hash]);
      const window: BrowserWindow = {};
      runInNewContext(inline ?? '', { window });
      expect(window.__PRELOVED_CONFIG__).toEqual({ mapTileUrl: 'http://127.0.0.1:8123/tiles/{z}/{x}/{y}.png' });
    } finally {
      await tiles.close();
    }
  });

  it('turns the map off with an empty value (no tile host allowed), and a {s} subdomain becomes a wildcard', async () => {
    expect(inlineStorefrontConfig({ GOOGLE_CLIENT_ID: undefined, MAP_TILE_URL: '' })?.script).toContain('"mapTileUrl":""');
    expect(mapTileSources({ MAP_TILE_URL: '' })).toEqual([]);
    expect(mapTileSources({ MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' })).toEqual(['https://*.tile.example.org']);
  });

  it('refuses a tile setting that is not an http(s) {z}/{x}/{y} template at start-up', () => {
    for (const value of ['tile.openstreetmap.org', 'javascript:alert(1)/{z}/{x}/{y}', 'https://tiles.example/{z}.png', "https://a.example/{z}/{x}/{y}.png; script-src *"]) {
      expect(() => loadConfig({ NODE_ENV: 'test', MAP_TILE_URL: value })).toThrow(/MAP_TILE_URL/);
    }
  });
});
