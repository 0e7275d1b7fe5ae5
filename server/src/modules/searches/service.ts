import type { SearchRow } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { userNotFound } from '../../http/errors';

export interface SearchesInput {
  query?: string;
  page: number;
  page_limit: number;
  order_by: 'created_at' | 'updated_at' | 'search_term' | 'type' | 'id';
  direction: 'asc' | 'desc';
  user_id?: number;
  type?: string;
}

const ORDER: Record<SearchesInput['order_by'], SQL> = {
  created_at: sql`s.created_at`,
  updated_at: sql`s.updated_at`,
  search_term: sql`s.search_term`,
  type: sql`s.type`,
  id: sql`s.id`,
};

interface SearchDbRow {
  id: number;
  user_id: number;
  image: string | null;
  search_term: string;
  website: string | null;
  type: string;
  username: string;
  title: string | null;
  description: string | null;
  deleted_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  thumb_url: string | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

export function presentSearch(r: SearchDbRow): SearchRow {
  return {
    id: r.id,
    userId: r.user_id,
    image: r.image,
    search_term: r.search_term,
    website: r.website,
    type: r.type,
    username: r.username,
    title: r.title,
    description: r.description,
    deleted_at: r.deleted_at === null ? null : iso(r.deleted_at),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    thumb_url: r.thumb_url,
  };
}

/** WHERE of the searches list; every part is served by an index (type+created, user+created, trigram). */
export function searchesFilter(input: Pick<SearchesInput, 'query' | 'user_id' | 'type'>): SQL {
  const parts: SQL[] = [sql`true`];
  if (input.user_id !== undefined) {
    parts.push(sql`s.user_id = ${input.user_id}`);
  }
  if (input.type) {
    parts.push(sql`s.type = ${input.type}`);
  }
  if (input.query) {
    parts.push(sql`s.search_term ILIKE ${`%${input.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  }
  return sql.join(parts, sql` AND `);
}

/** The page query of the searches list. */
function searchesPageSql(input: SearchesInput): SQL {
  const dir = input.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const order = sql`${ORDER[input.order_by]} ${dir}, s.id ${dir}`;
  // Page the narrow table first, then join the few users of that page.
  return sql`
    SELECT s.id, s.user_id, s.image, s.search_term, s.website, s.type, u.username, s.title,
           s.description, s.deleted_at, s.created_at, s.updated_at, s.thumb_url
    FROM (
      SELECT * FROM searches s WHERE ${searchesFilter(input)} ORDER BY ${order}
      LIMIT ${input.page_limit} OFFSET ${input.page * input.page_limit}
    ) s JOIN users u ON u.id = s.user_id
    ORDER BY ${order}`;
}

/**
 * Totals up to this many rows are exact; beyond it the planner's estimate for the same filter is
 * answered (counting millions of rows on every page costs a second; the estimate costs a millisecond).
 */
export const EXACT_TOTAL_LIMIT = 10_000;

/** Counts matching rows, stopping after EXACT_TOTAL_LIMIT + 1. */
function searchesCountSql(input: SearchesInput): SQL {
  return sql`SELECT count(*)::int AS n FROM (
    SELECT 1 FROM searches s WHERE ${searchesFilter(input)} LIMIT ${EXACT_TOTAL_LIMIT + 1}) x`;
}

/** The planner's row estimate for the filter (from table statistics; no rows are read). */
function searchesEstimateSql(input: SearchesInput): SQL {
  return sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM searches s WHERE ${searchesFilter(input)}`;
}

function planRows(result: unknown): number {
  const row = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  let plan = Object.values(row)[0];
  if (typeof plan === 'string') {
    plan = JSON.parse(plan);
  }
  return Math.round(Number((plan as { Plan: { 'Plan Rows': number } }[])[0]?.Plan?.['Plan Rows'] ?? 0));
}

/**
 * The queries of listSearches, all run at once: the page, the capped count, the estimate, and with
 * a user_id whether that user exists. Exported so the benchmark times exactly these.
 */
export function searchesQueries(input: SearchesInput): SQL[] {
  const list = [searchesPageSql(input), searchesCountSql(input), searchesEstimateSql(input)];
  if (input.user_id !== undefined) {
    list.push(sql`SELECT 1 FROM users WHERE id = ${input.user_id}`);
  }
  return list;
}

/**
 * One page of searches (deleted ones included: the list shows their Deleted date) and the total
 * under the same filter: exact up to EXACT_TOTAL_LIMIT, else the planner's estimate. 404 when
 * filtered by a user who does not exist.
 */
export async function listSearches(db: Db, input: SearchesInput) {
  // The estimate is planning only (no rows read): asking it up front saves a round trip when needed.
  const [page, counted, plan, owner] = await Promise.all(searchesQueries(input).map((q) => db.execute(q)));
  if (owner && rowsOf(owner).length === 0) {
    throw userNotFound();
  }
  const exact = rowsOf<{ n: number }>(counted)[0].n;
  const estimated = exact > EXACT_TOTAL_LIMIT;
  return {
    data: rowsOf<SearchDbRow>(page).map(presentSearch),
    total: estimated ? Math.max(exact, planRows(plan)) : exact,
    total_is_estimate: estimated,
  };
}
