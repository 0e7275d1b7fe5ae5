import { USER_LOOKUP_LIMIT } from '@admin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, calls, type MadeUser, makeUser, setupTestApp, type TestEnv } from '../../test/harness';

let env: TestEnv;
let lister: MadeUser;
const tag = `lk${Date.now().toString(36)}`;

beforeAll(async () => {
  env = await setupTestApp();
  lister = await makeUser(env.db, { permissions: ['users_list'] });
});
afterAll(async () => {
  await env?.close();
});

const lookup = (query: string, token: string | undefined = lister.token) =>
  callApi(env.app, calls.userLookup, { query }, token);

describe('user-lookup (command palette)', () => {
  it('finds platform users by name, username or email; never staff or deleted users', async () => {
    const byName = await makeUser(env.db, { platform: true, name: `Zelda ${tag}` });
    const byUsername = await makeUser(env.db, { platform: true, values: { username: `${tag}_handle` } });
    const byEmail = await makeUser(env.db, { platform: true, values: { email: `mail_${tag}@example.org` } });
    await makeUser(env.db, { name: `Staff ${tag}` });
    await makeUser(env.db, { platform: true, name: `Gone ${tag}`, values: { deletedAt: new Date() } });

    const res = await lookup(tag);
    expect(res.status).toBe(200);
    const ids = res.body.data.map((u: { id: number }) => u.id).sort((a: number, b: number) => a - b);
    expect(ids).toEqual([byName.id, byUsername.id, byEmail.id].sort((a, b) => a - b));
    expect(res.body.data[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        name: expect.any(String),
        username: expect.any(String),
      }),
    );
    expect(res.body.data[0]).not.toHaveProperty('password_hash');

    const mail = await lookup(`mail_${tag}@EXAMPLE.org`);
    expect(mail.body.data.map((u: { id: number }) => u.id)).toEqual([byEmail.id]);
  });

  it(`answers at most ${USER_LOOKUP_LIMIT}, the exact username first`, async () => {
    const many = `${tag}many`;
    for (let i = 0; i < USER_LOOKUP_LIMIT + 3; i++) {
      await makeUser(env.db, { platform: true, name: `Person ${many} ${i}` });
    }
    const exact = await makeUser(env.db, { platform: true, values: { username: many } });
    const res = await lookup(many.toUpperCase());
    expect(res.body.data).toHaveLength(USER_LOOKUP_LIMIT);
    expect(res.body.data[0].id).toBe(exact.id);
  });

  it('treats % and _ as text, not wildcards', async () => {
    await makeUser(env.db, { platform: true, name: `Percent ${tag}` });
    const res = await lookup('%%%');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it('bad input 400 (under 3 characters, missing), no session 401, no users_list 403', async () => {
    const short = await lookup('ab');
    expect(short.status).toBe(400);
    expect(short.body.responseMessage).toMatch(/at least 3 characters/);
    expect((await callApi(env.app, calls.userLookup, {} as never, lister.token)).status).toBe(400);
    expect((await callApi(env.app, calls.userLookup, { query: tag })).status).toBe(401);
    const outsider = await makeUser(env.db, { permissions: ['dashboard_data'] });
    expect((await lookup(tag, outsider.token)).status).toBe(403);
  });
});
