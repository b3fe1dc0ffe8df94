// `pnpm bench race`: checkout's reliability figures on PostgreSQL with two real API processes —
// 100 concurrent buyers of one piece (20 rounds), one Idempotency-Key sent 10 times at once, and
// the API killed (SIGKILL) in the middle of a payment.
import { randomBytes } from 'node:crypto';
import { openDb } from '../../apps/api/src/db/db';
import { migrate } from '../../apps/api/src/db/migrate';
import { seed } from '../../apps/api/src/db/seed';
import { loadConfig } from '../../apps/api/src/config';
import { NO_PAYMENT_LIMITS } from '../../apps/api/src/test/app';
import { shopper } from '../../apps/api/src/test/checkout';
import { exited, killMidPayment, raceForOnePiece, sameKeyAtOnce, startApiProcess, type Send } from '../../apps/api/src/test/race';
import { buildApp } from '../../apps/api/src/app';
import { ensureDatabase, POSTGRES_URL } from './lib';

const ROUNDS = Number(process.env.BENCH_RACE_ROUNDS ?? 20);
const BUYERS = Number(process.env.BENCH_RACE_BUYERS ?? 100);

async function main() {
  await ensureDatabase(POSTGRES_URL);
  const schema = `race_${randomBytes(4).toString('hex')}`;
  const db = await openDb({ url: POSTGRES_URL, schema });
  await migrate(db);
  await seed(db, loadConfig({}));
  const instances = [await startApiProcess(POSTGRES_URL, schema), await startApiProcess(POSTGRES_URL, schema)];
  const send: Send = async (instance, key, body, token) => {
    const response = await fetch(`${instances[instance]!.url}/api/checkout/payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.text() };
  };
  try {
    console.log(`PostgreSQL, schema ${schema}, two API processes; ${BUYERS} concurrent guest checkouts of one piece, ${ROUNDS} rounds`);
    const totals = { orders: 0, succeeded: 0, conflicts: 0, other: 0, serverErrors: 0, exact: 0 };
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const figures = await raceForOnePiece(db, send, { buyers: BUYERS, skip: round });
      totals.orders += figures.orders;
      totals.succeeded += figures.succeeded;
      totals.conflicts += figures.conflictsNamingThePiece;
      totals.other += figures.otherStatuses.length;
      totals.serverErrors += figures.serverErrors;
      if (figures.orders === 1 && figures.succeeded === 1 && figures.conflictsNamingThePiece === BUYERS - 1 && figures.serverErrors === 0) totals.exact += 1;
      times.push(figures.ms);
      console.log(`  round ${String(round + 1).padStart(2)}: ${figures.orders} order, ${figures.succeeded} × 200, ${figures.conflictsNamingThePiece} × 409 naming the piece, ${figures.serverErrors} × 5xx, other ${JSON.stringify(figures.otherStatuses)} — ${figures.ms} ms`);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  total: ${totals.exact}/${ROUNDS} rounds exact; ${totals.orders} orders, ${totals.conflicts} clean 409s, ${totals.serverErrors} × 5xx, ${totals.other} other; a round takes ${times[Math.floor(times.length / 2)]} ms (median)`,
    );

    const same = await sameKeyAtOnce(db, send, { times: 10, skip: ROUNDS + 1 });
    console.log(`Same Idempotency-Key 10 × at once over both processes: ${same.orders} order, statuses ${JSON.stringify(same.statuses)}, ${same.distinctBodies} distinct answer(s)`);

    // A shopper account, made through an in-process app on the same schema (sign-up is not what is measured).
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', SEED: 'false', ...NO_PAYMENT_LIMITS }), { db });
    const buyer = await shopper(app);
    const kill = await killMidPayment(db, POSTGRES_URL, schema, buyer);
    await app.close();
    console.log(
      `API killed mid-payment: client saw "${kill.client}"; after the kill ${kill.afterKill.orders} order, listing ${kill.afterKill.listing}, ${kill.afterKill.bagLines} bag line, ${kill.afterKill.soldWithoutOrder} listing sold without an order; retry with the same key → ${kill.retryStatus}, then ${kill.afterRetry.orders} order, listing ${kill.afterRetry.listing}, ${kill.afterRetry.bagLines} bag line`,
    );
  } finally {
    for (const instance of instances) {
      instance.child.kill('SIGTERM');
      await exited(instance.child);
    }
    await db.query(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
