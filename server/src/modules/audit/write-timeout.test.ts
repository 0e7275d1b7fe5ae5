// Every statement of a write call runs under WRITE_STATEMENT_TIMEOUT (runCall in
// http/audit-call.ts sets statement_timeout for its transaction): a call that runs out answers 503
// with a clear message and keeps nothing, neither its change nor its entry. The answer to a
// timeout is tested on both databases (the error PostgreSQL raises, raised on demand); the real
// timeout on PostgreSQL only (PGlite, one process with no timer signals, cannot enforce it).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncheckedRows } from '../../db/sql';
import { WRITE_TIMED_OUT } from '../../http/audit-call';
import { callApi, calls, type MadeUser, makeUser, setupTestApp, type TestEnv } from '../../test/harness';
import { lastEntryId } from './test-support';

let env: TestEnv;
let boss: MadeUser;
const onServer = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  env = await setupTestApp({ env: { WRITE_STATEMENT_TIMEOUT: '300' } });
  boss = await makeUser(env.db, { superAdmin: true });
  // Names that make the UPDATE of a user fail as statement_timeout does, sleep past it, or show
  // the ceiling it runs under.
  await env.db.execute(
    sql.raw(`CREATE FUNCTION write_timeout_probe() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name = 'Raise timeout' THEN
          RAISE EXCEPTION 'canceling statement due to statement timeout' USING ERRCODE = 'query_canceled';
        END IF;
        IF NEW.name = 'Show timeout' THEN
          NEW.name := current_setting('statement_timeout');
        END IF;
        IF NEW.name = 'Sleep past it' THEN
          PERFORM pg_sleep(3);
        END IF;
        RETURN NEW;
      END $$`),
  );
  await env.db.execute(
    sql.raw(`CREATE TRIGGER write_timeout_probe BEFORE UPDATE ON users
      FOR EACH ROW EXECUTE FUNCTION write_timeout_probe()`),
  );
});
afterAll(async () => {
  await env?.close();
});

const nameOf = async (id: number) =>
  uncheckedRows<{ name: string }>(await env.db.execute(sql`SELECT name FROM users WHERE id = ${id}`))[0].name;

/** Renames the user through update-profile; what it answered, and whether anything was kept. */
async function rename(id: number, name: string) {
  const from = await lastEntryId(env.db);
  const res = await callApi(env.app, calls.updateProfile, { id, name }, boss.token);
  return { res, name: await nameOf(id), entries: (await lastEntryId(env.db)) - from };
}

describe('the write statement timeout', () => {
  it('answers 503 with a clear message when a statement runs out, and keeps nothing', async () => {
    const user = await makeUser(env.db, { platform: true, name: 'Kept Name' });
    const failed = await rename(user.id, 'Raise timeout');
    expect(failed.res.status).toBe(503);
    expect(failed.res.body).toEqual({ responseCode: 503, responseMessage: WRITE_TIMED_OUT });
    expect(failed.name).toBe('Kept Name');
    expect(failed.entries).toBe(0);
    // The next call goes through as usual.
    const next = await rename(user.id, 'Next Name');
    expect(next.res.status).toBe(200);
    expect(next.name).toBe('Next Name');
    expect(next.entries).toBe(1);
  });

  it.runIf(onServer)('stops a write that hangs past WRITE_STATEMENT_TIMEOUT on PostgreSQL', async () => {
    const user = await makeUser(env.db, { platform: true, name: 'Before Sleep' });
    const failed = await rename(user.id, 'Sleep past it');
    expect(failed.res.status).toBe(503);
    expect(failed.res.body.responseMessage).toBe(WRITE_TIMED_OUT);
    expect(failed.name).toBe('Before Sleep');
    expect(failed.entries).toBe(0);
    const next = await rename(user.id, 'After Sleep');
    expect(next.res.status).toBe(200);
    expect(next.name).toBe('After Sleep');
    expect(next.entries).toBe(1);
  });

  it('holds each write call to the ceiling, and only it: the setting ends with its transaction', async () => {
    const user = await makeUser(env.db, { platform: true });
    const shown = await rename(user.id, 'Show timeout');
    expect(shown.res.status).toBe(200);
    expect(shown.name).toBe('300ms');
    const [after] = uncheckedRows<{ t: string }>(
      await env.db.execute(sql`SELECT current_setting('statement_timeout') AS t`),
    );
    expect(after.t).not.toBe('300ms');
  });
});
