// Searched lists (db/list-search.ts): whichever plan answers (the bounded walk of the list's order,
// or every match through the term's index, sorted), the page is the one plain SQL gives. The cap is
// 5, the walk 20 rows and a common term's longer walk 40 here, so a few dozen users exercise them all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  calls,
  type MadeUser,
  makeUser,
  setEnv,
  setupTestApp,
  sql,
  type TestEnv,
} from '../test/harness';
import { uncheckedRows } from './sql';

let env: TestEnv;
let admin: MadeUser;
let restoreEnv: () => void;

beforeAll(async () => {
  restoreEnv = setEnv({ LIST_TOTAL_CAP: '5', LIST_SEARCH_WALK: '20', LIST_SEARCH_LONG_WALK: '40' });
  env = await setupTestApp();
  admin = await makeUser(env.db, { superAdmin: true });
  // Names spread over the alphabet; 'Qv'/'qv' starts in every case, some only in the username;
  // 'zxw' inside many names early in the order (common), 'Yzxw' late in it (gathered far along the
  // order: the walk of 20 finds none); 'rarezxq' in two; some of them deleted.
  const rows: string[] = [];
  const add = (name: string, username: string, deleted = false) =>
    rows.push(`('${name}', '${username}', '${username}@example.com', false, ${deleted ? 'now()' : 'NULL'})`);
  for (let i = 0; i < 40; i++) {
    const letter = String.fromCharCode(65 + (i % 26));
    add(`${letter}lpha ${i}`, `filler${i}`);
  }
  for (const [i, n] of ['QVx', 'Qvy', 'qvz', 'qVa', 'QV', 'Qw', 'Aqv'].entries()) {
    add(`${n} person ${i}`, `p${i}person`, i === 2);
  }
  for (let i = 0; i < 4; i++) {
    add(`Bea ${i}`, `qv.bea.${i}`);
  }
  for (let i = 0; i < 12; i++) {
    add(`Azxw ${i}`, `common${i}`, i % 4 === 0);
  }
  for (let i = 0; i < 9; i++) {
    add(`Yzxw ${i}`, `late${i}`);
  }
  // Deleted users starting with 'q' in the name or only in the username, so their two prefix
  // indexes' matches interleave in the name order.
  for (const [n, u] of [
    ['Quill Gone', 'gone1'],
    ['Able Gone', 'q.gone2'],
    ['Quo Gone', 'gone3'],
    ['Mona Gone', 'q.gone4'],
  ]) {
    add(n, u, true);
  }
  add('Rarezxq One', 'rare1');
  add('Kim', 'rarezxq.two');
  await env.db.execute(
    sql.raw(`INSERT INTO users (name, username, email, is_admin, deleted_at) VALUES ${rows.join(', ')}`),
  );
});
afterAll(async () => {
  restoreEnv();
  await env?.close();
});

type Kind = 'active' | 'deleted';
const KIND = { active: 'deleted_at IS NULL', deleted: 'deleted_at IS NOT NULL' };

/** The page plain SQL gives: the match over every row, sorted, sliced. */
async function expected(kind: Kind, term: string, order: string, dir: string, page: number, limit: number) {
  const match =
    [...term].length < 3
      ? `(lower(left(name, ${term.length})) = lower($1) OR lower(left(username, ${term.length})) = lower($1))`
      : `(name ILIKE '%' || $1 || '%' OR username ILIKE '%' || $1 || '%')`;
  const res = await env.db.execute(
    sql.raw(
      `SELECT id FROM users WHERE ${KIND[kind]} AND NOT is_admin AND ${match.replaceAll('$1', `'${term}'`)}
        ORDER BY ${order} ${dir}, id ${dir} LIMIT ${limit} OFFSET ${page * limit}`,
    ),
  );
  return uncheckedRows<{ id: number }>(res).map((r) => r.id);
}

async function listed(
  kind: Kind,
  query: string,
  order_by: string,
  direction: string,
  page: number,
  limit: number,
) {
  const call = kind === 'active' ? calls.usersList : calls.deletedUsers;
  const res = await callApi(
    env.app,
    call,
    { query, order_by, direction, page, page_limit: limit },
    admin.token,
  );
  expect(res.status).toBe(200);
  return res.body as { users: { id: number }[]; total_users: number; total_is_lower_bound: boolean };
}

describe('searched lists', () => {
  const cases: [string, Kind, string][] = [
    ['a 2-character term (every spelling, the prefix index)', 'active', 'qv'],
    ['a 1-character term', 'active', 'q'],
    ['a common term early in the order (the bounded walk)', 'active', 'zxw'],
    ['a rare term (every match through the trigram index)', 'active', 'rarezxq'],
    // Common (9 > the cap); by name ascending past the longer walk too: every match, sorted.
    ['a term gathered late in the order (every match, sorted)', 'active', 'Yzxw'],
    // In most rows, in none of the first 20 newest but in the 40 the longer walk reads.
    ['a common term absent from the start of the order (the longer walk)', 'active', 'lpha'],
    // By name, deleted users' own prefix indexes hold their order too (plan 2 reads them in order).
    ['deleted users, short and long terms', 'deleted', 'qv'],
    ['deleted users, a 1-character term', 'deleted', 'q'],
    ['deleted users, a long term', 'deleted', 'zxw'],
  ];
  for (const [label, kind, term] of cases) {
    it(`pages ${label} as plain SQL does, in every sort and direction`, async () => {
      for (const order of ['name', 'username', 'created_at']) {
        for (const dir of ['asc', 'desc']) {
          for (const [page, limit] of [
            [0, 3],
            [1, 3],
            [0, 50],
          ]) {
            const got = await listed(kind, term, order, dir, page, limit);
            const want = await expected(kind, term, order, dir, page, limit);
            expect(
              got.users.map((u) => u.id),
              `${term} by ${order} ${dir} page ${page}x${limit}`,
            ).toEqual(want);
          }
        }
      }
    });
  }

  it('answers the total exactly up to the cap and flags it beyond', async () => {
    expect(await listed('active', 'rarezxq', 'name', 'asc', 0, 10)).toMatchObject({
      total_users: 2,
      total_is_lower_bound: false,
    });
    expect(await listed('active', 'zxw', 'name', 'asc', 0, 10)).toMatchObject({
      total_users: 5,
      total_is_lower_bound: true,
    });
    expect(await listed('active', 'qv', 'name', 'asc', 0, 10)).toMatchObject({
      total_users: 5,
      total_is_lower_bound: true,
    });
    expect(await listed('active', 'qxqxq', 'name', 'asc', 0, 10)).toMatchObject({
      users: [],
      total_users: 0,
      total_is_lower_bound: false,
    });
  });

  it('counts a common term the same in both directions, and a term that starts names', async () => {
    for (const dir of ['asc', 'desc']) {
      const got = await listed('active', 'zxw', 'name', dir, 0, 3);
      expect(got.users.map((u) => u.id)).toEqual(await expected('active', 'zxw', 'name', dir, 0, 3));
      expect(got, dir).toMatchObject({ total_users: 5, total_is_lower_bound: true });
    }
    expect(await listed('active', 'Azxw 1', 'name', 'asc', 0, 3)).toMatchObject({
      total_users: 3,
      total_is_lower_bound: false,
    });
    const start = await listed('active', 'azxw', 'name', 'asc', 0, 3);
    expect(start.users.map((u) => u.id)).toEqual(await expected('active', 'azxw', 'name', 'asc', 0, 3));
    expect(start).toMatchObject({ total_users: 5, total_is_lower_bound: true });
  });

  it('pages wildcards and quotes literally, at the start of a name under 3 characters', async () => {
    await env.db.execute(
      sql.raw(`INSERT INTO users (name, username, email) VALUES
        ('%_ Percent', 'pct', 'pct@example.com'), ('_x Under', 'undx', 'undx@example.com'),
        ('O''Hara', 'ohara', 'ohara@example.com'), ('\\slash', 'bslash', 'bslash@example.com')`),
    );
    for (const [term, want] of [
      ['%', ['%_ Percent']],
      ['%_', ['%_ Percent']],
      ['_', ['_x Under']],
      ["o'", ["O'Hara"]],
      ['\\', ['\\slash']],
      ['%_ p', ['%_ Percent']],
    ] as const) {
      const got = await listed('active', term, 'name', 'asc', 0, 50);
      expect(
        got.users.map((u) => (u as unknown as { name: string }).name),
        term,
      ).toEqual(want);
    }
  });

  it('finds a long name-sorted term', async () => {
    const long = 'Rarezxq One'.repeat(4);
    await env.db.execute(
      sql.raw(
        `INSERT INTO users (name, username, email) VALUES ('${long}', 'longname', 'longname@example.com')`,
      ),
    );
    const got = await listed('active', long, 'name', 'asc', 0, 10);
    expect(got).toMatchObject({ total_users: 1, total_is_lower_bound: false });
  });
});
