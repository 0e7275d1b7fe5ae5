import fs from 'node:fs';
import { TEXTS } from '@admin/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  calls,
  lastCode,
  type MadeUser,
  makeUser,
  setupTestApp,
  type TestEnv,
  testClock,
} from '../../test/harness';

const clock = testClock();
let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp({ clock });
});
afterAll(async () => {
  await env?.close();
});

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const mailCount = () => (fs.existsSync(env.outboxDir) ? fs.readdirSync(env.outboxDir).length : 0);
const newAddressMails = () =>
  (fs.existsSync(env.outboxDir) ? fs.readdirSync(env.outboxDir) : [])
    .map((f) => fs.readFileSync(`${env.outboxDir}/${f}`, 'utf8'))
    .filter((m) => m.includes('New sign-in to your Admin Panel account'));

/** A full sign-in (password, mailed code) from `ip` with browser `ua`: answers the token. */
async function signInFrom(staff: MadeUser, ip: string, ua: string): Promise<string> {
  const post = async (path: string, payload: object) =>
    env.app.inject({
      method: 'POST',
      url: `/api/v2/${path}`,
      payload,
      remoteAddress: ip,
      headers: { 'user-agent': ua },
    });
  const login = await post('admin-login', { username: staff.username, password: staff.password });
  expect(login.statusCode).toBe(200);
  const verify = await post('verify-auth', { key: login.json().key, otp: lastCode(env.outboxDir) });
  expect(verify.statusCode).toBe(200);
  return verify.json().user.api_token;
}

describe('my sessions', () => {
  it('lists device, browser, address and times, newest use first, this one marked', async () => {
    const staff = await makeUser(env.db);
    const pc = await signInFrom(staff, '203.0.113.5', FIREFOX_WINDOWS);
    clock.advance(120_000);
    const phone = await signInFrom(staff, '198.51.100.7', SAFARI_IPHONE);
    const res = await callApi(env.app, calls.mySessions, {}, phone);
    expect(res.status).toBe(200);
    const first = res.body.data[0];
    const second = res.body.data.find((r: { ip: string }) => r.ip === '203.0.113.5');
    expect(first).toMatchObject({
      device: 'iPhone',
      browser: 'Safari 18',
      ip: '198.51.100.7',
      method: 'email',
      current: true,
    });
    expect(second).toMatchObject({
      device: 'Windows',
      browser: 'Firefox 133',
      ip: '203.0.113.5',
      current: false,
    });
    expect(Date.parse(first.created_at) - Date.parse(second.created_at)).toBe(120_000);
    // makeUser's own session (no browser) is listed too.
    expect(res.body.data).toHaveLength(3);
    const fromPc = await callApi(env.app, calls.mySessions, {}, pc);
    expect(fromPc.body.data.find((s: { current: boolean }) => s.current).ip).toBe('203.0.113.5');
  });

  it('ends one (only one’s own) or all the others', async () => {
    const staff = await makeUser(env.db);
    const other = await makeUser(env.db);
    const a = await signInFrom(staff, '203.0.113.9', FIREFOX_WINDOWS);
    const b = await signInFrom(staff, '203.0.113.9', SAFARI_IPHONE);
    const list = (await callApi(env.app, calls.mySessions, {}, a)).body.data;
    const bId = list.find((s: { browser: string }) => s.browser.startsWith('Safari')).id;
    expect((await callApi(env.app, calls.endMySessions, { id: bId }, other.token)).status).toBe(404);
    expect((await callApi(env.app, calls.mySessions, {}, b)).status).toBe(200);
    expect((await callApi(env.app, calls.endMySessions, { id: bId }, a)).status).toBe(200);
    expect((await callApi(env.app, calls.mySessions, {}, b)).status).toBe(401);
    expect((await callApi(env.app, calls.endMySessions, {}, a)).status).toBe(400);
    const all = await callApi(env.app, calls.endMySessions, { all_others: true }, a);
    expect(all.body.data.ended).toBe(1);
    expect((await callApi(env.app, calls.mySessions, {}, staff.token)).status).toBe(401);
    const left = await callApi(env.app, calls.mySessions, {}, a);
    expect(left.body.data).toHaveLength(1);
  });

  it('a super admin ends a staff member’s sessions; a holder of user_permissions_update cannot end a peer’s', async () => {
    const staff = await makeUser(env.db);
    const peer = await makeUser(env.db, { permissions: ['user_permissions_update'] });
    const boss = await makeUser(env.db, { superAdmin: true });
    const token = await signInFrom(staff, '192.0.2.44', FIREFOX_WINDOWS);
    const refused = await callApi(env.app, calls.endUserSessions, { user_id: staff.id }, peer.token);
    expect(refused.status).toBe(403);
    expect((await callApi(env.app, calls.mySessions, {}, token)).status).toBe(200);
    const ok = await callApi(env.app, calls.endUserSessions, { user_id: staff.id }, boss.token);
    expect(ok.body.data.ended).toBe(2);
    expect((await callApi(env.app, calls.mySessions, {}, token)).status).toBe(401);
    const trail = await callApi(
      env.app,
      calls.auditLog,
      { user_id: staff.id, action: 'user-sessions' },
      boss.token,
    );
    expect(trail.body.data[0]).toMatchObject({ actor: { id: boss.id }, target_id: String(staff.id) });
  });
});

describe('the second-factor policy', () => {
  it('only a super admin sets it, and the trail keeps before and after', async () => {
    const staff = await makeUser(env.db, { permissions: ['change_enrichment_settings'] });
    const boss = await makeUser(env.db, { superAdmin: true });
    expect(
      (await callApi(env.app, calls.setSecondFactorPolicy, { policy: 'all_staff' }, staff.token)).status,
    ).toBe(403);
    expect(
      (await callApi(env.app, calls.setSecondFactorPolicy, { policy: 'everyone' }, boss.token)).status,
    ).toBe(400);
    const ok = await callApi(env.app, calls.setSecondFactorPolicy, { policy: 'super_admins' }, boss.token);
    expect(ok.body.data.policy).toBe('super_admins');
    const trail = await callApi(env.app, calls.auditLog, { action: 'second-factor-policy' }, boss.token);
    expect(trail.body.data[0].changes).toEqual({
      before: { second_factor_policy: 'off' },
      after: { second_factor_policy: 'super_admins' },
    });
    // A staff member is not covered by super_admins.
    const plain = await makeUser(env.db, { permissions: ['users_list'] });
    const token = await signInFrom(plain, '127.0.0.1', FIREFOX_WINDOWS);
    expect((await callApi(env.app, calls.getLoginData, {}, token)).body.user.must_enrol).toBeUndefined();
    await callApi(env.app, calls.setSecondFactorPolicy, { policy: 'off' }, boss.token);
  });

  it('under all_staff an account without a factor enrols before anything else, and keeps one', async () => {
    const boss = await makeUser(env.db, { superAdmin: true });
    await callApi(env.app, calls.setSecondFactorPolicy, { policy: 'all_staff' }, boss.token);
    try {
      const staff = await makeUser(env.db, { permissions: ['users_list'] });
      const token = await signInFrom(staff, '127.0.0.1', FIREFOX_WINDOWS);
      const data = await callApi(env.app, calls.getLoginData, {}, token);
      expect(data.body.user.must_enrol).toBe(true);
      const held = await callApi(env.app, calls.usersList, {}, token);
      expect(held.status).toBe(403);
      expect(held.body.responseMessage).toBe(TEXTS.mustEnrol);
      expect((await callApi(env.app, calls.mySecurity, {}, token)).body.data).toMatchObject({
        must_enrol: true,
        policy: 'all_staff',
      });
      const setup = await callApi(env.app, calls.totpSetup, {}, token);
      const code = TOTP.generate({
        secret: Secret.fromBase32(setup.body.secret),
        timestamp: clock.now().getTime(),
      });
      expect((await callApi(env.app, calls.totpConfirm, { otp: code }, token)).status).toBe(200);
      expect((await callApi(env.app, calls.usersList, {}, token)).status).toBe(200);
      clock.advance(30_000);
      const next = TOTP.generate({
        secret: Secret.fromBase32(setup.body.secret),
        timestamp: clock.now().getTime(),
      });
      const remove = await callApi(env.app, calls.totpRemove, { otp: next }, token);
      expect(remove.status).toBe(409);
      // The mailed code is no longer enough for the next sign-in: the app is asked for.
      const login = await callApi(env.app, calls.adminLogin, {
        username: staff.username,
        password: staff.password,
      });
      expect(login.body.factors).toEqual(['totp']);
    } finally {
      await callApi(env.app, calls.setSecondFactorPolicy, { policy: 'off' }, boss.token);
    }
  });
});

describe('the new-address mail', () => {
  it('mails the owner for an address not seen in 30 days, not for a known one or the first sign-in', async () => {
    const staff = await makeUser(env.db);
    const before = newAddressMails().length;
    await signInFrom(staff, '203.0.113.20', FIREFOX_WINDOWS);
    await signInFrom(staff, '203.0.113.20', FIREFOX_WINDOWS);
    expect(newAddressMails()).toHaveLength(before);
    await signInFrom(staff, '198.51.100.20', SAFARI_IPHONE);
    await expect.poll(() => newAddressMails().length).toBe(before + 1);
    const mail = newAddressMails().find((m) => m.includes('198.51.100.20')) ?? '';
    expect(mail).toContain(`To: ${staff.email}`);
    expect(mail).toContain('iPhone');
    clock.advance(31 * 86_400_000);
    await signInFrom(staff, '198.51.100.20', SAFARI_IPHONE);
    await expect.poll(() => newAddressMails().length).toBe(before + 2);
    expect(mailCount()).toBeGreaterThan(0);
  });
});
