import type { calls, FailedUrlRow, InputOf } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { dbTime, iso, likePattern, orderBy, pagedList } from '../../db/sql';
import { boundsOf } from '../../providers/analytics';

const FailedUrlDbRow = z.object({
  id: z.number(),
  post_id: z.number().nullable(),
  user_id: z.number().nullable(),
  username: z.string().nullable(),
  avatar: z.string().nullable(),
  url: z.string(),
  device_type: z.string().nullable(),
  device_os: z.string().nullable(),
  failed_in_curl: z.boolean(),
  scrap_by_script: z.boolean(),
  failed_in_enrichment: z.boolean(),
  created_at: dbTime,
  resolved_at: dbTime.nullable(),
  last_retried_at: dbTime.nullable(),
});
type FailedUrlDbRow = z.infer<typeof FailedUrlDbRow>;

/** A host of failed links with its count and the range's count of every failure. */
const HostDbRow = z.object({
  failed_host: z.string(),
  host_search_count: z.number(),
  total_metas: z.number(),
});

function presentFailedUrl(r: FailedUrlDbRow): FailedUrlRow {
  return {
    id: r.id,
    post: {
      id: r.post_id,
      user:
        r.user_id === null || r.username === null
          ? null
          : { id: r.user_id, username: r.username, avatar: r.avatar },
    },
    url: r.url,
    device_type: r.device_type,
    device_os: r.device_os,
    failed_in_curl: r.failed_in_curl ? 1 : 0,
    scrap_by_script: r.scrap_by_script ? 1 : 0,
    failed_in_enrichment: r.failed_in_enrichment ? 1 : 0,
    created_at: iso(r.created_at),
    resolved_at: iso(r.resolved_at),
    last_retried_at: iso(r.last_retried_at),
  };
}

const ORDER: Record<string, SQL> = {
  created_at: sql`f.created_at`,
  resolved_at: sql`f.resolved_at`,
  last_retried_at: sql`f.last_retried_at`,
  id: sql`f.id`,
};

/** The sort columns that hold nulls (last in either direction); the others keep their index's order. */
const NULLABLE = new Set(['resolved_at', 'last_retried_at']);

export async function listFailedUrls(db: Db, input: InputOf<typeof calls.failedUrls>) {
  const enrichment = input.failedType === 'enrichment';
  const { rows, total, total_is_lower_bound } = await pagedList(db, {
    select: sql`f.id, f.post_id, coalesce(p.user_id, f.user_id) AS user_id, u.username, u.avatar, f.url,
      f.device_type, f.device_os, f.failed_in_curl, f.scrap_by_script, f.failed_in_enrichment,
      f.created_at, f.resolved_at, f.last_retried_at`,
    // The page is found on failed_urls alone, then only its rows' posts and users are joined.
    from: sql`failed_urls f`,
    deferred: {
      key: sql`f.id`,
      rows: sql`failed_urls f ON f.id = page.key
        LEFT JOIN posts p ON p.id = f.post_id
        LEFT JOIN users u ON u.id = coalesce(p.user_id, f.user_id)`,
    },
    where: enrichment ? [sql`f.failed_in_enrichment`] : [],
    filters: [input.query && sql`f.url ILIKE ${likePattern(input.query)}`],
    order: orderBy(ORDER[input.order_by], sql`f.id`, input.direction, {
      nullable: NULLABLE.has(input.order_by),
    }),
    input,
    counter: enrichment ? 'failed_urls:enrichment' : ['failed_urls:enrichment', 'failed_urls:other'],
    row: FailedUrlDbRow,
  });
  return { data: rows.map(presentFailedUrl), totalCount: total, total_is_lower_bound };
}

/** Hosts of failed links in the range, most frequent first, with their share of all failures. */
export async function failedUrlsFrequency(db: Db, input: InputOf<typeof calls.failedUrlsFrequency>) {
  const parts: SQL[] = [sql`true`];
  if (input.start_date) {
    parts.push(
      sql`created_at >= ${boundsOf({ start_date: input.start_date, end_date: input.start_date }).from}`,
    );
  }
  if (input.end_date) {
    parts.push(sql`created_at < ${boundsOf({ start_date: input.end_date, end_date: input.end_date }).to}`);
  }
  const inRange = sql.join(parts, sql` AND `);
  const hostFilter = input.keyword ? sql`AND host ILIKE ${likePattern(input.keyword)}` : sql``;
  // Hosts in the range, most frequent first; total_metas counts every failure in the range.
  const { rows, total: totalCount } = await pagedList(db, {
    select: sql`h.host AS failed_host, h.c AS host_search_count,
      (SELECT count(*)::int FROM failed_urls WHERE ${inRange}) AS total_metas`,
    from: sql`(SELECT host, count(*)::int AS c FROM failed_urls WHERE ${inRange} ${hostFilter} GROUP BY host) h`,
    order: sql`h.c DESC, h.host`,
    input,
    counter: sql`SELECT count(DISTINCT host) FROM failed_urls WHERE ${inRange} ${hostFilter}`,
    row: HostDbRow,
  });
  return {
    data: rows.map((r) => ({
      failed_host: r.failed_host,
      total_metas: r.total_metas,
      host_search_count: r.host_search_count,
      frequency: r.total_metas ? Math.round((r.host_search_count / r.total_metas) * 10_000) / 100 : 0,
    })),
    totalCount,
  };
}
