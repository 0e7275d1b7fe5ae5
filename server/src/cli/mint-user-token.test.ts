import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSession } from '../sessions/resolver';
import { makeUser, setupTestApp, type TestEnv } from '../test/harness';
import { mintUserToken } from './mint-user-token';

let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp();
});
afterAll(async () => {
  await env?.close();
});

describe('npm run user-token (mintUserToken)', () => {
  it("mints a platform user's session token, whatever the case of the name", async () => {
    const user = await makeUser(env.db, { platform: true });

    const token = await mintUserToken(env.db, user.username.toUpperCase());

    const session = await resolveSession(env.db, token, 'user', new Date());
    expect(session?.id).toBe(user.id);
    expect(await resolveSession(env.db, token, 'admin', new Date())).toBeNull();
  });

  it('refuses a staff account and an unknown name, naming users that would do', async () => {
    const staff = await makeUser(env.db, { superAdmin: true });
    await makeUser(env.db, { platform: true });

    await expect(mintUserToken(env.db, staff.username)).rejects.toThrow(/No platform user named/);
    const unknown = mintUserToken(env.db, 'nobody-by-this-name');
    await expect(unknown).rejects.toThrow(/Some that are: .+\./);
    // The suggestions are platform users that may connect: never staff.
    const message = await unknown.catch((err: Error) => err.message);
    expect(message).not.toContain(staff.username);
  });

  it('refuses a suspended or deleted user', async () => {
    const suspended = await makeUser(env.db, { platform: true, suspended: true });
    const deleted = await makeUser(env.db, { platform: true, values: { deletedAt: new Date() } });

    for (const user of [suspended, deleted]) {
      await expect(mintUserToken(env.db, user.username)).rejects.toThrow(/deleted or suspended/);
    }
  });
});
