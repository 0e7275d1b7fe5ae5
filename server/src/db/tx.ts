import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client';

interface Scope {
  tx: Db | null;
}

const scope = new AsyncLocalStorage<Scope>();

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
 */
export async function inTransaction<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  const store: Scope = { tx: null };
  try {
    return await db.transaction((tx) => {
      store.tx = tx as unknown as Db;
      return scope.run(store, fn);
    });
  } finally {
    store.tx = null;
  }
}
