import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupCodes } from '../../db/schema';
import { callApi, calls, makeUser, setupTestApp, type TestEnv } from '../../test/harness';

let env: TestEnv;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  env = await setupTestApp();
  admin = await makeUser(env.db, {
    permissions: ['sugnupcodes_index', 'sugnupcodes_add', 'sugnupcodes_edit', 'sugnupcodes_delete'],
  });
});
afterAll(async () => {
  await env?.close();
});

const rowOf = async (id: number) =>
  (await env.db.select().from(signupCodes).where(eq(signupCodes.id, id)))[0];

describe('signup codes', () => {
  it('adds a code (201), lists it with its counts, and refuses the same code in any case (409)', async () => {
    const add = await callApi(env.app, calls.signupCodeCreate, { code: '  SPRING24 ' }, admin.token);
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({ responseCode: 201, data: { code: 'SPRING24', used_count: 0 } });
    expect((await rowOf(add.body.data.id)).code).toBe('SPRING24');

    const list = await callApi(env.app, calls.signupCodesList, { query: 'spring' }, admin.token);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.data[0]).toMatchObject({ id: add.body.data.id, code: 'SPRING24', used_count: 0 });

    const dup = await callApi(env.app, calls.signupCodeCreate, { code: 'spring24' }, admin.token);
    expect(dup.status).toBe(409);
    expect(dup.body.responseMessage).toContain('already exists');
    expect(
      (await env.db.select().from(signupCodes)).filter((r) => r.code.toLowerCase() === 'spring24'),
    ).toHaveLength(1);
  });

  it('pages and sorts: newest first by default, used_count on request', async () => {
    for (const [code, used] of [
      ['PAGE-A', 5],
      ['PAGE-B', 1],
      ['PAGE-C', 9],
    ] as const) {
      await env.db.insert(signupCodes).values({ code, usedCount: used });
    }
    const first = await callApi(
      env.app,
      calls.signupCodesList,
      { query: 'PAGE-', page_limit: 2 },
      admin.token,
    );
    expect(first.body.total).toBe(3);
    expect(first.body.data.map((r: { code: string }) => r.code)).toEqual(['PAGE-C', 'PAGE-B']);
    const second = await callApi(
      env.app,
      calls.signupCodesList,
      { query: 'PAGE-', page_limit: 2, page: 1 },
      admin.token,
    );
    expect(second.body.data.map((r: { code: string }) => r.code)).toEqual(['PAGE-A']);
    const byUse = await callApi(
      env.app,
      calls.signupCodesList,
      { query: 'PAGE-', order_by: 'used_count', direction: 'desc' },
      admin.token,
    );
    expect(byUse.body.data.map((r: { used_count: number }) => r.used_count)).toEqual([9, 5, 1]);
  });

  it('edits a code, refusing another code already taken (409) and an unknown id (404)', async () => {
    const a = (await callApi(env.app, calls.signupCodeCreate, { code: 'EDIT-A' }, admin.token)).body.data;
    await callApi(env.app, calls.signupCodeCreate, { code: 'EDIT-B' }, admin.token);
    const ok = await callApi(env.app, calls.signupCodeUpdate, { id: a.id, code: 'EDIT-A2' }, admin.token);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id: a.id, code: 'EDIT-A2' });
    expect((await rowOf(a.id)).code).toBe('EDIT-A2');
    const same = await callApi(env.app, calls.signupCodeUpdate, { id: a.id, code: 'edit-a2' }, admin.token);
    expect(same.status).toBe(200);
    const taken = await callApi(env.app, calls.signupCodeUpdate, { id: a.id, code: 'EDIT-B' }, admin.token);
    expect(taken.status).toBe(409);
    expect((await rowOf(a.id)).code).toBe('edit-a2');
    const missing = await callApi(env.app, calls.signupCodeUpdate, { id: 999999, code: 'NOPE' }, admin.token);
    expect(missing.status).toBe(404);
  });

  it('deletes a code, then 404 for it', async () => {
    const c = (await callApi(env.app, calls.signupCodeCreate, { code: 'GONE' }, admin.token)).body.data;
    const del = await callApi(env.app, calls.signupCodeDelete, { id: c.id }, admin.token);
    expect(del.status).toBe(200);
    expect(await rowOf(c.id)).toBeUndefined();
    const again = await callApi(env.app, calls.signupCodeDelete, { id: c.id }, admin.token);
    expect(again.status).toBe(404);
  });

  it("refuses a missing or blank code with the spec's message and writes nothing", async () => {
    const before = (await env.db.select().from(signupCodes)).length;
    for (const body of [{}, { code: '   ' }]) {
      const res = await callApi(env.app, calls.signupCodeCreate, body, admin.token);
      expect(res.status).toBe(400);
      expect(res.body.responseMessage).toBe('Code is required');
    }
    const spaced = await callApi(env.app, calls.signupCodeCreate, { code: 'two words' }, admin.token);
    expect(spaced.body.responseMessage).toBe('code: must not contain spaces');
    const badId = await callApi(env.app, calls.signupCodeDelete, { id: 'x' }, admin.token);
    expect(badId.status).toBe(400);
    expect(badId.body.responseMessage).toMatch(/^id:/);
    expect((await env.db.select().from(signupCodes)).length).toBe(before);
  });

  it('needs a session (401) and each action its own permission (403)', async () => {
    expect((await callApi(env.app, calls.signupCodesList, {})).status).toBe(401);
    const viewer = await makeUser(env.db, { permissions: ['sugnupcodes_index'] });
    expect((await callApi(env.app, calls.signupCodesList, {}, viewer.token)).status).toBe(200);
    expect((await callApi(env.app, calls.signupCodeCreate, { code: 'X1' }, viewer.token)).status).toBe(403);
    expect((await callApi(env.app, calls.signupCodeUpdate, { id: 1, code: 'X1' }, viewer.token)).status).toBe(
      403,
    );
    expect((await callApi(env.app, calls.signupCodeDelete, { id: 1 }, viewer.token)).status).toBe(403);
    const nobody = await makeUser(env.db);
    expect((await callApi(env.app, calls.signupCodesList, {}, nobody.token)).status).toBe(403);
  });
});
