// inTransaction: what a call's transaction keeps and what it undoes, on PGlite and (with
// DATABASE_URL) on a PostgreSQL server, where BEGIN, the statements queued ahead and COMMIT ride
// with the call's own statements instead of being awaited one by one.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestEnv } from '../test/harness';
import type { Db } from './client';
import { rowsOf } from './sql';
import { commitWith, currentScope, inTransaction, runInScope, scopedDb, sendWithCommit } from './tx';

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
  rowsOf<{ note: string }>(await env.db.execute(sql`SELECT note FROM tx_probe ORDER BY id`)).map(
    (r) => r.note,
  );
const insert = (note: string) => db.execute(sql`INSERT INTO tx_probe (note) VALUES (${note})`);
const sendInsert = (note: string) =>
  sendWithCommit(env.db, { text: 'INSERT INTO tx_probe (note) VALUES ($1)', values: [note] });

describe('inTransaction', () => {
  it('keeps the statements and the one sent with COMMIT', async () => {
    await inTransaction(env.db, async () => {
      await insert('kept 1');
      await sendInsert('kept 2');
    });
    expect(await notes()).toEqual(['kept 1', 'kept 2']);
  });

  it('undoes everything when the statement sent with COMMIT fails, and the call fails', async () => {
    const before = await notes();
    await expect(
      inTransaction(env.db, async () => {
        await insert('undone 1');
        // The note is UNIQUE: 'kept 1' is already there.
        await sendInsert('kept 1');
      }),
    ).rejects.toThrow();
    expect(await notes()).toEqual(before);
    // The failed connection is not handed back in a broken state: the next call works.
    await inTransaction(env.db, async () => {
      await insert('after a failed entry');
    });
    expect(await notes()).toEqual([...before, 'after a failed entry']);
  });

  it.runIf(process.env.DATABASE_URL)(
    'fails the call when PostgreSQL answers its COMMIT with a rollback (an error swallowed on the way)',
    async () => {
      const before = await notes();
      await expect(
        inTransaction(env.db, async () => {
          await insert('undone 4');
          // 'kept 1' is taken: the transaction is aborted, whatever the call makes of the error.
          await insert('kept 1').catch(() => undefined);
        }),
      ).rejects.toThrow('rolled back instead of committed');
      expect(await notes()).toEqual(before);
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'adds no reply of its own on PostgreSQL: BEGIN, the entry and COMMIT are answered with the statements',
    async () => {
      const pool = env.database.pool;
      let replies = 0;
      const count = () => {
        replies++;
      };
      const watched = new Set<unknown>();
      const watch = (client: unknown) => {
        const { connection } = client as { connection: { on(e: string, f: () => void): void } };
        if (!watched.has(connection)) {
          watched.add(connection);
          connection.on('readyForQuery', count);
        }
      };
      pool?.on('acquire', watch);
      try {
        // Two statements awaited: two replies, where BEGIN, INSERT, entry and COMMIT one by one made four.
        await inTransaction(env.db, async () => {
          await insert('one reply 1');
          await sendInsert('one reply 2');
        });
        expect(replies).toBe(2);
        replies = 0;
        // The early COMMIT rides with the read that follows it.
        await inTransaction(env.db, async () => {
          await insert('one reply 3');
          commitWith({ text: 'INSERT INTO tx_probe (note) VALUES ($1)', values: ['one reply 4'] });
          await db.execute(sql`SELECT 1`);
        });
        expect(replies).toBe(2);
      } finally {
        pool?.off('acquire', watch);
        for (const connection of watched) {
          (connection as { off(e: string, f: () => void): void }).off('readyForQuery', count);
        }
      }
      expect(await notes()).toEqual(
        expect.arrayContaining(['one reply 1', 'one reply 2', 'one reply 3', 'one reply 4']),
      );
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'opens the transaction at the first write: plain reads before it hold no lock, locking reads do',
    async () => {
      const held = async () =>
        rowsOf<{ mode: string }>(
          await db.execute(sql`SELECT mode FROM pg_locks
            WHERE pid = pg_backend_pid() AND relation = 'tx_probe'::regclass ORDER BY mode`),
        ).map((r) => r.mode);
      await inTransaction(env.db, async () => {
        await db.execute(sql`SELECT count(*) FROM tx_probe`);
        // Outside the transaction: the read's lock went with its own implicit commit.
        expect(await held()).toEqual([]);
        await insert('first write');
        expect(await held()).toEqual(['RowExclusiveLock']);
      });
      expect(await notes()).toContain('first write');

      // A row lock taken before any write lasts until the call ends: another connection cannot take it.
      const other = env.database.pool;
      await inTransaction(env.db, async () => {
        await db.execute(sql`SELECT id FROM tx_probe WHERE note = 'first write' FOR UPDATE`);
        await expect(
          other?.query(`SELECT id FROM tx_probe WHERE note = 'first write' FOR UPDATE NOWAIT`),
        ).rejects.toThrow('could not obtain lock');
      });
      // So does an advisory lock for the transaction.
      const advisory = async () =>
        rowsOf(
          await db.execute(
            sql`SELECT 1 FROM pg_locks WHERE pid = pg_backend_pid() AND locktype = 'advisory'`,
          ),
        );
      await inTransaction(env.db, async () => {
        await db.execute(sql`SELECT pg_advisory_xact_lock(4242)`);
        expect(await advisory()).toHaveLength(1);
      });
      // And a setting for the transaction only.
      await inTransaction(env.db, async () => {
        await db.execute(sql`SELECT set_config('statement_timeout', '4321', true)`);
        const [row] = rowsOf<{ t: string }>(
          await db.execute(sql`SELECT current_setting('statement_timeout') AS t`),
        );
        expect(row.t).toBe('4321ms');
      });
      // The row lock went with its transaction.
      await expect(
        other?.query(`SELECT id FROM tx_probe WHERE note = 'first write' FOR UPDATE NOWAIT`),
      ).resolves.toBeDefined();
    },
  );

  it('undoes everything when the call throws, and hands the error back unchanged', async () => {
    const before = await notes();
    const refusal = new Error('refused by the service');
    await expect(
      inTransaction(env.db, async () => {
        await insert('undone 2');
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await notes()).toEqual(before);
  });

  it('undoes a nested transaction past its savepoint when the entry fails', async () => {
    const before = await notes();
    await expect(
      inTransaction(env.db, async () => {
        await db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO tx_probe (note) VALUES ('undone 3')`);
        });
        await sendInsert('kept 2');
      }),
    ).rejects.toThrow();
    expect(await notes()).toEqual(before);
  });

  it('answers a call that runs no statement, and leaves the connection usable', async () => {
    await expect(inTransaction(env.db, async () => 'nothing to do')).resolves.toBe('nothing to do');
    await inTransaction(env.db, async () => {
      await insert('after an empty one');
    });
    expect(await notes()).toContain('after an empty one');
  });

  it('commitWith: a read after the early COMMIT sees the change; a later failure does not undo it', async () => {
    // Only a PostgreSQL server commits early; elsewhere commitWith does nothing (answers false)
    // and the caller sends its statement as usual.
    const onServer = env.database.kind === 'postgres';
    const early = { text: 'INSERT INTO tx_probe (note) VALUES ($1)', values: ['early 2'] };
    const seen = await inTransaction(env.db, async () => {
      await insert('early 1');
      expect(commitWith(early)).toBe(onServer);
      return rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM tx_probe WHERE note LIKE 'early %'`),
      )[0].n;
    });
    expect(seen).toBe(onServer ? 2 : 1);
    await expect(
      inTransaction(env.db, async () => {
        await insert('early 3');
        commitWith({ ...early, values: ['early 4'] });
        throw new Error('after the commit');
      }),
    ).rejects.toThrow('after the commit');
    const kept = (await notes()).filter((n) => n.startsWith('early'));
    expect(kept).toEqual(onServer ? ['early 1', 'early 2', 'early 3', 'early 4'] : ['early 1']);
  });

  it("keeps the transaction in the call's scope while it runs, and only then", async () => {
    const store = { tx: null, send: null, commit: null, mark: 'call' };
    await runInScope(store, () =>
      inTransaction(env.db, async () => {
        expect(currentScope<typeof store>()?.mark).toBe('call');
        expect(currentScope()?.tx).not.toBeNull();
        await insert('in scope');
      }),
    );
    expect(store.tx).toBeNull();
  });
});
