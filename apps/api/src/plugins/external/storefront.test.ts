import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { testApp } from '../../test/app';
import { cacheControlFor } from './storefront';

// A fake production build: the shell with a hashed bundle (and its .gz), one built remote, one
// remote that was never built.
const root = mkdtempSync(path.join(tmpdir(), 'preloved-static-'));
const write = (file: string, content: string, gzip = false) => {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  if (gzip) writeFileSync(`${full}.gz`, gzipSync(content));
};
write('apps/shell/dist/index.html', '<!doctype html><title>Preloved</title><div id="root"></div>', true);
write('apps/shell/dist/main.1a2b3c4d.js', 'console.info("shell")', true);
write('apps/shell/dist/remotes.json', '{"catalog":"/remotes/catalog/mf-manifest.json"}');
write('apps/shell/dist/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
write('remotes/catalog/dist/remoteEntry.js', 'var catalog;', true);
write('remotes/catalog/dist/mf-manifest.json', '{}');
write('remotes/catalog/dist/assets/hero.png', 'png');
write('remotes/catalog/dist/412.0f1e2d3c.css', 'body{}');
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
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers any page path with the app, known or not (the client routes and redirects)', async () => {
    for (const url of ['/women', '/user/orders', '/product/12?variant=3', '/no/such/page']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the pre-compressed file to clients that accept gzip, cached for a year when hashed', async () => {
    const gzipped = await get('/main.1a2b3c4d.js', { 'accept-encoding': 'gzip, br' });
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
