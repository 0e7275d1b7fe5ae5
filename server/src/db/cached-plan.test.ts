// executeCachedPlan: a query without parameters is prepared once per connection on a PostgreSQL
// server (once per session on PGlite) and answers exactly as db.execute does; a query with
// parameters is never kept prepared.
// executeWithSettings: settings that hold for its query only, a failure rolled back and thrown.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestEnv } from '../test/harness';
import { type Db, executeCachedPlan, executePrepared, executeWithSettings } from './client';
import * as schema from './schema';
import { rowsOf } from './sql';

let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp();
});
afterAll(async () => {
  await env?.close();
});

const tag = `cp${Date.now().toString(36)}`;

describe('executeCachedPlan', () => {
  it('answers as db.execute does (timestamps, arrays, numbers)', async () => {
    const query = sql.raw(
      `SELECT 1::int AS one, '${tag}'::text AS tag, timestamptz '2026-01-02 03:04:05+00' AS at, ARRAY['a','b'] AS list, 2::bigint AS big`,
    );
    const direct = rowsOf(await env.db.execute(query));
    expect(rowsOf(await executeCachedPlan(env.db, query))).toEqual(direct);
    // Again, now from the prepared statement where there is one.
    expect(rowsOf(await executeCachedPlan(env.db, query))).toEqual(direct);
    const withParam = sql`SELECT ${tag}::text AS tag, timestamptz '2026-01-02 03:04:05+00' AS at`;
    expect(rowsOf(await executeCachedPlan(env.db, withParam))).toEqual(
      rowsOf(await env.db.execute(withParam)),
    );
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'keeps a query without parameters prepared on the connection, and one with parameters not',
    async () => {
      const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
      try {
        const db = drizzle(pool, { schema }) as unknown as Db;
        const plain = `SELECT '${tag}-plain'::text AS t`;
        const param = sql`SELECT ${`${tag}-param`}::text AS t, 'x' AS k`;
        expect(rowsOf(await executeCachedPlan(db, sql.raw(plain)))).toEqual([{ t: `${tag}-plain` }]);
        expect(rowsOf(await executeCachedPlan(db, param))).toEqual([{ t: `${tag}-param`, k: 'x' }]);
        const prepared = rowsOf<{ statement: string }>(
          await pool.query('SELECT statement FROM pg_prepared_statements'),
        ).map((r) => r.statement);
        expect(prepared).toContain(plain);
        expect(prepared.some((s) => s.includes("'x' AS k"))).toBe(false);
      } finally {
        await pool.end();
      }
    },
  );

  it.skipIf(!!process.env.DATABASE_URL)(
    'on PGlite keeps a query without parameters prepared in its session (two first calls at once prepare it once), and one that fails is tried again',
    async () => {
      const plain = sql.raw(`SELECT '${tag}-pglite'::text AS t`);
      const both = await Promise.all([executeCachedPlan(env.db, plain), executeCachedPlan(env.db, plain)]);
      expect(both.map(rowsOf)).toEqual([[{ t: `${tag}-pglite` }], [{ t: `${tag}-pglite` }]]);
      const param = sql`SELECT ${`${tag}-param`}::text AS t, 'y' AS k`;
      expect(rowsOf(await executeCachedPlan(env.db, param))).toEqual([{ t: `${tag}-param`, k: 'y' }]);
      const statements = async () =>
        rowsOf<{ statement: string }>(
          await env.db.execute(sql`SELECT statement FROM pg_prepared_statements`),
        ).map((r) => r.statement);
      expect(
        (await statements()).filter((s) => s.endsWith(`SELECT '${tag}-pglite'::text AS t`)),
      ).toHaveLength(1);
      expect((await statements()).some((s) => s.includes("'y' AS k"))).toBe(false);

      const table = `${tag}_later`;
      const later = sql.raw(`SELECT count(*)::int AS n FROM ${table}`);
      await expect(executeCachedPlan(env.db, later)).rejects.toThrow();
      await env.db.execute(sql.raw(`CREATE TABLE ${table} (id int)`));
      try {
        expect(rowsOf(await executeCachedPlan(env.db, later))).toEqual([{ n: 0 }]);
      } finally {
        await env.db.execute(sql.raw(`DROP TABLE ${table}`));
      }
    },
  );

  it.skipIf(!!process.env.DATABASE_URL)(
    'on PGlite runs a named statement prepared once, its plain values written in; free text runs it unprepared',
    async () => {
      const query = (v: unknown) =>
        sql`SELECT ${v}::text AS v, ${7} + 1 AS n, ${true} AS b, 'named-${sql.raw(tag)}' AS t`;
      const answers = [];
      for (const v of ['a1b2c3', 'admin', 'x.y@z-1:2']) {
        const rows = await executePrepared(env.db, `${tag}_named`, query(v));
        expect(rows).toEqual(rowsOf(await env.db.execute(query(v))));
        answers.push(rows);
      }
      expect(answers.map((r) => (r as { v: string }[])[0].v)).toEqual(['a1b2c3', 'admin', 'x.y@z-1:2']);
      const statements = rowsOf<{ name: string }>(
        await env.db.execute(sql`SELECT name FROM pg_prepared_statements`),
      ).map((r) => r.name);
      expect(statements.filter((n) => n === `named_${tag}_named`)).toHaveLength(1);
      // Free text, quotes and backslashes are never written into SQL: answered as bound parameters.
      for (const v of ["it's", 'a\\b', "x'); DROP TABLE users; --", 'two words', '']) {
        const rows = await executePrepared<{ v: string }>(env.db, `${tag}_named`, query(v));
        expect(rows, v).toEqual(rowsOf(await env.db.execute(query(v))));
        expect(rows[0].v).toBe(v);
      }
    },
  );

  it('runs a query under settings that end with it; a failing query is thrown and leaves the connection usable', async () => {
    const url = process.env.DATABASE_URL;
    const pool = url ? new pg.Pool({ connectionString: url, max: 1 }) : null;
    const db = pool ? (drizzle(pool, { schema }) as unknown as Db) : env.db;
    try {
      const setup = sql`SELECT set_config('enable_seqscan', 'off', true)`;
      const under = await executeWithSettings(
        db,
        setup,
        sql`SELECT current_setting('enable_seqscan') AS v, ${tag}::text AS t`,
      );
      expect(rowsOf(under)).toEqual([{ v: 'off', t: tag }]);
      const after = await db.execute(sql`SELECT current_setting('enable_seqscan') AS v`);
      expect(rowsOf(after)).toEqual([{ v: 'on' }]);
      await expect(executeWithSettings(db, setup, sql`SELECT 1 / ${0}::int AS x`)).rejects.toThrow();
      const again = await executeWithSettings(db, setup, sql`SELECT 2 AS x`);
      expect(rowsOf(again)).toEqual([{ x: 2 }]);
      expect(rowsOf(await db.execute(sql`SELECT current_setting('enable_seqscan') AS v`))).toEqual([
        { v: 'on' },
      ]);
    } finally {
      await pool?.end();
    }
  });
});
