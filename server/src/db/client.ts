import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { listSettings } from '../config';
import { MIGRATIONS_DIR } from '../paths';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /**
   * Where list statements run (db/sql.ts: listStatement). On a server, a pool of its own whose
   * connections carry `statement_timeout` = LIST_STATEMENT_TIMEOUT as a connection parameter, so a
   * list statement is one round trip with its ceiling. On PGlite the database itself: one process
   * with no timer signals, it cannot enforce a statement timeout.
   */
  listDb: Db;
  kind: 'pglite' | 'postgres';
  /** The pg pool when on a server (for COPY streams and raw timing); absent on PGlite. */
  pool?: pg.Pool;
  /** The pool behind listDb when on a server. */
  listPool?: pg.Pool;
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

/**
 * A pool of connections to the server. The list pool's (`listTimeout`, ms) carry statement_timeout
 * and jit = off: PostgreSQL would JIT-compile a list statement estimated high (a never-run branch
 * that sorts every match of a common term) for 100-300 ms, more than the statement takes.
 */
function serverPool(url: string, schemaName: string | undefined, max: number, listTimeout?: number) {
  const options = [schemaName && `-c search_path=${schemaName},public`, listTimeout && '-c jit=off'].filter(
    Boolean,
  );
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A database that is down answers calls with 503 at once instead of letting them queue.
    connectionTimeoutMillis: 3000,
    options: options.length > 0 ? options.join(' ') : undefined,
    statement_timeout: listTimeout,
  });
  // A connection the database drops (a restart, a failover, pg_terminate_backend) is an event,
  // not a crash. Idle: the pool replaces it. Checked out: the call's next statement fails (503,
  // see db/errors.ts) and the pool discards the connection when it comes back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
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
  /** PGlite only: start from this dumped data directory (`dumpDataDir`) instead of an empty one. Tests clone a migrated template with it. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const pool = serverPool(opts.url, opts.schemaName, 20);
    const listPool = serverPool(opts.url, opts.schemaName, 10, listSettings().LIST_STATEMENT_TIMEOUT);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    let migrated = false;
    return {
      db,
      listDb: drizzlePg(listPool, { schema }) as unknown as Db,
      kind: 'postgres',
      pool,
      listPool,
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
      close: async () => {
        await Promise.all([pool.end(), listPool.end()]);
      },
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let migrated = false;
  return {
    db,
    listDb: db,
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
