import { AsyncLocalStorage } from 'node:async_hooks';
import type { Socket } from 'node:net';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client';

/**
 * A statement written as PostgreSQL text ($1, $2... for its values). Sent with COMMIT under its
 * `name` it is prepared once per connection (no parsing and planning again); elsewhere it runs
 * through drizzle like any query.
 */
export interface Statement {
  name?: string;
  text: string;
  values: unknown[];
}

/** The statement as drizzle SQL, each $n its value as a parameter. */
export function asSql({ text, values }: Statement): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 1 ? sql`${values[Number(part) - 1]}` : sql.raw(part))));
}

/**
 * What a call's code finds in its async context. One store per call (see runInScope): the
 * transaction's fields below, and what the layer above keeps there (the HTTP request, the audit
 * entry). One AsyncLocalStorage, not one per layer: each one enabled costs every promise made.
 */
export interface Scope {
  tx: Db | null;
  /** Sends a statement at once, without waiting for it (pipelined PostgreSQL only). */
  send: ((statement: Statement) => void) | null;
  /** Sends a statement and COMMIT at once, ending the transaction early (pipelined PostgreSQL only). */
  commit: ((statement: Statement) => void) | null;
}

const scope = new AsyncLocalStorage<Scope>();

/** Runs fn with `store` as its scope (a call's: inTransaction fills its transaction fields). */
export function runInScope<S extends Scope, T>(store: S, fn: () => T): T {
  return scope.run(store, fn);
}

/** The current call's scope, as runInScope was given it. */
export function currentScope<S extends Scope>(): S | undefined {
  return scope.getStore() as S | undefined;
}

/**
 * The db every module holds: outside a request transaction it is the database itself; inside one
 * (see inTransaction) every query made through it runs on that transaction, so services need no
 * transaction parameter and the audit entry commits or rolls back with the change it describes.
 * A db.transaction() inside becomes a savepoint.
 */
export function scopedDb(db: Db): Db {
  return new Proxy(db, {
    get(target, prop) {
      const current = scope.getStore()?.tx ?? target;
      const value = Reflect.get(current, prop);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

/**
 * Runs fn in one transaction of db (the unscoped database) that scopedDb routes to. Work fn leaves
 * behind (a timer, a background job) falls back to the database once the transaction is over.
 *
 * On a PostgreSQL server the transaction costs no round trip of its own: its connection is put in
 * pipeline mode, BEGIN goes out with the call's first statement, and what fn hands to
 * sendWithCommit goes out with COMMIT. A statement sent that way that fails aborts the transaction
 * (PostgreSQL then answers COMMIT with ROLLBACK): the call fails and nothing it did is kept.
 * The transaction lives in the call's scope (runInScope) while fn runs; without one, it makes its own.
 */
export async function inTransaction<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  const current = scope.getStore();
  if (!current) {
    return scope.run({ tx: null, send: null, commit: null }, () => inTransaction(db, fn));
  }
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return pipelinedTransaction(client, current, fn);
  }
  try {
    return await db.transaction((tx) => {
      current.tx = tx as unknown as Db;
      return fn();
    });
  } finally {
    current.tx = null;
  }
}

/**
 * Runs `query` as the transaction's last statement: on PostgreSQL it is sent without waiting and
 * travels with COMMIT (inTransaction checks its answer before the call succeeds); on PGlite, or
 * outside a transaction, it runs at once.
 */
export async function sendWithCommit(db: Db, statement: Statement): Promise<void> {
  const store = scope.getStore();
  if (store?.send) {
    store.send(statement);
    return;
  }
  await (store?.tx ?? db).execute(asSql(statement));
}

/**
 * Ends the transaction now with `statement` as its last statement, sent with COMMIT without waiting
 * (inTransaction checks both answers before the call succeeds). What the call runs afterwards runs
 * after the COMMIT on the same connection, so a read that follows shares its round trip. Only on a
 * pipelined PostgreSQL server; elsewhere it does nothing and answers false.
 */
export function commitWith(statement: Statement): boolean {
  const store = scope.getStore();
  if (!store?.commit) {
    return false;
  }
  store.commit(statement);
  return true;
}

/**
 * A transaction object of drizzle over each pooled connection, made once: BEGIN, COMMIT and
 * ROLLBACK are sent by pipelinedTransaction itself, so the object holds no state of its own but
 * its savepoint depth (0). Without the schema: nothing uses drizzle's relational queries.
 */
const onClient = new WeakMap<pg.PoolClient, Db>();
function transactionOn(client: pg.PoolClient): Db {
  let tx = onClient.get(client);
  if (!tx) {
    type Parts = ConstructorParameters<typeof NodePgTransaction>;
    const { dialect, session } = drizzlePg(client) as unknown as { dialect: Parts[0]; session: Parts[1] };
    tx = new NodePgTransaction(dialect, session, undefined) as unknown as Db;
    onClient.set(client, tx);
  }
  return tx;
}

type Query = pg.PoolClient['query'];
type Callback = (err: Error | null) => void;

/** drizzle's nested transactions: sent without waiting, like BEGIN. */
const SENT_AHEAD = /^(savepoint|release savepoint) sp\d+$/;

/**
 * The answers of the statements a transaction sends without waiting (BEGIN, savepoints, the entry,
 * COMMIT): counted as they come, the first failure kept, and checked together before the call
 * succeeds.
 */
class SentAhead {
  private pending = 0;
  private failure: Error | null = null;
  private settle: (() => void) | null = null;
  private readonly answered: Callback = (err) => {
    this.failure ??= err;
    if (--this.pending === 0) {
      this.settle?.();
    }
  };

  /** The callback for one more statement sent. */
  add(): Callback {
    this.pending++;
    return this.answered;
  }

  /** Resolves once every statement sent is answered; rejects with the first failure. */
  async settled() {
    if (this.pending > 0) {
      await new Promise<void>((resolve) => {
        this.settle = resolve;
      });
    }
    if (this.failure) {
      throw this.failure;
    }
  }
}

async function pipelinedTransaction<T>(pool: pg.Pool, store: Scope, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const query: Query = client.query;
  const run = query as (...a: unknown[]) => unknown;
  const ahead = new SentAhead();
  // What is sent ahead waits in the socket's buffer (corked) and leaves with the next statement
  // the call awaits, in one write.
  const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
  let corked = false;
  const flush = () => {
    if (corked) {
      corked = false;
      socket.uncork();
    }
  };
  const cork = () => {
    if (!corked) {
      corked = true;
      socket.cork();
    }
  };
  // BEGIN goes out with the call's first statement; a call that runs none sends neither it nor COMMIT.
  let begun = false;
  const begin = () => {
    if (!begun) {
      begun = true;
      cork();
      run.call(client, 'begin', undefined, ahead.add());
    }
  };
  const sendAhead = (config: string | pg.QueryConfig, values?: unknown[]) => {
    begin();
    cork();
    run.call(client, config, values, ahead.add());
  };
  // COMMIT or ROLLBACK, sent with whatever waits corked before it.
  const end = (text: 'commit' | 'rollback') => {
    const done = run.call(client, text) as Promise<unknown>;
    flush();
    return done;
  };
  let committed = false;
  // drizzle awaits a nested transaction's SAVEPOINT and RELEASE before going on: answer them at
  // once and let each share the trip with the statement after it (their answers are checked with
  // the others before the call succeeds).
  const piped = ((config: unknown, values?: unknown, callback?: unknown) => {
    const text = (config as { text?: string } | null)?.text ?? '';
    if (!committed && SENT_AHEAD.test(text)) {
      sendAhead(config as pg.QueryConfig, values as unknown[]);
      return Promise.resolve({ command: text.toUpperCase(), rows: [], rowCount: null, fields: [] });
    }
    if (!committed) {
      begin();
    }
    const result = run.call(client, config, values, callback);
    flush();
    return result;
  }) as Query;
  const setPipeline = (on: boolean) => {
    (client as unknown as { pipeline: boolean }).pipeline = on;
  };
  store.tx = transactionOn(client);
  store.send = (statement) => sendAhead(statement);
  // Once commitWith has ended the transaction, nothing is left to commit or roll back. What the
  // call reads next leaves with the COMMIT; setImmediate sends it should nothing follow.
  store.commit = (statement) => {
    sendAhead(statement);
    sendAhead('commit');
    setImmediate(flush);
    committed = true;
    store.send = null;
    store.commit = null;
  };
  let broken: Error | undefined;
  setPipeline(true);
  client.query = piped;
  try {
    let result: T;
    try {
      result = await fn();
    } catch (err) {
      if (begun && !committed) {
        await end('rollback');
      } else {
        // Committed early: what went with the COMMIT is answered before the connection goes back.
        flush();
        await ahead.settled().catch(() => undefined);
      }
      throw err;
    }
    if (begun && !committed) {
      await end('commit');
    }
    flush();
    // BEGIN and the statements sent ahead: any failure means the transaction rolled back.
    await ahead.settled();
    return result;
  } catch (err) {
    // An error without a SQLSTATE is the connection's own: do not hand it back to the pool.
    broken = err instanceof Error && !(err as { code?: unknown }).code ? err : undefined;
    throw err;
  } finally {
    store.tx = null;
    store.send = null;
    store.commit = null;
    flush();
    client.query = query;
    setPipeline(false);
    client.release(broken);
  }
}
