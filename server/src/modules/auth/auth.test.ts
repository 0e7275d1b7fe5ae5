import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginChallenges, sessions, signInCounters, users } from '../../db/schema';
import { callApi, calls, lastCode, lastMail, makeUser, setupTestApp, type TestEnv } from '../../test/harness';
import { sha256 } from './sessions';

let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp();
});
afterAll(async () => {
  await env?.close();
});

async function signIn(username: string, password: string) {
  const login = await callApi(env.app, calls.adminLogin, { username, password });
  expect(login.status).toBe(200);
  const verify = await callApi(env.app, calls.verifyAuth, {
    key: login.body.key,
    otp: lastCode(env.outboxDir),
  });
  expect(verify.status).toBe(200);
  return verify.body;
}

describe('admin-login', () => {
  it('mails a 6-digit code to the admin and answers a challenge key', async () => {
    const staff = await makeUser(env.db, { permissions: ['users_list'] });
    const res = await callApi(env.app, calls.adminLogin, {
      username: staff.username,
      password: staff.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ responseCode: 200, responseMessage: expect.any(String) });
    expect(res.body.key).toMatch(/^[\w-]{20,}$/);
    const mail = lastMail(env.outboxDir);
    expect(mail).toContain(`To: ${staff.email}`);
    expect(mail).toMatch(/code is \d{6}/);
  });

  it('accepts the username in any case', async () => {
    const staff = await makeUser(env.db);
    const res = await callApi(env.app, calls.adminLogin, {
      username: staff.username.toUpperCase(),
      password: staff.password,
    });
    expect(res.status).toBe(200);
  });

  it('answers the same message for a wrong password and an unknown user', async () => {
    const staff = await makeUser(env.db);
    const wrong = await callApi(env.app, calls.adminLogin, {
      username: staff.username,
      password: 'nope-nope',
    });
    const unknown = await callApi(env.app, calls.adminLogin, {
      username: 'nobody_here',
      password: 'nope-nope',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.responseMessage).toBe(unknown.body.responseMessage);
  });

  it('refuses platform users and suspended staff', async () => {
    const platform = await makeUser(env.db, { platform: true });
    const res = await callApi(env.app, calls.adminLogin, {
      username: platform.username,
      password: 'secret-password',
    });
    expect(res.status).toBe(401);
    const suspended = await makeUser(env.db, { suspended: true });
    const res2 = await callApi(env.app, calls.adminLogin, {
      username: suspended.username,
      password: suspended.password,
    });
    expect(res2.status).toBe(403);
    expect(res2.body.responseMessage).toBe('This account has been suspended');
  });

  it('names the missing field and writes nothing', async () => {
    const res = await callApi(env.app, calls.adminLogin, { username: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.responseMessage).toBe('Password is required');
    const res2 = await callApi(env.app, calls.adminLogin, { password: 'x' });
    expect(res2.body.responseMessage).toBe('Username is required');
    const counted = await env.db.select().from(signInCounters).where(eq(signInCounters.key, 'pw:acct:x'));
    expect(counted).toHaveLength(0);
  });

  it('throttles password guessing per account with 429', async () => {
    const staff = await makeUser(env.db);
    for (let i = 0; i < 5; i++) {
      expect(
        (await callApi(env.app, calls.adminLogin, { username: staff.username, password: `bad-${i}` })).status,
      ).toBe(401);
    }
    const blocked = await callApi(env.app, calls.adminLogin, {
      username: staff.username,
      password: staff.password,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.responseMessage).toMatch(/Too many failed login attempts/);
  });

  it('refuses malformed JSON and oversized bodies', async () => {
    const bad = await env.app.inject({
      method: 'POST',
      url: '/api/v2/admin-login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().responseCode).toBe(400);
    const big = await env.app.inject({
      method: 'POST',
      url: '/api/v2/admin-login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().responseCode).toBe(413);
  });
});

describe('verify-auth', () => {
  it('exchanges the code for a token, the user and widgets', async () => {
    const staff = await makeUser(env.db, { permissions: ['users_list'], groupPermissions: ['group_list'] });
    const body = await signIn(staff.username, staff.password);
    expect(body.user).toMatchObject({
      id: staff.id,
      username: staff.username,
      is_sup_admin: 0,
      user_permissions: ['users_list'],
      group_permissions: ['group_list'],
    });
    expect(JSON.parse(body.widget)).toEqual({ POST: [], ADS: [] });
    const token = body.user.api_token as string;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await env.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(row.userId).toBe(staff.id);
    const me = await callApi(env.app, calls.getLoginData, {}, token);
    expect(me.status).toBe(200);
    expect(me.body.user.username).toBe(staff.username);
  });

  it('uses a code once', async () => {
    const staff = await makeUser(env.db);
    const login = await callApi(env.app, calls.adminLogin, {
      username: staff.username,
      password: staff.password,
    });
    const otp = lastCode(env.outboxDir);
    expect((await callApi(env.app, calls.verifyAuth, { key: login.body.key, otp })).status).toBe(200);
    expect((await callApi(env.app, calls.verifyAuth, { key: login.body.key, otp })).status).toBe(401);
  });

  it('kills the challenge after 5 wrong codes', async () => {
    const staff = await makeUser(env.db);
    const login = await callApi(env.app, calls.adminLogin, {
      username: staff.username,
      password: staff.password,
    });
    const otp = lastCode(env.outboxDir);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await callApi(env.app, calls.verifyAuth, { key: login.body.key, otp: wrong });
      expect(res.status).toBe(401);
    }
    const res = await callApi(env.app, calls.verifyAuth, { key: login.body.key, otp });
    expect(res.status).toBe(401);
    expect(res.body.responseMessage).toMatch(/expired/);
  });

  it('refuses a code older than 10 minutes', async () => {
    const staff = await makeUser(env.db);
    const login = await callApi(env.app, calls.adminLogin, {
      username: staff.username,
      password: staff.password,
    });
    const otp = lastCode(env.outboxDir);
    await env.db
      .update(loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginChallenges.keyHash, sha256(login.body.key)));
    const res = await callApi(env.app, calls.verifyAuth, { key: login.body.key, otp });
    expect(res.status).toBe(401);
  });

  it("says 'Otp is required' without a code", async () => {
    const res = await callApi(env.app, calls.verifyAuth, { key: 'abc' });
    expect(res.status).toBe(400);
    expect(res.body.responseMessage).toBe('Otp is required');
  });

  it('resend mails a new code and the old one stops working', async () => {
    const staff = await makeUser(env.db);
    const login = await callApi(env.app, calls.adminLogin, {
      username: staff.username,
      password: staff.password,
    });
    const first = lastCode(env.outboxDir);
    await new Promise((r) => setTimeout(r, 5)); // distinct outbox file names
    // resend is open 90 s after the last code
    await env.db
      .update(loginChallenges)
      .set({ lastSentAt: new Date(Date.now() - 91_000) })
      .where(eq(loginChallenges.keyHash, sha256(login.body.key)));
    const resend = await callApi(env.app, calls.resendOtp, { key: login.body.key, action: 'resend' });
    expect(resend.status).toBe(200);
    const second = lastCode(env.outboxDir);
    if (first !== second) {
      expect((await callApi(env.app, calls.verifyAuth, { key: login.body.key, otp: first })).status).toBe(
        401,
      );
    }
    expect((await callApi(env.app, calls.verifyAuth, { key: login.body.key, otp: second })).status).toBe(200);
  });

  it('refuses resend without action=resend', async () => {
    const res = await callApi(env.app, calls.resendOtp, { key: 'abc' });
    expect(res.status).toBe(400);
  });
});

describe('sessions', () => {
  it('expire after 30 minutes idle', async () => {
    const staff = await makeUser(env.db);
    await env.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - 31 * 60 * 1000) })
      .where(eq(sessions.tokenHash, sha256(staff.token)));
    expect((await callApi(env.app, calls.getLoginData, {}, staff.token)).status).toBe(401);
  });

  it('expire 12 hours after sign-in however active', async () => {
    const staff = await makeUser(env.db);
    await env.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(staff.token)));
    expect((await callApi(env.app, calls.getLoginData, {}, staff.token)).status).toBe(401);
  });

  it('logout revokes the token', async () => {
    const staff = await makeUser(env.db);
    expect((await callApi(env.app, calls.logout, {}, staff.token)).status).toBe(200);
    expect((await callApi(env.app, calls.getLoginData, {}, staff.token)).status).toBe(401);
  });

  it('stop working when the user is suspended', async () => {
    const staff = await makeUser(env.db);
    await env.db.update(users).set({ isSuspended: true }).where(eq(users.id, staff.id));
    expect((await callApi(env.app, calls.getLoginData, {}, staff.token)).status).toBe(401);
  });

  it('refuses a call without a token with the spec text', async () => {
    const res = await callApi(env.app, calls.getLoginData, {});
    expect(res.status).toBe(401);
    expect(res.body.responseMessage).toBe('You are not authorized to perform this action');
  });

  it("says a token's session has ended: expired, signed out, or unknown (pruned since)", async () => {
    const expired = await makeUser(env.db);
    await env.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(expired.token)));
    const signedOut = await makeUser(env.db);
    await callApi(env.app, calls.logout, {}, signedOut.token);
    for (const token of [expired.token, signedOut.token, 'made-up-token']) {
      const res = await callApi(env.app, calls.getLoginData, {}, token);
      expect(res.status).toBe(401);
      expect(res.body.responseMessage).toBe('Your session has ended. Sign in again.');
    }
  });
});

describe('change-password', () => {
  it('changes the password and revokes the other sessions only', async () => {
    const staff = await makeUser(env.db);
    const other = await signIn(staff.username, staff.password);
    const res = await callApi(
      env.app,
      calls.changePassword,
      { currentPassword: staff.password, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
      staff.token,
    );
    expect(res.status).toBe(200);
    expect((await callApi(env.app, calls.getLoginData, {}, staff.token)).status).toBe(200);
    expect((await callApi(env.app, calls.getLoginData, {}, other.user.api_token)).status).toBe(401);
    expect(
      (await callApi(env.app, calls.adminLogin, { username: staff.username, password: 'brand-new-pass' }))
        .status,
    ).toBe(200);
  });

  it('refuses a wrong current password and mismatched confirmation', async () => {
    const staff = await makeUser(env.db);
    const wrong = await callApi(
      env.app,
      calls.changePassword,
      { currentPassword: 'wrong-one', newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
      staff.token,
    );
    expect(wrong.status).toBe(400);
    const mismatch = await callApi(
      env.app,
      calls.changePassword,
      { currentPassword: staff.password, newPassword: 'brand-new-pass', confirmPassword: 'other-pass-1' },
      staff.token,
    );
    expect(mismatch.status).toBe(400);
    const missing = await callApi(
      env.app,
      calls.changePassword,
      { currentPassword: staff.password },
      staff.token,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.responseMessage).toContain('New Password is required');
  });

  it('needs a session', async () => {
    expect((await callApi(env.app, calls.changePassword, {})).status).toBe(401);
  });
});
