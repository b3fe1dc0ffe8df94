import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nginxConfig } from './nginx-config.mjs';

// The proxy of `pnpm cluster` (issue 27): what it must say, and that nginx accepts it.

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

  nginx('serves a released version’s files itself, immutable, and not its source maps (when nginx is installed)', async () => {
    const runDir = mkdtempSync(path.join(tmpdir(), 'preloved-nginx-test-'));
    // nginx's workers run unprivileged when it is started as root (as pnpm cluster does).
    chmodSync(runDir, 0o755);
    const version = path.join(runDir, 'static/releases/catalog/0123456789ab');
    mkdirSync(path.join(version, 'server'), { recursive: true });
    writeFileSync(path.join(version, 'remoteEntry.js'), 'var catalog;');
    writeFileSync(path.join(version, '412.0f1e2d3c.js.map'), '{}');
    const port = 20000 + Math.floor(Math.random() * 20000);
    writeFileSync(path.join(runDir, 'nginx.conf'), nginxConfig({ port, upstreams: ['127.0.0.1:9'], staticRoot: path.join(runDir, 'static'), runDir }));
    const proxy = spawn('nginx', ['-c', path.join(runDir, 'nginx.conf'), '-p', runDir], { stdio: 'ignore' });
    try {
      let entry: Response | undefined;
      for (let tries = 0; !entry && tries < 50; tries++) {
        entry = await fetch(`http://127.0.0.1:${port}/releases/catalog/0123456789ab/remoteEntry.js`).catch(() => undefined);
        if (!entry) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(entry?.status).toBe(200);
      expect(entry?.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await entry?.text()).toBe('var catalog;');
      expect((await fetch(`http://127.0.0.1:${port}/releases/catalog/0123456789ab/412.0f1e2d3c.js.map`)).status).toBe(404);
    } finally {
      proxy.kill('SIGTERM');
      await new Promise((resolve) => proxy.on('exit', resolve));
      rmSync(runDir, { recursive: true, force: true });
    }
  });
});
