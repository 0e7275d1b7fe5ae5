import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpSecrets } from '../../db/schema';
import {
  callApi,
  calls,
  type MadeUser,
  makeUser,
  setupTestApp,
  type TestEnv,
  testClock,
  waitForMail,
} from '../../test/harness';
import { createSession } from '../auth';
import { REMOVE_LIMITS, REMOVE_LOCKED_OUT } from './totp-guard';

/**
 * `DELETE totp` takes a current code: wrong ones are counted (5 per 15 minutes), so a stolen
 * session cannot guess its way to removing the app (docs/security.md, "Sign-in").
 */

let env: TestEnv;
const clock = testClock();
beforeAll(async () => {
  env = await setupTestApp({ clock });
});
afterAll(async () => {
  await env?.close();
});

const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now().getTime() + steps * 30_000 });

/** A code that is not the app's for this moment or a step either side. */
function wrongCode(secret: string): string {
  const near = new Set([-1, 0, 1].map((s) => codeOf(secret, s)));
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, '0');
    if (!near.has(c)) {
      return c;
    }
  }
}

async function enrol(staff: MadeUser): Promise<string> {
  const setup = await callApi(env.app, calls.totpSetup, {}, staff.token);
  const secret: string = setup.body.secret;
  expect((await callApi(env.app, calls.totpConfirm, { otp: codeOf(secret) }, staff.token)).status).toBe(200);
  clock.advance(30_000);
  return secret;
}

const appKept = async (userId: number) =>
  (await env.db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId))).length === 1;

describe('wrong codes on DELETE totp', () => {
  it('are counted: the 5th ends the session, and then even a right code is refused for 15 minutes', async () => {
    const staff = await makeUser(env.db);
    const secret = await enrol(staff);
    const other = await createSession(env.db, staff.id, 'admin', { now: clock.now() });
    for (let i = 1; i < REMOVE_LIMITS.wrong; i++) {
      const res = await callApi(env.app, calls.totpRemove, { otp: wrongCode(secret) }, staff.token);
      expect(res.status).toBe(400);
      expect(res.body.responseMessage).toBe(
        `Invalid code from the authenticator app. ${REMOVE_LIMITS.wrong - i} attempt(s) left`,
      );
    }
    const last = await callApi(env.app, calls.totpRemove, { otp: wrongCode(secret) }, staff.token);
    expect(last.status).toBe(401);
    expect(last.body.responseMessage).toBe(REMOVE_LOCKED_OUT);
    // The session that guessed is over.
    expect((await callApi(env.app, calls.mySecurity, {}, staff.token)).status).toBe(401);
    const mail = await waitForMail(env.outboxDir, /Wrong authenticator codes/);
    expect(mail).toContain(`To: ${staff.email}`);

    // The 6th attempt, from another session and with the right code: refused, nothing checked.
    const right = await callApi(env.app, calls.totpRemove, { otp: codeOf(secret) }, other);
    expect(right.status).toBe(429);
    expect(right.body.responseMessage).toBe(
      'Too many wrong codes. Removing the authenticator app is paused for 15 minute(s)',
    );
    expect(await appKept(staff.id)).toBe(true);

    clock.advance(REMOVE_LIMITS.lockSeconds * 1000 + 1000);
    const later = await callApi(env.app, calls.totpRemove, { otp: codeOf(secret) }, other);
    expect(later.status).toBe(200);
    expect(await appKept(staff.id)).toBe(false);
  });

  it('a right code takes its own attempt back; wrong ones stay counted within the window', async () => {
    const staff = await makeUser(env.db);
    const secret = await enrol(staff);
    for (let i = 0; i < REMOVE_LIMITS.wrong - 1; i++) {
      expect((await callApi(env.app, calls.totpRemove, { otp: 'abcdef' }, staff.token)).status).toBe(400);
    }
    expect((await callApi(env.app, calls.totpRemove, { otp: codeOf(secret) }, staff.token)).status).toBe(200);
    // Set up again: the 4 wrong codes of the window still count, so the next wrong one is the 5th.
    const again = await enrol(staff);
    const fifth = await callApi(env.app, calls.totpRemove, { otp: wrongCode(again) }, staff.token);
    expect(fifth.status).toBe(401);
  });

  it('parallel guesses get at most 5 checks', async () => {
    const staff = await makeUser(env.db);
    const secret = await enrol(staff);
    const sessions = await Promise.all(
      Array.from({ length: 12 }, () => createSession(env.db, staff.id, 'admin', { now: clock.now() })),
    );
    const answers = await Promise.all(
      sessions.map((token) => callApi(env.app, calls.totpRemove, { otp: wrongCode(secret) }, token)),
    );
    const statuses = answers.map((a) => a.status);
    // Checked: 4 wrong (400) and the 5th (401); every other attempt is refused unchecked (429).
    expect(statuses.filter((s) => s === 400)).toHaveLength(REMOVE_LIMITS.wrong - 1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - REMOVE_LIMITS.wrong);
    expect(await appKept(staff.id)).toBe(true);
  });

  it('records each refusal as a sign-in event, never the code', async () => {
    const staff = await makeUser(env.db);
    const secret = await enrol(staff);
    const boss = await makeUser(env.db, { superAdmin: true });
    const guess = wrongCode(secret);
    await callApi(env.app, calls.totpRemove, { otp: guess }, staff.token);
    const trail = await callApi(env.app, calls.auditLog, { user_id: staff.id }, boss.token);
    const refused = trail.body.data.find((e: { action: string }) => e.action === 'code-refused');
    expect(refused.changes).toMatchObject({ call: 'DELETE totp', attempts_left: 4 });
    // The refused call leaves no entry that reads like a removal.
    expect(trail.body.data.some((e: { action: string }) => e.action === 'totp')).toBe(false);
    expect(JSON.stringify(trail.body.data)).not.toContain(guess);
  });
});
