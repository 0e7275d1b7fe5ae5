import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignInterests, campaigns, interests } from '../../db/schema';
import { callApi, calls, type MadeUser, makeUser, setupTestApp, sql, type TestEnv } from '../../test/harness';

let env: TestEnv;
let manager: MadeUser;
let reader: MadeUser;
let outsider: MadeUser;
const tag = `iq${Date.now().toString(36)}`;

beforeAll(async () => {
  env = await setupTestApp();
  manager = await makeUser(env.db, {
    permissions: [
      'campaign_interests',
      'campaign_interests_add',
      'campaign_interests_update',
      'campaign_interests_delete',
    ],
  });
  reader = await makeUser(env.db, { permissions: ['campaign_interests'] });
  outsider = await makeUser(env.db, { permissions: ['dashboard_data'] });
});
afterAll(async () => {
  await env?.close();
});

describe('campaign-interests', () => {
  it('adds, lists with campaigns_count, renames and deletes an unused interest', async () => {
    const added = await callApi(env.app, calls.interestsCreate, { name: `  ${tag} Travel ` }, manager.token);
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ name: `${tag} Travel`, campaigns_count: 0 });
    const id = added.body.data.id;
    const list = await callApi(env.app, calls.interestsList, { query: tag }, reader.token);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, data: [{ id, name: `${tag} Travel` }] });
    const renamed = await callApi(
      env.app,
      calls.interestsUpdate,
      { id, name: `${tag} Trips` },
      manager.token,
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe(`${tag} Trips`);
    const del = await callApi(env.app, calls.interestsDelete, { id }, manager.token);
    expect(del.status).toBe(200);
    expect(await env.db.select().from(interests).where(sql`id = ${id}`)).toHaveLength(0);
  });

  it('sorts newest first by default and by name on request, paging from 0', async () => {
    for (const n of ['b', 'a', 'c']) {
      await callApi(env.app, calls.interestsCreate, { name: `${tag} sort ${n}` }, manager.token);
    }
    const newest = await callApi(
      env.app,
      calls.interestsList,
      { query: `${tag} sort`, page_limit: 2 },
      reader.token,
    );
    expect(newest.body.total).toBe(3);
    expect(newest.body.data.map((i: { name: string }) => i.name)).toEqual([`${tag} sort c`, `${tag} sort a`]);
    const byName = await callApi(
      env.app,
      calls.interestsList,
      { query: `${tag} sort`, order_by: 'name', direction: 'asc', page: 1, page_limit: 2 },
      reader.token,
    );
    expect(byName.body.data.map((i: { name: string }) => i.name)).toEqual([`${tag} sort c`]);
  });

  it('refuses a used interest with 409 and keeps it', async () => {
    const owner = await makeUser(env.db, { platform: true });
    const [c] = await env.db.insert(campaigns).values({ userId: owner.id, campaignName: 'x' }).returning();
    const added = await callApi(env.app, calls.interestsCreate, { name: `${tag} Food` }, manager.token);
    await env.db.insert(campaignInterests).values({ campaignId: c.id, interestId: added.body.data.id });
    const list = await callApi(env.app, calls.interestsList, { query: `${tag} Food` }, reader.token);
    expect(list.body.data[0].campaigns_count).toBe(1);
    const del = await callApi(env.app, calls.interestsDelete, { id: added.body.data.id }, manager.token);
    expect(del.status).toBe(409);
    expect(del.body.responseMessage).toMatch(/used by 1 campaign/);
    expect(await env.db.select().from(interests).where(sql`id = ${added.body.data.id}`)).toHaveLength(1);
  });

  it('refuses duplicate names ignoring case with 409', async () => {
    await callApi(env.app, calls.interestsCreate, { name: `${tag} Music` }, manager.token);
    const dup = await callApi(env.app, calls.interestsCreate, { name: `${tag} MUSIC` }, manager.token);
    expect(dup.status).toBe(409);
    const other = await callApi(env.app, calls.interestsCreate, { name: `${tag} Art` }, manager.token);
    const rename = await callApi(
      env.app,
      calls.interestsUpdate,
      { id: other.body.data.id, name: `${tag} music` },
      manager.token,
    );
    expect(rename.status).toBe(409);
  });

  it("refuses a missing name with 'Name is required' and writes nothing", async () => {
    const before = await env.db.select().from(interests);
    const blank = await callApi(env.app, calls.interestsCreate, { name: '   ' }, manager.token);
    expect(blank.status).toBe(400);
    expect(blank.body.responseMessage).toBe('Name is required');
    const missing = await callApi(env.app, calls.interestsCreate, {}, manager.token);
    expect(missing.body.responseMessage).toBe('Name is required');
    expect(await env.db.select().from(interests)).toHaveLength(before.length);
    const badId = await callApi(env.app, calls.interestsDelete, { id: 'one' }, manager.token);
    expect(badId.status).toBe(400);
    expect(badId.body.responseMessage).toMatch(/^id/);
  });

  it('answers 404 for unknown ids', async () => {
    expect(
      (await callApi(env.app, calls.interestsUpdate, { id: 999999, name: 'x' }, manager.token)).status,
    ).toBe(404);
    expect((await callApi(env.app, calls.interestsDelete, { id: 999999 }, manager.token)).status).toBe(404);
  });

  it('needs a session and the permission of each action', async () => {
    expect((await callApi(env.app, calls.interestsList, {})).status).toBe(401);
    expect((await callApi(env.app, calls.interestsList, {}, outsider.token)).status).toBe(403);
    expect((await callApi(env.app, calls.interestsCreate, { name: `${tag} no` }, reader.token)).status).toBe(
      403,
    );
    expect((await callApi(env.app, calls.interestsUpdate, { id: 1, name: 'x' }, reader.token)).status).toBe(
      403,
    );
    expect((await callApi(env.app, calls.interestsDelete, { id: 1 }, reader.token)).status).toBe(403);
  });
});
