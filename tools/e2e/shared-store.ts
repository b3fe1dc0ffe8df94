import { request as httpRequest, createServer, type Server } from 'node:http';
import { startStore, type StoreServer } from './server';

// One production store per jest worker for the journeys that need no settings of their own: a store's
// start (a copy of the template database, the server's start) and its ledger audit were paid by every
// file. The stores are started by the run's main process, lazily, the first time a worker asks for
// its own (tools/jest/global-setup-e2e.ts starts this broker): so a run of one file starts one store,
// none when the file has its own; a store outlives the files and the workers that used it, and the
// run's global teardown stops each and audits its ledger. A worker's files run one after another, so
// a store serves one file at a time, each on the database the previous ones left: a journey picks
// or makes its own pieces and accounts and never counts what another file may have added.

interface SharedStore {
  url: string;
  dataDir: string;
  pid: number;
}

/** The broker, in the main jest process: answers GET /store/<worker> with that worker's store, started on first ask. */
export async function startStoreBroker(): Promise<{ url: string; close(): Promise<void> }> {
  const stores = new Map<string, Promise<StoreServer>>();
  const started = new Map<string, StoreServer>();
  // Stores that died under a journey: the file that killed it fails, the worker's next files get a
  // new store, and the dead one's database is still audited at the end.
  const dead: StoreServer[] = [];
  const server: Server = createServer((request, response) => {
    const worker = /^\/store\/(\w+)$/.exec(request.url ?? '')?.[1];
    if (!worker) return void response.writeHead(404).end();
    const running = started.get(worker);
    if (running && !isAlive(running.pid)) {
      dead.push(running);
      started.delete(worker);
      stores.delete(worker);
    }
    let store = stores.get(worker);
    if (!store) {
      store = startStore();
      stores.set(worker, store);
      store.then(
        (ready) => started.set(worker, ready),
        // A start that failed is tried again by the worker's next file.
        () => stores.delete(worker),
      );
    }
    store.then(
      ({ url, dataDir, pid }) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url, dataDir, pid } satisfies SharedStore)),
      (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(error.message),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    /** Stops every store (each audits its ledger when E2E_AUDIT_LEDGER=1) and fails with every audit that did. */
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const failures: string[] = [];
      for (const store of [...dead, ...(await Promise.all([...stores.values()].map((store) => store.catch(() => undefined))))]) {
        try {
          await store?.stop();
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
      if (failures.length > 0) throw new Error(failures.join('\n'));
    },
  };
}

/** Whether the process still runs (signal 0 only asks). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * This worker's shared store (started by the broker if it is the worker's first file to ask), or
 * undefined when the run has no broker (a journey run outside the e2e project's global set-up).
 * Its `stop` does nothing: the run's teardown stops it after every file.
 */
export async function workersStore(): Promise<StoreServer | undefined> {
  const broker = process.env.E2E_STORE_BROKER;
  if (!broker) return undefined;
  // node:http, not fetch: a store's start on a busy machine may take longer than fetch waits for an answer.
  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const asked = httpRequest(`${broker}/store/${process.env.JEST_WORKER_ID ?? '1'}`, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    asked.on('error', reject);
    asked.end();
  });
  if (status !== 200) throw new Error(`the worker's store did not start: ${body}`);
  const store = JSON.parse(body) as SharedStore;
  return { ...store, stop: async () => undefined };
}
