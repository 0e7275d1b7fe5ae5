// Operations (issue 7): the users map for the whole default view and for a city box (against
// get-login-data in the same run), and the dashboard's widget calls for a 180-day range (against
// their SQL alone). The bench seed has few analytics events and failed links; this tops
// analytics_events (BENCH_ANALYTICS_EVENTS, default 2,000,000) and failed_urls (BENCH_FAILED_URLS,
// default 200,000) up the first time with generate_series, and reuses them afterwards.
// Notifications to every device token are measured by bench/notifications-bench.ts.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../server/src/db/client';
import {
  adsAnalyticsSql,
  adsTransactionsSql,
  failedUrlsGraphSql,
  swisAnalyticsSql,
  topSearchesSql,
} from '../../server/src/modules/dashboard/bench';
import {
  type Bounds,
  cellsSql,
  loneUsersSql,
  rebuildMapCells,
  usersGridSql,
} from '../../server/src/modules/map/bench';
import { localGraphSql, localReportSql } from '../../server/src/providers/analytics';
import type { BenchContext, Scenario } from '../lib/types';

const EVENTS = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 2_000_000);
const FAILED = Number(process.env.BENCH_FAILED_URLS ?? 200_000);

async function topUp(ctx: BenchContext) {
  const db = drizzle(ctx.pool) as unknown as Db;
  const count = async (table: string) =>
    Number((await ctx.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
  const events = await count('analytics_events');
  if (events < EVENTS) {
    const t = Date.now();
    await db.execute(sql`
      INSERT INTO analytics_events (user_id, session_id, event, platform, country, created_at)
      SELECT u.id, 's' || (g / 7), (ARRAY['session_start','screen_view','screen_view','screen_view','search','sign_up'])[1 + g % 6],
             (ARRAY['android','ios'])[1 + g % 2], (ARRAY['US','US','US','CA','MX','IN'])[1 + g % 6],
             now() - (random() * 365) * interval '1 day'
        FROM generate_series(1, ${EVENTS - events}) g
        JOIN LATERAL (SELECT id FROM users WHERE id = (1 + (g::bigint * 7919) % (SELECT max(id) FROM users))::int) u ON true`);
    await ctx.pool.query('VACUUM ANALYZE analytics_events');
    console.log(
      `[bench] operations: analytics_events topped up to ${EVENTS.toLocaleString('en-US')} in ${Date.now() - t} ms`,
    );
  }
  const failed = await count('failed_urls');
  if (failed < FAILED) {
    const t = Date.now();
    await db.execute(sql`
      INSERT INTO failed_urls (user_id, url, host, device_type, failed_in_curl, scrap_by_script, failed_in_enrichment,
                               created_at, resolved_at)
      SELECT NULL, 'https://site' || (g % 500) || '.example/p/' || g, 'site' || (g % 500) || '.example',
             (ARRAY['android','ios'])[1 + g % 2], true, g % 3 = 0, g % 9 = 0,
             c, CASE WHEN g % 4 = 0 THEN c + interval '2 days' END
        FROM generate_series(1, ${FAILED - failed}) g,
             LATERAL (SELECT now() - (random() * 365) * interval '1 day' AS c) t`);
    await ctx.pool.query('VACUUM ANALYZE failed_urls');
    console.log(
      `[bench] operations: failed_urls topped up to ${FAILED.toLocaleString('en-US')} in ${Date.now() - t} ms`,
    );
  }
  // The map reads precomputed cells above 20,000 located users; build them once, as the first
  // request of a server would, and report how long it takes.
  const t = Date.now();
  await rebuildMapCells(db, { wait: true });
  console.log(`[bench] operations: map cells rebuilt in ${Date.now() - t} ms`);
}

const qs = (o: object) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)] as [string, string])).toString();

export const scenarios = async (ctx: BenchContext): Promise<Scenario[]> => {
  await topUp(ctx);
  const db = drizzle(ctx.pool) as unknown as Db;
  // A 1366 px screen minus the sidebar at zoom 6 around 36.78,-119.42 (the map's default view).
  const wide: Bounds = { sw_lat: 30.9, sw_lng: -130.7, ne_lat: 42.6, ne_lng: -108.1, zoom: 6 };
  // San Francisco: a city box at zoom 12 (cells) and a neighbourhood at zoom 14 (users directly).
  const city: Bounds = { sw_lat: 37.67, sw_lng: -122.6, ne_lat: 37.89, ne_lng: -122.25, zoom: 12 };
  const street: Bounds = { sw_lat: 37.75, sw_lng: -122.47, ne_lat: 37.805, ne_lng: -122.38, zoom: 14 };
  const mapSql = async (b: Bounds, cells: boolean) => {
    const grid = cells ? cellsSql(b, b.zoom) : usersGridSql(b, b.zoom);
    const { rows } = (await db.execute(grid)) as unknown as { rows: { n: number; user_id: number | null }[] };
    const ids = rows.filter((r) => r.n === 1 && r.user_id !== null).map((r) => r.user_id as number);
    return ids.length ? [grid, loneUsersSql(ids)] : [grid];
  };
  const end = new Date();
  const start = new Date(end.getTime() - 179 * 86_400_000);
  const range = { start_date: start.toISOString().slice(0, 10), end_date: end.toISOString().slice(0, 10) };
  const r = qs(range);
  return [
    { name: 'get-login-data (reference for the map)', url: '/api/v2/get-login-data' },
    {
      name: 'users-locations default view (zoom 6)',
      url: `/api/v2/users-locations?${qs(wide)}`,
      sql: await mapSql(wide, true),
    },
    {
      name: 'users-locations city box (zoom 12)',
      url: `/api/v2/users-locations?${qs(city)}`,
      sql: await mapSql(city, true),
    },
    {
      name: 'users-locations streets (zoom 14, direct)',
      url: `/api/v2/users-locations?${qs(street)}`,
      sql: await mapSql(street, false),
    },
    {
      name: 'dashboard-data 180 days',
      url: `/api/v2/dashboard-data?${r}`,
      sql: swisAnalyticsSql(range),
      sqlParallel: true,
    },
    {
      name: 'google-analytics (local) 180 days',
      url: `/api/v2/google-analytics?${r}`,
      sql: localReportSql(range),
      sqlParallel: true,
    },
    {
      name: 'google-analytics-graph (local) 180 days',
      url: `/api/v2/google-analytics-graph?${r}`,
      sql: localGraphSql(range),
    },
    {
      name: 'top-searches 180 days',
      url: `/api/v2/top-searches?${r}&group_by=term&limit=10`,
      sql: topSearchesSql({ ...range, group_by: 'term', limit: 10 }),
    },
    {
      name: 'failed-urls-graph 180 days',
      url: `/api/v2/failed-urls-graph?${r}`,
      sql: failedUrlsGraphSql(range),
      sqlParallel: true,
    },
    {
      name: 'ads-analytics 180 days',
      url: `/api/v2/ads-analytics?${r}`,
      sql: adsAnalyticsSql(range),
      sqlParallel: true,
    },
    {
      name: 'ads-transactions 180 days',
      url: `/api/v2/ads-transactions?${r}`,
      sql: adsTransactionsSql(range),
    },
  ];
};
