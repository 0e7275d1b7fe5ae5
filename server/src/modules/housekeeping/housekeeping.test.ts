import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncheckedRows } from '../../db/sql';
import { makeUser, setupTestApp, sql, type TestEnv } from '../../test/harness';
import { pruneExpired } from './service';

let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp();
});
afterAll(async () => {
  await env?.close();
});

const keys = async (query: ReturnType<typeof sql>) =>
  uncheckedRows<{ k: string }>(await env.db.execute(query)).map((r) => r.k);

describe('housekeeping', () => {
  it('prunes expired sessions, challenges, resets and dead sign-in counters, and keeps live ones', async () => {
    const user = await makeUser(env.db);
    await env.db.execute(sql`
      INSERT INTO sessions (user_id, token_hash, expires_at, revoked_at) VALUES
        (${user.id}, 'hk-expired', now() - interval '2 days', NULL),
        (${user.id}, 'hk-revoked', now() + interval '5 days', now() - interval '3 days'),
        (${user.id}, 'hk-just-expired', now() - interval '1 hour', NULL)`);
    await env.db.execute(sql`
      INSERT INTO login_challenges (key_hash, user_id, code_hash, expires_at) VALUES
        ('hk-old', ${user.id}, 'x', now() - interval '2 days'),
        ('hk-new', ${user.id}, 'x', now() + interval '5 minutes')`);
    await env.db.execute(sql`
      INSERT INTO password_resets (user_id, password_hash, expires_at) VALUES
        (${user.id}, 'hk-old', now() - interval '2 days'), (${user.id}, 'hk-new', now() + interval '20 minutes')`);
    await env.db.execute(sql`
      INSERT INTO sign_in_counters (key, hits, window_ends_at, locked_until) VALUES
        ('hk:dead', 3, now() - interval '1 minute', NULL),
        ('hk:locked', 9, now() - interval '1 minute', now() + interval '10 minutes'),
        ('hk:open', 1, now() + interval '10 minutes', NULL)`);

    const removed = await pruneExpired(env.db);

    expect(removed).toMatchObject({
      sessions: 2,
      login_challenges: 1,
      password_resets: 1,
      sign_in_counters: 1,
    });
    expect(
      await keys(sql`SELECT token_hash AS k FROM sessions WHERE token_hash LIKE 'hk-%' ORDER BY 1`),
    ).toEqual(['hk-just-expired']);
    expect(await keys(sql`SELECT key_hash AS k FROM login_challenges WHERE key_hash LIKE 'hk-%'`)).toEqual([
      'hk-new',
    ]);
    expect(await keys(sql`SELECT password_hash AS k FROM password_resets`)).toEqual(['hk-new']);
    expect(await keys(sql`SELECT key AS k FROM sign_in_counters WHERE key LIKE 'hk:%' ORDER BY 1`)).toEqual([
      'hk:locked',
      'hk:open',
    ]);
    expect(await pruneExpired(env.db)).toMatchObject({ sessions: 0, sign_in_counters: 0 });
  });
});
