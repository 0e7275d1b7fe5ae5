import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys, recoveryCodes, totpSecrets } from '../../db/schema';
import { uncheckedRows } from '../../db/sql';
import {
  callApi,
  calls,
  lastCode,
  type MadeUser,
  makeUser,
  setupTestApp,
  type TestEnv,
  waitForMail,
} from '../../test/harness';
import { softAuthenticator } from '../../test/soft-authenticator';

/**
 * A super admin resets a staff member's second factors (a lost phone) and sees their sessions:
 * `GET user-security`, `DELETE user-second-factors` (docs/security.md, "Second factors").
 */

// app.inject reaches the server as http://localhost:80: the relying party by default.
const ORIGIN = 'http://localhost:80';
let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp();
});
afterAll(async () => {
  await env?.close();
});

const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Gives `staff` an authenticator app and a passkey named `name`: answers what the trail must never hold. */
async function enrolBoth(staff: MadeUser, name = 'Office key') {
  const setup = await callApi(env.app, calls.totpSetup, {}, staff.token);
  const secret: string = setup.body.secret;
  const confirm = await callApi(
    env.app,
    calls.totpConfirm,
    { otp: TOTP.generate({ secret: Secret.fromBase32(secret) }) },
    staff.token,
  );
  expect(confirm.status).toBe(200);
  const options = await callApi(env.app, calls.passkeyRegisterOptions, {}, staff.token);
  const credential = softAuthenticator(ORIGIN).register(options.body.options);
  const reg = await callApi(env.app, calls.passkeyRegister, { name, credential }, staff.token);
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const [key] = await env.db.select().from(passkeys).where(eq(passkeys.userId, staff.id));
  return {
    secrets: [secret, ...(confirm.body.recovery_codes as string[]), key.publicKey, key.credentialId],
  };
}

const factorRows = async (userId: number) => {
  const [row] = uncheckedRows<{ n: number }>(
    await env.db.execute(sql`
      SELECT (SELECT count(*) FROM passkeys WHERE user_id = ${userId})
           + (SELECT count(*) FROM totp_secrets WHERE user_id = ${userId})
           + (SELECT count(*) FROM recovery_codes WHERE user_id = ${userId})::int AS n`),
  );
  return Number(row.n);
};

describe("a staff member's second factors, seen by a super admin", () => {
  it('answers the app, the passkeys by name, the recovery codes left and the live sessions', async () => {
    const boss = await makeUser(env.db, { superAdmin: true });
    const staff = await makeUser(env.db);
    await enrolBoth(staff, 'Laptop key');
    const login = await env.app.inject({
      method: 'POST',
      url: '/api/v2/admin-login',
      payload: { username: staff.username, password: staff.password },
      headers: { 'user-agent': UA },
    });
    expect(login.json().factors.sort()).toEqual(['passkey', 'totp']);
    const res = await callApi(env.app, calls.userSecurity, { user_id: staff.id }, boss.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ totp: true, recovery_codes_left: 10 });
    expect(res.body.data.passkeys.map((p: { name: string }) => p.name)).toEqual(['Laptop key']);
    // makeUser's session; none of them is the viewer's.
    expect(res.body.data.sessions).toHaveLength(1);
    expect(res.body.data.sessions[0].current).toBe(false);
  });

  it('is refused to a holder of user_permissions_update on staff and super admins, and 404 for platform users', async () => {
    const holder = await makeUser(env.db, { permissions: ['user_permissions_update'] });
    const staff = await makeUser(env.db);
    const boss = await makeUser(env.db, { superAdmin: true });
    const platform = await makeUser(env.db, { platform: true });
    for (const target of [staff, boss]) {
      const res = await callApi(env.app, calls.userSecurity, { user_id: target.id }, holder.token);
      expect(res.status).toBe(403);
    }
    expect((await callApi(env.app, calls.userSecurity, { user_id: platform.id }, boss.token)).status).toBe(
      404,
    );
    const plain = await makeUser(env.db, { permissions: ['users_list'] });
    expect((await callApi(env.app, calls.userSecurity, { user_id: staff.id }, plain.token)).status).toBe(403);
    expect((await callApi(env.app, calls.userSecurity, { user_id: staff.id })).status).toBe(401);
    expect((await callApi(env.app, calls.userSecurity, { user_id: 'x' }, boss.token)).status).toBe(400);
  });
});

describe("resetting a staff member's second factors (a lost phone)", () => {
  it('removes the app, the passkeys and the recovery codes, records it without a secret and mails the owner', async () => {
    const boss = await makeUser(env.db, { superAdmin: true, name: 'Head Admin' });
    const staff = await makeUser(env.db);
    const { secrets } = await enrolBoth(staff);
    const res = await callApi(env.app, calls.resetUserSecondFactors, { user_id: staff.id }, boss.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ totp: true, passkeys: 1 });
    expect(res.body.responseMessage).toMatch(/^Removed the authenticator app and 1 passkey of /);
    expect(await factorRows(staff.id)).toBe(0);

    const trail = await callApi(
      env.app,
      calls.auditLog,
      { user_id: staff.id, action: 'user-second-factors' },
      boss.token,
    );
    expect(trail.body.data).toHaveLength(1);
    expect(trail.body.data[0]).toMatchObject({
      actor: { id: boss.id },
      target_type: 'user',
      target_id: String(staff.id),
      changes: {
        before: { authenticator_app: true, passkeys: ['Office key'], recovery_left: 10 },
        after: { authenticator_app: false, passkeys: [], recovery_left: 0 },
      },
    });
    const everything = JSON.stringify(
      uncheckedRows(
        await env.db.execute(sql`SELECT changes FROM audit_log WHERE target_id = ${String(staff.id)}`),
      ),
    );
    for (const secret of secrets) {
      expect(everything).not.toContain(secret);
    }

    const mail = await waitForMail(env.outboxDir, new RegExp(`To: ${staff.email}[\\s\\S]*second factors`));
    expect(mail).toContain('Head Admin');
    expect(mail).toContain('removed the authenticator app and 1 passkey');

    // The mailbox is back as the step after the password.
    const login = await callApi(env.app, calls.adminLogin, {
      username: staff.username,
      password: staff.password,
    });
    expect(login.body.factors).toEqual(['email']);
    const verify = await callApi(env.app, calls.verifyAuth, {
      key: login.body.key,
      otp: lastCode(env.outboxDir),
    });
    expect(verify.status).toBe(200);
  });

  it('under the policy, the next sign-in is held until the member enrols again', async () => {
    const boss = await makeUser(env.db, { superAdmin: true });
    const staff = await makeUser(env.db);
    await enrolBoth(staff);
    await callApi(env.app, calls.setSecondFactorPolicy, { policy: 'all_staff' }, boss.token);
    try {
      expect(
        (await callApi(env.app, calls.resetUserSecondFactors, { user_id: staff.id }, boss.token)).status,
      ).toBe(200);
      const mail = await waitForMail(env.outboxDir, new RegExp(`To: ${staff.email}[\\s\\S]*second factors`));
      expect(mail).toContain('asked to set up a passkey or an authenticator app.');
      const login = await callApi(env.app, calls.adminLogin, {
        username: staff.username,
        password: staff.password,
      });
      const verify = await callApi(env.app, calls.verifyAuth, {
        key: login.body.key,
        otp: lastCode(env.outboxDir),
      });
      expect(verify.body.user.must_enrol).toBe(true);
    } finally {
      await callApi(env.app, calls.setSecondFactorPolicy, { policy: 'off' }, boss.token);
    }
  });

  it('ranks hold: a holder of user_permissions_update cannot reset a staff member or a super admin; nobody their own', async () => {
    const holder = await makeUser(env.db, { permissions: ['user_permissions_update'] });
    const staff = await makeUser(env.db);
    const boss = await makeUser(env.db, { superAdmin: true });
    await enrolBoth(staff);
    await enrolBoth(boss);
    for (const target of [staff, boss]) {
      const res = await callApi(env.app, calls.resetUserSecondFactors, { user_id: target.id }, holder.token);
      expect(res.status).toBe(403);
      expect(res.body.responseMessage).toMatch(/^Only a super admin can change a/);
      expect(await factorRows(target.id)).toBe(12);
    }
    const self = await callApi(env.app, calls.resetUserSecondFactors, { user_id: boss.id }, boss.token);
    expect(self.status).toBe(403);
    expect(self.body.responseMessage).toBe(
      'Remove your own passkeys and authenticator app on your Security page',
    );
    expect(await factorRows(boss.id)).toBe(12);
    const denied = await callApi(
      env.app,
      calls.auditLog,
      { user_id: staff.id, action: 'denied' },
      boss.token,
    );
    expect(denied.body.data[0]).toMatchObject({ actor: { id: holder.id }, target_id: String(staff.id) });
  });

  it('answers 404 for a platform user, 409 when there is nothing to remove, 403 without the permission', async () => {
    const boss = await makeUser(env.db, { superAdmin: true });
    const platform = await makeUser(env.db, { platform: true });
    const bare = await makeUser(env.db);
    const call = calls.resetUserSecondFactors;
    expect((await callApi(env.app, call, { user_id: platform.id }, boss.token)).status).toBe(404);
    const none = await callApi(env.app, call, { user_id: bare.id }, boss.token);
    expect(none.status).toBe(409);
    expect(none.body.responseMessage).toBe('This staff member has no passkey or authenticator app to remove');
    const plain = await makeUser(env.db, { permissions: ['users_list'] });
    const staff = await makeUser(env.db);
    await enrolBoth(staff);
    expect((await callApi(env.app, call, { user_id: staff.id }, plain.token)).status).toBe(403);
    expect((await callApi(env.app, call, { user_id: staff.id })).status).toBe(401);
    expect((await callApi(env.app, call, { user_id: '1' }, boss.token)).status).toBe(400);
    expect(await env.db.select().from(totpSecrets).where(eq(totpSecrets.userId, staff.id))).toHaveLength(1);
    expect(await env.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, staff.id))).toHaveLength(
      10,
    );
  });
});
