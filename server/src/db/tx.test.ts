// inTransaction: what a call's transaction keeps and what it undoes. Every case expects the same
// rows on PGlite and (with DATABASE_URL) on a PostgreSQL server; the lost connection only exists
// on a server.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestEnv } from '../test/harness';
import type { Db } from './client';
import { isDatabaseUnavailable } from './errors';
import { uncheckedRows } from './sql';
import { afterCommit, currentScope, inTransaction, runInScope, scopedDb } from './tx';

let env: TestEnv;
let db: Db;
beforeAll(async () => {
  env = await setupTestApp();
  db = scopedDb(env.db);
  await env.db.execute(sql`CREATE TABLE tx_probe (id serial PRIMARY KEY, note text NOT NULL UNIQUE)`);
});
afterAll(async () => {
  await env?.close();
});

const notes = async () =>
  uncheckedRows<{ note: string }>(await env.db.execute(sql`SELECT note FROM tx_probe ORDER BY id`)).map(
    (r) => r.note,
  );
const insert = (note: string) => db.execute(sql`INSERT INTO tx_probe (note) VALUES (${note})`);

describe('inTransaction', () => {
  it('keeps every statement of a call that ends well, and answers what it answered', async () => {
    const answer = await inTransaction(env.db, async () => {
      await insert('kept 1');
      await insert('kept 2');
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await notes()).toEqual(['kept 1', 'kept 2']);
  });

  it('undoes everything when a statement fails midway, and the connection stays usable', async () => {
    const before = await notes();
    await expect(
      inTransaction(env.db, async () => {
        await insert('undone 1');
        // The note is UNIQUE: 'kept 1' is already there.
        await insert('kept 1');
        await insert('never reached');
      }),
    ).rejects.toThrow();
    expect(await notes()).toEqual(before);
    await inTransaction(env.db, () => insert('after a failed statement'));
    expect(await notes()).toEqual([...before, 'after a failed statement']);
  });

  it('undoes everything when the call throws after its writes, and hands the error back unchanged', async () => {
    const before = await notes();
    const refusal = new Error('refused by the service');
    await expect(
      inTransaction(env.db, async () => {
        await insert('undone 2');
        await insert('undone 3');
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await notes()).toEqual(before);
  });

  it('fails the call when a failed statement was swallowed: the transaction cannot commit', async () => {
    const before = await notes();
    await expect(
      inTransaction(env.db, async () => {
        await insert('undone 4');
        // 'kept 1' is taken: the transaction is aborted, whatever the call makes of the error.
        await insert('kept 1').catch(() => undefined);
      }),
    ).rejects.toThrow();
    expect(await notes()).toEqual(before);
  });

  it('takes a last statement that succeeded (the entry) as the check, and fails with one that cannot', async () => {
    const before = await notes();
    const entry = (note: string) => async () => {
      await insert(note);
      return true;
    };
    await inTransaction(env.db, () => insert('call 5'), entry('entry 5'));
    expect(await notes()).toEqual([...before, 'call 5', 'entry 5']);
    await expect(
      inTransaction(
        env.db,
        async () => {
          await insert('undone 6');
          await insert('kept 1').catch(() => undefined);
        },
        entry('entry 6'),
      ),
    ).rejects.toThrow();
    expect(await notes()).toEqual([...before, 'call 5', 'entry 5']);
  });

  it('a nested transaction is a savepoint: its failure undoes only itself when caught', async () => {
    const before = await notes();
    await inTransaction(env.db, async () => {
      await insert('outer kept');
      await db
        .transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO tx_probe (note) VALUES ('inner undone')`);
          throw new Error('inner fails');
        })
        .catch(() => undefined);
      await insert('outer kept after');
    });
    expect(await notes()).toEqual([...before, 'outer kept', 'outer kept after']);
    // Uncaught, it undoes the whole call, what the savepoint had kept included.
    await expect(
      inTransaction(env.db, async () => {
        await db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO tx_probe (note) VALUES ('inner kept then undone')`);
        });
        await insert('outer kept'); // taken: fails the call
      }),
    ).rejects.toThrow();
    expect(await notes()).toEqual([...before, 'outer kept', 'outer kept after']);
  });

  it('answers a call that runs no statement, and leaves the connection usable', async () => {
    await expect(inTransaction(env.db, async () => 'nothing to do')).resolves.toBe('nothing to do');
    await inTransaction(env.db, () => insert('after an empty one'));
    expect(await notes()).toContain('after an empty one');
  });

  it('sees its own writes before COMMIT, and others see them only after', async () => {
    await inTransaction(env.db, async () => {
      await insert('own write');
      const mine = uncheckedRows(await db.execute(sql`SELECT 1 FROM tx_probe WHERE note = 'own write'`));
      expect(mine).toHaveLength(1);
      if (env.database.kind === 'postgres') {
        // Another connection of the pool: the change is not committed yet.
        const outside = await env.database.pool?.query(`SELECT 1 FROM tx_probe WHERE note = 'own write'`);
        expect(outside?.rowCount).toBe(0);
      }
    });
    expect(await notes()).toContain('own write');
  });

  it('runs the effects after COMMIT, in order, and none when the call rolls back', async () => {
    const seen: string[] = [];
    await inTransaction(env.db, async () => {
      afterCommit(() => seen.push('first'));
      await insert('with effects');
      afterCommit(() => seen.push('second'));
      // Queued, not run: nothing has committed yet.
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['first', 'second']);
    await expect(
      inTransaction(env.db, async () => {
        afterCommit(() => seen.push('never'));
        await insert('with effects'); // taken: the call fails
      }),
    ).rejects.toThrow();
    expect(seen).toEqual(['first', 'second']);
    // An effect that throws does not fail the call, nor stop the others.
    await inTransaction(env.db, async () => {
      afterCommit(() => {
        throw new Error('socket gone');
      });
      afterCommit(async () => {
        throw new Error('mail refused');
      });
      afterCommit(() => seen.push('third'));
    });
    expect(seen).toEqual(['first', 'second', 'third']);
    // Outside a call, an effect runs at once.
    afterCommit(() => seen.push('at once'));
    expect(seen.at(-1)).toBe('at once');
  });

  it("keeps the transaction in the call's scope while it runs, and only then", async () => {
    const store = { tx: null, effects: null, mark: 'call' };
    await runInScope(store, () =>
      inTransaction(env.db, async () => {
        expect(currentScope<typeof store>()?.mark).toBe('call');
        expect(currentScope()?.tx).not.toBeNull();
        await insert('in scope');
      }),
    );
    expect(store.tx).toBeNull();
    expect(store.effects).toBeNull();
  });

  it.runIf(process.env.DATABASE_URL)(
    'a connection lost mid-call fails the call as unavailable, keeps nothing, and the pool replaces it',
    async () => {
      const pool = env.database.pool as pg.Pool;
      const acquired: pg.PoolClient[] = [];
      const watch = (client: pg.PoolClient) => acquired.push(client);
      pool.on('acquire', watch);
      const before = await notes();
      try {
        const failure = await inTransaction(env.db, async () => {
          await insert('lost 1');
          const [{ pid }] = uncheckedRows<{ pid: number }>(
            await db.execute(sql`SELECT pg_backend_pid() AS pid`),
          );
          const client = acquired.find((c) => (c as unknown as { processID: number }).processID === pid);
          const ended = new Promise((resolve) => client?.once('end', resolve));
          // Killed while no statement runs on it: pg emits the client's 'error' event, which must
          // not reach the process as an unhandled one.
          await pool.query('SELECT pg_terminate_backend($1)', [pid]);
          await ended;
          await insert('lost 2');
        }).catch((err: unknown) => err);
        expect(isDatabaseUnavailable(failure)).toBe(true);
      } finally {
        pool.off('acquire', watch);
      }
      expect(await notes()).toEqual(before);
      await inTransaction(env.db, () => insert('after a lost connection'));
      expect(await notes()).toEqual([...before, 'after a lost connection']);
    },
  );
});
