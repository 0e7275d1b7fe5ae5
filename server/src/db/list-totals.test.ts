// The list floor's totals (issue 12): unfiltered totals from counters kept by triggers, filtered
// totals exact up to the cap and the cap with total_is_lower_bound beyond it (a cap of 5 here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, calls, type MadeUser, makeUser, setupTestApp, sql, type TestEnv } from '../test/harness';
import { uncheckedRows } from './sql';

let env: TestEnv;
let admin: MadeUser;
const tag = `zv${Date.now().toString(36)}`;
const previousCap = process.env.LIST_TOTAL_CAP;

beforeAll(async () => {
  process.env.LIST_TOTAL_CAP = '5';
  env = await setupTestApp();
  admin = await makeUser(env.db, { superAdmin: true });
});
afterAll(async () => {
  if (previousCap === undefined) {
    delete process.env.LIST_TOTAL_CAP;
  } else {
    process.env.LIST_TOTAL_CAP = previousCap;
  }
  await env?.close();
});

async function countUsers(where: string): Promise<number> {
  return uncheckedRows<{ n: number }>(
    await env.db.execute(sql.raw(`SELECT count(*)::int AS n FROM users WHERE ${where}`)),
  )[0].n;
}

async function totals() {
  const [active, deleted, backend] = await Promise.all([
    callApi(env.app, calls.usersList, {}, admin.token),
    callApi(env.app, calls.deletedUsers, {}, admin.token),
    callApi(env.app, calls.adminUsersList, {}, admin.token),
  ]);
  for (const r of [active, deleted, backend]) {
    expect(r.status).toBe(200);
    expect(r.body.total_is_lower_bound).toBe(false);
  }
  return {
    active: active.body.total_users,
    deleted: deleted.body.total_users,
    backend: backend.body.total_users,
  };
}

async function realTotals() {
  return {
    active: await countUsers('deleted_at IS NULL AND NOT is_admin'),
    deleted: await countUsers('deleted_at IS NOT NULL AND NOT is_admin'),
    backend: await countUsers('deleted_at IS NULL AND is_admin'),
  };
}

describe('list totals', () => {
  it('unfiltered totals follow create, delete, restore and removal at once, above the cap too', async () => {
    for (let i = 0; i < 7; i++) {
      await makeUser(env.db, { platform: true, name: `${tag} filler ${i}` });
    }
    const start = await totals();
    expect(start).toEqual(await realTotals());
    expect(start.active).toBeGreaterThan(5); // exact beyond the cap: counters are not capped

    const created = await callApi(
      env.app,
      calls.createUser,
      {
        name: `${tag} New`,
        username: `${tag}new`,
        email: `${tag}new@example.com`,
        password: 'correct-horse-battery-9',
        is_admin: false,
      },
      admin.token,
    );
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(await totals()).toEqual({ ...start, active: start.active + 1 });

    await env.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${id}`);
    expect(await totals()).toEqual({ ...start, deleted: start.deleted + 1 });

    await env.db.execute(sql`UPDATE users SET deleted_at = NULL WHERE id = ${id}`);
    expect(await totals()).toEqual({ ...start, active: start.active + 1 });

    await env.db.execute(sql`DELETE FROM users WHERE id = ${id}`);
    expect(await totals()).toEqual(start);

    const staff = await callApi(
      env.app,
      calls.createUser,
      {
        name: `${tag} Staff`,
        username: `${tag}staff`,
        email: `${tag}staff@example.com`,
        password: 'correct-horse-battery-9',
        is_admin: true,
      },
      admin.token,
    );
    expect(staff.status).toBe(201);
    expect(await totals()).toEqual({ ...start, backend: start.backend + 1 });
    expect(await totals()).toEqual(await realTotals());
  });

  it('an UPDATE moves rows between counters only when a column of the key changes, one row or many at once', async () => {
    const ids = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await makeUser(env.db, { platform: true, name: `${tag} mover ${i}` })).id);
    }
    const start = await totals();
    const counters = async () =>
      uncheckedRows<{ name: string; n: number }>(
        await env.db.execute(sql`SELECT name, sum(n)::int AS n FROM list_counts GROUP BY name ORDER BY name`),
      );
    const before = await counters();
    await env.db.execute(
      sql`UPDATE users SET name = name || ' renamed', updated_at = now() WHERE id IN ${sql.raw(`(${ids.join(',')})`)}`,
    );
    expect(await counters()).toEqual(before);
    // One statement moves two users to deleted and one to staff; the fourth changes nothing counted.
    await env.db.execute(sql`
      UPDATE users SET deleted_at = CASE WHEN id IN (${ids[0]}, ${ids[1]}) THEN now() END,
                       is_admin = (id = ${ids[2]})
       WHERE id IN (${ids[0]}, ${ids[1]}, ${ids[2]}, ${ids[3]})`);
    expect(await totals()).toEqual({
      active: start.active - 3,
      deleted: start.deleted + 2,
      backend: start.backend + 1,
    });
    expect(await totals()).toEqual(await realTotals());
  });

  it('answers the counter total with the page rows only, and on an empty page past the end too', async () => {
    const real = await realTotals();
    const first = await callApi(env.app, calls.usersList, { page_limit: 2 }, admin.token);
    expect(first.body.total_users).toBe(real.active);
    expect(first.body.users).toHaveLength(2);
    // The total travels with the page's rows: it must not show as a field of a row.
    expect(Object.keys(first.body.users[0]).some((k) => k.startsWith('list_total'))).toBe(false);
    const past = await callApi(env.app, calls.usersList, { page: 9_999, page_limit: 100 }, admin.token);
    expect(past.body).toMatchObject({ users: [], total_users: real.active, total_is_lower_bound: false });
  });

  it('counts a filtered total exactly up to the cap, and answers the cap with the flag beyond it', async () => {
    const t = `${tag}c`;
    for (let i = 0; i < 5; i++) {
      await makeUser(env.db, { platform: true, name: `${t} member ${i}` });
    }
    const exact = await callApi(env.app, calls.usersList, { query: t, page_limit: 2 }, admin.token);
    expect(exact.body).toMatchObject({ total_users: 5, total_is_lower_bound: false });
    expect(exact.body.users).toHaveLength(2);

    await makeUser(env.db, { platform: true, name: `${t} member 5` });
    const capped = await callApi(env.app, calls.usersList, { query: t, page_limit: 2, page: 2 }, admin.token);
    expect(capped.body).toMatchObject({ total_users: 5, total_is_lower_bound: true });
    // The pages themselves are not capped: the sixth match is on page 2.
    expect(capped.body.users.map((u: { name: string }) => u.name)).toEqual([
      `${t} member 4`,
      `${t} member 5`,
    ]);
  });

  it('matches a 1-2 character term at the start of a name or username, a longer one anywhere', async () => {
    const inside = await makeUser(env.db, { platform: true, name: `Mid ${tag}x` });
    const start = await makeUser(env.db, { platform: true, name: `${tag}x Start` });
    const short = await callApi(
      env.app,
      calls.usersList,
      { query: tag.slice(0, 2), page_limit: 100 },
      admin.token,
    );
    const shortIds = short.body.users.map((u: { id: number }) => u.id);
    expect(shortIds).toContain(start.id);
    expect(shortIds).not.toContain(inside.id);
    const long = await callApi(env.app, calls.usersList, { query: `${tag}x`, page_limit: 50 }, admin.token);
    expect(long.body.users.map((u: { id: number }) => u.id).sort()).toEqual([inside.id, start.id].sort());
  });

  it('counts searches from their counter and a filtered searches total up to the cap', async () => {
    const user = await makeUser(env.db, { platform: true });
    await env.db.execute(sql`
      INSERT INTO searches (user_id, search_term, type) SELECT ${user.id}, ${tag} || ' term ' || g, 'image'
      FROM generate_series(1, 8) g`);
    const all = await callApi(env.app, calls.searches, {}, admin.token);
    const [{ n }] = uncheckedRows<{ n: number }>(
      await env.db.execute(sql`SELECT count(*)::int AS n FROM searches`),
    );
    expect(all.body).toMatchObject({ total: n, total_is_lower_bound: false });
    const mine = await callApi(env.app, calls.searches, { user_id: user.id }, admin.token);
    expect(mine.body).toMatchObject({ total: 5, total_is_lower_bound: true });
    await env.db.execute(
      sql`DELETE FROM searches WHERE user_id = ${user.id} AND search_term LIKE '% term 1%'`,
    );
    const after = await callApi(env.app, calls.searches, {}, admin.token);
    expect(after.body.total).toBe(n - 1);
  });
});
