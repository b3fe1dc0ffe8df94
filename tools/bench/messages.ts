// `pnpm bench messages`: buyer–seller messages in real time across instances (issue 47). Two API
// processes share PostgreSQL (a schema of its own on the DATABASE_URL server, dropped at the end);
// BENCH_READERS (2 000) readers hold GET /api/threads/events open, each pair's buyer on instance 1
// and its seller on instance 2; the buyers write BENCH_MESSAGE_RATE (100) messages a second for
// BENCH_MESSAGE_SECONDS (30) through instance 1, each to a seller reading on instance 2, so every
// message crosses PostgreSQL's LISTEN/NOTIFY. Prints messages sent, delivered, lost and duplicated,
// the delivery time (the POST sent → the event read by the seller's stream) p50/p95/p99/max against
// the p95 ≤ 250 ms, how long after the POST's answer the event came (what LISTEN/NOTIFY and
// the stream add to the write), the same for the sender's own stream on instance 1, and the memory of a
// connection (each instance's RSS and V8 heap before and after its readers connected). Exits 1 only
// for a real defect: a message lost, duplicated or told to someone else, or a send that failed.
//   pnpm bench messages       (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/preloved_bench)
//   BENCH_READERS=2000 BENCH_MESSAGE_RATE=100 BENCH_MESSAGE_SECONDS=30 pnpm bench messages
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { MESSAGE_LIMITS } from '../../packages/contract/src/conversations';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDb } from '../../apps/api/src/db/db';
import { migrate } from '../../apps/api/src/db/migrate';
import { seed } from '../../apps/api/src/db/seed';
import { exited, startApiProcess } from '../../apps/api/src/test/race';
import { ensureDatabase, fixed, percentile, POSTGRES_URL } from './lib';

const READERS = Number(process.env.BENCH_READERS ?? 2000);
const RATE = Number(process.env.BENCH_MESSAGE_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_MESSAGE_SECONDS ?? 30);
/** How long messages still on their way after the last send are waited for before they count as lost. */
const DRAIN_MS = 10_000;
const TARGET_P95_MS = 250;
const PAIRS = Math.floor(READERS / 2);
const METRICS_TOKEN = randomBytes(16).toString('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The messages are spread over the pairs' threads, one after the other, so that no sender and no
 * thread reaches the store's limits (MESSAGE_LIMITS, which the bench leaves as they are): enough pairs
 * for the rate, or the bench says which knob to turn.
 */
function checkLimits() {
  const perThread = (windowSeconds: number) => Math.ceil((Math.min(windowSeconds, SECONDS) * RATE) / PAIRS);
  if (perThread(MESSAGE_LIMITS.thread.windowSeconds) > MESSAGE_LIMITS.thread.max || perThread(MESSAGE_LIMITS.sender.windowSeconds) > MESSAGE_LIMITS.sender.max) {
    throw new Error(`${PAIRS} buyer–seller pairs are too few for ${RATE} messages/s over ${SECONDS} s within MESSAGE_LIMITS: more BENCH_READERS, or a lower rate`);
  }
}

/**
 * The readers' sockets are this process's file descriptors (and half of them each instance's): the
 * soft limit the shell gave is said, and too low a one stops the bench before it starts anything.
 */
function checkFileDescriptors() {
  const limit = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
  const needed = READERS + 500;
  console.log(`file descriptors: soft limit ${Number.isFinite(limit) ? limit : 'unlimited'} (ulimit -n), this process needs about ${needed}, each instance about ${PAIRS + 200}`);
  if (Number.isFinite(limit) && limit < needed) throw new Error(`ulimit -n is ${limit}: raise it (ulimit -n ${needed * 2}) or set fewer BENCH_READERS`);
}

interface Instance {
  url: string;
  child: ChildProcess;
}

/** An instance's resident memory and V8 heap in use, from its Prometheus metrics (Node's own process series). */
async function memoryOf(instance: Instance): Promise<{ rss: number; heap: number }> {
  const text = await (await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (name: string) => Number(new RegExp(`^${name} ([0-9.e+]+)`, 'm').exec(text)?.[1] ?? NaN);
  return { rss: value('process_resident_memory_bytes'), heap: value('nodejs_heap_size_used_bytes') };
}

interface Arrival {
  at: number;
  threadId: number;
}

/**
 * One reader's stream of GET /api/threads/events, parsed as it comes (a browser's EventSource does
 * the same): each `message` event's arrival time by message id. A stream the server ends is opened
 * again after its `retry` with Last-Event-ID, as EventSource does, and counted.
 */
class Reader {
  readonly arrivals = new Map<number, Arrival[]>();
  reconnects = 0;
  private request: http.ClientRequest | null = null;
  private lastId = 0;
  private closed = false;

  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  /** Resolves once the stream's head and its `retry` line came in. */
  open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { authorization: `Bearer ${this.token}`, accept: 'text/event-stream' };
      if (this.lastId) headers['last-event-id'] = String(this.lastId);
      // A socket of its own, as each browser tab's stream is.
      const request = http.get(`${this.base}/api/threads/events`, { headers, agent: false }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`GET /api/threads/events answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        let started = false;
        response.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            this.event(buffer.slice(0, end), at);
            buffer = buffer.slice(end + 2);
          }
          if (!started) {
            started = true;
            resolve();
          }
        });
        response.on('end', () => this.lost());
        response.on('error', () => this.lost());
      });
      request.on('error', (error) => (this.request === request && !this.closed ? this.lost() : reject(error)));
      this.request = request;
    });
  }

  private event(block: string, at: number) {
    let name = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
      else if (line.startsWith('id:')) this.lastId = Number(line.slice(3).trim());
    }
    if (name !== 'message' || !data) return;
    const event = JSON.parse(data) as { thread_id: number; message: { id: number } };
    const seen = this.arrivals.get(event.message.id) ?? [];
    seen.push({ at, threadId: event.thread_id });
    this.arrivals.set(event.message.id, seen);
  }

  private lost() {
    if (this.closed) return;
    this.request = null;
    this.reconnects++;
    setTimeout(() => void this.open().catch(() => this.lost()), 3000);
  }

  close() {
    this.closed = true;
    this.request?.destroy();
  }
}

/** `work` over `items`, `concurrency` at a time. */
async function inBatches<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

interface Pair {
  buyer: { id: number; token: string };
  seller: { id: number; token: string };
  listingId: number;
  threadId: number;
}

/** The pairs' accounts and sessions (made in the database by the store's own session code), each seller given a piece, and each buyer's thread about it (through the API). */
async function makePairs(db: Awaited<ReturnType<typeof openDb>>, instance: Instance): Promise<Pair[]> {
  const { rows: customers } = await db.query<{ id: number }>(
    `INSERT INTO customers (first_name, last_name, email, email_verified_at)
     SELECT 'Bench', 'Reader ' || n, 'bench-reader-' || n || '@example.com', now() FROM generate_series(1, $1::int) AS n RETURNING id`,
    [PAIRS * 2],
  );
  const { rows: pieces } = await db.query<{ id: number }>(`SELECT id FROM listings WHERE status = 'active' ORDER BY id LIMIT $1`, [PAIRS]);
  if (pieces.length < PAIRS) throw new Error(`only ${pieces.length} active listings for ${PAIRS} sellers`);
  const sellers = customers.slice(PAIRS).map((row) => row.id);
  // One piece each, so that every pair's thread has a seller of its own.
  await db.query('UPDATE listings l SET seller_id = s.seller FROM unnest($1::int[], $2::int[]) AS s(listing, seller) WHERE l.id = s.listing', [pieces.map((row) => row.id), sellers]);

  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', SEED: 'false' }), { db });
  const tokens: string[] = [];
  try {
    for (const { id } of customers) tokens.push(await app.sessions.open(id));
  } finally {
    await app.close();
  }
  const pairs: Pair[] = Array.from({ length: PAIRS }, (_, n) => ({
    buyer: { id: customers[n]!.id, token: tokens[n]! },
    seller: { id: customers[PAIRS + n]!.id, token: tokens[PAIRS + n]! },
    listingId: pieces[n]!.id,
    threadId: 0,
  }));
  await inBatches(pairs, 20, async (pair) => {
    const response = await fetch(`${instance.url}/api/threads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pair.buyer.token}` },
      body: JSON.stringify({ listing_id: pair.listingId }),
    });
    if (response.status !== 201) throw new Error(`POST /api/threads answered ${response.status}: ${await response.text()}`);
    pair.threadId = ((await response.json()) as { id: number }).id;
  });
  return pairs;
}

interface Sent {
  pair: Pair;
  at: number;
  answeredAt: number;
  status: number;
  id: number;
}

/** RATE messages a second for SECONDS, each from the next pair's buyer, through `instance`, without waiting for the answers (a late answer must not slow the rate down). */
async function send(instance: Instance, pairs: Pair[]): Promise<Sent[]> {
  const total = RATE * SECONDS;
  const sent: Sent[] = [];
  const pending: Promise<void>[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
  const post = (pair: Pair, n: number) => {
    const record: Sent = { pair, at: performance.now(), answeredAt: 0, status: 0, id: 0 };
    sent.push(record);
    const body = JSON.stringify({ text: `Does it run small? (bench question ${n + 1})` });
    return new Promise<void>((resolve) => {
      const request = http.request(
        `${instance.url}/api/threads/${pair.threadId}/messages`,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${pair.buyer.token}` } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            record.answeredAt = performance.now();
            record.status = response.statusCode ?? 0;
            if (record.status === 201) record.id = (JSON.parse(text) as { id: number }).id;
            else if (sent.filter((each) => each.status !== 201 && each.status !== 0).length <= 3) console.log(`  a send answered ${record.status}: ${text.slice(0, 200)}`);
            resolve();
          });
        },
      );
      request.on('error', () => resolve());
      request.end(body);
    });
  };
  const started = performance.now();
  for (let n = 0; n < total; ) {
    // Every message due by now goes out (a late timer sends the ones it was late for at once).
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE) + 1);
    for (; n < due; n++) pending.push(post(pairs[n % pairs.length]!, n));
    await sleep(Math.max(0, ((n * 1000) / RATE - (performance.now() - started)) | 0));
  }
  await Promise.all(pending);
  agent.destroy();
  return sent;
}

function latencies(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${fixed(percentile(sorted, 50), 0)} ms, p95 ${fixed(percentile(sorted, 95), 0)} ms, p99 ${fixed(percentile(sorted, 99), 0)} ms, max ${fixed(sorted.at(-1) ?? 0, 0)} ms`;
}

/** What each message's intended stream got: delivered once, several times, not at all, and when. */
function tally(sent: Sent[], streamOf: (pair: Pair) => Reader) {
  let delivered = 0;
  let duplicated = 0;
  let lost = 0;
  const ms: number[] = [];
  // The event's time after the POST's answer (below 0: before it): what NOTIFY, the instances' read and the stream add to the write.
  const afterAnswer: number[] = [];
  for (const message of sent) {
    if (message.status !== 201) continue;
    const arrivals = (streamOf(message.pair).arrivals.get(message.id) ?? []).filter((arrival) => arrival.threadId === message.pair.threadId);
    if (arrivals.length === 0) lost++;
    else {
      delivered++;
      if (arrivals.length > 1) duplicated++;
      ms.push(arrivals[0]!.at - message.at);
      afterAnswer.push(arrivals[0]!.at - message.answeredAt);
    }
  }
  return { delivered, duplicated, lost, ms, afterAnswer };
}

async function main() {
  checkLimits();
  checkFileDescriptors();
  await ensureDatabase(POSTGRES_URL);
  const schema = `messages_${randomBytes(4).toString('hex')}`;
  const db = await openDb({ url: POSTGRES_URL, schema });
  const instances: Instance[] = [];
  const readers: Reader[] = [];
  // Once, whichever comes first: the end of the run, a failure, or an interruption (^C).
  let finishing: Promise<void> | null = null;
  const finish = () =>
    (finishing ??= (async () => {
      for (const reader of readers) reader.close();
      // SIGTERM: the graceful stop (open streams ended, the LISTEN connection closed, the pool drained).
      for (const instance of instances.splice(0)) {
        instance.child.kill('SIGTERM');
        await exited(instance.child);
      }
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
      await db.close();
    })());
  const interrupted = () => void finish().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    let started = Date.now();
    await migrate(db);
    // A piece for each seller: the demo catalogue, with listings added up to the number of pairs.
    await seed(db, loadConfig({}), { listings: PAIRS + 500 });
    for (let n = 0; n < 2; n++) instances.push(await startApiProcess(POSTGRES_URL, schema, { METRICS_TOKEN, LOG_LEVEL: 'error' }));
    const pairs = await makePairs(db, instances[0]!);
    console.log(
      `PostgreSQL, schema ${schema}, 2 API processes; ${PAIRS} buyer–seller pairs with a thread each (ready in ${fixed((Date.now() - started) / 1000)} s); ` +
        `${RATE} messages/s for ${SECONDS} s, each to a reader on the other instance`,
    );

    const before = await Promise.all(instances.map(memoryOf));
    started = Date.now();
    const buyers = new Map<Pair, Reader>();
    const sellers = new Map<Pair, Reader>();
    for (const pair of pairs) {
      buyers.set(pair, new Reader(instances[0]!.url, pair.buyer.token));
      sellers.set(pair, new Reader(instances[1]!.url, pair.seller.token));
    }
    readers.push(...buyers.values(), ...sellers.values());
    await inBatches(readers, 50, (reader) => reader.open());
    console.log(`${readers.length} readers connected, ${PAIRS} on each instance, in ${fixed((Date.now() - started) / 1000)} s`);
    // Each stream's head goes out before it subscribes and catches up: a moment for the last ones to.
    await sleep(3000);
    const after = await Promise.all(instances.map(memoryOf));

    const sent = await send(instances[0]!, pairs);
    const written = sent.filter((message) => message.status === 201);
    const deadline = performance.now() + DRAIN_MS;
    while (performance.now() < deadline && written.some((message) => !sellers.get(message.pair)!.arrivals.has(message.id) || !buyers.get(message.pair)!.arrivals.has(message.id))) {
      await sleep(100);
    }

    const other = tally(sent, (pair) => sellers.get(pair)!);
    const own = tally(sent, (pair) => buyers.get(pair)!);
    // A message told to a reader whose thread it is not: the worst defect of all.
    const threadOfReader = new Map<Reader, number>();
    for (const pair of pairs) {
      threadOfReader.set(buyers.get(pair)!, pair.threadId);
      threadOfReader.set(sellers.get(pair)!, pair.threadId);
    }
    let misdelivered = 0;
    for (const [reader, threadId] of threadOfReader) for (const arrivals of reader.arrivals.values()) misdelivered += arrivals.filter((arrival) => arrival.threadId !== threadId).length;
    const failed = sent.length - written.length;
    const reconnects = readers.reduce((sum, reader) => sum + reader.reconnects, 0);
    const ended = await Promise.all(instances.map(memoryOf));

    const p95 = percentile([...other.ms].sort((a, b) => a - b), 95);
    console.log('');
    console.log(`messages sent ${sent.length} (${written.length} written, ${failed} failed), through instance 1`);
    console.log(`to the reader on instance 2: delivered ${other.delivered}, lost ${other.lost}, duplicated ${other.duplicated}`);
    console.log(`  delivery (POST sent → event read): ${latencies(other.ms)}`);
    console.log(`  target p95 ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'met' : 'NOT met'}`);
    console.log(`  the event after the POST's answer (below 0: before it): ${latencies(other.afterAnswer)}`);
    console.log(`to the sender's own stream on instance 1: delivered ${own.delivered}, lost ${own.lost}, duplicated ${own.duplicated}; ${latencies(own.ms)}`);
    console.log(`  POST answered: ${latencies(written.map((message) => message.answeredAt - message.at))}`);
    console.log(`told to a reader not of the thread: ${misdelivered}; streams the server ended (reopened with Last-Event-ID): ${reconnects}`);
    console.log('memory per connection (each instance holds ' + PAIRS + ' streams):');
    const mb = (bytes: number) => fixed(bytes / 1048576);
    const kb = (bytes: number) => fixed(bytes / 1024);
    for (let n = 0; n < before.length; n++) {
      console.log(
        `  instance ${n + 1}: RSS ${mb(before[n]!.rss)} → ${mb(after[n]!.rss)} MB = ${kb((after[n]!.rss - before[n]!.rss) / PAIRS)} KB a connection; ` +
          `V8 heap used ${mb(before[n]!.heap)} → ${mb(after[n]!.heap)} MB = ${kb((after[n]!.heap - before[n]!.heap) / PAIRS)} KB a connection (between collections: indicative); ` +
          `after the messages RSS ${mb(ended[n]!.rss)} MB, heap ${mb(ended[n]!.heap)} MB`,
      );
    }
    console.log(`messages: ${written.length} written, ${other.lost + own.lost} lost, ${other.duplicated + own.duplicated} duplicated, p95 ${fixed(p95, 0)} ms to the other instance`);
    if (other.lost + own.lost + other.duplicated + own.duplicated + misdelivered + failed > 0) process.exitCode = 1;
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await finish();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
