// The searches list on the list floor (db/list-search.ts): whichever plan answers (the walk of the
// list's order, a 1-2 character term read in the term order from searches_term_p1_idx / _p2_idx,
// every match sorted), the page is the one plain SQL gives, and the total (counted newest first) is
// the plain count up to the cap, the cap with the flag beyond. The cap is 5 and the walk 20 rows
// here, so a few dozen searches exercise every plan.
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
let staff: MadeUser;
let restoreEnv: () => void;

beforeAll(async () => {
  restoreEnv = setEnv({ LIST_TOTAL_CAP: '5', LIST_SEARCH_WALK: '20' });
  env = await setupTestApp();
  staff = await makeUser(env.db, { permissions: ['searches'] });
  const owner = await makeUser(env.db, { platform: true });
  // Terms over the alphabet, one a minute; 'Qv'/'qv' starts terms in every case (some late in the
  // term order, 'qvz...' deleted); 'zxw' inside many early terms, 'Yzxw' only in late ones; 'rarezxq'
  // twice; equal terms tell their order by id.
  const terms: string[] = [];
  for (let i = 0; i < 40; i++) {
    terms.push(`${String.fromCharCode(97 + (i % 26))}lpha ${i}`);
  }
  terms.push('QVx one', 'Qvy two', 'qvz three', 'qVa four', 'QV', 'Qw five', 'aqv six', 'qv same', 'qv same');
  for (let i = 0; i < 12; i++) {
    terms.push(`azxw ${i}`);
  }
  for (let i = 0; i < 9; i++) {
    terms.push(`Yzxw ${i}`);
  }
  terms.push('rarezxq one', 'kim rarezxq');
  await env.db.execute(sql`
    INSERT INTO searches (user_id, search_term, type, created_at, updated_at, deleted_at)
    SELECT ${owner.id}, t.term, 'image', timestamptz '2026-01-01' + t.i * interval '1 minute',
        timestamptz '2026-01-01' + t.i * interval '1 minute',
        CASE WHEN t.term LIKE 'qvz%' THEN timestamptz '2026-02-01' END
      FROM json_array_elements_text(${JSON.stringify(terms)}::json) WITH ORDINALITY AS t(term, i)`);
});
afterAll(async () => {
  restoreEnv();
  await env?.close();
});

/** The matches plain SQL gives: the match over every search, sorted, sliced; and their count. */
async function expected(term: string, order: string, dir: string, page: number, limit: number) {
  const match =
    [...term].length < 3
      ? `lower(left(search_term, ${[...term].length})) = lower('${term}')`
      : `search_term ILIKE '%${term}%'`;
  const res = await env.db.execute(
    sql.raw(`SELECT id, count(*) OVER ()::int AS n FROM searches WHERE ${match}
      ORDER BY ${order} ${dir}, id ${dir}`),
  );
  const all = uncheckedRows<{ id: number; n: number }>(res);
  return {
    ids: all.slice(page * limit, (page + 1) * limit).map((r) => r.id),
    total: Math.min(all[0]?.n ?? 0, 5),
    lower: (all[0]?.n ?? 0) > 5,
  };
}

describe('the searches list searched', () => {
  for (const term of ['q', 'qv', 'Qw', 'zxw', 'Yzxw', 'rarezxq', 'lpha', 'nothing']) {
    it(`pages '${term}' and counts it as plain SQL does, in every sort and direction`, async () => {
      for (const order of ['search_term', 'created_at']) {
        for (const dir of ['asc', 'desc']) {
          for (const [page, limit] of [
            [0, 3],
            [1, 3],
            [0, 50],
          ]) {
            const input = { query: term, order_by: order, direction: dir, page, page_limit: limit };
            const res = await callApi(env.app, calls.searches, input, staff.token);
            expect(res.status).toBe(200);
            const want = await expected(term, order, dir, page, limit);
            const label = `${term} by ${order} ${dir} page ${page}x${limit}`;
            expect(
              res.body.data.map((s: { id: number }) => s.id),
              label,
            ).toEqual(want.ids);
            expect({ total: res.body.total, lower: res.body.total_is_lower_bound }, label).toEqual({
              total: want.total,
              lower: want.lower,
            });
          }
        }
      }
    });
  }
});
