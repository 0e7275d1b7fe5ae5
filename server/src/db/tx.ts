import { AsyncLocalStorage } from 'node:async_hooks';
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
  /** Queues a statement to go out with the next one, answered with it (PostgreSQL server only). */
  send: ((statement: Statement) => void) | null;
  /** Queues a statement and COMMIT, ending the transaction early (PostgreSQL server only). */
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
 * On a PostgreSQL server the transaction costs no round trip and no reply of its own (see
 * batchedTransaction): BEGIN goes out with the call's first write (plain reads before it run
 * outside the transaction, see runsBeforeBegin), and what fn hands to
 * sendWithCommit goes out with COMMIT. A statement sent that way that fails makes PostgreSQL skip
 * the rest, COMMIT included: the call fails and nothing it did is kept.
 * The transaction lives in the call's scope (runInScope) while fn runs; without one, it makes its own.
 */
export async function inTransaction<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  const current = scope.getStore();
  if (!current) {
    return scope.run({ tx: null, send: null, commit: null }, () => inTransaction(db, fn));
  }
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return batchedTransaction(client, current, fn);
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
 * Runs `statement` as the transaction's last statement: on PostgreSQL it goes out with COMMIT, in
 * the same write and answered in the same reply (its failure fails the call); on PGlite, or
 * outside a transaction, it runs at once. It must return no rows (an INSERT without RETURNING):
 * nothing reads them, and on PostgreSQL they would land in the reply of the statement carrying it.
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
 * Ends the transaction now with `statement` (returning no rows, as for sendWithCommit) as its last
 * statement, followed by COMMIT. Both go out with what the call runs next (a read that follows
 * shares their round trip and sees the change), or on their own if nothing follows; a failure of
 * either fails the call. Only on a PostgreSQL server; elsewhere it does nothing and answers false.
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
 * ROLLBACK are sent by batchedTransaction itself, so the object holds no state of its own but
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

/** drizzle's nested transactions: they go in front of the next statement, like BEGIN. */
const GOES_AHEAD = /^(savepoint|release savepoint) sp\d+$/;

/**
 * A read that may run before BEGIN: at READ COMMITTED each statement sees what was committed when
 * it started, inside a transaction or not, and a plain SELECT holds nothing the call relies on
 * later. Row locks, advisory locks and transaction-local settings do, and open the transaction.
 */
const PLAIN_READ = /^\s*select\b/i;
const HOLDS_UNTIL_COMMIT = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b|advisory|set_config/i;
function runsBeforeBegin(text: string): boolean {
  return PLAIN_READ.test(text) && !HOLDS_UNTIL_COMMIT.test(text);
}

/** What a Carrier uses of pg's connection: the extended protocol's messages, one by one. */
interface Wire {
  parse(m: { text: string; name?: string; types: unknown[] }): void;
  bind(m: { statement?: string; values: unknown[]; valueMapper: unknown }): void;
  execute(m: Record<string, never>): void;
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}
interface QueryInternals {
  text: string;
  queryMode?: string;
  prepare(connection: Wire): void;
  handleCommandComplete(msg: { text: string }, connection: Wire): void;
  handleError(err: Error, connection: Wire): void;
  _canceledDueToError: Error | false;
}
const PgQuery = pg.Query as unknown as new (
  config: unknown,
  values: unknown,
  callback: (err: Error | null, res: pg.QueryResult) => void,
) => QueryInternals;
const { prepareValue } = (pg as unknown as { utils: { prepareValue: unknown } }).utils;

/**
 * A query that carries the statements waiting in front of it (BEGIN, savepoints, the entry,
 * COMMIT): they go out in the same write, without a Sync of their own, so PostgreSQL answers them
 * and the query in one reply. They cost no round trip and no wake-up of their own. Their
 * CommandCompletes are passed over; if one of them fails, PostgreSQL skips the rest and this query
 * fails with that error (`onAheadFailed` is told: the transaction's state is then unknown). A
 * COMMIT it sends, ahead or as its own statement, that PostgreSQL answers with ROLLBACK fails it too.
 */
class Carrier extends PgQuery {
  /** How many of the statements ahead PostgreSQL has answered so far. */
  private answered = 0;
  constructor(
    config: unknown,
    values: unknown,
    callback: (err: Error | null, res: pg.QueryResult) => void,
    private readonly ahead: Statement[],
    private readonly onAheadFailed: (err: Error) => void,
  ) {
    super(config, values, callback);
    // Sent as Parse/Bind/Execute/Sync even without values: a simple query would end the batch early.
    this.queryMode = 'extended';
  }

  prepare(connection: Wire) {
    for (const s of this.ahead) {
      const known =
        s.name && (connection.parsedStatements[s.name] ?? connection.submittedNamedStatements[s.name]);
      if (!known) {
        connection.parse({ text: s.text, name: s.name, types: [] });
        if (s.name) {
          connection.submittedNamedStatements[s.name] = s.text;
        }
      }
      connection.bind({ statement: s.name, values: s.values, valueMapper: prepareValue });
      connection.execute({});
    }
    super.prepare(connection);
  }

  handleCommandComplete(msg: { text: string }, connection: Wire) {
    const ahead = this.answered < this.ahead.length ? this.ahead[this.answered++] : null;
    // PostgreSQL answers COMMIT with ROLLBACK when the transaction had already failed.
    if (msg.text === 'ROLLBACK' && (ahead ?? this).text === 'commit') {
      this._canceledDueToError ||= new Error('The transaction was rolled back instead of committed');
    }
    if (!ahead) {
      super.handleCommandComplete(msg, connection);
    }
  }

  handleError(err: Error, connection: Wire) {
    if (this.answered < this.ahead.length) {
      this.onAheadFailed(err);
    }
    super.handleError(err, connection);
  }
}

// Named: each connection parses them once, like the entry's INSERT, not once per call.
const BEGIN: Statement = { name: 'tx_begin', text: 'begin', values: [] };
const COMMIT: Statement = { name: 'tx_commit', text: 'commit', values: [] };

/**
 * The call's transaction on one pooled connection. BEGIN, drizzle's savepoints, what the call
 * hands to sendWithCommit and commitWith's COMMIT wait in `ahead` and ride with the next statement
 * (see Carrier): the transaction adds statements but no round trip and no reply of its own.
 */
async function batchedTransaction<T>(pool: pg.Pool, store: Scope, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const query: Query = client.query;
  const run = query as (...a: unknown[]) => Promise<pg.QueryResult>;
  let ahead: Statement[] = [];
  let begun = false;
  let committed = false;
  // A statement that went ahead failed: PostgreSQL skipped the rest, so the connection is closed.
  let aheadFailed: Error | undefined;
  const begin = () => {
    if (!begun) {
      begun = true;
      ahead.push(BEGIN);
    }
  };
  // Sends `config` in a Carrier with whatever waits ahead of it.
  const withAhead = (config: unknown, values?: unknown) => {
    const carried = ahead;
    ahead = [];
    return new Promise<pg.QueryResult>((resolve, reject) => {
      const done = (err: Error | null, res: pg.QueryResult) => (err ? reject(err) : resolve(res));
      run.call(client, new Carrier(config, values, done, carried, (err) => (aheadFailed ??= err)));
    });
  };
  // What waits ahead with nothing to ride on: its last statement (COMMIT, if it is there) carries
  // the others, so every COMMIT goes through a Carrier, which checks its answer.
  let alone: Promise<unknown> | null = null;
  const sendAlone = (): Promise<unknown> | null => {
    const last = ahead.pop();
    if (last) {
      alone = withAhead({ text: last.text, name: last.name }, last.values);
      alone.catch(() => undefined);
    }
    return alone;
  };
  // The client's query while the transaction holds it (drizzle queries with promises only).
  const transactionQuery = ((config: unknown, values?: unknown) => {
    const text = typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? '');
    if (!committed && GOES_AHEAD.test(text)) {
      begin();
      ahead.push({ text, values: [] });
      // drizzle awaits the savepoint before going on: its answer comes with the next statement's.
      return Promise.resolve({ command: text.toUpperCase(), rows: [], rowCount: null, fields: [] });
    }
    // The transaction opens at the call's first write: reads before it hold no locks until COMMIT
    // (a table with many indexes would fill PostgreSQL's fast lock slots with them).
    if (!begun && !committed && !runsBeforeBegin(text)) {
      begin();
    }
    return ahead.length > 0 ? withAhead(config, values) : run.call(client, config, values);
  }) as Query;
  const rollback = async () => {
    // BEGIN still waiting: PostgreSQL never saw the transaction, there is nothing to undo.
    const unsent = ahead[0] === BEGIN;
    ahead = [];
    if (!unsent) {
      await run.call(client, 'rollback');
    }
  };
  store.tx = transactionOn(client);
  store.send = (statement) => {
    begin();
    ahead.push(statement);
  };
  // Once commitWith has ended the transaction, nothing is left to commit or roll back. What the
  // call reads next carries the COMMIT; setImmediate sends it alone should nothing follow.
  store.commit = (statement) => {
    begin();
    ahead.push(statement, COMMIT);
    setImmediate(sendAlone);
    committed = true;
    store.send = null;
    store.commit = null;
  };
  let broken: Error | undefined;
  client.query = transactionQuery;
  try {
    let result: T;
    try {
      result = await fn();
    } catch (err) {
      if (committed) {
        // Committed early: the COMMIT still goes, and is answered before the connection goes back.
        await sendAlone()?.catch(() => undefined);
      } else if (begun && !aheadFailed) {
        await rollback();
      }
      throw err;
    }
    if (begun && !committed) {
      ahead.push(COMMIT);
    }
    await sendAlone();
    return result;
  } catch (err) {
    // An error without a SQLSTATE is the connection's own: do not hand it back to the pool.
    broken = aheadFailed ?? (err instanceof Error && !(err as { code?: unknown }).code ? err : undefined);
    throw err;
  } finally {
    store.tx = null;
    store.send = null;
    store.commit = null;
    client.query = query;
    client.release(broken);
  }
}
