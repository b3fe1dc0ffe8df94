import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Db } from '../db/db';
import { NO_PAYMENT_LIMITS } from './app';
import { listings, payment } from './checkout';

// The reliability scenarios of checkout, shared by the PostgreSQL tests and `pnpm bench race`:
// `send` is how a payment reaches an API instance (app.inject, or HTTP to a real process).

export type Send = (instance: number, idempotencyKey: string, body: unknown, token?: string) => Promise<{ status: number; body: string }>;

export interface RaceFigures {
  orders: number;
  succeeded: number;
  conflictsNamingThePiece: number;
  otherStatuses: number[];
  serverErrors: number;
  ms: number;
}

/** Whether a 409 body names the lost piece (listing id and title). */
const namesPiece = (body: string, listingId: number, title: string) => {
  try {
    const parsed = JSON.parse(body) as { lost?: { listing_id: number; title: string }[] };
    return parsed.lost?.length === 1 && parsed.lost[0]!.listing_id === listingId && parsed.lost[0]!.title === title;
  } catch {
    return false;
  }
};

/** `buyers` guests pay for one listing at once, alternating over `instances` instances. */
export async function raceForOnePiece(db: Db, send: Send, { buyers = 100, instances = 2, skip = 0 } = {}): Promise<RaceFigures> {
  const [piece] = await listings(db, 1, { skip });
  if (!piece) throw new Error('no active listing left');
  const body = (n: number) => payment(0, { cart: [piece.id], email: `racer${n}@example.com` });
  const started = Date.now();
  const quoted = await quote(db, piece.id);
  const answers = await Promise.all(
    Array.from({ length: buyers }, (_, n) => send(n % instances, `race-${randomBytes(10).toString('hex')}`, { ...body(n), total: quoted })),
  );
  const ms = Date.now() - started;
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_lines WHERE listing_id = $1', [piece.id]);
  return {
    orders: rows[0]!.n,
    succeeded: answers.filter((answer) => answer.status === 200).length,
    conflictsNamingThePiece: answers.filter((answer) => answer.status === 409 && namesPiece(answer.body, piece.id, piece.title)).length,
    otherStatuses: answers.map((answer) => answer.status).filter((status) => status !== 200 && status !== 409),
    serverErrors: answers.filter((answer) => answer.status >= 500).length,
    ms,
  };
}

/**
 * The total checkout asks for one piece, home delivery, default fees (what the review tab showed), as
 * the demo charges them: its hub checks each piece (VERIFICATION_MODE=hub, the €1.50 verification fee).
 */
async function quote(db: Db, listingId: number): Promise<number> {
  const { rows } = await db.query<{ price_cents: number }>('SELECT price_cents FROM listings WHERE id = $1', [listingId]);
  const price = rows[0]!.price_cents;
  return (price + 70 + Math.round(price * 0.05) + 150 + 390 + 250) / 100;
}

/** One Idempotency-Key sent `times` times at once (spread over the instances). */
export async function sameKeyAtOnce(db: Db, send: Send, { times = 10, instances = 2, skip = 0 } = {}) {
  const [piece] = await listings(db, 1, { skip });
  if (!piece) throw new Error('no active listing left');
  const key = `same-${randomBytes(10).toString('hex')}`;
  const body = payment(await quote(db, piece.id), { cart: [piece.id], email: 'same-key@example.com' });
  const answers = await Promise.all(Array.from({ length: times }, (_, n) => send(n % instances, key, body)));
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_lines WHERE listing_id = $1', [piece.id]);
  return { orders: rows[0]!.n, statuses: answers.map((answer) => answer.status), distinctBodies: new Set(answers.map((answer) => answer.body)).size };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The API as a real child process on PostgreSQL in `schema`, listening on a free port. */
export async function startApiProcess(databaseUrl: string, schema: string, env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const target = new URL(databaseUrl);
  target.searchParams.set('options', `-c search_path=${schema},public`);
  const apiRoot = path.resolve(__dirname, '../..');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/server.ts')], {
    cwd: apiRoot,
    env: { ...process.env, DATABASE_URL: target.toString(), PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', DEMO: 'true', LOG_LEVEL: 'error', SEED: 'false', ...NO_PAYMENT_LIMITS, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the API did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/**
 * The API process killed (SIGKILL) in the middle of a payment: the order's transaction is made to
 * wait on a row lock this function holds, the process is killed while it waits, then the lock is
 * released. Answers what is left in the database, and what a retry with the same key does.
 */
export async function killMidPayment(db: Db, databaseUrl: string, schema: string, buyer: { id: number; token: string }) {
  const [piece] = await listings(db, 1, { notSeller: buyer.id, skip: 5 });
  if (!piece) throw new Error('no active listing left');
  await db.query('INSERT INTO bag_lines (customer_id, listing_id) VALUES ($1, $2)', [buyer.id, piece.id]);
  const body = payment(await quote(db, piece.id));
  const key = `kill-${randomBytes(10).toString('hex')}`;
  const first = await startApiProcess(databaseUrl, schema, { PAYMENT_STALE_SECONDS: '1' });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const lockTaken = new Promise<void>((resolve) => (locked = resolve));
  const holder = db.transaction(async (tx) => {
    await tx.query('SELECT id FROM listings WHERE id = $1 FOR UPDATE', [piece.id]);
    locked();
    await held;
  });
  await lockTaken;
  const request = fetch(`${first.url}/api/checkout/payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}`, 'idempotency-key': key },
    body: JSON.stringify(body),
  }).then(
    (response) => `answered ${response.status}`,
    () => 'connection cut',
  );
  // Wait until the API's transaction is blocked on our lock: the payment is half way through.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FROM listings WHERE id = ANY%' AND pid <> pg_backend_pid()`,
    );
    if (rows[0]!.n > 0) break;
    if (Date.now() > deadline) throw new Error('the payment never reached the order transaction');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  first.child.kill('SIGKILL');
  await exited(first.child);
  const client = await request;
  release();
  await holder;
  // PostgreSQL ends the dead process's session (and rolls its transaction back) once it sees the socket close.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const state = async () => {
    const orders = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_lines WHERE listing_id = $1', [piece.id]);
    const listing = await db.query<{ status: string }>('SELECT status FROM listings WHERE id = $1', [piece.id]);
    const bag = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bag_lines WHERE customer_id = $1 AND listing_id = $2', [buyer.id, piece.id]);
    const soldWithoutOrder = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM listings l WHERE l.status = 'sold' AND NOT EXISTS (SELECT 1 FROM order_lines o WHERE o.listing_id = l.id)`,
    );
    return { orders: orders.rows[0]!.n, listing: listing.rows[0]!.status, bagLines: bag.rows[0]!.n, soldWithoutOrder: soldWithoutOrder.rows[0]!.n };
  };
  const afterKill = await state();
  // A second process takes the abandoned attempt over once it is stale, and finishes the order.
  const second = await startApiProcess(databaseUrl, schema, { PAYMENT_STALE_SECONDS: '1' });
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const retry = await fetch(`${second.url}/api/checkout/payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}`, 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  const retryStatus = retry.status;
  await retry.text();
  second.child.kill('SIGTERM');
  await exited(second.child);
  return { client, afterKill, retryStatus, afterRetry: await state() };
}
