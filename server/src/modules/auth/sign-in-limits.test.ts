import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginChallenges, signInCounters } from '../../db/schema';
import { systemClock } from '../../providers/clock';
import type { Mail } from '../../providers/mail';
import { callApi, calls, lastCode, lastMail, makeUser, setupTestApp, type TestEnv } from '../../test/harness';
import { type AuthDeps, login, verifyOtp } from './service';
import { sha256 } from './sessions';

let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp();
});
afterAll(async () => {
  await env?.close();
});

let lastOctet = 1;
/** A fresh client address per test, so address limits of one test do not touch another. */
const newAddress = () => `198.51.100.${lastOctet++}`;

async function signInFrom(
  remoteAddress: string,
  username: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const res = await env.app.inject({
    method: 'POST',
    url: '/api/v2/admin-login',
    remoteAddress,
    headers,
    payload: { username, password },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('password guessing', () => {
  it('checks at most 5 of 20 parallel wrong passwords for one account from one address', async () => {
    const staff = await makeUser(env.db);
    const ip = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signInFrom(ip, staff.username, `wrong-guess-${i}`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(answers.find((a) => a.status === 429)?.body.responseMessage).toMatch(
      /^Too many failed login attempts\. Please try again in \d+ minute/,
    );
    // The right password from that address waits too...
    expect((await signInFrom(ip, staff.username, staff.password)).status).toBe(429);
    // ...but the owner elsewhere is not locked out.
    expect((await signInFrom(newAddress(), staff.username, staff.password)).status).toBe(200);
  });

  it('caps an account at 100 failures an hour over all addresses, except where its owner signed in before', async () => {
    const staff = await makeUser(env.db);
    const home = newAddress();
    expect((await signInFrom(home, staff.username, staff.password)).status).toBe(200);
    // 20 addresses x 5 guesses, in parallel
    const attackers = Array.from({ length: 20 }, (_, i) => `203.0.113.${i + 1}`);
    const answers = await Promise.all(
      attackers.flatMap((ip) =>
        Array.from({ length: 5 }, (_, i) => signInFrom(ip, staff.username, `guess-${ip}-${i}`)),
      ),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(100);
    const [counter] = await env.db
      .select()
      .from(signInCounters)
      .where(eq(signInCounters.key, `pw:acct:${staff.username}`));
    expect(counter.hits).toBe(100);
    const fresh = await signInFrom(newAddress(), staff.username, staff.password);
    expect(fresh.status).toBe(429);
    expect((await signInFrom(home, staff.username, staff.password)).status).toBe(200);
  });

  it('stops one address after 30 failed sign-ins over any accounts (password spraying)', async () => {
    const ip = newAddress();
    for (let i = 0; i < 30; i++) {
      expect((await signInFrom(ip, `sprayed_${i}_${ip}`, 'Winter2024!')).status).toBe(401);
    }
    const staff = await makeUser(env.db);
    const refused = await signInFrom(ip, staff.username, staff.password);
    expect(refused.status).toBe(429);
    expect(refused.body.responseMessage).toMatch(/Too many failed login attempts/);
    expect((await signInFrom(newAddress(), staff.username, staff.password)).status).toBe(200);
  });

  it('counts a spoofed X-Forwarded-For as the address it came from (no TRUST_PROXY)', async () => {
    const staff = await makeUser(env.db);
    const ip = newAddress();
    for (let i = 0; i < 5; i++) {
      const spoofed = { 'x-forwarded-for': `192.0.2.${i + 1}` };
      expect((await signInFrom(ip, staff.username, `guess-${i}`, spoofed)).status).toBe(401);
    }
    const sixth = await signInFrom(ip, staff.username, 'guess-6', { 'x-forwarded-for': '192.0.2.99' });
    expect(sixth.status).toBe(429);
    const counted = await env.db
      .select()
      .from(signInCounters)
      .where(like(signInCounters.key, `pw:pair:${staff.username}|%`));
    expect(counted.map((c) => c.key)).toEqual([`pw:pair:${staff.username}|${ip}`]);
  });

  it('does not count a successful sign-in as a failure', async () => {
    const staff = await makeUser(env.db);
    const ip = newAddress();
    for (let i = 0; i < 4; i++) {
      await signInFrom(ip, staff.username, `guess-${i}`);
    }
    expect((await signInFrom(ip, staff.username, staff.password)).status).toBe(200);
    // the pair starts afresh after a success
    for (let i = 0; i < 5; i++) {
      expect((await signInFrom(ip, staff.username, `again-${i}`)).status).toBe(401);
    }
  });
});

describe('one-time codes', () => {
  async function challenge(username: string, password: string) {
    const res = await signInFrom(newAddress(), username, password);
    expect(res.status).toBe(200);
    return { key: res.body.key as string, otp: lastCode(env.outboxDir) };
  }
  const wrongOf = (otp: string) => (otp === '000000' ? '111111' : '000000');

  it('pauses an account for 15 minutes after 10 wrong codes across challenges, and mails the owner', async () => {
    const staff = await makeUser(env.db);
    const first = await challenge(staff.username, staff.password);
    for (let i = 0; i < 5; i++) {
      expect(
        (await callApi(env.app, calls.verifyAuth, { key: first.key, otp: wrongOf(first.otp) })).status,
      ).toBe(401);
    }
    const second = await challenge(staff.username, staff.password);
    for (let i = 0; i < 4; i++) {
      const res = await callApi(env.app, calls.verifyAuth, { key: second.key, otp: wrongOf(second.otp) });
      expect(res.status).toBe(401);
    }
    const tenth = await callApi(env.app, calls.verifyAuth, { key: second.key, otp: wrongOf(second.otp) });
    expect(tenth.status).toBe(429);
    expect(tenth.body.responseMessage).toMatch(
      /^Too many wrong one-time codes\. Sign-in to this account is paused for 15 minute/,
    );
    const mail = lastMail(env.outboxDir);
    expect(mail).toContain(`To: ${staff.email}`);
    expect(mail).toContain('Sign-in to your Admin Panel account is paused');
    expect(mail).toContain('If it was not you');
    const refused = await signInFrom(newAddress(), staff.username, staff.password);
    expect(refused.status).toBe(429);
    expect(refused.body.responseMessage).toMatch(/Too many wrong one-time codes/);
    // a wrong password still answers as a wrong password: the pause tells a guesser nothing
    expect((await signInFrom(newAddress(), staff.username, 'not-it-at-all')).status).toBe(401);
    await env.db
      .update(signInCounters)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(signInCounters.key, `otp:${staff.id}`));
    const after = await challenge(staff.username, staff.password);
    expect((await callApi(env.app, calls.verifyAuth, after)).status).toBe(200);
  });

  it('checks at most 5 of 20 parallel wrong codes for one challenge', async () => {
    const staff = await makeUser(env.db);
    const { key, otp } = await challenge(staff.username, staff.password);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => callApi(env.app, calls.verifyAuth, { key, otp: wrongOf(otp) })),
    );
    expect(answers.filter((a) => /^Invalid OTP/.test(a.body.responseMessage))).toHaveLength(4);
    expect(answers.every((a) => a.status === 401)).toBe(true);
    const [counter] = await env.db
      .select()
      .from(signInCounters)
      .where(eq(signInCounters.key, `otp:${staff.id}`));
    expect(counter.hits).toBe(5);
    expect((await callApi(env.app, calls.verifyAuth, { key, otp })).status).toBe(401);
  });

  it('throttles resend: 90 s apart, 5 per challenge, never past 10 minutes from the first code', async () => {
    const staff = await makeUser(env.db);
    const { key } = await challenge(staff.username, staff.password);
    const where = eq(loginChallenges.keyHash, sha256(key));
    const [before] = await env.db.select().from(loginChallenges).where(where);
    const early = await callApi(env.app, calls.resendOtp, { key, action: 'resend' });
    expect(early.status).toBe(429);
    expect(early.body.responseMessage).toMatch(/^Please wait (8\d|90) seconds before asking for a new code$/);
    for (let i = 0; i < 5; i++) {
      await env.db
        .update(loginChallenges)
        .set({ lastSentAt: new Date(Date.now() - 91_000) })
        .where(where);
      expect((await callApi(env.app, calls.resendOtp, { key, action: 'resend' })).status).toBe(200);
    }
    await env.db
      .update(loginChallenges)
      .set({ lastSentAt: new Date(Date.now() - 91_000) })
      .where(where);
    const sixth = await callApi(env.app, calls.resendOtp, { key, action: 'resend' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.responseMessage).toBe('No more codes can be sent for this login. Please login again');
    const [after] = await env.db.select().from(loginChallenges).where(where);
    expect(after.expiresAt.getTime()).toBe(before.expiresAt.getTime());
    // the newest code still works
    expect((await callApi(env.app, calls.verifyAuth, { key, otp: lastCode(env.outboxDir) })).status).toBe(
      200,
    );
  });

  it('refuses resend for an expired challenge', async () => {
    const staff = await makeUser(env.db);
    const { key } = await challenge(staff.username, staff.password);
    await env.db
      .update(loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSentAt: new Date(Date.now() - 91_000) })
      .where(eq(loginChallenges.keyHash, sha256(key)));
    const res = await callApi(env.app, calls.resendOtp, { key, action: 'resend' });
    expect(res.status).toBe(401);
  });

  it('writes the code to the log only in outbox mode', async () => {
    const staff = await makeUser(env.db);
    const run = async (logCodes: boolean) => {
      const logs: string[] = [];
      const mails: Mail[] = [];
      const deps: AuthDeps = {
        db: env.db,
        mailer: { send: async (m) => void mails.push(m) },
        clock: systemClock,
        log: { info: (fields) => logs.push(JSON.stringify(fields)), warn() {}, error() {} },
        logCodes,
        defer: () => {},
      };
      const { key } = await login(deps, { username: staff.username, password: staff.password }, newAddress());
      const code = mails[0].text.match(/code is (\d{6})/)?.[1] as string;
      await verifyOtp(deps, { key, otp: code });
      return logs.join('\n').includes(code);
    };
    expect(await run(false)).toBe(false);
    expect(await run(true)).toBe(true);
  });
});
