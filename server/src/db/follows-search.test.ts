// A keyword among a user's followers or followings (the list floor, db/list-search.ts): whichever
// plan answers (the walk of the newest-first order, every match sorted), the page is plain SQL's,
// and the total the plain count up to the cap, the cap with the flag beyond. The cap is 5 and the
// walk 20 follows here, so a few dozen follows exercise both plans.
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
let star: number;
let small: number;
let fan: number;
let restoreEnv: () => void;

/** Users named `names` in order, each following `target` a second after the one before. */
async function followersOf(target: number, names: string[]) {
  await env.db.execute(sql`
    WITH made AS (
      INSERT INTO users (name, username, email)
      SELECT n.name, 'ss_' || ${target} || '_' || n.i, 'ss_' || ${target} || '_' || n.i || '@example.com'
        FROM json_array_elements_text(${JSON.stringify(names)}::json) WITH ORDINALITY AS n(name, i)
      RETURNING id, username
    )
    INSERT INTO follows (follower_id, following_id, created_at)
    SELECT id, ${target}, timestamptz '2025-01-01' + split_part(username, '_', 3)::int * interval '1 second'
      FROM made`);
  await env.db.execute(
    sql`UPDATE users SET followers_count = (SELECT count(*) FROM follows WHERE following_id = ${target}) WHERE id = ${target}`,
  );
}

beforeAll(async () => {
  restoreEnv = setEnv({ LIST_TOTAL_CAP: '5', LIST_SEARCH_WALK: '20' });
  env = await setupTestApp();
  admin = await makeUser(env.db, { superAdmin: true });
  star = (await makeUser(env.db, { platform: true, name: 'Star' })).id;
  small = (await makeUser(env.db, { platform: true, name: 'Small' })).id;
  // 60 followers of star, oldest first: 'Cmnq' in every other one (common everywhere); 'Edgq' once
  // among the first 20 and once after (the sample finds it common, the walk ends short of the cap);
  // 'Rarq' 3 times and 'Sprq' 7 times, all after the first 20 (the sample misses them); 'Wlkq' twice
  // among the first 20 and 5 times after. 'Estq' and 'Latq' 4 times among the first 20: the walk
  // after it takes 1.5 x 2 / (4 / 20) = 15 members (20-34); 'Estq' twice among them, 'Latq' after them.
  const names = Array.from({ length: 60 }, (_, i) => {
    const tags: [string, boolean][] = [
      ['Cmnq', i % 2 === 0],
      ['Edgq', i === 7 || i === 44],
      ['Rarq', [25, 39, 58].includes(i)],
      ['Sprq', i >= 30 && i < 37],
      ['Wlkq', [3, 15, 22, 27, 33, 41, 50].includes(i)],
      ['Estq', [1, 5, 9, 13, 24, 34].includes(i)],
      ['Latq', [2, 6, 10, 14, 35].includes(i)],
    ];
    return [`Fan ${i}`, ...tags.filter(([, on]) => on).map(([t]) => t)].join(' ');
  });
  await followersOf(star, names);
  // A small subset: 8 followers, all 'Tinq', 3 of them 'Thrq'.
  await followersOf(
    small,
    Array.from({ length: 8 }, (_, i) => `Tinq ${i}${i < 3 ? ' Thrq' : ''}`),
  );
  // fan follows star's 30 oldest followers: 'Cmnq' 15 times, 'Rarq' once, after the sample's 20.
  fan = (await makeUser(env.db, { platform: true, name: 'Fan' })).id;
  await env.db.execute(sql`
    INSERT INTO follows (follower_id, following_id, created_at)
    SELECT ${fan}, f.follower_id, f.created_at FROM follows f WHERE f.following_id = ${star} ORDER BY f.created_at LIMIT 30`);
});
afterAll(async () => {
  restoreEnv();
  await env?.close();
});

/** Plain SQL over the side's follows rows of `user` whose user holds `term`: `what` of them, then `tail`. */
async function plainFollows<T>(
  side: 'followers' | 'following',
  user: number,
  term: string,
  what: string,
  tail = '',
) {
  const [own, other] =
    side === 'followers' ? ['following_id', 'follower_id'] : ['follower_id', 'following_id'];
  return uncheckedRows<T>(
    await env.db.execute(
      sql.raw(`SELECT ${what} FROM follows f JOIN users u ON u.id = f.${other}
        WHERE f.${own} = ${user} AND (u.name ILIKE '%${term}%' OR u.username ILIKE '%${term}%' OR u.email ILIKE '%${term}%')
        ${tail}`),
    ),
  );
}

/** The plain count of `term` among the side's rows of `user`. */
async function plainCount(side: 'followers' | 'following', user: number, term: string) {
  return (await plainFollows<{ n: number }>(side, user, term, 'count(*)::int AS n'))[0].n;
}

describe("a keyword's total among a user's follows", () => {
  const cases: ['followers' | 'following', () => number, string, string][] = [
    ['followers', () => star, 'cmnq', 'common: the sample alone passes the cap'],
    ['followers', () => star, 'wlkq', 'common in the sample, the walk after it reaches the cap'],
    ['followers', () => star, 'edgq', 'common in the sample, the walk ends short: the bitmap counts'],
    ['followers', () => star, 'estq', 'the walk reaches the cap on its last member'],
    ['followers', () => star, 'latq', 'the next match just past the walk: the bitmap counts'],
    ['followers', () => star, 'rarq', 'missed by the sample: the bitmap counts'],
    ['followers', () => star, 'sprq', 'missed by the sample, past the cap'],
    ['followers', () => star, 'nowhere', 'no match'],
    ['followers', () => small, 'tinq', 'a small subset past the cap'],
    ['followers', () => small, 'thrq', 'a small subset under the cap'],
    ['following', () => fan, 'cmnq', 'followings: common'],
    ['following', () => fan, 'rarq', 'followings: rare, after the sample'],
  ];
  for (const [side, user, term, label] of cases) {
    it(`${side} '${term}' (${label})`, async () => {
      const plain = await plainCount(side, user(), term);
      const res = await callApi(
        env.app,
        side === 'followers' ? calls.followers : calls.following,
        { user_id: user(), keyword: term, page_limit: 100 },
        admin.token,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject(
        plain > 5 ? { total: 5, total_is_lower_bound: true } : { total: plain, total_is_lower_bound: false },
      );
      expect(res.body.data).toHaveLength(plain);
    });
  }

  it('found the cases it means to (so each plan above is reached)', async () => {
    expect(await plainCount('followers', star, 'cmnq')).toBe(30);
    expect(await plainCount('followers', star, 'edgq')).toBe(2);
    expect(await plainCount('followers', star, 'rarq')).toBe(3);
    expect(await plainCount('followers', star, 'sprq')).toBe(7);
    expect(await plainCount('followers', star, 'wlkq')).toBe(7);
    expect(await plainCount('followers', star, 'estq')).toBe(6);
    expect(await plainCount('followers', star, 'latq')).toBe(5);
    expect(await plainCount('followers', small, 'tinq')).toBe(8);
    expect(await plainCount('following', fan, 'rarq')).toBe(1);
  });
});

/** Followers of `user` whose name, username or email holds `term` as typed (its first characters under 3). */
async function literalCount(user: number, term: string) {
  const short = [...term].length < 3;
  const has = (col: ReturnType<typeof sql.raw>) =>
    short
      ? sql`lower(left(${col}, ${[...term].length})) = lower(${term})`
      : sql`strpos(lower(${col}), lower(${term})) > 0`;
  const [row] = uncheckedRows<{ n: number }>(
    await env.db.execute(sql`SELECT count(*)::int AS n FROM follows f JOIN users u ON u.id = f.follower_id
      WHERE f.following_id = ${user}
        AND (${has(sql.raw('u.name'))} OR ${has(sql.raw('u.username'))} OR ${has(sql.raw('u.email'))})`),
  );
  return row.n;
}

describe('keywords an attacker might send', () => {
  it('answers 200 with a literal match for wildcards, quotes, backslashes, short and non-Latin terms', async () => {
    for (const keyword of ['%', '_', "'", '\\', "a'; DROP TABLE follows; --", 'C', 'fa', 'Ünï', '😀😀😀']) {
      const res = await callApi(env.app, calls.followers, { user_id: star, keyword }, admin.token);
      expect(res.status, keyword).toBe(200);
      expect(res.body.total, keyword).toBe(Math.min(5, await literalCount(star, keyword)));
    }
  });
});

describe("a keyword's newest-first page, walked in follows order", () => {
  it('answers the rows plain SQL pages to, in both directions, full and short pages', async () => {
    for (const [term, direction, page, limit] of [
      ['cmnq', 'desc', 0, 3],
      ['cmnq', 'asc', 2, 4],
      ['wlkq', 'desc', 1, 2],
      ['wlkq', 'desc', 3, 2],
      ['fan', 'asc', 5, 7],
      ['sprq', 'desc', 0, 5],
      ['nowhere', 'desc', 0, 3],
    ] as const) {
      const dir = direction === 'asc' ? 'ASC' : 'DESC';
      const plain = (
        await plainFollows<{ id: number }>(
          'followers',
          star,
          term,
          'u.id',
          `ORDER BY f.created_at ${dir}, f.follower_id ${dir} LIMIT ${limit} OFFSET ${page * limit}`,
        )
      ).map((r) => r.id);
      const res = await callApi(
        env.app,
        calls.followers,
        { user_id: star, keyword: term, page, page_limit: limit, order_by: 'created_at', direction },
        admin.token,
      );
      expect(res.status).toBe(200);
      expect(
        res.body.data.map((r: { id: number }) => r.id),
        `${term} ${direction} ${page}`,
      ).toEqual(plain);
      // A full walk counts over the probed follows rows, a short one through the term's index.
      const n = await plainCount('followers', star, term);
      expect(res.body, `${term} total`).toMatchObject(
        n > 5 ? { total: 5, total_is_lower_bound: true } : { total: n, total_is_lower_bound: false },
      );
    }
  });
});
