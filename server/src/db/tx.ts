import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * What a call's code finds in its async context: its transaction, the effects waiting for its
 * COMMIT, and what the layer above keeps there (the HTTP request, the audit entry).
 */
export interface Scope {
  tx: Db | null;
  /** Effects that leave the process (socket events, mail, push jobs), run once the call commits. */
  effects: (() => unknown)[] | null;
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
 * The db every module holds: outside a call's transaction it is the database itself; inside one
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
 * Runs fn in one transaction of db (the unscoped database, drizzle's db.transaction) that scopedDb
 * routes to, then the effects fn queued with afterCommit. If fn throws, or COMMIT fails, the
 * transaction rolls back, the effects are dropped and the error is thrown. Work fn leaves behind
 * (a timer, a background job) falls back to the database once the transaction is over.
 * `last` (a call's audit entry) runs after fn, given its answer, and says whether it sent a
 * statement: one that succeeded shows the transaction is not aborted, so no check is needed.
 */
export async function inTransaction<T>(
  db: Db,
  fn: () => Promise<T>,
  last?: (answer: T) => Promise<boolean>,
): Promise<T> {
  const current = scope.getStore();
  if (!current) {
    return scope.run({ tx: null, effects: null }, () => inTransaction(db, fn, last));
  }
  if (current.tx) {
    // Already in one: a savepoint, as drizzle makes for a nested transaction.
    return current.tx.transaction(async () => {
      const answer = await fn();
      await last?.(answer);
      return answer;
    });
  }
  const effects: (() => unknown)[] = [];
  current.effects = effects;
  let result: T;
  try {
    result = await db.transaction(async (tx) => {
      current.tx = tx as unknown as Db;
      const answer = await fn();
      // A statement that failed and was swallowed has aborted the transaction, and PostgreSQL
      // answers its COMMIT with a ROLLBACK that drizzle does not report: the last statement fails
      // instead (the entry's INSERT, else this one).
      if (!(await last?.(answer))) {
        await tx.execute(sql`SELECT 1`);
      }
      return answer;
    });
  } finally {
    current.tx = null;
    current.effects = null;
  }
  for (const effect of effects) {
    runEffect(effect);
  }
  return result;
}

/**
 * Runs `effect` once the current call's transaction has committed (at once outside one); a call
 * that rolls back runs none. An effect's failure is its own (a socket gone, a mail refused) and
 * never fails the call: effects handle and log their errors themselves.
 */
export function afterCommit(effect: () => unknown): void {
  const effects = scope.getStore()?.effects;
  if (effects) {
    effects.push(effect);
  } else {
    runEffect(effect);
  }
}

function runEffect(effect: () => unknown) {
  try {
    Promise.resolve(effect()).catch(() => undefined);
  } catch {
    // See afterCommit: the change stands.
  }
}
