import type { AuditRow } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';

export interface AuditListInput {
  query?: string;
  page: number;
  page_limit: number;
  order_by: 'created_at' | 'id' | 'action';
  direction: 'asc' | 'desc';
  actor_id?: number;
  target_type?: string;
  target_id?: string;
  user_id?: number;
  action?: string;
  start_date?: string;
  end_date?: string;
}

/** Totals up to this many rows are exact; beyond it the planner's estimate (as on searches). */
export const EXACT_TOTAL_LIMIT = 10_000;

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function auditFilter(input: AuditListInput): SQL {
  const parts: SQL[] = [];
  if (input.actor_id !== undefined) {
    parts.push(sql`a.actor_id = ${input.actor_id}`);
  }
  if (input.user_id !== undefined) {
    parts.push(
      sql`(a.actor_id = ${input.user_id} OR (a.target_type = 'user' AND a.target_id = ${String(input.user_id)}))`,
    );
  }
  if (input.target_type) {
    parts.push(sql`a.target_type = ${input.target_type}`);
  }
  if (input.target_id) {
    parts.push(sql`a.target_id = ${input.target_id}`);
  }
  if (input.action) {
    parts.push(sql`a.action = ${input.action}`);
  }
  if (input.start_date) {
    parts.push(sql`a.created_at >= ${`${input.start_date}T00:00:00Z`}::timestamptz`);
  }
  if (input.end_date) {
    parts.push(sql`a.created_at < ${`${input.end_date}T00:00:00Z`}::timestamptz + interval '1 day'`);
  }
  if (input.query) {
    const q = like(input.query);
    parts.push(sql`(a.actor_username ILIKE ${q} OR a.action ILIKE ${q} OR a.target_type ILIKE ${q}
      OR a.target_id = ${input.query} OR a.request_id = ${input.query})`);
  }
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`true`;
}

function orderOf(input: AuditListInput, alias: string): SQL {
  const dir = input.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const a = sql.raw(alias);
  if (input.order_by === 'id') {
    return sql`${a}.id ${dir}`;
  }
  if (input.order_by === 'action') {
    return sql`${a}.action ${dir}, ${a}.created_at ${dir}, ${a}.id ${dir}`;
  }
  return sql`${a}.created_at ${dir}, ${a}.id ${dir}`;
}

/**
 * The page: the inner query walks only an index (ids and sort keys) to skip the offset, and whole
 * rows are read for the page alone, so deep pages cost little more than the first.
 */
export function auditPageSql(input: AuditListInput): SQL {
  return sql`SELECT a.id, a.created_at, a.actor_id, a.actor_username, a.action, a.target_type,
      a.target_id, a.changes, a.ip, a.user_agent, a.request_id
    FROM (SELECT a.id FROM audit_log a WHERE ${auditFilter(input)} ORDER BY ${orderOf(input, 'a')}
          LIMIT ${input.page_limit} OFFSET ${input.page * input.page_limit}) p
    JOIN audit_log a ON a.id = p.id
    ORDER BY ${orderOf(input, 'a')}`;
}

function countSql(input: AuditListInput): SQL {
  return sql`SELECT count(*)::int AS n FROM (
    SELECT 1 FROM audit_log a WHERE ${auditFilter(input)} LIMIT ${EXACT_TOTAL_LIMIT + 1}) x`;
}

function estimateSql(input: AuditListInput): SQL {
  return sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM audit_log a WHERE ${auditFilter(input)}`;
}

function planRows(result: unknown): number {
  const row = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  let plan = Object.values(row)[0];
  if (typeof plan === 'string') {
    plan = JSON.parse(plan);
  }
  return Math.round(Number((plan as { Plan: { 'Plan Rows': number } }[])[0]?.Plan?.['Plan Rows'] ?? 0));
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

export function presentAudit(r: AuditDbRow): AuditRow {
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

/** One page of the trail and the total under the same filter (exact up to 10,000, else estimated). */
export async function listAudit(db: Db, input: AuditListInput) {
  const [page, counted, plan] = await Promise.all(
    [auditPageSql(input), countSql(input), estimateSql(input)].map((q) => db.execute(q)),
  );
  const exact = rowsOf<{ n: number }>(counted)[0].n;
  const estimated = exact > EXACT_TOTAL_LIMIT;
  return {
    data: rowsOf<AuditDbRow>(page).map(presentAudit),
    total: estimated ? Math.max(exact, planRows(plan)) : exact,
    total_is_estimate: estimated,
  };
}

export const CSV_HEADER =
  'id,created_at,actor_id,actor_username,action,target_type,target_id,changes,ip,user_agent,request_id\n';

function csvCell(v: unknown): string {
  if (v === null || v === undefined) {
    return '';
  }
  const s = typeof v === 'string' ? v : v instanceof Date ? v.toISOString() : JSON.stringify(v);
  // A leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

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
    const batch = rowsOf<AuditDbRow & { cursor_at: string }>(
      await db.execute(sql`SELECT a.*, a.created_at::text AS cursor_at FROM audit_log a
        WHERE ${auditFilter(input)} ${from} ORDER BY a.created_at DESC, a.id DESC LIMIT 2000`),
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
          .map(csvCell)
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
