// `pnpm cluster`: the store as it runs on more than one machine, on this one. PostgreSQL
// (DATABASE_URL, or the local server's database `preloved_cluster`, created when missing), several
// API instances (CLUSTER_INSTANCES, default 2, on ports 4101…), and nginx from Debian's packages
// (installed when missing, as root) in front of them and of the built remotes, at
// http://localhost:${PORT:-3000}. Ctrl-C stops everything; an instance told to stop finishes its
// requests first (the proxy sends new ones to the others). The machinery is tools/cluster/cluster.mjs
// (`pnpm bench cluster` drives it too).
import { rmSync } from 'node:fs';
import { ensureDatabase, prepareCluster, startCluster } from '../cluster/cluster.mjs';
import { log } from './lib.mjs';

const port = Number(process.env.PORT ?? 3000);
const instances = Number(process.env.CLUSTER_INSTANCES ?? 2);
const firstApiPort = Number(process.env.CLUSTER_API_PORT ?? 4101);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/preloved_cluster';

await prepareCluster();
// The database of the cluster: created on the local server when it does not exist yet.
if (!process.env.DATABASE_URL) await ensureDatabase(databaseUrl);

let stopping = false;
const cluster = await startCluster({
  port,
  instances,
  firstApiPort,
  databaseUrl,
  onExit: (n, code, signal) => log(`API instance ${n + 1} (:${firstApiPort + n}) exited (${code ?? signal})`),
});
log(`the cluster: nginx at http://localhost:${port} → ${cluster.upstreams.join(', ')} on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`);

function stop() {
  if (stopping) return;
  stopping = true;
  log('stopping the cluster…');
  cluster.signalAll();
  setTimeout(() => {
    rmSync(cluster.runDir, { recursive: true, force: true });
    process.exit(0);
  }, 2000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
cluster.proxy.on('exit', (code) => {
  if (!stopping) {
    log(`nginx exited (${code})`);
    stop();
  }
});
