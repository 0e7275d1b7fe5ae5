/**
 * The SQL floor every list stands on (issue 12): driver-agnostic rows, LIKE patterns, ORDER BY
 * lists, timestamps, and `pagedList`, the one paged query with its total.
 */

import { SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { listSettings } from '../config';
import { AppError } from '../http/errors';
import type { Db } from './client';
import { timedOut } from './errors';

/**
 * A result's rows checked against their schema: a column missing, renamed or of another type
 * fails loudly here instead of reaching a presenter as `undefined`. Columns the schema does not
 * name are dropped.
 */
export function rowsOf<T>(schema: z.ZodType<T>, result: unknown): T[] {
  return uncheckedRows(result).map((row) => schema.parse(row));
}

/**
 * A result's rows as the caller says they are, unchecked (node-postgres and PGlite both answer
 * {rows}). For seed and bench scripts and tests; a service reads its rows with rowsOf.
 */
export function uncheckedRows<T = unknown>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A timestamp column as the drivers answer it (PGlite a Date, node-postgres through drizzle text). */
export const dbTime = z.union([z.date(), z.string()]);

/**
 * An int8 (count(*), sum()) or numeric column as the drivers answer it: node-postgres text; PGlite
 * an int8 as a number, a numeric as text.
 */
export const dbNumeric = z.union([z.number(), z.string()]);

/**
 * A json(b) value checked against `schema` and answered as stored: parsing would put its keys in the
 * schema's order (jsonb keeps its own) and drop keys the schema does not name.
 */
export const dbJson = <T>(schema: z.ZodType<T>) => z.custom<T>((v) => schema.safeParse(v).success);

/** A row of `RETURNING id` or `SELECT id` (a serial key). */
export const IdRow = z.object({ id: z.number() });

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%term%` for ILIKE, with the wildcard characters of the term itself escaped. */
export function likePattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/**
 * Trigram indexes need 3 characters: a shorter term matches the first characters of the text
 * (prefixMatch) instead of anywhere in it.
 */
const SHORT_TERM = 3;

/** Characters, not UTF-16 units. */
export const isShortTerm = (term: string) => [...term].length < SHORT_TERM;

/**
 * `column` starting with a 1-2 character term in any case: `lower(left(column, 2)) = 'ma'`, one key
 * of an index on that expression (the users' and searches' *_p1_idx / *_p2_idx). The length is
 * written into the text so the expression is the index's own.
 */
function prefixMatch(term: string, column: SQL): SQL {
  const n = [...term].length;
  return sql`lower(left(${column}, ${sql.raw(String(n))})) = lower(${term})`;
}

/**
 * `columns` matching a search term, each as `column ILIKE %term%` (trigram index), or for a term
 * shorter than SHORT_TERM as its first characters (prefixMatch).
 */
export function searchMatch(term: string, columns: SQL[]): SQL {
  const parts = columns.map((c) =>
    isShortTerm(term) ? prefixMatch(term, c) : sql`${c} ILIKE ${likePattern(term)}`,
  );
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/** ISO-8601 text of a timestamp the driver answered as Date (pg) or string (PGlite). */
export function iso(v: Date | string): string;
export function iso(v: Date | string | null): string | null;
export function iso(v: Date | string | null): string | null {
  return v === null ? null : new Date(v).toISOString();
}

/**
 * A moment of the app's clock (deps.clock) as a timestamptz, in place of the database's own now()
 * where a rule compares it with a time the app wrote (an expiry, a lock, a lease).
 */
export const sqlTime = (moment: Date): SQL => sql`${moment.toISOString()}::timestamptz`;

export type Direction = 'asc' | 'desc';

/**
 * An ORDER BY list: `column` then the unique `key`, both in `direction`. A nullable column sorts
 * NULLS LAST both ways, and so does the key, to match that column's index for each direction.
 */
export function orderBy(column: SQL, key: SQL, direction: Direction, opts: { nullable?: boolean } = {}): SQL {
  const dir = direction === 'asc' ? sql`ASC` : sql`DESC`;
  const nulls = opts.nullable ? sql` NULLS LAST` : sql``;
  return sql`${column} ${dir}${nulls}, ${key} ${dir}${nulls}`;
}

/** Filtered totals are exact up to this many rows (config.ts: LIST_TOTAL_CAP, the contract's cap). */
export const totalCap = (): number => listSettings().LIST_TOTAL_CAP;

/** Rows of its order a searched page walks first, and a common term the walk missed then (list-search.ts). */
export const walkRows = (): number => listSettings().LIST_SEARCH_WALK;
export const longWalkRows = (): number => listSettings().LIST_SEARCH_LONG_WALK;

/**
 * Runs one statement of a list on `db`, the database's listDb (db/client.ts): on a server its
 * connections carry LIST_STATEMENT_TIMEOUT as their statement_timeout. A statement that runs out
 * answers `onTimeout`'s value (a count: the cap, flagged) or, without one, a 503 the staff member
 * can act on.
 */
export async function listStatement(db: Db, query: SQL, onTimeout?: () => unknown): Promise<unknown> {
  try {
    return await db.execute(query);
  } catch (err) {
    if (!timedOut(err)) {
      throw err;
    }
    if (onTimeout) {
      return onTimeout();
    }
    throw new AppError('unavailable', LIST_TIMED_OUT);
  }
}

/** The 503 of a list page that ran out of time. */
export const LIST_TIMED_OUT = 'This list took too long to load. Narrow the search or try again';

/** A capped count that ran out of time: the cap, as a lower bound. */
const COUNT_TIMED_OUT = { rows: [{ n: Number.MAX_SAFE_INTEGER, exact: false }] };

/** A list's capped count: the total up to the cap, the cap flagged when more match or time ran out. */
export async function countStatement(db: Db, query: SQL): Promise<ListTotal> {
  return totalOf(await listStatement(db, query, () => COUNT_TIMED_OUT));
}

interface PageInput {
  page: number;
  page_limit: number;
}

export interface PagedListSpec {
  /** Columns of a row. */
  select: SQL;
  /** Tables and joins the rows come from (and the page and its total are found over). */
  from: SQL;
  /** Conditions that define the list itself (the set its counter counts). */
  where?: SQL[];
  /** The user's filters (search, type, dates...): any present means the total is counted. */
  filters?: (SQL | null | undefined | false | '')[];
  /** ORDER BY list ending with a unique key (see orderBy). */
  order: SQL;
  input: PageInput;
  /**
   * Deferred join: the page is found on `key` over `from` alone (index-only for deep pages), then
   * `rows` joins the page's keys (`page.key`) to the rows: e.g. sql`users u ON u.id = page.key`.
   * `select` and `order` then name `rows`' aliases.
   */
  deferred?: { key: SQL; rows: SQL };
  /** list_counts names whose sum is the unfiltered total (kept by triggers, migration 0004). */
  counter?: string | string[] | SQL;
  /** A narrower FROM for counting (without joins the conditions do not need). */
  countFrom?: SQL;
}

/** A list's row schema: each page's rows are parsed with it (rowsOf). */
export interface RowSchema<T> {
  row: z.ZodType<T>;
}

export interface PagedList<T> {
  rows: T[];
  /** Rows under the filter: exact, or totalCap() when more match (then total_is_lower_bound). */
  total: number;
  total_is_lower_bound: boolean;
}

const and = (parts: SQL[]) => (parts.length === 0 ? sql`true` : sql.join(parts, sql` AND `));

/** Counts the rows of `from` under `where`, stopping after totalCap() + 1 (read it with totalOf). */
function cappedCount(from: SQL, where: SQL): SQL {
  return sql`SELECT count(*)::int AS n, false AS exact FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${totalCap() + 1}) x`;
}

/** LIMIT and OFFSET of a page (the contract bounds both to integers). */
const pageLimit = ({ page, page_limit }: PageInput): SQL =>
  sql`LIMIT ${page_limit} OFFSET ${page * page_limit}`;

/** A list_counts name (the code's own constants) written into the text as a literal. */
function counterName(name: string): SQL {
  if (!/^[a-z0-9:_.-]+$/.test(name)) {
    throw new Error(`list_counts name out of the expected form: ${name}`);
  }
  return sql.raw(`'${name}'`);
}

/** The unfiltered total: list_counts rows (kept by triggers) by name, or a query of the caller's. */
function counterQuery(counter: string | string[] | SQL): SQL {
  if (counter instanceof SQL) {
    return sql`SELECT coalesce((${counter}), 0)::int`;
  }
  const names = [counter].flat().map(counterName);
  return sql`SELECT coalesce(sum(n), 0)::int FROM list_counts WHERE name IN (${sql.join(names, sql`, `)})`;
}

/** The column a counted page carries its counter's total in (see pagedListParts). */
const TOTAL_COLUMN = 'list_total__';
const PageTotal = z.object({ [TOTAL_COLUMN]: z.number() });

/**
 * A page's queries. Unfiltered with a counter, the counter is read by the page query itself (one
 * more column, an uncorrelated subquery PostgreSQL runs once): one statement instead of two, and
 * `total` is needed only when the page is empty. Else the page and its capped count, run at once.
 */
function pagedListParts(spec: PagedListSpec): { page: SQL; total: SQL; totalInPage: boolean } {
  const filters = (spec.filters ?? []).filter((f): f is SQL => Boolean(f));
  const where = and([...(spec.where ?? []), ...filters]);
  const limit = pageLimit(spec.input);
  const counter = filters.length === 0 && spec.counter !== undefined ? counterQuery(spec.counter) : null;
  const select = counter ? sql`${spec.select}, (${counter}) AS ${sql.raw(TOTAL_COLUMN)}` : spec.select;
  const page = spec.deferred
    ? sql`SELECT ${select} FROM (
        SELECT ${spec.deferred.key} AS key FROM ${spec.from} WHERE ${where} ORDER BY ${spec.order} ${limit}
      ) page JOIN ${spec.deferred.rows} ORDER BY ${spec.order}`
    : sql`SELECT ${select} FROM ${spec.from} WHERE ${where} ORDER BY ${spec.order} ${limit}`;
  const total = counter
    ? sql`SELECT (${counter}) AS n, true AS exact`
    : cappedCount(spec.countFrom ?? spec.from, where);
  return { page, total, totalInPage: counter !== null };
}

/**
 * The queries of a page as the call runs them (exported for the bench): the page alone when it
 * carries its counter's total, else the page and its capped count (run at once).
 */
export function pagedListQueries(spec: PagedListSpec): SQL[] {
  const { page, total, totalInPage } = pagedListParts(spec);
  return totalInPage ? [page] : [page, total];
}

/** One page of a list and its total (from a counter when unfiltered, else counted up to totalCap()). */
export async function pagedList<T>(db: Db, spec: PagedListSpec & RowSchema<T>): Promise<PagedList<T>> {
  const { page, total, totalInPage } = pagedListParts(spec);
  if (!totalInPage) {
    const [rows, counted] = await Promise.all([listStatement(db, page), countStatement(db, total)]);
    return { rows: rowsOf(spec.row, rows), ...counted };
  }
  const result = await listStatement(db, page);
  const [first] = rowsOf(PageTotal, result);
  if (!first) {
    // An empty page (an empty list, or past its end) has no row to carry the total.
    return { rows: [], ...(await countStatement(db, total)) };
  }
  // The row schema leaves the total's column out.
  return { rows: rowsOf(spec.row, result), total: first[TOTAL_COLUMN], total_is_lower_bound: false };
}

/** A list's total as the API answers it: exact, or the cap with the lower-bound flag. */
export type ListTotal = { total: number; total_is_lower_bound: boolean };

/** A count taken up to totalCap() + 1: itself up to the cap, the cap with the flag beyond. */
function cappedTotal(n: number): ListTotal {
  const cap = totalCap();
  return n > cap ? { total: cap, total_is_lower_bound: true } : { total: n, total_is_lower_bound: false };
}

/** The answer of a page's total query as the total and its flag: a counter is exact, a count capped. */
function totalOf(result: unknown): ListTotal {
  const [{ n, exact }] = rowsOf(z.object({ n: z.number(), exact: z.boolean() }), result);
  return exact ? { total: n, total_is_lower_bound: false } : cappedTotal(n);
}
