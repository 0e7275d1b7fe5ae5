import { PERMISSIONS } from '@admin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncheckedRows } from '../../db/sql';
import { callApi, calls, type MadeUser, makeUser, setupTestApp, sql, type TestEnv } from '../../test/harness';

let env: TestEnv;
let admin: MadeUser;
let outsider: MadeUser;

beforeAll(async () => {
  env = await setupTestApp();
  admin = await makeUser(env.db, { superAdmin: true });
  outsider = await makeUser(env.db, { permissions: ['dashboard_data'] });
});
afterAll(async () => {
  await env?.close();
});

const permId = async (name: string) =>
  uncheckedRows<{ id: number }>(await env.db.execute(sql`SELECT id FROM permissions WHERE name = ${name}`))[0]
    .id;

async function newGroup(name: string) {
  const res = await callApi(env.app, calls.groupAdd, { name: `${name} ${Math.random()}` }, admin.token);
  return res.body.data.id as number;
}

describe('group-permissions', () => {
  it('lists every permission with group_permission_count', async () => {
    const viewer = await makeUser(env.db, { permissions: ['group_permissions'] });
    const groupId = await newGroup('Viewers');
    await env.db.execute(sql`INSERT INTO group_permissions (group_id, permission_id)
      VALUES (${groupId}, ${await permId('searches')})`);
    const res = await callApi(env.app, calls.groupPermissions, { group_id: groupId }, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.group).toMatchObject({ id: groupId });
    expect(res.body.data.map((p: { name: string }) => p.name).sort()).toEqual([...PERMISSIONS].sort());
    const granted = res.body.data.filter(
      (p: { group_permission_count: number }) => p.group_permission_count > 0,
    );
    expect(granted.map((p: { name: string }) => p.name)).toEqual(['searches']);
  });

  it('a super admin toggles a grant of a group with members; they feel it on their next request', async () => {
    const editor = admin;
    const member = await makeUser(env.db, { groupPermissions: ['group_list'] });
    const [{ group_id }] = uncheckedRows<{ group_id: number }>(
      await env.db.execute(sql`SELECT group_id FROM user_groups WHERE user_id = ${member.id}`),
    );
    const usersList = await permId('users_list');
    expect((await callApi(env.app, calls.usersList, {}, member.token)).status).toBe(403);

    const on = await callApi(
      env.app,
      calls.groupPermissionToggle,
      { group_id, permission_id: usersList },
      editor.token,
    );
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      responseMessage: 'Permission users_list granted',
      data: { permission_id: usersList, name: 'users_list', granted: true },
    });
    expect((await callApi(env.app, calls.usersList, {}, member.token)).status).toBe(200);

    const off = await callApi(
      env.app,
      calls.groupPermissionToggle,
      { group_id, permission_id: usersList },
      editor.token,
    );
    expect(off.body.data.granted).toBe(false);
    expect((await callApi(env.app, calls.usersList, {}, member.token)).status).toBe(403);
    const rows = uncheckedRows(
      await env.db.execute(
        sql`SELECT 1 FROM group_permissions WHERE group_id = ${group_id} AND permission_id = ${usersList}`,
      ),
    );
    expect(rows).toHaveLength(0);
  });

  it('refuses a missing or non-numeric id, naming the field', async () => {
    const missing = await callApi(env.app, calls.groupPermissions, {}, admin.token);
    expect(missing.status).toBe(400);
    expect(missing.body.responseMessage).toMatch(/^group_id:/);
    const bad = await callApi(
      env.app,
      calls.groupPermissionToggle,
      { group_id: 1, permission_id: 'x' },
      admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toMatch(/^permission_id:/);
  });

  it('answers 404 for an unknown group or permission', async () => {
    const groupId = await newGroup('Known');
    expect((await callApi(env.app, calls.groupPermissions, { group_id: 99999999 }, admin.token)).status).toBe(
      404,
    );
    const unknownGroup = await callApi(
      env.app,
      calls.groupPermissionToggle,
      { group_id: 99999999, permission_id: await permId('users_list') },
      admin.token,
    );
    expect(unknownGroup.status).toBe(404);
    expect(unknownGroup.body.responseMessage).toBe('No group with id 99999999');
    const unknownPerm = await callApi(
      env.app,
      calls.groupPermissionToggle,
      { group_id: groupId, permission_id: 99999999 },
      admin.token,
    );
    expect(unknownPerm.status).toBe(404);
    expect(unknownPerm.body.responseMessage).toBe('No permission with id 99999999');
  });

  it('answers 401 and 403 (viewing does not allow toggling)', async () => {
    const viewer = await makeUser(env.db, { permissions: ['group_permissions'] });
    expect((await callApi(env.app, calls.groupPermissions, { group_id: 1 })).status).toBe(401);
    expect((await callApi(env.app, calls.groupPermissions, { group_id: 1 }, outsider.token)).status).toBe(
      403,
    );
    const input = { group_id: 1, permission_id: 1 };
    expect((await callApi(env.app, calls.groupPermissionToggle, input)).status).toBe(401);
    expect((await callApi(env.app, calls.groupPermissionToggle, input, viewer.token)).status).toBe(403);
  });
});

describe('user-permissions', () => {
  it('lists every permission with user_permission_count and from_groups', async () => {
    const viewer = await makeUser(env.db, { permissions: ['user_permissions'] });
    const staff = await makeUser(env.db, { permissions: ['searches'], groupPermissions: ['group_list'] });
    const res = await callApi(env.app, calls.userPermissions, { user_id: staff.id }, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: staff.id, username: staff.username, is_sup_admin: 0 });
    expect(res.body.data).toHaveLength(PERMISSIONS.length);
    const byName = Object.fromEntries(res.body.data.map((p: { name: string }) => [p.name, p]));
    expect(byName.searches).toMatchObject({ user_permission_count: 1, from_groups: 0 });
    expect(byName.group_list).toMatchObject({ user_permission_count: 0, from_groups: 1 });
    expect(byName.group_list.via_groups).toHaveLength(1);
    expect(typeof byName.group_list.via_groups[0]).toBe('string');
    expect(byName.users_list).toMatchObject({ user_permission_count: 0, from_groups: 0, via_groups: [] });
  });

  it('a super admin toggles a direct grant; removing it refuses the staff member at once', async () => {
    const editor = admin;
    const staff = await makeUser(env.db, { permissions: ['users_list'] });
    const usersList = await permId('users_list');
    expect((await callApi(env.app, calls.usersList, {}, staff.token)).status).toBe(200);
    const off = await callApi(
      env.app,
      calls.userPermissionToggle,
      { user_id: staff.id, permission_id: usersList },
      editor.token,
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      responseMessage: 'Permission users_list removed',
      data: { granted: false },
    });
    expect((await callApi(env.app, calls.usersList, {}, staff.token)).status).toBe(403);
    const on = await callApi(
      env.app,
      calls.userPermissionToggle,
      { user_id: staff.id, permission_id: usersList },
      editor.token,
    );
    expect(on.body.data.granted).toBe(true);
    expect((await callApi(env.app, calls.usersList, {}, staff.token)).status).toBe(200);
  });

  it('refuses a missing user_id, naming the field', async () => {
    const res = await callApi(env.app, calls.userPermissions, {}, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.responseMessage).toMatch(/^user_id:/);
    const toggle = await callApi(env.app, calls.userPermissionToggle, { permission_id: 1 }, admin.token);
    expect(toggle.status).toBe(400);
    expect(toggle.body.responseMessage).toMatch(/^user_id:/);
  });

  it('answers 404 for an unknown user, a platform user or an unknown permission', async () => {
    const platform = await makeUser(env.db, { platform: true });
    expect((await callApi(env.app, calls.userPermissions, { user_id: 99999999 }, admin.token)).status).toBe(
      404,
    );
    expect(
      (await callApi(env.app, calls.userPermissions, { user_id: platform.id }, admin.token)).status,
    ).toBe(404);
    const staff = await makeUser(env.db);
    const res = await callApi(
      env.app,
      calls.userPermissionToggle,
      { user_id: staff.id, permission_id: 99999999 },
      admin.token,
    );
    expect(res.status).toBe(404);
  });

  it('answers 401 and 403 (viewing does not allow toggling)', async () => {
    const viewer = await makeUser(env.db, { permissions: ['user_permissions'] });
    expect((await callApi(env.app, calls.userPermissions, { user_id: 1 })).status).toBe(401);
    expect((await callApi(env.app, calls.userPermissions, { user_id: 1 }, outsider.token)).status).toBe(403);
    const input = { user_id: 1, permission_id: 1 };
    expect((await callApi(env.app, calls.userPermissionToggle, input)).status).toBe(401);
    expect((await callApi(env.app, calls.userPermissionToggle, input, viewer.token)).status).toBe(403);
  });
});
