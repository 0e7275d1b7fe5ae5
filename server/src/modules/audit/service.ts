import type { AuditRow, calls, InputOf } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import {
  dbNumeric,
  dbTime,
  likePattern,
  orderBy,
  type PagedListSpec,
  pagedList,
  pagedListQueries,
  rowsOf,
} from '../../db/sql';
import { csvCell } from '../../lib/csv';

/** The audit-log call's filters and paging (its format picks the route's answer, not the rows). */
type AuditListInput = Omit<InputOf<typeof calls.auditLog>, 'format'>;

/**
 * The user's filters. Each one is served by an index ending in (created_at, id), so a page newest
 * first under any one filter walks that index from its end: actor (actor_id), target
 * (target_type, target_id), target type, action, and days (created_at). The profile's user_id
 * filter is the source itself (see auditSource).
 */
function auditFilters(input: AuditListInput): (SQL | undefined)[] {
  const q = input.query;
  return [
    input.actor_id === undefined ? undefined : sql`a.actor_id = ${input.actor_id}`,
    input.target_type ? sql`a.target_type = ${input.target_type}` : undefined,
    input.target_id ? sql`a.target_id = ${input.target_id}` : undefined,
    input.action ? sql`a.action = ${input.action}` : undefined,
    input.start_date ? sql`a.created_at >= ${`${input.start_date}T00:00:00Z`}::timestamptz` : undefined,
    input.end_date
      ? sql`a.created_at < ${`${input.end_date}T00:00:00Z`}::timestamptz + interval '1 day'`
      : undefined,
    q
      ? sql`(a.actor_username ILIKE ${likePattern(q)} OR a.action ILIKE ${likePattern(q)} OR a.target_type ILIKE ${likePattern(q)}
      OR a.target_id = ${q} OR a.request_id = ${q})`
      : undefined,
  ];
}

/**
 * The rows the list is over, as `a`: the whole trail, or for user_id (the profile's Activity tab)
 * what the user did UNION ALL what others did to them. For a page, each branch applies the
 * filters and stops at the page's end in the list's order (`pageEnd`): PostgreSQL does not merge
 * the two ordered index walks of a UNION ALL under a LIMIT, it reads every match of both and
 * sorts them (6.6 s for a user in 2,500,000 of 10,000,000 entries). The total counts over the
 * branches without that stop.
 */
function auditSource(input: AuditListInput, pageEnd?: number): SQL {
  if (input.user_id === undefined) {
    return sql`audit_log a`;
  }
  const id = input.user_id;
  const branch = (who: SQL) =>
    pageEnd === undefined
      ? sql`SELECT * FROM audit_log a WHERE ${who}`
      : sql`(SELECT * FROM audit_log a WHERE ${who} AND ${and(auditFilters(input))}
          ORDER BY ${orderOf(input)} LIMIT ${pageEnd})`;
  return sql`(${branch(sql`a.actor_id = ${id}`)}
    UNION ALL
    ${branch(sql`a.target_type = 'user' AND a.target_id = ${String(id)} AND a.actor_id IS DISTINCT FROM ${id}`)}) a`;
}

function orderOf(input: AuditListInput): SQL {
  const dir = input.direction === 'asc' ? sql`ASC` : sql`DESC`;
  if (input.order_by === 'id') {
    return sql`a.id ${dir}`;
  }
  if (input.order_by === 'action') {
    return sql`a.action ${dir}, a.created_at ${dir}, a.id ${dir}`;
  }
  return orderBy(sql`a.created_at`, sql`a.id`, input.direction);
}

/**
 * The list on the shared floor (db/sql.ts): the page is found on ids alone over the filter's index
 * (index-only, so deep pages cost little more than the first), then whole rows are read for the
 * page; the total is counted up to LIST_TOTAL_CAP (total_is_lower_bound beyond it).
 */
function auditListSpec(input: AuditListInput): PagedListSpec {
  return {
    select: sql`a.id, a.created_at, a.actor_id, a.actor_username, a.action, a.target_type,
      a.target_id, a.changes, a.ip, a.user_agent, a.request_id`,
    from: auditSource(input, (input.page + 1) * input.page_limit),
    countFrom: auditSource(input),
    filters: auditFilters(input),
    order: orderOf(input),
    input,
    deferred: { key: sql`a.id`, rows: sql`audit_log a ON a.id = page.key` },
  };
}

/** The page's and the total's queries (the bench times them as the call runs them). */
export function auditListQueries(input: AuditListInput): SQL[] {
  return pagedListQueries(auditListSpec(input));
}

const AuditDbRow = z.object({
  id: dbNumeric,
  created_at: dbTime,
  actor_id: z.number().nullable(),
  actor_username: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  changes: z.unknown(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  request_id: z.string().nullable(),
});
type AuditDbRow = z.infer<typeof AuditDbRow>;

function presentAudit(r: AuditDbRow): AuditRow {
  return {
    id: Number(r.id),
    created_at: new Date(r.created_at).toISOString(),
    actor: { id: r.actor_id, username: r.actor_username },
    action: r.action,
    target_type: r.target_type,
    target_id: r.target_id,
    changes: typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes,
    ip: r.ip,
    user_agent: r.user_agent,
    request_id: r.request_id,
  };
}

/** One page of the trail and the total under the same filter (counted up to LIST_TOTAL_CAP). */
export async function listAudit(db: Db, input: AuditListInput) {
  const { rows, ...total } = await pagedList(db, { ...auditListSpec(input), row: AuditDbRow });
  return { data: rows.map(presentAudit), ...total };
}

const and = (parts: (SQL | undefined)[]) => {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length > 0 ? sql.join(present, sql` AND `) : sql`true`;
};

const CSV_HEADER =
  'id,created_at,actor_id,actor_username,action,target_type,target_id,changes,ip,user_agent,request_id\n';

/**
 * The filtered list as CSV text in batches of 2,000 rows, newest first, each batch picked up where
 * the last ended (by created_at and id), so memory stays flat however long the list.
 */
export async function* auditCsv(db: Db, input: AuditListInput): AsyncGenerator<string> {
  yield CSV_HEADER;
  let after: { at: string; id: number } | null = null;
  for (;;) {
    // The cursor keeps created_at as PostgreSQL's text: a JS Date would drop the microseconds.
    const from: SQL = after ? sql`AND (a.created_at, a.id) < (${after.at}::timestamptz, ${after.id})` : sql``;
    const batch = rowsOf(
      AuditDbRow.extend({ cursor_at: z.string() }),
      await db.execute(sql`SELECT a.*, a.created_at::text AS cursor_at FROM ${auditSource(input)}
        WHERE ${and(auditFilters(input))} ${from} ORDER BY a.created_at DESC, a.id DESC LIMIT 2000`),
    );
    if (batch.length === 0) {
      return;
    }
    const rows = batch.map(presentAudit);
    yield rows
      .map((r) =>
        [
          r.id,
          r.created_at,
          r.actor.id,
          r.actor.username,
          r.action,
          r.target_type,
          r.target_id,
          r.changes,
          r.ip,
          r.user_agent,
          r.request_id,
        ]
          .map((v) => csvCell(v))
          .join(','),
      )
      .join('\n')
      .concat('\n');
    const last = batch[batch.length - 1];
    after = { at: last.cursor_at, id: Number(last.id) };
  }
}

/** Entries one statement of the retention deletes: a short lock, well under a second, each time. */
const PRUNE_BATCH = 5000;

/**
 * Deletes entries older than the retention, PRUNE_BATCH at a time, oldest first, each batch its own
 * statement; answers how many went.
 */
export async function pruneAudit(db: Db, retentionDays: number, batch = PRUNE_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = rowsOf(
      z.object({ n: z.number() }),
      await db.execute(sql`WITH gone AS (
        DELETE FROM audit_log WHERE id IN (
          SELECT id FROM audit_log WHERE created_at < now() - make_interval(days => ${retentionDays})
          ORDER BY created_at, id LIMIT ${batch}
        ) RETURNING 1
      ) SELECT count(*)::int AS n FROM gone`),
    );
    total += row.n;
    if (row.n < batch) {
      return total;
    }
  }
}
