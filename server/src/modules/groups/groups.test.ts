import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncheckedRows } from '../../db/sql';
import { callApi, calls, type MadeUser, makeUser, setupTestApp, sql, type TestEnv } from '../../test/harness';

let env: TestEnv;
let admin: MadeUser;
let viewer: MadeUser;
let outsider: MadeUser;
const tag = `grp${Date.now().toString(36)}`;

beforeAll(async () => {
  env = await setupTestApp();
  admin = await makeUser(env.db, { superAdmin: true });
  viewer = await makeUser(env.db, { permissions: ['group_list'] });
  outsider = await makeUser(env.db, { permissions: ['users_list'] });
});
afterAll(async () => {
  await env?.close();
});

const add = (name: string, token = admin.token) => callApi(env.app, calls.groupAdd, { name }, token);

describe('group (GET)', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    for (const n of ['Alpha', 'Beta', 'Gamma']) {
      ids.push((await add(`${tag} ${n}`)).body.data.id);
    }
  });

  it('pages groups with id descending by default and the total under the search', async () => {
    const res = await callApi(env.app, calls.groupList, { query: tag, page_limit: 2 }, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.groups.map((g: { id: number }) => g.id)).toEqual([ids[2], ids[1]]);
    expect(res.body.groups[0]).toMatchObject({ name: `${tag} Gamma`, users_count: 0 });
    const next = await callApi(
      env.app,
      calls.groupList,
      { query: tag, page_limit: 2, page: 1 },
      viewer.token,
    );
    expect(next.body.groups.map((g: { id: number }) => g.id)).toEqual([ids[0]]);
  });

  it('sorts by name and answers every group with list=1', async () => {
    const byName = await callApi(
      env.app,
      calls.groupList,
      { query: tag, order_by: 'name', direction: 'asc' },
      viewer.token,
    );
    expect(byName.body.groups.map((g: { name: string }) => g.name)).toEqual([
      `${tag} Alpha`,
      `${tag} Beta`,
      `${tag} Gamma`,
    ]);
    const all = await callApi(env.app, calls.groupList, { list: 1, page_limit: 1 }, viewer.token);
    expect(all.body.groups.length).toBe(all.body.total);
    expect(all.body.total).toBeGreaterThanOrEqual(3);
  });

  it('refuses a bad sort and answers 401 / 403', async () => {
    const bad = await callApi(env.app, calls.groupList, { order_by: 'secret' }, viewer.token);
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toMatch(/^order_by:/);
    expect((await callApi(env.app, calls.groupList, {})).status).toBe(401);
    expect((await callApi(env.app, calls.groupList, {}, outsider.token)).status).toBe(403);
  });
});

describe('group-dropdown', () => {
  it('answers every group by name to holders of any group-related permission', async () => {
    await add(`${tag} Dropdown`);
    const assigner = await makeUser(env.db, { permissions: ['assign-groups'] });
    const res = await callApi(env.app, calls.groupDropdown, {}, assigner.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((g: { name: string }) => g.name)).toContain(`${tag} Dropdown`);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['id', 'name']);
    expect((await callApi(env.app, calls.groupDropdown, {})).status).toBe(401);
    expect((await callApi(env.app, calls.groupDropdown, {}, outsider.token)).status).toBe(403);
  });
});

describe('group (POST, PUT, DELETE)', () => {
  it('adds a group with add_group', async () => {
    const adder = await makeUser(env.db, { permissions: ['add_group'] });
    const res = await add(`${tag} Added`, adder.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ responseMessage: 'Group added successfully' });
    const rows = uncheckedRows(
      await env.db.execute(sql`SELECT 1 FROM groups WHERE name = ${`${tag} Added`}`),
    );
    expect(rows).toHaveLength(1);
  });

  it("refuses a blank name with 'Group name is required' and writes nothing", async () => {
    const before = uncheckedRows<{ n: number }>(
      await env.db.execute(sql`SELECT count(*)::int AS n FROM groups`),
    )[0].n;
    for (const name of [undefined, '', '   ']) {
      const res = await callApi(env.app, calls.groupAdd, { name }, admin.token);
      expect(res.status).toBe(400);
      expect(res.body.responseMessage).toBe('Group name is required');
    }
    const after = uncheckedRows<{ n: number }>(
      await env.db.execute(sql`SELECT count(*)::int AS n FROM groups`),
    )[0].n;
    expect(after).toBe(before);
  });

  it('answers 409 for a name already used, whatever the case', async () => {
    await add(`${tag} Unique`);
    const res = await add(`${tag} UNIQUE`);
    expect(res.status).toBe(409);
    expect(res.body.responseMessage).toBe(`A group named '${tag} UNIQUE' already exists`);
  });

  it('renames with edit_group, keeps 404 for an unknown id and 409 for a clash', async () => {
    const editor = await makeUser(env.db, { permissions: ['edit_group'] });
    const id = (await add(`${tag} Old`)).body.data.id;
    const res = await callApi(env.app, calls.groupEdit, { id, name: `${tag} New` }, editor.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, name: `${tag} New` });
    const [row] = uncheckedRows<{ name: string }>(
      await env.db.execute(sql`SELECT name FROM groups WHERE id = ${id}`),
    );
    expect(row.name).toBe(`${tag} New`);
    // Renaming to its own name in another case is not a clash.
    expect((await callApi(env.app, calls.groupEdit, { id, name: `${tag} new` }, editor.token)).status).toBe(
      200,
    );
    const missing = await callApi(env.app, calls.groupEdit, { id: 99999999, name: 'x' }, editor.token);
    expect(missing.status).toBe(404);
    await add(`${tag} Taken`);
    const clash = await callApi(env.app, calls.groupEdit, { id, name: `${tag} Taken` }, editor.token);
    expect(clash.status).toBe(409);
    const noId = await callApi(env.app, calls.groupEdit, { name: 'x' }, editor.token);
    expect(noId.status).toBe(400);
    expect(noId.body.responseMessage).toMatch(/^id:/);
  });

  it('deletes an empty group with delete_group', async () => {
    const deleter = await makeUser(env.db, { permissions: ['delete_group'] });
    const id = (await add(`${tag} Empty`)).body.data.id;
    const res = await callApi(env.app, calls.groupDelete, { id, isDelete: 1 }, deleter.token);
    expect(res.status).toBe(200);
    expect(uncheckedRows(await env.db.execute(sql`SELECT 1 FROM groups WHERE id = ${id}`))).toHaveLength(0);
  });

  it('a group with members is deleted by a super admin only; members lose what it gave at once', async () => {
    const deleter = admin;
    const holder = await makeUser(env.db, { permissions: ['delete_group'] });
    const member = await makeUser(env.db, { groupPermissions: ['users_list'] });
    expect((await callApi(env.app, calls.usersList, {}, member.token)).status).toBe(200);
    const [g] = uncheckedRows<{ group_id: number }>(
      await env.db.execute(sql`SELECT group_id FROM user_groups WHERE user_id = ${member.id}`),
    );
    const refused = await callApi(env.app, calls.groupDelete, { id: g.group_id, isDelete: 1 }, holder.token);
    expect(refused.status).toBe(403);
    expect(refused.body.responseMessage).toBe('Only a super admin can change a group that has members');
    expect((await callApi(env.app, calls.usersList, {}, member.token)).status).toBe(200);
    const res = await callApi(env.app, calls.groupDelete, { id: g.group_id, isDelete: 1 }, deleter.token);
    expect(res.status).toBe(200);
    expect(res.body.responseMessage).toBe('Group deleted successfully');
    expect((await callApi(env.app, calls.usersList, {}, member.token)).status).toBe(403);
    const again = await callApi(env.app, calls.groupDelete, { id: g.group_id }, deleter.token);
    expect(again.status).toBe(404);
  });

  it('refuses isDelete=0 and a missing id', async () => {
    const id = (await add(`${tag} Keep`)).body.data.id;
    const res = await callApi(env.app, calls.groupDelete, { id, isDelete: 0 }, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.responseMessage).toMatch(/^isDelete:/);
    expect(uncheckedRows(await env.db.execute(sql`SELECT 1 FROM groups WHERE id = ${id}`))).toHaveLength(1);
    const noId = await callApi(env.app, calls.groupDelete, {}, admin.token);
    expect(noId.status).toBe(400);
    expect(noId.body.responseMessage).toMatch(/^id:/);
  });

  it('answers 401 and 403 for add, edit and delete', async () => {
    for (const [call, input] of [
      [calls.groupAdd, { name: 'x' }],
      [calls.groupEdit, { id: 1, name: 'x' }],
      [calls.groupDelete, { id: 1 }],
    ] as const) {
      expect((await callApi(env.app, call, input)).status).toBe(401);
      expect((await callApi(env.app, call, input, viewer.token)).status).toBe(403);
    }
  });
});

describe('assign-groups', () => {
  let staff: MadeUser;
  let assigner: MadeUser;
  let g1: number;
  let g2: number;
  beforeAll(async () => {
    staff = await makeUser(env.db);
    assigner = admin;
    g1 = (await add(`${tag} Assign One`)).body.data.id;
    g2 = (await add(`${tag} Assign Two`)).body.data.id;
    await callApi(
      env.app,
      calls.groupPermissionToggle,
      { group_id: g2, permission_id: await permId('searches') },
      admin.token,
    );
  });

  async function permId(name: string) {
    return uncheckedRows<{ id: number }>(
      await env.db.execute(sql`SELECT id FROM permissions WHERE name = ${name}`),
    )[0].id;
  }
  const groupsOf = async (userId: number) =>
    uncheckedRows<{ group_id: number }>(
      await env.db.execute(sql`SELECT group_id FROM user_groups WHERE user_id = ${userId} ORDER BY group_id`),
    ).map((r) => r.group_id);

  it('sets the groups to exactly the list, and the permissions follow at once', async () => {
    const res = await callApi(
      env.app,
      calls.assignGroups,
      { user_id: staff.id, group_ids: [g1, g2] },
      assigner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((g: { id: number }) => g.id).sort()).toEqual([g1, g2].sort());
    expect(await groupsOf(staff.id)).toEqual([g1, g2].sort((a, b) => a - b));
    expect((await callApi(env.app, calls.groupList, {}, staff.token)).status).toBe(403);
    const login = await callApi(env.app, calls.getLoginData, {}, staff.token);
    expect(login.body.user.group_permissions).toContain('searches');
    const fewer = await callApi(
      env.app,
      calls.assignGroups,
      { user_id: staff.id, group_ids: [g1] },
      assigner.token,
    );
    expect(fewer.status).toBe(200);
    expect(await groupsOf(staff.id)).toEqual([g1]);
    const none = await callApi(
      env.app,
      calls.assignGroups,
      { user_id: staff.id, group_ids: [] },
      assigner.token,
    );
    expect(none.status).toBe(200);
    expect(await groupsOf(staff.id)).toEqual([]);
  });

  it('refuses group_ids that are not integers, naming the field, and writes nothing', async () => {
    await callApi(env.app, calls.assignGroups, { user_id: staff.id, group_ids: [g1] }, assigner.token);
    for (const group_ids of [['0x10'], [true], [2 ** 31], [1.5], 'x', undefined]) {
      const res = await callApi(
        env.app,
        calls.assignGroups,
        { user_id: staff.id, group_ids },
        assigner.token,
      );
      expect(res.status).toBe(400);
      expect(res.body.responseMessage).toMatch(/^group_ids/);
    }
    expect(await groupsOf(staff.id)).toEqual([g1]);
  });

  it('answers 404 for an unknown user, a platform user or an unknown group, writing nothing', async () => {
    const missingUser = await callApi(
      env.app,
      calls.assignGroups,
      { user_id: 99999999, group_ids: [g1] },
      assigner.token,
    );
    expect(missingUser.status).toBe(404);
    const platform = await makeUser(env.db, { platform: true });
    const notStaff = await callApi(
      env.app,
      calls.assignGroups,
      { user_id: platform.id, group_ids: [g1] },
      assigner.token,
    );
    expect(notStaff.status).toBe(404);
    const missingGroup = await callApi(
      env.app,
      calls.assignGroups,
      { user_id: staff.id, group_ids: [g2, 99999999] },
      assigner.token,
    );
    expect(missingGroup.status).toBe(404);
    expect(missingGroup.body.responseMessage).toBe('No group with id 99999999');
    expect(await groupsOf(staff.id)).toEqual([g1]);
  });

  it('answers 401 and 403', async () => {
    const input = { user_id: staff.id, group_ids: [g1] };
    expect((await callApi(env.app, calls.assignGroups, input)).status).toBe(401);
    expect((await callApi(env.app, calls.assignGroups, input, viewer.token)).status).toBe(403);
  });
});
