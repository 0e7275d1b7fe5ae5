import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, userGroups } from '../../db/schema';
import { uncheckedRows } from '../../db/sql';
import { callApi, calls, makeUser, setupTestApp, type TestEnv } from '../../test/harness';
import { entriesAfter, lastEntryId } from './test-support';

let env: TestEnv;
let boss: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  env = await setupTestApp();
  boss = await makeUser(env.db, { superAdmin: true });
});
afterAll(async () => {
  await env?.close();
});

interface Entry {
  action: string;
  target_id: string | null;
  changes: { before: Record<string, unknown> | null; after: Record<string, unknown> | null };
}

const permId = async (name: string) =>
  uncheckedRows<{ id: number }>(await env.db.execute(sql`SELECT id FROM permissions WHERE name = ${name}`))[0]
    .id;

describe('a trail that explains itself (issue 32)', () => {
  it('a permission entry names the permission and says granted or revoked', async () => {
    const staff = await makeUser(env.db);
    const from = await lastEntryId(env.db);
    const input = { user_id: staff.id, permission_id: await permId('users_list') };
    expect((await callApi(env.app, calls.userPermissionToggle, input, boss.token)).body.data.granted).toBe(
      true,
    );
    expect((await callApi(env.app, calls.userPermissionToggle, input, boss.token)).body.data.granted).toBe(
      false,
    );
    const entries = await entriesAfter<Entry>(env.db, from);
    expect(entries.map((e) => e.changes)).toEqual([
      {
        before: { permission: { name: 'users_list', granted: false } },
        after: { permission: { name: 'users_list', granted: true } },
      },
      {
        before: { permission: { name: 'users_list', granted: true } },
        after: { permission: { name: 'users_list', granted: false } },
      },
    ]);
  });

  it('20 parallel toggles of one grant end in the state the trail explains', async () => {
    const [group] = await env.db
      .insert(groups)
      .values({ name: `Parallel ${Date.now()}` })
      .returning();
    const permission_id = await permId('dashboard_data');
    const from = await lastEntryId(env.db);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        callApi(env.app, calls.groupPermissionToggle, { group_id: group.id, permission_id }, boss.token),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // One after the other: grant, revoke, grant... ten of each, ending revoked.
    expect(answers.filter((a) => a.body.data.granted)).toHaveLength(10);
    const entries = await entriesAfter<Entry>(env.db, from);
    const flips = entries.map(
      (e) => (e.changes.after as { permission: { granted: boolean } }).permission.granted,
    );
    expect(flips).toEqual(Array.from({ length: 20 }, (_, i) => i % 2 === 0));
    const held = uncheckedRows(
      await env.db.execute(
        sql`SELECT 1 FROM group_permissions WHERE group_id = ${group.id} AND permission_id = ${permission_id}`,
      ),
    );
    expect(held.length > 0).toBe(flips[flips.length - 1]);
  });

  it('make-user-autofollow and enable-advertise record before and after', async () => {
    const member = await makeUser(env.db, { platform: true });
    const from = await lastEntryId(env.db);
    await callApi(env.app, calls.makeUserAutofollow, { user_id: member.id }, boss.token);
    await callApi(env.app, calls.enableAdvertise, { id: member.id }, boss.token);
    await callApi(env.app, calls.enableAdvertise, { id: member.id }, boss.token);
    const entries = await entriesAfter<Entry>(env.db, from);
    expect(entries.map((e) => [e.action, e.changes])).toEqual([
      ['make-user-autofollow', { before: { auto_follow: false }, after: { auto_follow: true } }],
      [
        'enable-advertise/:id',
        { before: { is_advertise_enabled: false }, after: { is_advertise_enabled: true } },
      ],
      [
        'enable-advertise/:id',
        { before: { is_advertise_enabled: true }, after: { is_advertise_enabled: false } },
      ],
    ]);
  });

  it('assign-groups records the set before and after', async () => {
    const staff = await makeUser(env.db);
    const made = await env.db
      .insert(groups)
      .values([{ name: `A ${Date.now()}` }, { name: `B ${Date.now()}` }, { name: `C ${Date.now()}` }])
      .returning();
    const [a, b, c] = made.map((g) => g.id);
    await env.db.insert(userGroups).values([{ userId: staff.id, groupId: a }]);
    const from = await lastEntryId(env.db);
    await callApi(env.app, calls.assignGroups, { user_id: staff.id, group_ids: [c, b] }, boss.token);
    const [entry] = await entriesAfter<Entry>(env.db, from);
    expect(entry.changes).toEqual({ before: { group_ids: [a] }, after: { group_ids: [b, c] } });
  });

  it('a CMS save records what was stored, not what was sent', async () => {
    await callApi(env.app, calls.saveSettings, { data_key: 'faq', data: '<p>old</p>' }, boss.token);
    const from = await lastEntryId(env.db);
    const sent = '<p onclick="steal()">new<script>alert(1)</script></p>';
    const saved = await callApi(env.app, calls.saveSettings, { data_key: 'faq', data: sent }, boss.token);
    const [entry] = await entriesAfter<Entry>(env.db, from);
    expect(entry.changes).toEqual({ before: { data: '<p>old</p>' }, after: { data: saved.body.data.data } });
    expect(saved.body.data.data).toBe('<p>new</p>');
  });
});
