import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, setupTestApp, type TestEnv } from '../test/harness';

let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp({
    env: { RATE_LIMIT_SESSION: '5', RATE_LIMIT_ADDRESS: '8', RATE_LIMIT_SIGN_IN: '3' },
  });
});
afterAll(async () => {
  await env?.close();
});

let n = 0;
/** A client address of its own per test: counters may be shared through Redis between runs. */
const newAddress = () => `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${++n}`;

const get = (remoteAddress: string, token?: string) =>
  env.app.inject({
    method: 'GET',
    url: '/api/v2/get-login-data',
    remoteAddress,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('API-wide rate limits (issue 11)', () => {
  it('a session token over its limit answers 429 in the envelope, with Retry-After', async () => {
    const user = await makeUser(env.db);
    const ip = newAddress();
    for (let i = 0; i < 5; i++) {
      expect((await get(ip, user.token)).statusCode).toBe(200);
    }
    const res = await get(ip, user.token);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      responseCode: 429,
      responseMessage: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds$/),
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('the limit is per token: another session from the same address still works', async () => {
    const [a, b] = [await makeUser(env.db), await makeUser(env.db)];
    const ip = newAddress();
    for (let i = 0; i < 5; i++) {
      await get(ip, a.token);
    }
    expect((await get(ip, a.token)).statusCode).toBe(429);
    expect((await get(ip, b.token)).statusCode).toBe(200);
  });

  it('one client address is limited across tokens (rotating tokens does not help)', async () => {
    const ip = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push((await get(ip, `made-up-token-${i}`)).statusCode);
    }
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
  });

  it('sign-in calls have a stricter limit per address', async () => {
    const ip = newAddress();
    const login = () =>
      env.app.inject({
        method: 'POST',
        url: '/api/v2/admin-login',
        remoteAddress: ip,
        payload: { username: 'nobody-here', password: 'wrong-password' },
      });
    for (let i = 0; i < 3; i++) {
      expect((await login()).statusCode).not.toBe(429);
    }
    const res = await login();
    expect(res.statusCode).toBe(429);
    expect(res.json().responseCode).toBe(429);
  });

  // Two processes share one database (the counters are named after it), so only on a server.
  const shared = process.env.REDIS_URL && process.env.DATABASE_URL;
  it.skipIf(!shared)('with REDIS_URL two processes count the same requests', async () => {
    const other = await setupTestApp({
      env: {
        RATE_LIMIT_SESSION: '5',
        RATE_LIMIT_ADDRESS: '8',
        RATE_LIMIT_SIGN_IN: '3',
        DATABASE_URL: env.databaseUrl ?? '',
      },
    });
    try {
      const ip = newAddress();
      const via = (app: TestEnv['app']) =>
        app.inject({ method: 'GET', url: '/api/v2/get-login-data', remoteAddress: ip });
      for (let i = 0; i < 4; i++) {
        expect((await via(env.app)).statusCode).toBe(401);
        expect((await via(other.app)).statusCode).toBe(401);
      }
      expect((await via(other.app)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});
