import type { AuditRow, calls, InputOf } from '@admin/contract';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditInbox } from '../../db/schema';
import { likePattern, orderBy, type PagedListSpec, pagedList, pagedListQueries, rowsOf } from '../../db/sql';
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

export interface AuditDbRow {
  id: number | string;
  created_at: Date | string;
  actor_id: number | null;
  actor_username: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  changes: unknown;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
}

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

// The inbox's columns, from its schema: a column added to both tables moves with the rest.
const ENTRY_FIELDS = sql.raw(
  Object.values(getTableColumns(auditInbox))
    .map((c) => c.name)
    .join(', '),
);

/**
 * Moves the entries calls have written to audit_inbox into audit_log, as they are (id and time
 * included), in one statement: an entry is in one table or the other, never both nor neither. Two
 * moves at once are safe: the second waits for the rows the first deletes, then skips them. An
 * entry whose call has not committed yet stays for the next move.
 */
export async function moveAuditInbox(db: Db): Promise<void> {
  await db.execute(sql`WITH moved AS (DELETE FROM audit_inbox RETURNING ${ENTRY_FIELDS})
    INSERT INTO audit_log (${ENTRY_FIELDS}) SELECT ${ENTRY_FIELDS} FROM moved`);
}

/**
 * Gives the space of moved entries back to the inbox. PGlite has no autovacuum (and a server may
 * run without it): left alone, every move would scan all the entries ever moved.
 */
export async function vacuumAuditInbox(db: Db): Promise<void> {
  await db.execute(sql`VACUUM audit_inbox`);
}

/** One page of the trail and the total under the same filter (counted up to LIST_TOTAL_CAP). */
export async function listAudit(db: Db, input: AuditListInput) {
  await moveAuditInbox(db);
  const { rows, ...total } = await pagedList<AuditDbRow>(db, auditListSpec(input));
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
  await moveAuditInbox(db);
  yield CSV_HEADER;
  let after: { at: string; id: number } | null = null;
  for (;;) {
    // The cursor keeps created_at as PostgreSQL's text: a JS Date would drop the microseconds.
    const from: SQL = after ? sql`AND (a.created_at, a.id) < (${after.at}::timestamptz, ${after.id})` : sql``;
    const batch = rowsOf<AuditDbRow & { cursor_at: string }>(
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

/** Deletes entries older than the retention; answers how many went. */
export async function pruneAudit(db: Db, retentionDays: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`WITH gone AS (
      DELETE FROM audit_log WHERE created_at < now() - make_interval(days => ${retentionDays}) RETURNING 1
    ) SELECT count(*)::int AS n FROM gone`),
  );
  return row.n;
}
