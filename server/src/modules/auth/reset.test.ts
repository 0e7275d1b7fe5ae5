import fs from 'node:fs';
import path from 'node:path';
import { TEXTS } from '@admin/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../db/schema';
import { uncheckedRows } from '../../db/sql';
import type { Mail } from '../../providers/mail';
import {
  callApi,
  calls,
  lastMail,
  makeUser,
  setupTestApp,
  type TestEnv,
  waitForMail,
} from '../../test/harness';

/** Mails to addresses in `held` wait until release() is called. */
let held = new Set<string>();
let release: () => void = () => {};
let gate = Promise.resolve();

let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp({
    wrapMailer: (outbox) => ({
      async send(mail: Mail) {
        if (held.has(mail.to)) {
          await gate;
        }
        await outbox.send(mail);
      },
    }),
  });
});
afterAll(async () => {
  release();
  await env?.close();
});

let n = 0;
async function requestReset(email: string, remoteAddress = `192.0.2.${(n++ % 200) + 1}`) {
  const res = await env.app.inject({
    method: 'PUT',
    url: '/api/v2/reset-password',
    remoteAddress,
    payload: { email },
  });
  return { status: res.statusCode, body: res.json() };
}

async function oneTimePasswordFor(email: string) {
  const mail = await waitForMail(env.outboxDir, new RegExp(`To: ${email}[\\s\\S]*One-time password:`));
  const password = mail.match(/One-time password: (\S+)/)?.[1];
  if (!password) {
    throw new Error('no one-time password in the mail');
  }
  return { mail, password };
}

async function signIn(username: string, password: string) {
  const login = await callApi(env.app, calls.adminLogin, { username, password });
  expect(login.status).toBe(200);
  const otp = lastMail(env.outboxDir).match(/code is (\d{6})/)?.[1];
  const verify = await callApi(env.app, calls.verifyAuth, { key: login.body.key, otp });
  expect(verify.status).toBe(200);
  return verify.body;
}

describe('reset-password', () => {
  it('answers the spec text, the same for a known and an unknown address, without waiting for the mail', async () => {
    const staff = await makeUser(env.db);
    held = new Set([staff.email]);
    gate = new Promise((r) => {
      release = r;
    });
    const known = await requestReset(staff.email);
    const unknown = await requestReset('nobody-at-all@example.com');
    expect(known).toEqual(unknown);
    expect(known).toEqual({
      status: 200,
      body: { responseCode: 200, responseMessage: 'New Password will be sent to your email address' },
    });
    // The known address's mail was still held back when the answer came.
    expect(() => lastMail(env.outboxDir)).toThrow();
    release();
    const { mail } = await oneTimePasswordFor(staff.email);
    expect(mail).toContain('If this was not you, ignore this mail');
    held = new Set();
  });

  it('locks nobody out: the current password and sessions keep working', async () => {
    const staff = await makeUser(env.db);
    expect((await requestReset(staff.email)).status).toBe(200);
    await oneTimePasswordFor(staff.email);
    expect((await callApi(env.app, calls.getLoginData, {}, staff.token)).status).toBe(200);
    await signIn(staff.username, staff.password);
  });

  it('mails a one-time password that signs in once and then asks for a new password before anything else', async () => {
    const staff = await makeUser(env.db, { permissions: ['users_list'] });
    await requestReset(staff.email);
    const { password } = await oneTimePasswordFor(staff.email);
    const body = await signIn(staff.username, password);
    expect(body.user.must_change_password).toBe(true);
    const token = body.user.api_token;
    const list = await callApi(env.app, calls.usersList, {}, token);
    expect(list.status).toBe(403);
    expect(list.body.responseMessage).toBe(TEXTS.mustChangePassword);
    const me = await callApi(env.app, calls.getLoginData, {}, token);
    expect(me.status).toBe(200);
    expect(me.body.user.must_change_password).toBe(true);
    // used once
    expect((await callApi(env.app, calls.adminLogin, { username: staff.username, password })).status).toBe(
      401,
    );
    // the mailed password counts as the current one
    const changed = await callApi(
      env.app,
      calls.changePassword,
      {
        currentPassword: password,
        newPassword: 'amber-lantern-quiet-92',
        confirmPassword: 'amber-lantern-quiet-92',
      },
      token,
    );
    expect(changed.status).toBe(200);
    expect((await callApi(env.app, calls.usersList, {}, token)).status).toBe(200);
    expect(
      (await callApi(env.app, calls.getLoginData, {}, token)).body.user.must_change_password,
    ).toBeUndefined();
    // the old password and the other sessions are gone now
    expect((await callApi(env.app, calls.getLoginData, {}, staff.token)).status).toBe(401);
    expect(
      (await callApi(env.app, calls.adminLogin, { username: staff.username, password: staff.password }))
        .status,
    ).toBe(401);
  });

  it('refuses a one-time password older than 30 minutes', async () => {
    const staff = await makeUser(env.db);
    await requestReset(staff.email);
    const { password } = await oneTimePasswordFor(staff.email);
    await env.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, staff.id));
    expect((await callApi(env.app, calls.adminLogin, { username: staff.username, password })).status).toBe(
      401,
    );
  });

  it('keeps only the newest one-time password', async () => {
    const staff = await makeUser(env.db);
    await requestReset(staff.email);
    const first = (await oneTimePasswordFor(staff.email)).password;
    await requestReset(staff.email);
    const mail = await waitForMail(
      env.outboxDir,
      new RegExp(`To: ${staff.email}[\\s\\S]*One-time password: (?!${first})`),
    );
    const second = mail.match(/One-time password: (\S+)/)?.[1];
    expect(second).not.toBe(first);
    expect(
      (await callApi(env.app, calls.adminLogin, { username: staff.username, password: first })).status,
    ).toBe(401);
  });

  it('mails one account at most 5 times an hour per client address, and never answers 429 by email', async () => {
    const staff = await makeUser(env.db);
    const mailsTo = () =>
      fs
        .readdirSync(env.outboxDir)
        .filter((f) => fs.readFileSync(path.join(env.outboxDir, f), 'utf8').includes(`To: ${staff.email}`))
        .length;
    for (let i = 0; i < 6; i++) {
      expect((await requestReset(staff.email, '203.0.113.77')).status).toBe(200);
    }
    const quotaKey = `reset:mail:${staff.email.toLowerCase()}|203.0.113.77`;
    await expect
      .poll(
        async () =>
          uncheckedRows<{ hits: number }>(
            await env.db.execute(sql`SELECT hits FROM sign_in_counters WHERE key = ${quotaKey}`),
          )[0]?.hits,
      )
      .toBe(6);
    await expect.poll(mailsTo).toBe(5);
    // The stranger's five did not use up the owner's: a request from elsewhere is mailed.
    expect((await requestReset(staff.email.toUpperCase(), '198.51.100.5')).status).toBe(200);
    await expect.poll(mailsTo).toBe(6);
  });

  it('throttles per client address (20 an hour)', async () => {
    const ip = '203.0.113.200';
    for (let i = 0; i < 20; i++) {
      expect((await requestReset(`someone-${i}@example.com`, ip)).status).toBe(200);
    }
    const refused = await requestReset('someone-else@example.com', ip);
    expect(refused.status).toBe(429);
    expect(refused.body.responseMessage).toMatch(
      /^Too many password reset requests\. Please try again in \d+ minute/,
    );
    expect((await requestReset('someone-else@example.com')).status).toBe(200);
    // Unknown addresses count towards no account's quota.
    const quotas = uncheckedRows(
      await env.db.execute(sql`SELECT key FROM sign_in_counters WHERE key LIKE 'reset:mail:someone-%'`),
    );
    expect(quotas).toHaveLength(0);
  });

  it("says 'Email is required'", async () => {
    const res = await callApi(env.app, calls.resetPassword, {});
    expect(res.status).toBe(400);
    expect(res.body.responseMessage).toBe('Email is required');
  });
});

describe('change-password rules', () => {
  it('refuses the current password and a guessable one, saying why', async () => {
    const staff = await makeUser(env.db, { password: 'amber-lantern-quiet-92' });
    const same = await callApi(
      env.app,
      calls.changePassword,
      {
        currentPassword: staff.password,
        newPassword: staff.password,
        confirmPassword: staff.password,
      },
      staff.token,
    );
    expect(same.status).toBe(400);
    expect(same.body.responseMessage).toBe('New Password must differ from the current password');
    const weak = await callApi(
      env.app,
      calls.changePassword,
      { currentPassword: staff.password, newPassword: 'password1234', confirmPassword: 'password1234' },
      staff.token,
    );
    expect(weak.status).toBe(400);
    expect(weak.body.responseMessage).toMatch(
      /^New Password is too easy to guess\. This is (similar to )?a commonly used password/,
    );
    const own = await callApi(
      env.app,
      calls.changePassword,
      {
        currentPassword: staff.password,
        newPassword: `${staff.username}1`,
        confirmPassword: `${staff.username}1`,
      },
      staff.token,
    );
    expect(own.status).toBe(400);
    expect(own.body.responseMessage).toMatch(/too easy to guess/);
  });
});
