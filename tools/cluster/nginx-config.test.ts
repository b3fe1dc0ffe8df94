import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { DEBIAN_BROTLI_STATIC_MODULE, nginxConfig } from './nginx-config.mjs';

// The proxy of `pnpm cluster`: what it must say, and that nginx accepts it.

const config = (runDir = '/run/preloved') =>
  nginxConfig({ port: 3300, upstreams: ['127.0.0.1:4101', '127.0.0.1:4102'], staticRoot: `${runDir}/static`, runDir });

describe('the cluster’s nginx config', () => {
  it('balances over every API instance with passive health checks', () => {
    expect(config()).toContain('server 127.0.0.1:4101 max_fails=2 fail_timeout=5s;');
    expect(config()).toContain('server 127.0.0.1:4102 max_fails=2 fail_timeout=5s;');
  });

  it('retries another instance for idempotent requests only (no non_idempotent), and passes a request id', () => {
    expect(config()).toContain('proxy_next_upstream error timeout http_502 http_503 http_504;');
    expect(config()).not.toContain('non_idempotent;');
    expect(config()).toContain('proxy_set_header X-Request-Id $request_id;');
  });

  it('compresses, and keeps hashed files a year while entry points are asked again', () => {
    expect(config()).toContain('gzip on;');
    expect(config()).toContain('gzip_static on;');
    expect(config()).toMatch(/\{8\}\\\.\(js\|css\)\$" \{\s+root [^;]+;\s+gzip_static on;\s+add_header Cache-Control "public, max-age=31536000, immutable";/);
    expect(config()).toMatch(/mf-manifest\\\.json\)\$ \{\s+root [^;]+;\s+gzip_static on;\s+add_header Cache-Control "no-cache";/);
  });

  it('keeps every file of a released version a year (the folder is named by its content) and leaves remotes.json to the API', () => {
    expect(config()).toMatch(/location ~ "\^\/releases\/\[a-z-\]\+\/\[0-9a-f\]\{12\}\/" \{\s+root \/run\/preloved\/static;\s+gzip_static on;\s+add_header Cache-Control "public, max-age=31536000, immutable";/);
    expect(config()).not.toMatch(/location[^{]*remotes\\?\.json/);
  });

  const nginx = spawnSync('nginx', ['-v']).error ? it.skip : it;
  nginx('is accepted by nginx -t (when nginx is installed)', () => {
    const runDir = mkdtempSync(path.join(tmpdir(), 'preloved-nginx-test-'));
    try {
      const file = path.join(runDir, 'nginx.conf');
      writeFileSync(file, config(runDir));
      const checked = spawnSync('nginx', ['-t', '-c', file, '-p', runDir], { encoding: 'utf8' });
      expect(checked.stderr).toContain('syntax is ok');
      expect(checked.status).toBe(0);
    } finally {
      rmSync(runDir, { recursive: true, force: true });
    }
  });

  /** nginx started on `config` over a static folder holding `files`; `serve` is given its address. */
  async function withNginx(files: Record<string, string | Buffer>, options: Partial<Parameters<typeof nginxConfig>[0]>, serve: (base: string) => Promise<void>) {
    const runDir = mkdtempSync(path.join(tmpdir(), 'preloved-nginx-test-'));
    // nginx's workers run unprivileged when it is started as root (as pnpm cluster does).
    chmodSync(runDir, 0o755);
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(runDir, 'static', name)), { recursive: true });
      writeFileSync(path.join(runDir, 'static', name), content);
    }
    const port = 20000 + Math.floor(Math.random() * 20000);
    writeFileSync(path.join(runDir, 'nginx.conf'), nginxConfig({ port, upstreams: ['127.0.0.1:9'], staticRoot: path.join(runDir, 'static'), runDir, ...options }));
    const proxy = spawn('nginx', ['-c', path.join(runDir, 'nginx.conf'), '-p', runDir], { stdio: 'ignore' });
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let tries = 0; tries < 50 && !(await fetch(base).catch(() => undefined)); tries++) await new Promise((resolve) => setTimeout(resolve, 100));
      await serve(base);
    } finally {
      proxy.kill('SIGTERM');
      await new Promise((resolve) => proxy.on('exit', resolve));
      rmSync(runDir, { recursive: true, force: true });
    }
  }

  nginx('serves a released version’s files itself, immutable, and not its source maps (when nginx is installed)', async () => {
    const version = 'releases/catalog/0123456789ab';
    await withNginx({ [`${version}/remoteEntry.js`]: 'var catalog;', [`${version}/412.0f1e2d3c.js.map`]: '{}', [`${version}/server/.keep`]: '' }, {}, async (base) => {
      const entry = await fetch(`${base}/${version}/remoteEntry.js`);
      expect(entry.status).toBe(200);
      expect(entry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await entry.text()).toBe('var catalog;');
      expect((await fetch(`${base}/${version}/412.0f1e2d3c.js.map`)).status).toBe(404);
    });
  });

  it('loads the brotli_static module first and sends a .br beside every .gz when it is given', () => {
    const withBrotli = nginxConfig({ port: 3300, upstreams: ['127.0.0.1:4101'], staticRoot: '/s', runDir: '/r', brotliModule: '/m/brotli.so' });
    expect(withBrotli.split('\n').find((line) => line && !line.startsWith('#'))).toBe('load_module /m/brotli.so;');
    expect(withBrotli.match(/gzip_static on;/g)).toHaveLength(4);
    expect(withBrotli.match(/gzip_static on;\s+brotli_static on;/g)).toHaveLength(4);
    expect(config()).not.toContain('brotli');
  });

  const brotli = nginx === it && existsSync(DEBIAN_BROTLI_STATIC_MODULE) ? it : it.skip;
  brotli('sends the build’s .br file to a browser that takes brotli and the .gz one to the rest (when the module is installed)', async () => {
    const script = 'console.info("catalog");'.repeat(50);
    const file = 'remotes/catalog/412.0f1e2d3c.js';
    const files = { [file]: script, [`${file}.gz`]: gzipSync(script), [`${file}.br`]: brotliCompressSync(script) };
    await withNginx(files, { brotliModule: DEBIAN_BROTLI_STATIC_MODULE }, async (base) => {
      const br = await fetch(`${base}/${file}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect([br.status, br.headers.get('content-encoding')]).toEqual([200, 'br']);
      expect(await br.text()).toBe(script);
      const gzip = await fetch(`${base}/${file}`, { headers: { 'accept-encoding': 'gzip' } });
      expect([gzip.status, gzip.headers.get('content-encoding')]).toEqual([200, 'gzip']);
      expect(await gzip.text()).toBe(script);
    });
  });
});
