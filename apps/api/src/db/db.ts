import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';

/** The one database interface: routes and repositories never know PGlite from PostgreSQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * SQL from a library that brings its own (the job queue, pg-boss): with parameters one statement;
 * without, a script of several whose rows all come back, in order.
 */
export interface ScriptRunner {
  executeSql(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Db extends Queryable {
  engine: 'pglite' | 'postgres';
  /** The schema it was opened on (tests on a shared server), if any. */
  schema?: string;
  /** For libraries with their own SQL; not for the store's repositories. */
  scripts: ScriptRunner;
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections (metrics); the embedded database has none. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** The embedded database's data folder as one uncompressed tarball (PGlite's dumpDataDir); PostgreSQL has none. */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PostgreSQL's LISTEN: `onPayload` hears each NOTIFY on `channel` (a plain identifier) from any
   * connection, this process's or another instance's, once its transaction commits. On PostgreSQL one
   * connection of its own listens for all channels; when it is lost it is made again, and `onResync`
   * is called then, since what was notified meanwhile was not heard. Resolves to the way to stop.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResync?: () => void): Promise<() => Promise<void>>;
}

export interface DbOptions {
  /** PostgreSQL connection string; unset means embedded PGlite. */
  url?: string;
  /** PGlite data folder; unset means in memory. */
  dataDir?: string;
  /** A schema of its own (tests on a shared server); created, and put first on the search path. */
  schema?: string;
  /** PGlite only: a dump of a data folder to start from (PGlite's `dumpDataDir`), e.g. the tests' migrated template. */
  loadDataDir?: Blob;
}

// The schema name is put into SQL as it is, so only plain identifiers are accepted.
function checkSchema(schema: string | undefined): string | undefined {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  return schema;
}

// node-postgres returns bigint and numeric as strings; counts and sums are safe as numbers here.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

async function openPglite(options: DbOptions): Promise<Db> {
  const schema = checkSchema(options.schema);
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const lite = await PGlite.create(options.dataDir ?? 'memory://', { extensions: { pg_trgm, unaccent }, loadDataDir: options.loadDataDir });
  // PGlite is a single connection, so a session-level search_path holds for every later query.
  if (schema) await lite.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path TO ${schema}, public;`);
  const asQueryable = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    query: async <T,>(sql: string, params: unknown[] = []) => ({ rows: (await target.query<T>(sql, params)).rows }),
    exec: async (sql: string) => {
      await target.exec(sql);
    },
  });
  return {
    engine: 'pglite',
    schema,
    ...asQueryable(lite),
    scripts: {
      async executeSql(sql, params) {
        if (params?.length) return { rows: (await lite.query(sql, params)).rows };
        try {
          return { rows: (await lite.exec(sql)).flatMap((result) => result.rows) };
        } catch (error) {
          // One connection: a script that failed inside its BEGIN must not leave it in an aborted
          // transaction for every later query (a pool would have handed out another connection).
          await lite.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      },
    },
    transaction: (work) => lite.transaction((tx) => work(asQueryable(tx))),
    close: () => lite.close(),
    dumpDataDir: () => lite.dumpDataDir('none'),
    // One process, one connection: nothing is ever missed, so there is nothing to resync.
    listen: async (channel, onPayload) => lite.listen(checkChannel(channel), onPayload),
  };
}

function checkChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  return channel;
}

/**
 * The LISTEN side of a PostgreSQL store: one client outside the pool (a pooled connection would be
 * handed to others), made when the first channel is listened to. A lost connection is made again a
 * second later, LISTENs again, and tells the resync handlers.
 */
function postgresListener(url: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const resyncs = new Set<() => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;

  function reconnectSoon() {
    if (closed) return;
    setTimeout(() => void connect().then(() => resyncs.forEach((resync) => resync()), reconnectSoon), 1000).unref();
  }
  function lost(from: pg.Client) {
    if (client !== from) return;
    client = null;
    from.end().catch(() => undefined);
    reconnectSoon();
  }
  function connect(): Promise<void> {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => handlers.get(message.channel)?.forEach((handler) => handler(message.payload ?? '')));
      next.on('error', () => lost(next));
      next.on('end', () => lost(next));
      await next.connect();
      client = next;
      for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`);
    })().finally(() => (connecting = null));
    return connecting;
  }

  return {
    async listen(channel: string, onPayload: (payload: string) => void, onResync?: () => void): Promise<() => Promise<void>> {
      checkChannel(channel);
      const known = handlers.has(channel);
      const own = handlers.get(channel) ?? new Set();
      own.add(onPayload);
      handlers.set(channel, own);
      if (onResync) resyncs.add(onResync);
      if (!client) await connect();
      else if (!known) await client.query(`LISTEN ${channel}`);
      return async () => {
        own.delete(onPayload);
        if (onResync) resyncs.delete(onResync);
        if (own.size === 0) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}

const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `s${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return name;
}

async function openPostgres(options: DbOptions & { url: string }): Promise<Db> {
  const schema = checkSchema(options.schema);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: Number(process.env.PG_POOL_SIZE ?? 10),
    // Set at connection start-up, so no query of any pooled connection can run before it.
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  });
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  // An idle client losing its server must not crash the process: the pool drops it and reconnects,
  // and queries fail (answered 500) until the server is back.
  pool.on('error', () => undefined);
  const listener = postgresListener(options.url);
  const asQueryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T,>(sql: string, params: unknown[] = []) => {
      // A named statement is parsed and planned once per connection, then only executed: planning
      // was a third of a listing page's time. The SQL texts are a small, fixed family (the
      // repositories build them from a few optional clauses), so the per-connection cache stays small.
      const result = await client.query({ name: statementName(sql), text: sql, values: params });
      return { rows: result.rows as T[] };
    },
    // Without parameters node-postgres uses the simple protocol, which accepts several statements.
    exec: async (sql: string) => {
      await client.query(sql);
    },
  });
  return {
    engine: 'postgres',
    schema,
    ...asQueryable(pool),
    scripts: {
      async executeSql(sql, params) {
        const result = (await pool.query(sql, params)) as pg.QueryResult | pg.QueryResult[];
        return { rows: Array.isArray(result) ? result.flatMap((one) => one.rows) : result.rows };
      },
    },
    async transaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(asQueryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is discarded rather than handed out again.
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: listener.listen,
  };
}

export function openDb(options: DbOptions): Promise<Db> {
  return options.url ? openPostgres({ ...options, url: options.url }) : openPglite(options);
}
