// The machinery of `pnpm cluster`, shared by tools/dev/cluster.mjs and `pnpm bench cluster`:
// PostgreSQL (a database created when missing), API instances on ports firstApiPort…, and nginx from
// Debian's packages (installed when missing, as root) in front of them and of the built remotes. An
// instance can be stopped (SIGTERM: it finishes its requests; SIGKILL: it just dies) and started again
// on its port while the others and the proxy serve.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEBIAN_BROTLI_STATIC_MODULE, nginxConfig } from './nginx-config.mjs';
import { prepareDeployDir } from './remote-deploy.mjs';
import { appList, buildApps, builtRemotesJson, deployDir as defaultDeployDir, ensureInstalled, isStale, log, root, webApps } from '../dev/lib.mjs';

/** nginx, and its module that sends the build's .br files. */
const NGINX_PACKAGES = 'nginx libnginx-mod-http-brotli-static';

/** Builds what is stale and installs nginx when missing (as root). */
export async function prepareCluster() {
  ensureInstalled();
  const stale = webApps.filter(isStale);
  if (stale.length > 0) {
    log(`building ${stale.length} app(s)…`);
    await buildApps(stale);
  }
  if (spawnSync('nginx', ['-v'], { stdio: 'ignore' }).error) {
    if (process.getuid?.() !== 0) throw new Error(`nginx is not installed: apt-get install ${NGINX_PACKAGES} (as root), then pnpm cluster again`);
    log(`installing nginx (apt-get install ${NGINX_PACKAGES})…`);
    const installed = spawnSync('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${NGINX_PACKAGES} >/dev/null`], { stdio: 'inherit' });
    if (installed.status !== 0) throw new Error('could not install nginx');
  }
  if (!existsSync(DEBIAN_BROTLI_STATIC_MODULE)) log('nginx has no brotli_static module (apt-get install libnginx-mod-http-brotli-static): built files go in gzip');
}

/** Creates the database of `url` on its server when it does not exist yet. */
export async function ensureDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name: ${name}`);
  // The API's PostgreSQL client (the root workspace does not depend on it).
  const pg = createRequire(path.join(root, 'apps/api/package.json'))('pg');
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

/** Waits until an instance says it is ready (its database answers, its migrations are applied). */
export async function whenReady(address, ms = 120_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(`http://${address}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${address} was not ready within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/**
 * Starts the cluster: `instances` API instances (the first migrates and seeds, the others start once
 * it is ready), then nginx at `port`. `env` is added to the instances' environment; `stdio` is theirs
 * and nginx's. Answers what a script needs to stop and restart instances and to stop it all.
 */
export async function startCluster({ port, instances, firstApiPort, databaseUrl, deployDir = defaultDeployDir, env = {}, stdio = 'inherit', onExit }) {
  const runDir = mkdtempSync(path.join(tmpdir(), 'preloved-cluster-'));
  // nginx's workers run as an unprivileged user when started as root: they must be able to read it.
  chmodSync(runDir, 0o755);
  // What nginx serves itself: each remote's build and the shell's, by symlink.
  const staticRoot = path.join(runDir, 'static');
  mkdirSync(path.join(staticRoot, 'remotes'), { recursive: true });
  symlinkSync(path.join(root, 'apps/shell/dist'), path.join(staticRoot, 'shell'));
  for (const app of appList.apps.filter((entry) => entry.kind === 'remote')) {
    const dist = path.join(root, app.dir, 'dist');
    if (existsSync(dist)) symlinkSync(dist, path.join(staticRoot, 'remotes', app.name));
  }
  // The deploy-time remotes.json (served by the instances) and the released versions of the remotes
  // (served by nginx): `pnpm run deploy remote <name>` switches a remote while the cluster runs.
  const remotesJson = process.env.REMOTES_JSON ?? prepareDeployDir({ deployDir, builtRemotesJson });
  symlinkSync(path.join(path.dirname(path.resolve(remotesJson)), 'releases'), path.join(staticRoot, 'releases'));

  const children = new Map();
  let stopping = false;
  const addressOf = (n) => `127.0.0.1:${firstApiPort + n}`;
  function startInstance(n) {
    const child = spawn('node', ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
      cwd: path.join(root, 'apps/api'),
      stdio,
      env: {
        ...process.env,
        PORT: String(firstApiPort + n),
        HOST: '127.0.0.1',
        STATIC_DIR: root,
        REMOTES_JSON: remotesJson,
        DATABASE_URL: databaseUrl,
        NODE_ENV: process.env.NODE_ENV ?? 'production',
        // The demo, as `pnpm serve`; DEMO=false with the README's production settings for a real store.
        DEMO: process.env.DEMO || 'true',
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
        // One proxy in front: its X-Forwarded-For names the shopper (throttles count per shopper).
        TRUST_PROXY: '1',
        ...env,
      },
    });
    child.on('exit', (code, signal) => {
      if (children.get(n) === child) children.delete(n);
      if (!stopping) onExit?.(n, code, signal);
    });
    children.set(n, child);
    return addressOf(n);
  }
  /** Stops instance `n` with `signal`; resolves once it has exited. */
  function stopInstance(n, signal = 'SIGTERM') {
    const child = children.get(n);
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  const upstreams = [startInstance(0)];
  await whenReady(upstreams[0]);
  for (let n = 1; n < instances; n++) upstreams.push(startInstance(n));
  await Promise.all(upstreams.map((address) => whenReady(address)));

  const configFile = path.join(runDir, 'nginx.conf');
  const brotliModule = existsSync(DEBIAN_BROTLI_STATIC_MODULE) ? DEBIAN_BROTLI_STATIC_MODULE : undefined;
  writeFileSync(configFile, nginxConfig({ port, upstreams, staticRoot, runDir, brotliModule }));
  const proxy = spawn('nginx', ['-c', configFile, '-p', runDir], { stdio });

  return {
    upstreams,
    runDir,
    remotesJson,
    proxy,
    addressOf,
    startInstance,
    stopInstance,
    /** Stops every instance (SIGTERM, waited for) and nginx, and removes the run folder. */
    async stop() {
      stopping = true;
      await Promise.all([...children.keys()].map((n) => stopInstance(n)));
      if (proxy.exitCode === null) {
        await new Promise((resolve) => {
          proxy.once('exit', resolve);
          proxy.kill('SIGTERM');
        });
      }
      rmSync(runDir, { recursive: true, force: true });
    },
    /** The same without waiting (a Ctrl-C): signals everything; the caller exits soon after. */
    signalAll() {
      stopping = true;
      for (const child of children.values()) child.kill('SIGTERM');
      proxy.kill('SIGTERM');
    },
  };
}
