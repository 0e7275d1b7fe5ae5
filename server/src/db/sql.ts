/**
 * The SQL floor every list stands on (issue 12): driver-agnostic rows, LIKE patterns, ORDER BY
 * lists, timestamps, and `pagedList`, the one paged query with its total.
 */

import { LIST_TOTAL_CAP } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, executeCachedPlan } from './client';

/** node-postgres answers {rows}, PGlite answers {rows} too; this keeps callers driver-agnostic. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%term%` for ILIKE, with the wildcard characters of the term itself escaped. */
export function likePattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/**
 * Trigram indexes need 3 characters: a shorter term matches the first characters of the text
 * (prefixMatch, served by indexes keyed by `lower(left(column, n))`, migration 0006) instead of
 * anywhere in it, which no index can serve.
 */
const SHORT_TERM = 3;

/** Characters, not UTF-16 units: PostgreSQL's left() counts characters. */
export const isShortTerm = (term: string) => [...term].length < SHORT_TERM;

/** `column` matching a 1-2 character term: its first characters, in lower case, are the term's. */
export function prefixMatch(term: string, column: SQL): SQL {
  return sql`lower(left(${column}, ${sql.raw(String([...term].length))})) = ${term.toLowerCase()}`;
}

/**
 * `columns` matching a search term, each as `column ILIKE %term%` (trigram index), or for a term
 * shorter than SHORT_TERM as its first characters (prefixMatch): never a full scan.
 */
export function searchMatch(term: string, columns: SQL[]): SQL {
  const parts = columns.map((c) =>
    isShortTerm(term) ? prefixMatch(term, c) : sql`${c} ILIKE ${likePattern(term)}`,
  );
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/**
 * searchMatch's test for rows already read, where no index serves it (a walk tests each row it
 * reads). In a multibyte encoding PostgreSQL's ILIKE is `lower(text) LIKE lower(pattern)`, the
 * pattern lowered again for every row and column; here it is lowered once: half the cost a row.
 */
export function rowMatch(term: string, columns: SQL[]): SQL {
  if (isShortTerm(term)) {
    return searchMatch(term, columns);
  }
  const pattern = sql`lower(${likePattern(term)})`;
  return sql`(${sql.join(
    columns.map((c) => sql`lower(${c}) LIKE ${pattern}`),
    sql` OR `,
  )})`;
}

/**
 * The ranges of `column` (in the database's C.UTF-8 order) holding the texts that start with `term`
 * in some case: one per spelling ('ma': MA, Ma, mA, ma), each `column >= 'Ma' AND column < 'Mb'`,
 * so an index on `column` walks each in order. Only letters with a one-character upper case vary;
 * callers keep prefixMatch beside each range as the exact test.
 */
export function prefixRanges(term: string, column: SQL): SQL[] {
  // Two spellings per letter: a long term would build 2^letters ranges (a second for a full username).
  if (!isShortTerm(term)) {
    throw new Error(`prefixRanges: a term shorter than ${SHORT_TERM} characters, not ${term.length}`);
  }
  let spellings = [''];
  for (const ch of term.toLowerCase()) {
    const up = ch.toUpperCase();
    const forms = up !== ch && [...up].length === 1 && up.toLowerCase() === ch ? [up, ch] : [ch];
    spellings = spellings.flatMap((s) => forms.map((f) => s + f));
  }
  return spellings.map((lo) => {
    const chars = [...lo];
    const last = chars.pop()?.codePointAt(0) ?? 0;
    // The code point after the last character (past the surrogates) ends the range.
    const next = last === 0xd7ff ? 0xe000 : last + 1;
    return next > 0x10ffff
      ? sql`${column} >= ${lo}`
      : sql`${column} >= ${lo} AND ${column} < ${chars.join('') + String.fromCodePoint(next)}`;
  });
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

/**
 * Filtered totals are counted exactly up to this many rows (the contract's LIST_TOTAL_CAP); beyond
 * it the list answers the cap with `total_is_lower_bound: true`. LIST_TOTAL_CAP in the environment
 * lowers it for tests.
 */
export function totalCap(): number {
  const v = Number(process.env.LIST_TOTAL_CAP);
  return v > 0 ? v : LIST_TOTAL_CAP;
}

/** Rows of the list's order the bounded walk tests (LIST_SEARCH_WALK in the environment lowers it for tests). */
export function walkRows(): number {
  const v = Number(process.env.LIST_SEARCH_WALK);
  return v > 0 ? v : 2000;
}

/**
 * Rows a common term's count may scan (LIST_SEARCH_SCAN lowers it for tests): a term in at least
 * 2 % of them reaches the cap inside it. About 1.3 µs a row for two ILIKE tests ('son' reached the
 * cap after 8,350 rows in 13 ms at 1,000,000 users), so a wrong guess costs at most ~65 ms.
 */
export function scanRows(): number {
  const v = Number(process.env.LIST_SEARCH_SCAN);
  return v > 0 ? v : 50_000;
}

/**
 * Share of the walked rows a term must hit to be counted by the scan rather than its index bitmap:
 * at 5 % the scan stops after ~20,000 rows, where the bitmap would collect 50,000 matches.
 */
export const COMMON_HIT_RATE = 0.05;

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
  counter?: string | string[];
  /** A narrower FROM for counting (without joins the conditions do not need). */
  countFrom?: SQL;
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

/** First pages whose LIMIT and OFFSET are written into the text (see pageLimit). */
const INLINE_PAGES = 5;

/**
 * LIMIT and OFFSET of a page. On the first INLINE_PAGES pages they are written into the text (the
 * contract bounds them to integers), so an unfiltered list's page has no parameter and runs as a
 * statement planned once per connection (executeCachedPlan); as parameters PostgreSQL would plan a
 * generic plan for an unknown 10 % of the table, so it plans every call. Deeper pages keep them as
 * parameters: one text for every page, not one prepared statement per page.
 */
function pageLimit({ page, page_limit }: PageInput): SQL {
  const offset = page * page_limit;
  return page < INLINE_PAGES &&
    Number.isSafeInteger(page_limit) &&
    Number.isSafeInteger(offset) &&
    offset >= 0
    ? sql.raw(`LIMIT ${page_limit} OFFSET ${offset}`)
    : sql`LIMIT ${page_limit} OFFSET ${offset}`;
}

/** A list_counts name (the code's own constants) written into the text as a literal. */
function counterName(name: string): SQL {
  if (!/^[a-z0-9:_.-]+$/.test(name)) {
    throw new Error(`list_counts name out of the expected form: ${name}`);
  }
  return sql.raw(`'${name}'`);
}

/** The column a counted page carries its counter's total in (see pagedListParts). */
const TOTAL_COLUMN = 'list_total__';

/**
 * A page's queries. Unfiltered with a counter, the counter is read by the page query itself (one
 * more column, an uncorrelated subquery PostgreSQL runs once): one statement instead of two, and
 * `total` is needed only when the page is empty. Else the page and its capped count, run at once.
 */
function pagedListParts(spec: PagedListSpec): { page: SQL; total: SQL; totalInPage: boolean } {
  const filters = (spec.filters ?? []).filter((f): f is SQL => Boolean(f));
  const where = and([...(spec.where ?? []), ...filters]);
  const limit = pageLimit(spec.input);
  const names = spec.counter === undefined ? [] : [spec.counter].flat();
  const counter =
    filters.length === 0 && names.length > 0
      ? sql`SELECT coalesce(sum(n), 0)::int FROM list_counts WHERE name IN (${sql.join(names.map(counterName), sql`, `)})`
      : null;
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
export async function pagedList<T>(db: Db, spec: PagedListSpec): Promise<PagedList<T>> {
  const { page, total, totalInPage } = pagedListParts(spec);
  if (!totalInPage) {
    const [rows, counted] = await Promise.all([executeCachedPlan(db, page), executeCachedPlan(db, total)]);
    return { rows: rowsOf<T>(rows), ...totalOf(counted) };
  }
  const rows = rowsOf<T & { [TOTAL_COLUMN]?: number }>(await executeCachedPlan(db, page));
  if (rows.length === 0) {
    // An empty page (an empty list, or past its end) has no row to carry the total.
    return { rows: [], ...totalOf(await executeCachedPlan(db, total)) };
  }
  const n = Number(rows[0][TOTAL_COLUMN]);
  for (const row of rows) {
    delete row[TOTAL_COLUMN];
  }
  return { rows, total: n, total_is_lower_bound: false };
}

/** A list's total as the API answers it: exact, or the cap with the lower-bound flag. */
export type ListTotal = { total: number; total_is_lower_bound: boolean };

/** A count taken up to totalCap() + 1: itself up to the cap, the cap with the flag beyond. */
export function cappedTotal(n: number): ListTotal {
  const cap = totalCap();
  return n > cap ? { total: cap, total_is_lower_bound: true } : { total: n, total_is_lower_bound: false };
}

/** The answer of a page's total query as the total and its flag: a counter is exact, a count capped. */
export function totalOf(result: unknown): ListTotal {
  const { n, exact } = rowsOf<{ n: number; exact: boolean }>(result)[0];
  return exact ? { total: Number(n), total_is_lower_bound: false } : cappedTotal(Number(n));
}
