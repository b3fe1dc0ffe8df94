// `pnpm cluster` (issue 27): the store as it runs on more than one machine, on this one. PostgreSQL
// (DATABASE_URL, or the local server's database `preloved_cluster`, created when missing), several
// API instances (CLUSTER_INSTANCES, default 2, on ports 4101…), and nginx from Debian's packages
// (installed when missing, as root) in front of them and of the built remotes, at
// http://localhost:${PORT:-3000}. Ctrl-C stops everything; an instance told to stop finishes its
// requests first (the proxy sends new ones to the others).
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nginxConfig } from '../cluster/nginx-config.mjs';
import { prepareDeployDir } from '../cluster/remote-deploy.mjs';
import { appList, buildApps, builtRemotesJson, deployDir, ensureInstalled, isStale, log, root, webApps } from './lib.mjs';

const port = Number(process.env.PORT ?? 3000);
const instances = Number(process.env.CLUSTER_INSTANCES ?? 2);
const firstApiPort = Number(process.env.CLUSTER_API_PORT ?? 4101);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/preloved_cluster';

ensureInstalled();
const stale = webApps.filter(isStale);
if (stale.length > 0) {
  log(`building ${stale.length} app(s)…`);
  await buildApps(stale);
}

if (spawnSync('nginx', ['-v'], { stdio: 'ignore' }).error) {
  if (process.getuid?.() !== 0) throw new Error('nginx is not installed: apt-get install nginx (as root), then pnpm cluster again');
  log('installing nginx (apt-get install nginx)…');
  const installed = spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null'], { stdio: 'inherit' });
  if (installed.status !== 0) throw new Error('could not install nginx');
}

// The database of the cluster: created on the local server when it does not exist yet.
if (!process.env.DATABASE_URL) {
  // The API's PostgreSQL client (the root workspace does not depend on it).
  const pg = createRequire(path.join(root, 'apps/api/package.json'))('pg');
  const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', ['preloved_cluster']);
  if (!rowCount) await admin.query('CREATE DATABASE preloved_cluster');
  await admin.end();
}

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

const children = [];
let stopping = false;
function startInstance(n) {
  const apiPort = firstApiPort + n;
  const child = spawn('node', ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: path.join(root, 'apps/api'),
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      STATIC_DIR: root,
      REMOTES_JSON: remotesJson,
      DATABASE_URL: databaseUrl,
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
      // One proxy in front: its X-Forwarded-For names the shopper (throttles count per shopper).
      TRUST_PROXY: '1',
    },
  });
  child.on('exit', (code, signal) => {
    if (!stopping) log(`API instance ${n + 1} (:${apiPort}) exited (${code ?? signal})`);
  });
  children.push(child);
  return `127.0.0.1:${apiPort}`;
}

async function whenReady(address) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`http://${address}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${address} was not ready within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

// The first instance migrates and seeds; the others start once it is ready (they would wait on the
// migration lock anyway).
const upstreams = [startInstance(0)];
await whenReady(upstreams[0]);
for (let n = 1; n < instances; n++) upstreams.push(startInstance(n));
await Promise.all(upstreams.map(whenReady));

const configFile = path.join(runDir, 'nginx.conf');
writeFileSync(configFile, nginxConfig({ port, upstreams, staticRoot, runDir }));
const proxy = spawn('nginx', ['-c', configFile, '-p', runDir], { stdio: 'inherit' });
children.push(proxy);
log(`the cluster: nginx at http://localhost:${port} → ${upstreams.join(', ')} on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`);

function stop() {
  if (stopping) return;
  stopping = true;
  log('stopping the cluster…');
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => {
    rmSync(runDir, { recursive: true, force: true });
    process.exit(0);
  }, 2000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
proxy.on('exit', (code) => {
  if (!stopping) {
    log(`nginx exited (${code})`);
    stop();
  }
});
