import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, calls, type MadeUser, makeUser, setupTestApp, type TestEnv } from '../../test/harness';
import { softAuthenticator } from '../../test/soft-authenticator';

const ORIGIN = 'https://admin.example.com';
let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp({ env: { WEBAUTHN_RP_ID: 'admin.example.com', WEBAUTHN_ORIGIN: ORIGIN } });
});
afterAll(async () => {
  await env?.close();
});

type Soft = ReturnType<typeof softAuthenticator>;

async function register(staff: MadeUser, soft: Soft, name?: string) {
  const options = await callApi(env.app, calls.passkeyRegisterOptions, {}, staff.token);
  expect(options.status).toBe(200);
  return callApi(
    env.app,
    calls.passkeyRegister,
    { name, credential: soft.register(options.body.options) },
    staff.token,
  );
}

async function passwordStep(staff: MadeUser) {
  const res = await callApi(env.app, calls.adminLogin, {
    username: staff.username,
    password: staff.password,
  });
  expect(res.status).toBe(200);
  return res.body as { key: string; factors: string[] };
}

async function signInWith(staff: MadeUser, soft: Soft) {
  const { key, factors } = await passwordStep(staff);
  expect(factors).toEqual(['passkey']);
  const options = await callApi(env.app, calls.passkeyLoginOptions, { key });
  expect(options.status).toBe(200);
  const credential = soft.assert(options.body.options);
  return { key, credential, res: await callApi(env.app, calls.passkeyLogin, { key, credential }) };
}

describe('registering passkeys', () => {
  it('registers from the options, answers recovery codes for the first factor, and lists it', async () => {
    const staff = await makeUser(env.db);
    const options = await callApi(env.app, calls.passkeyRegisterOptions, {}, staff.token);
    expect(options.body.options).toMatchObject({ rp: { id: 'admin.example.com', name: 'Admin Panel' } });
    const soft = softAuthenticator(ORIGIN);
    const res = await callApi(
      env.app,
      calls.passkeyRegister,
      { name: 'Laptop', credential: soft.register(options.body.options) },
      staff.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.name).toBe('Laptop');
    expect(res.body.recovery_codes).toHaveLength(10);
    const second = await register(staff, softAuthenticator(ORIGIN));
    expect(second.status).toBe(200);
    expect(second.body.data.name).toBe('Passkey 2');
    expect(second.body.recovery_codes).toBeUndefined();
    const list = await callApi(env.app, calls.passkeys, {}, staff.token);
    expect(list.body.data.map((p: { name: string }) => p.name)).toEqual(['Laptop', 'Passkey 2']);
  });

  it('refuses an answer for another origin, a replayed answer and one without options of its session', async () => {
    const staff = await makeUser(env.db);
    const options = await callApi(env.app, calls.passkeyRegisterOptions, {}, staff.token);
    const phished = softAuthenticator('https://admin.example.com.evil.test').register(options.body.options);
    const res = await callApi(env.app, calls.passkeyRegister, { credential: phished }, staff.token);
    expect(res.status).toBe(400);
    expect((await callApi(env.app, calls.passkeys, {}, staff.token)).body.data).toEqual([]);
    // The right answer registers once; sent again, its challenge is gone.
    const right = softAuthenticator(ORIGIN).register(options.body.options);
    const ok = await callApi(env.app, calls.passkeyRegister, { credential: right }, staff.token);
    expect(ok.status).toBe(200);
    const replay = await callApi(env.app, calls.passkeyRegister, { credential: right }, staff.token);
    expect(replay.status).toBe(400);
    const none = await makeUser(env.db);
    const unasked = softAuthenticator(ORIGIN).register(options.body.options);
    expect((await callApi(env.app, calls.passkeyRegister, { credential: unasked }, none.token)).status).toBe(
      400,
    );
    expect((await callApi(env.app, calls.passkeys, {}, staff.token)).body.data).toHaveLength(1);
  });

  it('renames and removes only one’s own passkeys', async () => {
    const staff = await makeUser(env.db);
    const other = await makeUser(env.db);
    const made = await register(staff, softAuthenticator(ORIGIN), 'Phone');
    const id = made.body.data.id;
    expect((await callApi(env.app, calls.passkeyRename, { id, name: 'Mine now' }, other.token)).status).toBe(
      404,
    );
    expect((await callApi(env.app, calls.passkeyRemove, { id }, other.token)).status).toBe(404);
    const renamed = await callApi(env.app, calls.passkeyRename, { id, name: 'Work phone' }, staff.token);
    expect(renamed.body.data.name).toBe('Work phone');
    expect((await callApi(env.app, calls.passkeyRemove, { id }, staff.token)).status).toBe(200);
    expect((await callApi(env.app, calls.passkeys, {}, staff.token)).body.data).toEqual([]);
    expect((await passwordStep(staff)).factors).toEqual(['email']);
  });
});

describe('signing in with a passkey', () => {
  it('answers as verify-auth, and the session says it was a passkey', async () => {
    const staff = await makeUser(env.db, { permissions: ['users_list'] });
    const soft = softAuthenticator(ORIGIN);
    await register(staff, soft);
    const { res } = await signInWith(staff, soft);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ id: staff.id, user_permissions: ['users_list'] });
    expect(res.body.user.api_token).toBeTruthy();
    expect(JSON.parse(res.body.widget)).toEqual({ POST: [], ADS: [] });
    const sessions = await callApi(env.app, calls.mySessions, {}, res.body.user.api_token);
    expect(sessions.body.data.find((s: { current: boolean }) => s.current).method).toBe('passkey');
  });

  it('refuses a replay, another account’s passkey, and a challenge never asked for', async () => {
    const staff = await makeUser(env.db);
    const soft = softAuthenticator(ORIGIN);
    await register(staff, soft);
    const first = await signInWith(staff, soft);
    expect(first.res.status).toBe(200);
    expect(
      (await callApi(env.app, calls.passkeyLogin, { key: first.key, credential: first.credential })).status,
    ).toBe(401);

    const intruder = await makeUser(env.db);
    const theirs = softAuthenticator(ORIGIN);
    await register(intruder, theirs);
    const { key } = await passwordStep(staff);
    const options = await callApi(env.app, calls.passkeyLoginOptions, { key });
    const wrong = await callApi(env.app, calls.passkeyLogin, {
      key,
      credential: theirs.assert(options.body.options),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.responseMessage).toBe('The passkey could not be verified');

    const fresh = await passwordStep(staff);
    const unasked = await callApi(env.app, calls.passkeyLogin, {
      key: fresh.key,
      credential: soft.assert({ rpId: 'admin.example.com', challenge: 'bm90LWFza2Vk' }),
    });
    expect(unasked.status).toBe(401);
  });

  it('offers no options for an account without passkeys or a dead key', async () => {
    const staff = await makeUser(env.db);
    const { key } = await passwordStep(staff);
    expect((await callApi(env.app, calls.passkeyLoginOptions, { key })).status).toBe(409);
    expect((await callApi(env.app, calls.passkeyLoginOptions, { key: 'no-such-key' })).status).toBe(401);
  });
});
