import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncheckedRows } from '../../db/sql';
import {
  callApi,
  calls,
  makeUser,
  setupTestApp,
  type TestEnv,
  testClock,
  waitForMail,
} from '../../test/harness';
import { createSession } from './sessions';

const clock = testClock();
let env: TestEnv;

beforeAll(async () => {
  env = await setupTestApp({ clock });
});
afterAll(async () => {
  await env?.close();
});

const change = (token: string, currentPassword: string) =>
  callApi(
    env.app,
    calls.changePassword,
    { currentPassword, newPassword: 'brand-new-passphrase', confirmPassword: 'brand-new-passphrase' },
    token,
  );

describe('change-password counts wrong current passwords (issue 32)', () => {
  it('the fifth wrong one within 15 minutes ends the session, mails the owner and pauses changes', async () => {
    const staff = await makeUser(env.db);
    for (let i = 1; i <= 4; i++) {
      const wrong = await change(staff.token, `wrong-guess-${i}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.responseMessage).toBe('Current password is incorrect');
    }
    expect((await callApi(env.app, calls.getLoginData, {}, staff.token)).status).toBe(200);
    const fifth = await change(staff.token, 'wrong-guess-5');
    expect(fifth.status).toBe(401);
    expect(fifth.body.responseMessage).toBe(
      'Too many wrong passwords. Your session has ended; please sign in again',
    );
    // The session is over: the stolen token opens nothing any more.
    expect((await callApi(env.app, calls.getLoginData, {}, staff.token)).status).toBe(401);
    const mail = await waitForMail(env.outboxDir, /5 wrong current passwords/);
    expect(mail).toContain(staff.email);
    // Another session of the account: changing is paused, even with the right password.
    const other = await createSession(env.db, staff.id, 'admin');
    const paused = await change(other, staff.password);
    expect(paused.status).toBe(429);
    expect(paused.body.responseMessage).toBe('Too many wrong passwords. Please try again in 15 minute(s)');
    const refused = uncheckedRows<{ action: string }>(
      await env.db.execute(sql`SELECT action FROM audit_log WHERE target_id = ${String(staff.id)}`),
    ).map((r) => r.action);
    expect(refused.filter((a) => a === 'password-refused')).toHaveLength(4);
    expect(refused).toContain('lockout');
    // After the pause the owner can change it.
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await change(other, staff.password)).status).toBe(200);
  });

  it('a right current password takes its attempt back; wrong ones age out after 15 minutes', async () => {
    const staff = await makeUser(env.db);
    for (let i = 0; i < 4; i++) {
      expect((await change(staff.token, 'not-my-password')).status).toBe(400);
    }
    clock.advance(15 * 60 * 1000 + 1000);
    for (let i = 0; i < 4; i++) {
      expect((await change(staff.token, 'not-my-password')).status).toBe(400);
    }
    expect((await callApi(env.app, calls.getLoginData, {}, staff.token)).status).toBe(200);
  });

  it('parallel wrong passwords cannot slip past the limit', async () => {
    const staff = await makeUser(env.db);
    // Sessions started on the test's clock, which the tests above moved past the 30-minute idle limit.
    const tokens = await Promise.all(
      Array.from({ length: 10 }, () => createSession(env.db, staff.id, 'admin', { now: clock.now() })),
    );
    const answers = await Promise.all(tokens.map((t) => change(t, 'parallel-guess')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(4);
    expect(statuses.filter((s) => s === 400 || s === 401 || s === 429)).toHaveLength(10);
  });
});
