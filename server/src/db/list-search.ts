/**
 * A searched list (users, deleted users, staff, searches, followers): one page and its capped total.
 * Two plans, chosen by plain rules, each plain SQL that PostgreSQL plans with its own settings:
 *
 * 1. the walk: the first walkRows() rows of the list in its order (the sort's index), the term
 *    tested on each. Its matches are the first ones in the order, so the page stands when they fill
 *    it, or when the walk read the whole list. Skipped when the page lies past the walk, the list
 *    has no index for its order (`walk: false`), or the term's own index holds that order.
 * 2. the matches through the term's index (pg_trgm GIN for 3+ characters, lower(left(column, n))
 *    indexes under 3). When those hold the list's order (`prefixOrder`, a 1-2 character term), each
 *    column's first matches in it, merged. Else every match, sorted; after a missed walk on a
 *    table's list, a common term walks on first (`longWalkPage`).
 *
 * The total, counted up to totalCap() + 1, runs beside them. Every statement runs under
 * LIST_STATEMENT_TIMEOUT (sql.ts: listStatement): a count that runs out answers the cap, flagged;
 * a page, a 503.
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client';
import {
  countStatement,
  type Direction,
  isShortTerm,
  listStatement,
  longWalkRows,
  orderBy,
  type PagedList,
  type PagedListSpec,
  type RowSchema,
  rowsOf,
  searchMatch,
  totalCap,
  walkRows,
} from './sql';

export interface ListSearch {
  term: string;
  /** Searched columns (the term anywhere in any of them, or at the start under 3 characters). */
  columns: SQL[];
  /** The list's sort column and direction (ORDER BY column, deferred key). */
  sort: { column: SQL; direction: Direction; nullable?: boolean };
  /** false when no index walks the list in this order (a small part of a big table): plan 2 only. */
  walk?: boolean;
  /**
   * Indexes (lower(left(column, 1 | 2)), sort column, key) exist for every searched column: a 1-2
   * character term reads each column's first matches in the list's order from them (plan 2).
   */
  prefixOrder?: boolean;
  /**
   * The capped count reads the matches newest first (`ORDER BY key DESC`), for a list whose one
   * searched column leads a narrow index (searches: the term order's) along which a term's matches
   * gather, where PostgreSQL would walk it for the cap ('coffee' at 10M searches: 1 s; newest first
   * 20 ms). Worst case, a term common only among old rows: the cap, flagged, at the ceiling.
   */
  countNewestFirst?: boolean;
  /**
   * For a subset of a table (a user's followers): the subset with each row's searched row read by
   * one probe. A term common in the subset (one whose walk filled the page; without a walk, 1-2
   * characters) is counted over it, stopping at the cap's match; a join planned for the LIMIT would
   * scan the table. Any other is counted through the term's index.
   */
  probed?: SQL;
}

/** A list spec whose page is found on deferred keys, with its search. */
export type SearchedSpec = PagedListSpec & {
  deferred: NonNullable<PagedListSpec['deferred']>;
  search: ListSearch;
};

const and = (parts: SQL[]) => (parts.length === 0 ? sql`true` : sql.join(parts, sql` AND `));

function parts(spec: SearchedSpec) {
  const filters = (spec.filters ?? []).filter((f): f is SQL => Boolean(f));
  const { page, page_limit } = spec.input;
  const { column, direction, nullable } = spec.search.sort;
  return {
    where: and([...(spec.where ?? []), ...filters]),
    match: searchMatch(spec.search.term, spec.search.columns),
    key: spec.deferred.key,
    column,
    limit: sql`LIMIT ${page_limit} OFFSET ${page * page_limit}`,
    /** The order of the (key, ord) rows the plans select: the list's own. */
    keyOrder: orderBy(sql`x.ord`, sql`x.key`, direction, { nullable }),
  };
}

/** The page's rows for the keys `keys` finds (in the list's order). */
const withRows = (spec: SearchedSpec, keys: SQL, extra: SQL = sql``) =>
  sql`SELECT ${spec.select}${extra} FROM (${keys}) page JOIN ${spec.deferred.rows} ORDER BY ${spec.order}`;

/**
 * Plan 1: the page among the first walkRows() rows in the list's order, numbered as read (`rn`).
 * The walk stops once it holds the page's matches and one more row, so a common term reads a few
 * rows; `hit OR rn = walkRows()` keeps the walk's last row as its end mark (`last__`: a short page
 * whose walk ended before that row read the whole list).
 */
function walkPage(spec: SearchedSpec): SQL {
  const { where, match, key } = parts(spec);
  const { page, page_limit } = spec.input;
  const walk = walkRows();
  const keys = sql`SELECT x.key FROM w x WHERE x.hit ORDER BY x.rn LIMIT ${page_limit} OFFSET ${page * page_limit}`;
  return sql`WITH w AS (
      SELECT * FROM (
        SELECT ${key} AS key, ${match} AS hit, row_number() OVER (ORDER BY ${spec.order}) AS rn
          FROM ${spec.from} WHERE ${where} ORDER BY ${spec.order} LIMIT ${walk}
      ) r WHERE r.hit OR r.rn = ${walk} LIMIT ${(page + 1) * page_limit + 1}
    ) ${withRows(spec, keys, sql`, (SELECT max(rn) FROM w)::int AS last__`)}`;
}

/** A 1-2 character term on a list whose prefix indexes hold its order (plan 2 reads them in order). */
const inOrder = (spec: SearchedSpec) => spec.search.prefixOrder === true && isShortTerm(spec.search.term);

/** Plan 2: each column's first matches read in order from its prefix index (UNION), or all, sorted. */
function matchesPage(spec: SearchedSpec): SQL {
  const { where, key, column, limit, keyOrder } = parts(spec);
  const { term, columns } = spec.search;
  const { page, page_limit } = spec.input;
  const matches = inOrder(spec)
    ? sql.join(
        columns.map(
          (c) => sql`(SELECT ${key} AS key, ${column} AS ord FROM ${spec.from}
            WHERE ${where} AND ${searchMatch(term, [c])} ORDER BY ${spec.order} LIMIT ${(page + 1) * page_limit})`,
        ),
        sql` UNION `,
      )
    : allMatches(spec);
  return withRows(spec, sql`SELECT x.key FROM (${matches}) x ORDER BY ${keyOrder} ${limit}`);
}

/** Every match as (key, ord); `OFFSET 0`: not the sort's index, unbounded for a rare term. */
function allMatches(spec: SearchedSpec): SQL {
  const { where, match, key, column } = parts(spec);
  return sql`SELECT ${key} AS key, ${column} AS ord FROM ${spec.from} WHERE ${where} AND ${match} OFFSET 0`;
}

/** The first totalCap() + 1 matches, as `columns` (the plan PostgreSQL picks; see `countNewestFirst`). */
function cappedMatches(spec: SearchedSpec, columns: SQL, from: SQL = spec.from): SQL {
  const { where, match, key } = parts(spec);
  const order = spec.search.countNewestFirst ? sql`ORDER BY ${key} DESC` : sql``;
  return sql`SELECT ${columns} FROM ${from} WHERE ${where} AND ${match} ${order} LIMIT ${totalCap() + 1}`;
}

/**
 * Plan 2 on a table's list after a missed walk: `m` (up to the cap) holds all of a rare term's
 * matches, sorted for the page; a common term walks on (`w`, at 10M users the first 2,000 by name
 * are one name), then all its matches are sorted if that comes short. Gates are one-time filters.
 */
function longWalkPage(spec: SearchedSpec): SQL {
  const { where, match, key, column, limit, keyOrder } = parts(spec);
  const need = (spec.input.page + 1) * spec.input.page_limit;
  const cap = totalCap();
  return withRows(
    spec,
    sql`WITH m AS MATERIALIZED (${cappedMatches(spec, sql`${key} AS key, ${column} AS ord`)}),
      w AS MATERIALIZED (
        SELECT r.key, r.ord FROM (
          SELECT ${key} AS key, ${column} AS ord, ${match} AS hit FROM ${spec.from}
            WHERE ${where} AND (SELECT count(*) FROM m) > ${cap} ORDER BY ${spec.order} LIMIT ${longWalkRows()}
        ) r WHERE r.hit LIMIT ${need}
      )
      SELECT x.key FROM (
        SELECT m.key, m.ord FROM m WHERE (SELECT count(*) FROM m) <= ${cap}
        UNION ALL
        SELECT w.key, w.ord FROM w WHERE (SELECT count(*) FROM w) = ${need}
        UNION ALL
        SELECT a.key, a.ord FROM (${allMatches(spec)}) a
          WHERE (SELECT count(*) FROM m) > ${cap} AND (SELECT count(*) FROM w) < ${need}
      ) x ORDER BY ${keyOrder} ${limit}`,
  );
}

/** The matches counted up to totalCap() + 1. */
function matchCount(spec: SearchedSpec, from: SQL = spec.countFrom ?? spec.from): SQL {
  return sql`SELECT count(*)::int AS n, false AS exact FROM (${cappedMatches(spec, sql`1`, from)}) x`;
}

/** The walk answers pages inside it, on lists with an index for their order, unless plan 2 reads in it. */
const walks = (spec: SearchedSpec) =>
  spec.search.walk !== false && !inOrder(spec) && (spec.input.page + 1) * spec.input.page_limit <= walkRows();

/** A subset's count waits for the walk: a term that filled it is counted over the subset (see probed). */
const countAfterWalk = (spec: SearchedSpec) => spec.search.probed !== undefined && walks(spec);

/** The statements a searched page starts with (exported so the bench times them). */
export function searchedListQueries(spec: SearchedSpec): [SQL, SQL] {
  const { probed, term } = spec.search;
  const count = probed && isShortTerm(term) ? matchCount(spec, probed) : matchCount(spec);
  return [walks(spec) ? walkPage(spec) : matchesPage(spec), count];
}

/** Plan 2 after a missed walk: a table's list walks on for a common term; a subset sorts its matches. */
const afterWalk = (spec: SearchedSpec) => (spec.search.probed ? matchesPage(spec) : longWalkPage(spec));

/** The walk's end mark, on each row of its page (walkPage). */
const WalkEnd = z.object({ last__: z.number() });

/** One page of a searched list and its total: see the plans above. */
export async function searchedList<T>(db: Db, spec: SearchedSpec & RowSchema<T>): Promise<PagedList<T>> {
  const [first, count] = searchedListQueries(spec);
  let counting = countAfterWalk(spec) ? null : countStatement(db, count);
  // Settled here, awaited below: a failing page must not leave the count's failure unhandled.
  counting?.catch(() => undefined);
  let rows: T[] | null = null;
  if (walks(spec)) {
    const result = await listStatement(db, first);
    const walked = rowsOf(WalkEnd, result);
    const full = walked.length === spec.input.page_limit;
    if (full || (walked.length > 0 && walked[0].last__ < walkRows())) {
      rows = rowsOf(spec.row, result);
    }
    counting ??= countStatement(
      db,
      full && spec.search.probed ? matchCount(spec, spec.search.probed) : matchCount(spec),
    );
    counting.catch(() => undefined);
  }
  // The row schema leaves the walk's end mark out.
  rows ??= rowsOf(spec.row, await listStatement(db, walks(spec) ? afterWalk(spec) : first));
  return { rows, ...(await (counting ?? countStatement(db, count))) };
}
