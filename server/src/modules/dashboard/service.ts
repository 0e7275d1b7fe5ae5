import {
  type calls,
  type DashboardWidget,
  hasPermission,
  type InputOf,
  WIDGET_CATALOGUE,
  type WidgetType,
} from '@admin/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { dashboardWidgets } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import type { AuthUser } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { boundsOf, type DateRange, daysOf } from '../../providers/analytics';
import { widgetsOf } from '../auth';

type TopSearchesInput = InputOf<typeof calls.topSearches>;

const DAY = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`);

/** The days of a range, both ends included, on search_daily_counts.day. */
const inDays = (range: DateRange) => sql`day >= ${range.start_date}::date AND day <= ${range.end_date}::date`;

function byDay<T extends { day: string }>(rows: T[]): Map<string, T> {
  return new Map(rows.map((r) => [r.day, r]));
}

const Count = z.object({ n: z.number() });
const DayCount = z.object({ day: z.string(), n: z.number() });

/** The queries of the Swis Analytics widget (run concurrently); exported for the benchmark. */
export function swisAnalyticsSql(range: DateRange): SQL[] {
  const { from, to } = boundsOf(range);
  const platformUser = sql`NOT is_admin`;
  return [
    sql`
      SELECT count(*) FILTER (WHERE created_at < ${to} AND deleted_at IS NULL)::int AS users,
             count(*) FILTER (WHERE created_at >= ${from} AND created_at < ${to})::int AS new_users
        FROM users WHERE ${platformUser}`,
    sql`
      SELECT count(DISTINCT user_id)::int AS n FROM analytics_events
       WHERE created_at >= ${from} AND created_at < ${to} AND user_id IS NOT NULL`,
    sql`
      SELECT coalesce(sum(total), 0)::int AS n FROM search_daily_counts
       WHERE kind = 'all' AND ${inDays(range)}`,
    sql`SELECT count(*)::int AS n FROM posts WHERE created_at >= ${from} AND created_at < ${to}`,
    sql`
      SELECT ${DAY('created_at')} AS day, count(*)::int AS n FROM users
       WHERE ${platformUser} AND created_at >= ${from} AND created_at < ${to} GROUP BY 1`,
    sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(total)::int AS n FROM search_daily_counts
       WHERE kind = 'all' AND ${inDays(range)} GROUP BY 1`,
    sql`
      SELECT ${DAY('created_at')} AS day, count(*)::int AS n FROM posts
       WHERE created_at >= ${from} AND created_at < ${to} GROUP BY 1`,
  ];
}

/** The platform's own counts for the Swis Analytics widget, with a daily series. */
export async function swisAnalytics(db: Db, range: DateRange) {
  const [users, active, searches, posts, newDaily, searchDaily, postDaily] = await Promise.all(
    swisAnalyticsSql(range).map((q) => db.execute(q)),
  );
  const u = rowsOf(z.object({ users: z.number(), new_users: z.number() }), users)[0];
  const nd = byDay(rowsOf(DayCount, newDaily));
  const sd = byDay(rowsOf(DayCount, searchDaily));
  const pd = byDay(rowsOf(DayCount, postDaily));
  return {
    users: u.users,
    new_users: u.new_users,
    active_users: rowsOf(Count, active)[0].n,
    searches: rowsOf(Count, searches)[0].n,
    posts: rowsOf(Count, posts)[0].n,
    daily: daysOf(range).map((date) => ({
      date,
      new_users: nd.get(date)?.n ?? 0,
      searches: sd.get(date)?.n ?? 0,
      posts: pd.get(date)?.n ?? 0,
    })),
  };
}

/** The query of the Top/Popular Searches widgets, on the daily counts; exported for the benchmark. */
export function topSearchesSql(input: TopSearchesInput): SQL {
  return sql`
    SELECT label, sum(total)::int AS total FROM search_daily_counts
     WHERE kind = ${input.group_by} AND ${inDays(input)}
     GROUP BY 1 HAVING sum(total) > 0 ORDER BY 2 DESC, 1 LIMIT ${input.limit}`;
}

/** Most searched terms (case-insensitive) or websites of a range. */
export async function topSearches(db: Db, input: TopSearchesInput) {
  return rowsOf(z.object({ label: z.string(), total: z.number() }), await db.execute(topSearchesSql(input)));
}

/** The queries of the Failed Urls Graph widget (concurrent); exported for the benchmark. */
export function failedUrlsGraphSql(range: DateRange): SQL[] {
  const { from, to } = boundsOf(range);
  return [
    sql`
      SELECT ${DAY('created_at')} AS day,
             count(*) FILTER (WHERE failed_in_curl)::int AS failed_in_curl,
             count(*) FILTER (WHERE failed_in_enrichment)::int AS failed_in_enrichment
        FROM failed_urls WHERE created_at >= ${from} AND created_at < ${to} GROUP BY 1`,
    sql`
      SELECT ${DAY('resolved_at')} AS day, count(*)::int AS n
        FROM failed_urls WHERE resolved_at >= ${from} AND resolved_at < ${to} GROUP BY 1`,
  ];
}

/** Failed links per day: failed to load, failed in enrichment, and resolved that day. */
export async function failedUrlsGraph(db: Db, range: DateRange) {
  const [created, resolved] = await Promise.all(failedUrlsGraphSql(range).map((q) => db.execute(q)));
  const c = byDay(
    rowsOf(
      z.object({ day: z.string(), failed_in_curl: z.number(), failed_in_enrichment: z.number() }),
      created,
    ),
  );
  const r = byDay(rowsOf(DayCount, resolved));
  return daysOf(range).map((date) => ({
    date,
    failed_in_curl: c.get(date)?.failed_in_curl ?? 0,
    failed_in_enrichment: c.get(date)?.failed_in_enrichment ?? 0,
    resolved: r.get(date)?.n ?? 0,
  }));
}

/** The queries of the Campaign Analytics widget (concurrent); exported for the benchmark. */
export function adsAnalyticsSql(range: DateRange): SQL[] {
  const { from, to } = boundsOf(range);
  return [
    sql`
      SELECT status, count(*)::int AS count FROM campaigns
       WHERE created_at >= ${from} AND created_at < ${to} AND deleted_at IS NULL
       GROUP BY 1 ORDER BY 2 DESC, 1`,
    sql`
      SELECT kind, count(*)::int AS count, coalesce(sum(cost), 0)::float8 AS spend FROM campaign_events
       WHERE created_at >= ${from} AND created_at < ${to} GROUP BY 1 ORDER BY 2 DESC, 1`,
  ];
}

/** Campaigns created in the range by status, ad events by kind and what they cost. */
export async function adsAnalytics(db: Db, range: DateRange) {
  const [statuses, events] = await Promise.all(adsAnalyticsSql(range).map((q) => db.execute(q)));
  const byStatus = rowsOf(z.object({ status: z.string(), count: z.number() }), statuses);
  const ev = rowsOf(z.object({ kind: z.string(), count: z.number(), spend: z.number() }), events);
  return {
    by_status: byStatus,
    campaigns_created: byStatus.reduce((s, r) => s + r.count, 0),
    events: ev.map(({ kind, count }) => ({ kind, count })),
    spend: Math.round(ev.reduce((s, r) => s + Number(r.spend), 0) * 100) / 100,
  };
}

/** The query of the Ads Transactions widget; exported for the benchmark. */
export function adsTransactionsSql(range: DateRange): SQL {
  const { from, to } = boundsOf(range);
  return sql`
    SELECT ${DAY('created_at')} AS day,
           coalesce(sum(amount) FILTER (WHERE transaction_type = 'debit'), 0)::float8 AS debit,
           coalesce(sum(amount) FILTER (WHERE transaction_type = 'credit'), 0)::float8 AS credit
      FROM transactions WHERE created_at >= ${from} AND created_at < ${to} GROUP BY 1`;
}

/** Debit and credit totals per day. */
export async function adsTransactions(db: Db, range: DateRange) {
  const Day = z.object({ day: z.string(), debit: z.number(), credit: z.number() });
  const d = byDay(rowsOf(Day, await db.execute(adsTransactionsSql(range))));
  return daysOf(range).map((date) => ({
    date,
    debit: Number(d.get(date)?.debit ?? 0),
    credit: Number(d.get(date)?.credit ?? 0),
  }));
}

/** The arranger options of a tab this user holds the permission for. */
function availableWidgets(user: AuthUser, type: WidgetType): DashboardWidget[] {
  return WIDGET_CATALOGUE[type].filter((w) => hasPermission(user, w.permission)).map((w) => ({ ...w }));
}

export async function savedWidgets(db: Db, user: AuthUser, type: WidgetType) {
  const [row] = await db
    .select()
    .from(dashboardWidgets)
    .where(and(eq(dashboardWidgets.userId, user.id), eq(dashboardWidgets.type, type)));
  return {
    type,
    // A JSON string, as spec 02 says the list arrives (the app parses it).
    widget_json: JSON.stringify(row?.widgetJson ?? []),
    available: availableWidgets(user, type),
  };
}

/**
 * Saves the ordered list of a tab. Every entry must be an option of that tab the user may see,
 * at most once; permission and content are taken from the catalogue, not from the request.
 */
export async function saveWidgets(
  db: Db,
  user: AuthUser,
  type: WidgetType,
  list: DashboardWidget[],
  now: Date,
) {
  const allowed = new Map(availableWidgets(user, type).map((w) => [w.id, w]));
  const seen = new Set<string>();
  const clean: DashboardWidget[] = [];
  for (const w of list) {
    const known = WIDGET_CATALOGUE[type].find((c) => c.id === w.id);
    if (!known) {
      throw badRequest(`widget_json: ${w.id} is not a widget of the ${type} tab`);
    }
    const option = allowed.get(w.id);
    if (!option) {
      throw badRequest(`widget_json: you do not have the permission ${known.permission} for ${w.id}`);
    }
    if (seen.has(w.id)) {
      throw badRequest(`widget_json: ${w.id} appears more than once`);
    }
    seen.add(w.id);
    clean.push(option);
  }
  await db
    .insert(dashboardWidgets)
    .values({ userId: user.id, type, widgetJson: clean, updatedAt: now })
    .onConflictDoUpdate({
      target: [dashboardWidgets.userId, dashboardWidgets.type],
      set: { widgetJson: clean, updatedAt: now },
    });
  return {
    responseMessage: 'Dashboard widgets saved successfully',
    data: { type, widget_json: JSON.stringify(clean) },
    widget: await widgetsOf(db, user.id),
  };
}
