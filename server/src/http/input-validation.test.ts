import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, signupCodes } from '../db/schema';
import { makeUser, setupTestApp, type TestEnv } from '../test/harness';
import { duplicateKey } from './json-keys';

let env: TestEnv;
let admin: { token: string };
beforeAll(async () => {
  env = await setupTestApp();
  admin = await makeUser(env.db, { superAdmin: true });
});
afterAll(async () => {
  await env?.close();
});

const send = (method: string, url: string, payload?: unknown) =>
  env.app.inject({
    method: method as 'POST',
    url,
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });

const newGroup = async () =>
  (
    await env.db
      .insert(groups)
      .values({ name: `G ${Math.random()}` })
      .returning()
  )[0];

describe('ids are integers in PostgreSQL range (issue 11)', () => {
  it.each([
    ['true', true],
    ['[1]', [1]],
    ['"0x10"', '0x10'],
    ['2^31', 2 ** 31],
    ['0', 0],
    ['1.5', 1.5],
    ['"1e3"', '1e3'],
  ])('DELETE group {"id": %s} is a 400 naming id and deletes nothing', async (_, id) => {
    const group = await newGroup();
    const res = await send('DELETE', '/api/v2/group', { id, isDelete: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().responseMessage).toMatch(/^id: /);
    expect(await env.db.select().from(groups).where(eq(groups.id, group.id))).toHaveLength(1);
  });

  it.each(['2147483648', '0x10', 'true', '1e3', '-1', '1%00'])(
    'a query-string id must be strictly decimal: user-profile?id=%s is a 400',
    async (id) => {
      const res = await send('GET', `/api/v2/user-profile?id=${id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().responseMessage).toMatch(/^id: /);
    },
  );

  it('the largest id is valid input (a 404, not a 500)', async () => {
    expect((await send('GET', '/api/v2/user-profile?id=2147483647')).statusCode).toBe(404);
    expect((await send('PATCH', '/api/v2/enable-advertise/2147483647')).statusCode).toBe(404);
    expect((await send('PATCH', '/api/v2/enable-advertise/2147483648')).statusCode).toBe(400);
  });

  it('ids inside lists too: assign-groups with group_ids [2^31] is a 400', async () => {
    const user = await makeUser(env.db);
    const res = await send('POST', '/api/v2/assign-groups', { user_id: user.id, group_ids: [2 ** 31] });
    expect(res.statusCode).toBe(400);
    expect(res.json().responseMessage).toMatch(/^group_ids\.0: /);
  });
});

describe('ids in JSON bodies are JSON integers, and a key appears once (issue 32)', () => {
  it.each(['"01"', '" 1 "', '"1.0"', '"1"'])(
    'DELETE group {"id": %s} is a 400 and deletes nothing',
    async (id) => {
      const group = await newGroup();
      const res = await send('DELETE', '/api/v2/group', {
        id: JSON.parse(id.replace('1', String(group.id))),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().responseMessage).toBe('id: must be a JSON number, not text');
      expect(await env.db.select().from(groups).where(eq(groups.id, group.id))).toHaveLength(1);
    },
  );

  it('text ids inside a list are refused too', async () => {
    const [user, group] = [await makeUser(env.db), await newGroup()];
    const res = await send('POST', '/api/v2/assign-groups', {
      user_id: user.id,
      group_ids: [String(group.id)],
    });
    expect(res.json().responseMessage).toBe('group_ids: must be a JSON number, not text');
  });

  it('a body with a duplicate key is a 400: {"id":1,"id":2} deletes nothing', async () => {
    const [one, two] = [await newGroup(), await newGroup()];
    const res = await env.app.inject({
      method: 'DELETE',
      url: '/api/v2/group',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      payload: `{"id":${one.id},"isDelete":1,"id":${two.id}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().responseMessage).toBe('The request body has the key "id" twice');
    expect(await env.db.select().from(groups).where(eq(groups.id, two.id))).toHaveLength(1);
    // The same key in two different objects is fine, and so is a key inside a string.
    expect(duplicateKey('{"a":{"id":1},"b":{"id":2},"c":"\\"id\\":1,\\"id\\""}')).toBeNull();
    expect(duplicateKey('[{"x":1},{"x":2,"y":[{"x":3,"x":4}]}]')).toBe('x');
  });
});

describe('text fields refuse NUL bytes (issue 11)', () => {
  it('POST group with a NUL in the name is a 400 naming name, and nothing is stored', async () => {
    const res = await send('POST', '/api/v2/group', { name: 'Ops\u0000team' });
    expect(res.statusCode).toBe(400);
    expect(res.json().responseMessage).toBe('name: must not contain NUL bytes');
  });

  it('a NUL in a query-string search is a 400, not a 500', async () => {
    const res = await send('GET', '/api/v2/users-list?query=a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.json().responseMessage).toBe('query: must not contain NUL bytes');
  });

  it('an unpaired surrogate (which PostgreSQL cannot store) is a 400 naming the field, not a 500', async () => {
    const res = await send('POST', '/api/v2/group', { name: 'Ops\ud800' });
    expect(res.statusCode).toBe(400);
    expect(res.json().responseMessage).toBe(
      'name: must be valid text (an unpaired surrogate cannot be stored)',
    );
    const paired = await send('POST', '/api/v2/group', { name: `Ops ${'\u{1F600}'} ${Date.now()}` });
    expect(paired.statusCode).toBe(201);
  });
});

describe('spec 01 section 7: for non-GET calls the parameters are the body', () => {
  it('DELETE group?id=<id> without a body deletes nothing (the query is not read)', async () => {
    const group = await newGroup();
    const res = await send('DELETE', `/api/v2/group?id=${group.id}&isDelete=1`);
    expect(res.statusCode).toBe(400);
    expect(await env.db.select().from(groups).where(eq(groups.id, group.id))).toHaveLength(1);
  });

  it('a body that is not a JSON object is a 400', async () => {
    const res = await send('POST', '/api/v2/group', ['name']);
    expect(res.statusCode).toBe(400);
    expect(res.json().responseMessage).toBe('The request body must be a JSON object');
  });

  it('issue 17 item 1 / spec 02 "Delete with id": DELETE signup/codes takes {"id"} in the body', async () => {
    const [code] = await env.db.insert(signupCodes).values({ code: 'BODY1' }).returning();
    const res = await send('DELETE', '/api/v2/signup/codes', { id: code.id });
    expect(res.statusCode).toBe(200);
    expect(await env.db.select().from(signupCodes).where(eq(signupCodes.id, code.id))).toHaveLength(0);
  });

  it('DELETE signup/codes?id= still works for older clients', async () => {
    const [code] = await env.db.insert(signupCodes).values({ code: 'QUERY1' }).returning();
    const res = await send('DELETE', `/api/v2/signup/codes?id=${code.id}`);
    expect(res.statusCode).toBe(200);
    expect(await env.db.select().from(signupCodes).where(eq(signupCodes.id, code.id))).toHaveLength(0);
  });
});
