import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, signInCounters } from '../db/schema';
import { callApi, calls, makeUser, setupTestApp, type TestEnv } from '../test/harness';
import { COMMAND_LINE, resetStaffPassword } from './reset-password';

let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp();
});
afterAll(async () => {
  await env?.close();
});

const login = (username: string, password: string) =>
  callApi(env.app, calls.adminLogin, { username, password });

describe('npm run admin-password (resetStaffPassword)', () => {
  it('generates a new password that signs in; the old one no longer does and every session ends', async () => {
    const admin = await makeUser(env.db, { superAdmin: true });
    expect((await callApi(env.app, calls.getLoginData, {}, admin.token)).status).toBe(200);

    const { password, generated } = await resetStaffPassword(env.db, admin.username.toUpperCase(), undefined);

    expect(generated).toBe(true);
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect((await login(admin.username, admin.password)).status).toBe(401);
    expect((await login(admin.username, password)).status).toBe(200);
    expect((await callApi(env.app, calls.getLoginData, {}, admin.token)).status).toBe(401);
    const entries = await env.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(admin.id)), eq(auditLog.action, 'admin-password')));
    expect(entries.map((e) => [e.action, e.actorUsername, e.targetType])).toEqual([
      ['admin-password', COMMAND_LINE, 'user'],
    ]);
    expect(entries[0].changes).toEqual({ before: null, after: { how_set: 'generated' } });
    expect(JSON.stringify(entries[0].changes)).not.toContain(password);
  });

  it('takes the chosen password, and forgets the failed sign-ins that locked the account', async () => {
    const staff = await makeUser(env.db, { permissions: ['users_list'] });
    for (let i = 0; i < 6; i++) {
      await login(staff.username, 'wrong-password-again');
    }
    // Locked: even the right password is refused now.
    expect((await login(staff.username, staff.password)).status).toBe(429);
    const chosen = 'velvet-harbour-quietly-47';

    await resetStaffPassword(env.db, staff.username, chosen);

    expect((await login(staff.username, chosen)).status).toBe(200);
    const left = await env.db
      .select()
      .from(signInCounters)
      .where(eq(signInCounters.key, `pw:acct:${staff.username}`));
    expect(left.every((c) => c.hits <= 1)).toBe(true);
  });

  it('refuses a guessable password, a platform user and an unknown name, changing nothing', async () => {
    const staff = await makeUser(env.db);
    await expect(resetStaffPassword(env.db, staff.username, 'password1')).rejects.toThrow(
      /too easy to guess/,
    );
    expect((await login(staff.username, staff.password)).status).toBe(200);
    const platform = await makeUser(env.db, { platform: true });
    await expect(resetStaffPassword(env.db, platform.username, undefined)).rejects.toThrow(
      /No staff account/,
    );
    await expect(resetStaffPassword(env.db, 'nobody_at_all', undefined)).rejects.toThrow(/No staff account/);
  });
});
