// The sign-in rules read the app's clock (deps.clock), never the machine's or the database's own:
// each rule is shown here by moving a test clock past its limit instead of waiting for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  calls,
  lastCode,
  makeUser,
  setupTestApp,
  type TestEnv,
  testClock,
} from '../../test/harness';

const MINUTE = 60_000;
const clock = testClock();
let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp({ clock });
});
afterAll(async () => {
  await env?.close();
});

const wrongOf = (otp: string) => (otp === '000000' ? '111111' : '000000');

async function challenge(username: string, password: string) {
  const res = await callApi(env.app, calls.adminLogin, { username, password });
  expect(res.status).toBe(200);
  return { key: res.body.key as string, otp: lastCode(env.outboxDir) };
}

/** Signs in through the API, so the session starts at the test clock's time. */
async function sessionOf(username: string, password: string): Promise<string> {
  const res = await callApi(env.app, calls.verifyAuth, await challenge(username, password));
  expect(res.status).toBe(200);
  return res.body.user.api_token;
}

const loginData = async (token: string) => (await callApi(env.app, calls.getLoginData, {}, token)).status;

describe('sessions on the clock', () => {
  it('live while used, and end 30 minutes after their last use', async () => {
    const staff = await makeUser(env.db);
    const token = await sessionOf(staff.username, staff.password);
    clock.advance(29 * MINUTE);
    expect(await loginData(token)).toBe(200);
    // 58 minutes after sign-in, but 29 after its last use
    clock.advance(29 * MINUTE);
    expect(await loginData(token)).toBe(200);
    clock.advance(31 * MINUTE);
    expect(await loginData(token)).toBe(401);
    // closed for good: going back in time does not revive it
    clock.advance(-31 * MINUTE);
    expect(await loginData(token)).toBe(401);
    clock.advance(31 * MINUTE);
  });

  it('end 12 hours after sign-in however active', async () => {
    const staff = await makeUser(env.db);
    const token = await sessionOf(staff.username, staff.password);
    // used every 25 minutes (never idle for 30) up to 11 h 40 after sign-in...
    for (let i = 0; i < 28; i++) {
      clock.advance(25 * MINUTE);
      expect(await loginData(token)).toBe(200);
    }
    // ...and refused at 12 h 05, though its last use was 25 minutes ago
    clock.advance(25 * MINUTE);
    expect(await loginData(token)).toBe(401);
  });
});

describe('one-time codes on the clock', () => {
  it('take a code within its 10 minutes and refuse it after', async () => {
    const staff = await makeUser(env.db);
    const inTime = await challenge(staff.username, staff.password);
    clock.advance(10 * MINUTE - 1000);
    expect((await callApi(env.app, calls.verifyAuth, inTime)).status).toBe(200);

    const late = await challenge(staff.username, staff.password);
    clock.advance(10 * MINUTE + 1000);
    const res = await callApi(env.app, calls.verifyAuth, late);
    expect(res.status).toBe(401);
    expect(res.body.responseMessage).toBe('This code has expired. Please login again');
  });

  it('resend a code only 90 s after the last one', async () => {
    const staff = await makeUser(env.db);
    const { key } = await challenge(staff.username, staff.password);
    clock.advance(60_000);
    const early = await callApi(env.app, calls.resendOtp, { key, action: 'resend' });
    expect(early.status).toBe(429);
    expect(early.body.responseMessage).toBe('Please wait 30 seconds before asking for a new code');
    clock.advance(31_000);
    expect((await callApi(env.app, calls.resendOtp, { key, action: 'resend' })).status).toBe(200);
    expect((await callApi(env.app, calls.verifyAuth, { key, otp: lastCode(env.outboxDir) })).status).toBe(
      200,
    );
  });

  it('pause an account for 15 minutes after 10 wrong codes, and let it in when the clock passes the pause', async () => {
    const staff = await makeUser(env.db);
    for (const tries of [5, 5]) {
      const c = await challenge(staff.username, staff.password);
      for (let i = 0; i < tries; i++) {
        await callApi(env.app, calls.verifyAuth, { key: c.key, otp: wrongOf(c.otp) });
      }
    }
    const paused = await callApi(env.app, calls.adminLogin, {
      username: staff.username,
      password: staff.password,
    });
    expect(paused.status).toBe(429);
    expect(paused.body.responseMessage).toMatch(/paused for 15 minute\(s\)$/);
    clock.advance(14 * MINUTE);
    const still = await callApi(env.app, calls.adminLogin, {
      username: staff.username,
      password: staff.password,
    });
    expect(still.status).toBe(429);
    expect(still.body.responseMessage).toMatch(/paused for 1 minute\(s\)$/);
    clock.advance(MINUTE + 1000);
    expect(
      (await callApi(env.app, calls.verifyAuth, await challenge(staff.username, staff.password))).status,
    ).toBe(200);
  });
});
