import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncheckedRows } from '../../db/sql';
import { callApi, calls, makeUser, setupTestApp, type TestEnv, testClock } from '../../test/harness';
import { softAuthenticator } from '../../test/soft-authenticator';

/**
 * Issue 35: every event of the second factors is in the trail — enrolled, removed, recovery code
 * used, session ended, policy changed — saying what changed, and never a secret (the app's
 * secret, its codes, recovery codes, a passkey's key material, a token).
 */

// app.inject reaches the server as http://localhost:80: the relying party by default.
const ORIGIN = 'http://localhost:80';
const clock = testClock();
let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp({ clock });
});
afterAll(async () => {
  await env?.close();
});

interface Row {
  actor_id: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  changes: unknown;
}

const entriesAbout = async (userId: number, since: number) =>
  uncheckedRows<Row & { id: number }>(
    await env.db.execute(sql`
      SELECT id, actor_id, action, target_type, target_id, changes FROM audit_log
       WHERE id > ${since} AND (actor_id = ${userId} OR target_id = ${String(userId)})
       ORDER BY id`),
  );
const lastId = async () =>
  Number(
    uncheckedRows<{ id: number }>(
      await env.db.execute(sql`SELECT coalesce(max(id), 0) AS id FROM audit_log`),
    )[0].id,
  );

describe('the trail of second factors', () => {
  it('records each event with what changed, and no secret anywhere', async () => {
    const boss = await makeUser(env.db, { superAdmin: true });
    const staff = await makeUser(env.db);
    const since = await lastId();
    const secrets: string[] = [staff.token, boss.token, staff.password];
    const at = (steps = 0) => clock.now().getTime() + steps * 30_000;

    // Policy changed.
    await callApi(env.app, calls.setSecondFactorPolicy, { policy: 'super_admins' }, boss.token);
    await callApi(env.app, calls.setSecondFactorPolicy, { policy: 'off' }, boss.token);

    // Enrolled: the authenticator app (its secret and first code, the recovery codes).
    const setup = await callApi(env.app, calls.totpSetup, {}, staff.token);
    const secret: string = setup.body.secret;
    const first = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at() });
    const confirm = await callApi(env.app, calls.totpConfirm, { otp: first }, staff.token);
    const recovery: string[] = confirm.body.recovery_codes;
    secrets.push(
      secret,
      setup.body.otpauth_url,
      first,
      ...recovery,
      ...recovery.map((c) => c.replaceAll('-', '')),
    );

    // Enrolled, renamed, removed: a passkey (its credential id, key and signed answer).
    const soft = softAuthenticator(ORIGIN);
    const options = await callApi(env.app, calls.passkeyRegisterOptions, {}, staff.token);
    const credential = soft.register(options.body.options);
    const reg = await callApi(env.app, calls.passkeyRegister, { name: 'Desk key', credential }, staff.token);
    expect(reg.status).toBe(200);
    secrets.push(
      credential.id,
      credential.response.attestationObject,
      credential.response.clientDataJSON,
      String(options.body.options.challenge),
    );
    const keyId = reg.body.data.id;
    await callApi(env.app, calls.passkeyRename, { id: keyId, name: 'Desk key 2' }, staff.token);
    await callApi(env.app, calls.passkeyRemove, { id: keyId }, staff.token);

    // Recovery code used (at sign-in); then one session ended by its owner, the rest by the boss.
    const login = await callApi(env.app, calls.adminLogin, {
      username: staff.username,
      password: staff.password,
    });
    const used = await callApi(env.app, calls.verifyAuth, { key: login.body.key, otp: recovery[0] });
    expect(used.status).toBe(200);
    const second: string = used.body.user.api_token;
    secrets.push(login.body.key, second);
    const mine = await callApi(env.app, calls.mySessions, {}, second);
    const other = mine.body.data.find((s: { current: boolean }) => !s.current).id;
    await callApi(env.app, calls.endMySessions, { id: other }, second);
    await callApi(env.app, calls.endUserSessions, { user_id: staff.id }, boss.token);

    // Removed: the authenticator app (with a current code), from a new session.
    const again = await callApi(env.app, calls.adminLogin, {
      username: staff.username,
      password: staff.password,
    });
    clock.advance(30_000);
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at() });
    const third = (await callApi(env.app, calls.verifyAuth, { key: again.body.key, otp: code })).body.user
      .api_token;
    clock.advance(30_000);
    const removeCode = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at() });
    expect((await callApi(env.app, calls.totpRemove, { otp: removeCode }, third)).status).toBe(200);
    secrets.push(code, removeCode, third, again.body.key);

    const rows = await entriesAbout(staff.id, since);
    const entry = (action: string) => {
      const found = rows.filter((r) => r.action === action);
      expect(found.length, action).toBeGreaterThan(0);
      return found;
    };
    expect(entry('totp-setup')[0].changes).toEqual({
      before: null,
      after: { authenticator_app: 'setup started' },
    });
    expect(entry('totp-confirm')[0].changes).toEqual({
      before: { authenticator_app: false, recovery_issued: null },
      after: { authenticator_app: true, recovery_issued: 10 },
    });
    expect(entry('passkey-register')[0]).toMatchObject({
      target_type: 'passkey',
      target_id: String(keyId),
      changes: { before: null, after: { passkey: 'Desk key', recovery_issued: 0 } },
    });
    expect(entry('PUT passkeys')[0].changes).toEqual({
      before: { name: 'Desk key' },
      after: { name: 'Desk key 2' },
    });
    expect(entry('DELETE passkeys')[0]).toMatchObject({
      target_id: String(keyId),
      changes: { before: { passkey: 'Desk key 2' }, after: null },
    });
    expect(entry('recovery-code-used')[0].changes).toEqual({ recovery_left: 9 });
    expect(entry('my-sessions')[0]).toMatchObject({
      target_type: 'session',
      target_id: String(other),
      changes: { after: { ended: [other] } },
    });
    const byBoss = entry('user-sessions')[0];
    expect(byBoss).toMatchObject({ actor_id: boss.id, target_id: String(staff.id) });
    expect((byBoss.changes as { after: { ended: number[] } }).after.ended).toContain(
      mine.body.data.find((s: { current: boolean }) => s.current).id,
    );
    expect(entry('totp')[0].changes).toEqual({
      before: { authenticator_app: true },
      after: { authenticator_app: false },
    });

    const policy = uncheckedRows<Row>(
      await env.db.execute(sql`
        SELECT actor_id, action, target_type, target_id, changes FROM audit_log
         WHERE id > ${since} AND action = 'second-factor-policy' ORDER BY id`),
    );
    expect(policy.map((p) => [p.actor_id, p.changes])).toEqual([
      [boss.id, { before: { second_factor_policy: 'off' }, after: { second_factor_policy: 'super_admins' } }],
      [boss.id, { before: { second_factor_policy: 'super_admins' }, after: { second_factor_policy: 'off' } }],
    ]);

    // Nothing secret in any entry written meanwhile: long secrets in any column, the 6-digit codes
    // in what the entries say (a timestamp or request id could hold six digits by chance).
    const all = uncheckedRows<{ changes: unknown }>(
      await env.db.execute(sql`SELECT * FROM audit_log WHERE id > ${since}`),
    );
    const everything = JSON.stringify(all);
    const said = JSON.stringify(all.map((r) => r.changes));
    for (const s of secrets) {
      expect(/^\d{6}$/.test(s) ? said : everything, 'a secret reached the trail').not.toContain(s);
    }
  });
});
