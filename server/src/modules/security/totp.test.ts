import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, totpSecrets } from '../../db/schema';
import {
  callApi,
  calls,
  lastCode,
  lastMail,
  type MadeUser,
  makeUser,
  setupTestApp,
  type TestEnv,
  testClock,
} from '../../test/harness';

let env: TestEnv;
const clock = testClock();
beforeAll(async () => {
  env = await setupTestApp({ clock });
});
afterAll(async () => {
  await env?.close();
});

/** The code an authenticator app shows for `secret` at the app's clock time (+ steps of 30 s). */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now().getTime() + steps * 30_000 });

const mails = () => (fs.existsSync(env.outboxDir) ? fs.readdirSync(env.outboxDir).length : 0);

/** Enrols an authenticator app for `staff`: answers its secret and recovery codes. */
async function enrol(staff: MadeUser) {
  const setup = await callApi(env.app, calls.totpSetup, {}, staff.token);
  expect(setup.status).toBe(200);
  const confirm = await callApi(env.app, calls.totpConfirm, { otp: codeOf(setup.body.secret) }, staff.token);
  expect(confirm.status).toBe(200);
  clock.advance(30_000);
  return { secret: setup.body.secret as string, codes: confirm.body.recovery_codes as string[] };
}

async function passwordStep(staff: MadeUser, password = staff.password) {
  const res = await callApi(env.app, calls.adminLogin, { username: staff.username, password });
  expect(res.status).toBe(200);
  return res.body as { key: string; factors: string[]; responseMessage: string };
}

describe('enrolling an authenticator app', () => {
  it('answers a base32 secret and an otpauth URL naming the account', async () => {
    const staff = await makeUser(env.db);
    const res = await callApi(env.app, calls.totpSetup, {}, staff.token);
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(res.body.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toContain(staff.username);
    expect(url.searchParams.get('secret')).toBe(res.body.secret);
    expect(url.searchParams.get('issuer')).toBe('Admin Panel');
  });

  it('confirms with a code from the library and answers 10 recovery codes, stored hashed', async () => {
    const staff = await makeUser(env.db);
    const setup = await callApi(env.app, calls.totpSetup, {}, staff.token);
    const wrong = await callApi(env.app, calls.totpConfirm, { otp: '000000' }, staff.token);
    expect(wrong.status).toBe(400);
    const res = await callApi(env.app, calls.totpConfirm, { otp: codeOf(setup.body.secret) }, staff.token);
    expect(res.status).toBe(200);
    const codes: string[] = res.body.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) {
      expect(c).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    }
    const stored = await env.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, staff.id));
    expect(stored).toHaveLength(10);
    const hashes = stored.map((r) => r.codeHash).join(' ');
    for (const c of codes) {
      expect(hashes).not.toContain(c);
      expect(hashes).not.toContain(c.replaceAll('-', ''));
    }
    const [row] = await env.db.select().from(totpSecrets).where(eq(totpSecrets.userId, staff.id));
    expect(row.confirmedAt).not.toBeNull();
    const again = await callApi(env.app, calls.totpSetup, {}, staff.token);
    expect(again.status).toBe(409);
  });

  it('keeps the secret, the codes and the otp out of the trail', async () => {
    const staff = await makeUser(env.db);
    const { secret, codes } = await enrol(staff);
    const trail = await callApi(
      env.app,
      calls.auditLog,
      { user_id: staff.id },
      (await makeUser(env.db, { superAdmin: true })).token,
    );
    expect(trail.status).toBe(200);
    const text = JSON.stringify(trail.body);
    expect(text).toContain('totp-confirm');
    expect(text).not.toContain(secret);
    for (const c of codes) {
      expect(text).not.toContain(c);
    }
  });
});

describe('signing in with an authenticator app', () => {
  it('mails no code, answers the factors, and takes the app code once', async () => {
    const staff = await makeUser(env.db);
    const { secret } = await enrol(staff);
    const before = mails();
    const step = await passwordStep(staff);
    expect(step.factors).toEqual(['totp']);
    expect(mails()).toBe(before);
    const code = codeOf(secret);
    const ok = await callApi(env.app, calls.verifyAuth, { key: step.key, otp: code });
    expect(ok.status).toBe(200);
    expect(ok.body.user.api_token).toBeTruthy();
    // The same code again, on a new challenge: used.
    const step2 = await passwordStep(staff);
    const replay = await callApi(env.app, calls.verifyAuth, { key: step2.key, otp: code });
    expect(replay.status).toBe(401);
    // A code one step ahead (a clock slightly fast) is fine.
    const next = await callApi(env.app, calls.verifyAuth, { key: step2.key, otp: codeOf(secret, 1) });
    expect(next.status).toBe(200);
  });

  it('refuses a code of a minute and a half ago and the mailed-code route (resend)', async () => {
    const staff = await makeUser(env.db);
    const { secret } = await enrol(staff);
    const step = await passwordStep(staff);
    const stale = await callApi(env.app, calls.verifyAuth, { key: step.key, otp: codeOf(secret, -3) });
    expect(stale.status).toBe(401);
    expect(stale.body.responseMessage).toMatch(/Invalid OTP/);
    const resend = await callApi(env.app, calls.resendOtp, { key: step.key, action: 'resend' });
    expect(resend.status).toBe(409);
  });

  it('takes each recovery code once, and records its use in the trail', async () => {
    const staff = await makeUser(env.db);
    const { codes } = await enrol(staff);
    const step = await passwordStep(staff);
    const ok = await callApi(env.app, calls.verifyAuth, { key: step.key, otp: codes[3].toLowerCase() });
    expect(ok.status).toBe(200);
    const step2 = await passwordStep(staff);
    const again = await callApi(env.app, calls.verifyAuth, { key: step2.key, otp: codes[3] });
    expect(again.status).toBe(401);
    const other = await callApi(env.app, calls.verifyAuth, {
      key: step2.key,
      otp: codes[4].replaceAll('-', ''),
    });
    expect(other.status).toBe(200);
    const sessions = await callApi(env.app, calls.mySessions, {}, other.body.user.api_token);
    expect(sessions.body.data.find((s: { current: boolean }) => s.current).method).toBe('recovery');
    const me = await callApi(env.app, calls.mySecurity, {}, other.body.user.api_token);
    expect(me.body.data).toMatchObject({ totp: true, recovery_codes_left: 8 });
    const boss = await makeUser(env.db, { superAdmin: true });
    const trail = await callApi(
      env.app,
      calls.auditLog,
      { user_id: staff.id, action: 'recovery-code-used' },
      boss.token,
    );
    expect(trail.body.data.map((e: { changes: unknown }) => e.changes)).toEqual([
      { recovery_left: 8 },
      { recovery_left: 9 },
    ]);
  });

  it('a stolen mailbox cannot pass: a reset password still needs the app', async () => {
    const staff = await makeUser(env.db);
    const { secret } = await enrol(staff);
    await callApi(env.app, calls.resetPassword, { email: staff.email });
    const mail = await waitFor(() => lastMail(env.outboxDir).match(/One-time password: (\S+)/)?.[1]);
    const step = await passwordStep(staff, mail);
    expect(step.factors).toEqual(['totp']);
    // Whatever the mailbox holds is refused at the second step.
    const guess = await callApi(env.app, calls.verifyAuth, { key: step.key, otp: '123456' });
    expect(guess.status).toBe(401);
    const ok = await callApi(env.app, calls.verifyAuth, { key: step.key, otp: codeOf(secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.user.must_change_password).toBe(true);
  });
});

describe('removing the authenticator app', () => {
  it('needs a current code; then the mailed code is back', async () => {
    const staff = await makeUser(env.db);
    const { secret } = await enrol(staff);
    const wrong = await callApi(env.app, calls.totpRemove, { otp: '000000' }, staff.token);
    expect(wrong.status).toBe(400);
    const ok = await callApi(env.app, calls.totpRemove, { otp: codeOf(secret) }, staff.token);
    expect(ok.status).toBe(200);
    expect(await env.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, staff.id))).toEqual([]);
    const step = await passwordStep(staff);
    expect(step.factors).toEqual(['email']);
    const verify = await callApi(env.app, calls.verifyAuth, { key: step.key, otp: lastCode(env.outboxDir) });
    expect(verify.status).toBe(200);
  });
});

async function waitFor<T>(read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = (() => {
      try {
        return read();
      } catch {
        return undefined;
      }
    })();
    if (value !== undefined) {
      return value;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('waited in vain');
}
