import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pg pool when on a server (for COPY streams and raw timing); absent on PGlite. */
  pool?: pg.Pool;
  migrate(): Promise<void>;
  /** True once migrate() has finished in this process. */
  readonly migrated: boolean;
  /**
   * Runs `work` while holding the advisory lock `key` (on a connection of its own), so processes
   * starting together on one server take turns. PGlite has one process: it just runs `work`.
   */
  exclusive<T>(key: number, work: () => Promise<T>): Promise<T>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Any number, the same in every process: the advisory lock that serialises migrations. */
const MIGRATION_LOCK = 7_301_113;

const migrationsFolder = MIGRATIONS_DIR;

/**
 * Opens PostgreSQL: a server when a URL is given, else PGlite persisted in `dataDir/pgdata`
 * (or in memory when dataDir is null, for tests).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  schemaName?: string;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 20,
      // A database that is down answers calls with 503 at once instead of letting them queue.
      connectionTimeoutMillis: 3000,
      options: opts.schemaName ? `-c search_path=${opts.schemaName},public` : undefined,
    });
    // An idle connection dropped by a database restart is an event, not a crash: the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    let migrated = false;
    return {
      db,
      kind: 'postgres',
      pool,
      get migrated() {
        return migrated;
      },
      async migrate() {
        // Processes starting together take turns; the later ones find nothing left to apply.
        const lock = await pool.connect();
        try {
          await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await lock.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
          await migratePg(drizzlePg(lock), {
            migrationsFolder,
            migrationsSchema: opts.schemaName ?? 'drizzle',
          });
          await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
          lock.release();
        } catch (err) {
          // Closing the connection drops the lock with it.
          lock.release(err as Error);
          throw err;
        }
        migrated = true;
      },
      async exclusive(key, work) {
        const lock = await pool.connect();
        try {
          await lock.query('SELECT pg_advisory_lock($1)', [key]);
        } catch (err) {
          lock.release(err as Error);
          throw err;
        }
        try {
          return await work();
        } finally {
          // Closing the connection (when unlocking fails) drops the lock with it.
          await lock.query('SELECT pg_advisory_unlock($1)', [key]).then(
            () => lock.release(),
            (err: Error) => lock.release(err),
          );
        }
      },
      async ping() {
        await pool.query('SELECT 1');
      },
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let migrated = false;
  return {
    db,
    kind: 'pglite',
    get migrated() {
      return migrated;
    },
    async migrate() {
      await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      migrated = true;
    },
    exclusive: (_key, work) => work(),
    async ping() {
      await client.query('SELECT 1');
    },
    close: () => client.close(),
  };
}

const dialect = new PgDialect();

/**
 * Runs a query every request makes as a named prepared statement, so it is planned once per
 * connection instead of on every call (planning costs more than running it: the session lookup
 * 1.0 of its 1.55 ms on PGlite). The text behind a name must never change.
 */
export async function executePrepared<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (client instanceof pg.Pool) {
    return (await client.query({ name, text, values: params })).rows as T[];
  }
  if (client instanceof PGlite) {
    const args = params.map(pgliteArgument);
    if (!args.includes(null)) {
      const prepared = await pglitePrepare(db, client, text, `named_${name}`);
      return rowsAnswered<T>(await db.execute(sql.raw(`EXECUTE ${prepared}(${args.join(', ')})`)));
    }
  }
  return rowsAnswered<T>(await db.execute(query));
}

const rowsAnswered = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A value as a literal for PGlite's EXECUTE (SQL's EXECUTE takes no bound parameters): numbers,
 * booleans and plain tokens (hashes, kinds, ids) only, quoted by node-postgres' escapeLiteral.
 * Anything else (free text: a chat message) answers null, and its query runs unprepared.
 */
function pgliteArgument(value: unknown): string | null {
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') {
    return String(value);
  }
  return typeof value === 'string' && /^[\w.:@-]{0,200}$/.test(value) ? pg.escapeLiteral(value) : null;
}

/** Dates, times and intervals (and arrays of them) as text, as drizzle's own db.execute answers them. */
const AS_TEXT: ReadonlySet<number> = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const drizzleTypes = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(typeId)
      ? (val: string) => val
      : pg.types.getTypeParser(typeId, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** Texts given a statement name, process-wide; the cap bounds what each connection keeps prepared. */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 200;

/**
 * db.execute(query), except that a query without parameters (a list's first pages with LIMIT and
 * OFFSET written in, a counter lookup) runs as a named prepared statement: planned once per
 * connection, since with no parameter its plan can only be the one PostgreSQL would make for it
 * each time. Planning a users page costs more than running it (0.25 ms of 0.45 ms on a server;
 * 0.67 ms of 1.27 ms on PGlite, whose one session keeps its statements made with SQL PREPARE).
 * Queries with parameters (a search term) are planned on every call as before, so a term always
 * gets the plan made for it. At most MAX_NAMED_STATEMENTS texts are named; later ones run unnamed.
 * Answers like db.execute ({ rows }, timestamps as text).
 */
export async function executeCachedPlan(db: Db, query: SQL): Promise<unknown> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    return executePgliteCachedPlan(db, client, query);
  }
  if (!(client instanceof pg.Pool)) {
    return db.execute(query);
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = params.length === 0 ? statementNames.get(text) : undefined;
  if (!name && params.length === 0 && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `cached_plan_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return client.query({ name, text, values: params, types: drizzleTypes });
}

/** Each PGlite's prepared texts, each name's PREPARE as it goes (two calls at once prepare once). */
const pglitePrepared = new WeakMap<PGlite, Map<string, Promise<string>>>();
let pgliteStatements = 0;

/** The name `text` is prepared under in this PGlite's session, prepared now if it is not yet. */
function pglitePrepare(db: Db, client: PGlite, text: string, name?: string): Promise<string> {
  let names = pglitePrepared.get(client);
  if (!names) {
    names = new Map();
    pglitePrepared.set(client, names);
  }
  let prepared = names.get(text);
  if (!prepared) {
    pgliteStatements += 1;
    const made = name ?? `cached_plan_${pgliteStatements}`;
    prepared = db.execute(sql.raw(`PREPARE ${made} AS ${text}`)).then(() => made);
    names.set(text, prepared);
    // A PREPARE that fails (a query the database refuses) is tried again next time.
    prepared.catch(() => names.delete(text));
  }
  return prepared;
}

async function executePgliteCachedPlan(db: Db, client: PGlite, query: SQL): Promise<unknown> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  // With parameters it runs as planned for them; the texts executePrepared keeps take theirs.
  const known = pglitePrepared.get(client);
  if (params.length > 0 || (!known?.has(text) && (known?.size ?? 0) >= MAX_NAMED_STATEMENTS)) {
    return db.execute(query);
  }
  return db.execute(sql.raw(`EXECUTE ${await pglitePrepare(db, client, text)}`));
}

/**
 * Runs `query` in a transaction after `setup` (e.g. planner settings made with
 * set_config(..., true), which last until its end). On a PostgreSQL server BEGIN, setup, query and
 * COMMIT go out together on one pipelined connection: one round trip instead of four. A failure of
 * setup or query rolls the transaction back (COMMIT then answers ROLLBACK) and is thrown. Answers
 * like db.execute.
 */
export async function executeWithSettings(db: Db, setup: SQL, query: SQL): Promise<unknown> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    return db.transaction(async (tx) => {
      await tx.execute(setup);
      return tx.execute(query);
    });
  }
  const before = dialect.sqlToQuery(setup);
  const main = dialect.sqlToQuery(query);
  const client = await pool.connect();
  const piped = client as unknown as { pipeline: boolean };
  let broken: Error | undefined;
  piped.pipeline = true;
  try {
    const settled = await Promise.allSettled([
      client.query('BEGIN'),
      client.query(before.sql, before.params),
      client.query({ text: main.sql, values: main.params, types: drizzleTypes }),
      client.query('COMMIT'),
    ]);
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      const err = failed.reason;
      // An error without a SQLSTATE is the connection's own: do not hand it back to the pool.
      broken = err instanceof Error && !(err as { code?: unknown }).code ? err : undefined;
      throw err;
    }
    return (settled[2] as PromiseFulfilledResult<pg.QueryResult>).value;
  } finally {
    piped.pipeline = false;
    client.release(broken);
  }
}

/**
 * Runs `query` with the matches found through index bitmaps only (the trigram or prefix indexes):
 * PostgreSQL prices an ILIKE test at next to nothing, so on its own it prefers walking a whole
 * table or index testing each row, a second or more at 1,000,000 users for a term in 1% of them.
 */
export async function byBitmap(db: Db, query: SQL): Promise<unknown> {
  // One round trip on a PostgreSQL server: BEGIN, the settings, the query and COMMIT pipelined.
  return executeWithSettings(db, BITMAP_ONLY, query);
}

const BITMAP_ONLY = sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
  set_config('enable_indexonlyscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true),
  set_config('jit', 'off', true)`;
