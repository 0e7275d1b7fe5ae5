// Searches list (issue 4): paged newest first, and filtered by type, on BENCH_SEARCHES rows
// (default 5,000,000). The bench seed makes one search per user; this tops the table up with
// PostgreSQL's generate_series (seedScale) the first time, and reuses the rows afterwards.
import type { calls, InputOf } from '@admin/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../server/src/db/client';
import { searchesQueries } from '../../server/src/modules/searches/bench';
import { seedScale } from '../../server/src/seed/scale';
import { printLog } from '../lib/print-log';
import type { BenchContext, Scenario } from '../lib/types';

type SearchesInput = InputOf<typeof calls.searches>;

const TARGET = Number(process.env.BENCH_SEARCHES ?? 5_000_000);

function input(over: Partial<SearchesInput>): SearchesInput {
  return { page: 0, page_limit: 10, order_by: 'created_at', direction: 'desc', ...over };
}

function url(i: SearchesInput): string {
  const qs = new URLSearchParams(
    Object.entries(i)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  return `/api/v2/searches?${qs}`;
}

async function topUp(ctx: BenchContext) {
  const { rows } = await ctx.pool.query<{ n: string }>('SELECT count(*) AS n FROM searches');
  const have = Number(rows[0].n);
  if (have >= TARGET) {
    console.log(`[bench] searches: ${have.toLocaleString('en-US')} rows (reused)`);
    return have;
  }
  const started = Date.now();
  console.log(
    `[bench] searches: adding ${(TARGET - have).toLocaleString('en-US')} rows with generate_series…`,
  );
  await seedScale(drizzle(ctx.pool) as unknown as Db, {
    searches: TARGET - have,
    log: printLog((m) => console.log(`[bench] ${m}`)),
  });
  await ctx.pool.query('VACUUM ANALYZE searches');
  console.log(`[bench] searches: ${TARGET.toLocaleString('en-US')} rows in ${Date.now() - started} ms`);
  return TARGET;
}

export const scenarios = async (ctx: BenchContext): Promise<Scenario[]> => {
  await topUp(ctx);
  const { rows } = await ctx.pool.query<{ user_id: number }>(
    'SELECT user_id FROM searches GROUP BY user_id ORDER BY count(*) DESC LIMIT 1',
  );
  const busyUser = rows[0]?.user_id;
  const cases: [string, SearchesInput][] = [
    ['searches newest first, page 1', input({})],
    ['searches newest first, page 50', input({ page: 49 })],
    ['searches type=raw_video newest first', input({ type: 'raw_video' })],
    ['searches type=image newest first, page 20', input({ type: 'image', page: 19 })],
    ['searches of one user (profile tab)', input({ user_id: busyUser })],
  ];
  return cases.map(([name, i]) => ({ name, url: url(i), sql: searchesQueries(i), sqlParallel: true }));
};
