// Every list statement runs under LIST_STATEMENT_TIMEOUT (db/sql.ts: listStatement, on the
// database's listDb): a count that runs out answers the cap with total_is_lower_bound, a page that
// runs out a 503 with a clear message. The ceiling is the list pool's connection parameter on
// PostgreSQL; PGlite, one process with no timer signals, cannot enforce one, so the real timeouts
// run on PostgreSQL and the handling of a timeout on both.
import type { CallDef } from '@admin/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../http/errors';
import { callApi, calls, type MadeUser, makeUser, setEnv, setupTestApp, type TestEnv } from '../test/harness';
import { LIST_TIMED_OUT, pagedList, uncheckedRows } from './sql';

let env: TestEnv;
let admin: MadeUser;
let restoreEnv: () => void;
const onServer = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  restoreEnv = setEnv({ LIST_STATEMENT_TIMEOUT: '300', LIST_TOTAL_CAP: '5' });
  env = await setupTestApp();
  admin = await makeUser(env.db, { superAdmin: true });
  // What PostgreSQL raises when statement_timeout runs out, raised on demand (both databases).
  await env.db.execute(
    sql.raw(`CREATE FUNCTION list_timeout_probe() RETURNS int LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'canceling statement due to statement timeout' USING ERRCODE = 'query_canceled'; END $$`),
  );
});
afterAll(async () => {
  restoreEnv();
  await env?.close();
});

const input = { page: 0, page_limit: 10 };
const plain = {
  select: sql`u.id`,
  from: sql`users u`,
  order: sql`u.id`,
  input,
  filters: [sql`true`],
  row: z.object({ id: z.number() }),
};

describe('the list statement timeout', () => {
  it.skipIf(!onServer)(
    'runs each list statement under the configured ceiling and without JIT, and no other statement',
    async () => {
      const { rows } = await pagedList(env.database.listDb, {
        ...plain,
        select: sql`u.id, current_setting('statement_timeout') AS t, current_setting('jit') AS jit`,
        row: z.object({ id: z.number(), t: z.string(), jit: z.string() }),
      });
      expect(rows[0]).toMatchObject({ t: '300ms', jit: 'off' });
      const [other] = uncheckedRows<{ t: string }>(
        await env.db.execute(sql`SELECT current_setting('statement_timeout') AS t`),
      );
      expect(other.t).not.toBe('300ms');
    },
  );

  it('answers the capped total with the lower-bound flag when the count runs out', async () => {
    const list = await pagedList(env.database.listDb, {
      ...plain,
      countFrom: sql`users u CROSS JOIN LATERAL list_timeout_probe() p`,
    });
    expect(list.rows.map((r) => r.id)).toContain(admin.id);
    expect(list).toMatchObject({ total: 5, total_is_lower_bound: true });
  });

  it('answers 503 with a clear message when the page runs out', async () => {
    const failed = pagedList(env.database.listDb, {
      ...plain,
      from: sql`users u CROSS JOIN LATERAL list_timeout_probe() p`,
    });
    await expect(failed).rejects.toBeInstanceOf(AppError);
    await expect(failed).rejects.toMatchObject({ status: 503, message: LIST_TIMED_OUT });
  });

  it.skipIf(!onServer)('on PostgreSQL stops a slow count and a slow page at the ceiling', async () => {
    // Slept out, the count would be exact (1) and the page would answer.
    const slow = sql`users u CROSS JOIN LATERAL pg_sleep(5) s`;
    const counted = await pagedList(env.database.listDb, { ...plain, countFrom: slow });
    expect(counted).toMatchObject({ total: 5, total_is_lower_bound: true });
    await expect(pagedList(env.database.listDb, { ...plain, from: slow })).rejects.toMatchObject({
      status: 503,
    });
  });

  it.skipIf(!onServer)(
    'runs every list call on the list pool: each answers 503 when its table is locked',
    async () => {
      // A table each list reads, that the API guard (sessions, users, groups) does not. A call wired
      // to the main pool (no ceiling) would wait for the lock, which is released after 3 s: it would
      // then answer 200 and fail here.
      const lists: [CallDef, Record<string, unknown>, string][] = [
        [calls.interestsList, {}, 'interests'],
        [calls.signupCodesList, {}, 'signup_codes'],
        [calls.notificationsList, {}, 'notifications'],
        [calls.failedUrls, {}, 'failed_urls'],
        [calls.failedUrlsFrequency, {}, 'failed_urls'],
        [calls.campaignsList, {}, 'campaigns'],
        [calls.transactionHistory, {}, 'transactions'],
        [calls.auditLog, {}, 'audit_log'],
        [calls.reportedPosts, {}, 'post_reports'],
        [calls.moderationCases, {}, 'moderation_cases'],
        [calls.chatRooms, { user_id: admin.id }, 'chat_room_members'],
        [calls.followers, { user_id: admin.id }, 'follows'],
        [calls.favourites, { userId: admin.id }, 'bookmarks'],
      ];
      const failures: string[] = [];
      for (const [call, input, table] of lists) {
        const locker = await env.database.pool!.connect();
        await locker.query('BEGIN');
        await locker.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
        const release = setTimeout(() => void locker.query('ROLLBACK'), 3000);
        try {
          const res = await callApi(env.app, call, input, admin.token);
          if (res.status !== 503) {
            failures.push(`${call.path}: ${res.status}`);
          }
        } finally {
          clearTimeout(release);
          await locker.query('ROLLBACK');
          locker.release();
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it.skipIf(!onServer)(
    'replaces a list connection the database drops while idle, without a crash',
    async () => {
      const listPool = env.database.listPool!;
      const [{ pid }] = uncheckedRows<{ pid: number }>(
        await env.database.listDb.execute(sql`SELECT pg_backend_pid() AS pid`),
      );
      await env.database.pool!.query('SELECT pg_terminate_backend($1)', [pid]);
      // pg's pool drops the dead idle connection on its 'error' event (db/client.ts handles it).
      await expect.poll(() => listPool.totalCount).toBe(0);
      const res = await callApi(env.app, calls.searches, { query: 'coffee' }, admin.token);
      expect(res.status).toBe(200);
    },
  );

  it.skipIf(!onServer)(
    'answers a list call 503 in the envelope when its table is locked past the ceiling',
    async () => {
      const locker = await env.database.pool!.connect();
      try {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE searches IN ACCESS EXCLUSIVE MODE');
        const res = await callApi(env.app, calls.searches, { query: 'coffee' }, admin.token);
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ responseCode: 503, responseMessage: LIST_TIMED_OUT });
      } finally {
        await locker.query('ROLLBACK');
        locker.release();
      }
      const after = await callApi(env.app, calls.searches, { query: 'coffee' }, admin.token);
      expect(after.status).toBe(200);
    },
  );
});
