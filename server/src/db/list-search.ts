/**
 * Searched lists whose cost does not grow with the table (issue 12). A term matching half the
 * table and one matching three rows need opposite plans, and PostgreSQL's estimate of a term's
 * matches cannot tell them apart reliably (and a term like 'Leah' sits in one stretch of the name
 * order), so the floor chooses from what it finds (and from a sample, db/term-pieces.ts):
 * - a term of 3+ characters whose rare pieces put its matches at most at the cap: those matches
 *   through the pieces' short index lists, page and exact total at once;
 * - a 1-2 character term sorted by a column an index is keyed for (`ordered`): one ordered walk per
 *   searched column, each stopping at the page, merged (`prefixPage`);
 * - else a bounded walk: the first walkRows() rows in the list's order, the term tested on each; enough
 *   matches there make the page (a common term, anywhere in the order);
 * - else every match, sorted (`allMatchesPage`): the term is rare (the trigram or prefix index finds
 *   its few rows) or gathered far along the order.
 *
 * The total is counted up to totalCap(): for a short term one capped branch per column, each an
 * index-only walk of a prefix index, at the same time as the page; else after the walk, by a
 * bounded scan when the walk found the term common (`scannedCount`: it stops at the cap's match
 * instead of collecting every match), or when the walk filled the page, by the rows that start as
 * the term does (`prefixedCount`); by the term's index otherwise (`boundedMatches`).
 */
import { type SQL, sql } from 'drizzle-orm';
import { byBitmap, type Db } from './client';
import {
  COMMON_HIT_RATE,
  cappedTotal,
  type Direction,
  isShortTerm,
  orderBy,
  type PagedList,
  type PagedListSpec,
  prefixMatch,
  rowMatch,
  rowsOf,
  scanRows,
  searchMatch,
  totalCap,
  totalOf,
  walkRows,
} from './sql';
import { piecesMatch, type SampledColumns, sampleTerm, type TermPieces } from './term-pieces';

export interface ListSearch {
  term: string;
  /** Searched columns (each `from`'s alias.column). */
  columns: SQL[];
  /** The list's sort column and direction (ORDER BY column, deferred key). */
  sort: { column: SQL; direction: Direction; nullable?: boolean };
  /**
   * For a term shorter than SHORT_TERM: conditions, one per walk, that together hold every match
   * and that an index serves in the list's order (e.g. one prefix range of the sort column per
   * spelling, and the other column's prefix on an index keyed (prefix, sort column)). Absent when no
   * index serves this sort: the bounded walk is used.
   */
  ordered?: SQL[];
  /**
   * Per column, the columns its prefix index (keyed lower(left(column, n)) first) orders by next,
   * e.g. sql`u.username, u.id` for users_name_p<n>_idx: pins a short term's count to that index.
   */
  prefixOrder?: (SQL | undefined)[];
  /**
   * false when no index walks the list in this order cheaply (a small part of a big table, e.g.
   * deleted users by date): the page is then every match, sorted.
   */
  walk?: boolean;
  /** The table and columns (in `columns`' order) whose sample picks a long term's rare pieces. */
  sampled?: SampledColumns;
  /** Set by searchedList: the pieces each column's index is given (db/term-pieces.ts). */
  pieces?: TermPieces;
}

/** A list spec whose page is found on deferred keys, with its search. */
export type SearchedSpec = PagedListSpec & {
  deferred: NonNullable<PagedListSpec['deferred']>;
  search: ListSearch;
};

const from = (spec: SearchedSpec) => spec.countFrom ?? spec.from;
const and = (parts: SQL[]) => (parts.length === 0 ? sql`true` : sql.join(parts, sql` AND `));

function parts(spec: SearchedSpec) {
  const filters = (spec.filters ?? []).filter((f): f is SQL => Boolean(f));
  const where = and([...(spec.where ?? []), ...filters]);
  const { page, page_limit } = spec.input;
  const { column, direction, nullable } = spec.search.sort;
  return {
    where,
    key: spec.deferred.key,
    column,
    limit: sql`LIMIT ${page_limit} OFFSET ${page * page_limit}`,
    /** The order of the (key, ord) rows the plans select. */
    keyOrder: orderBy(sql`x.ord`, sql`x.key`, direction, { nullable }),
    reach: (page + 1) * page_limit,
  };
}

/** The page's rows for the keys `keys` finds (in the list's order). */
const withRows = (spec: SearchedSpec, keys: SQL, extra: SQL = sql``) =>
  sql`SELECT ${spec.select}${extra} FROM (${keys}) page JOIN ${spec.deferred.rows} ORDER BY ${spec.order}`;

/** Short term, ordered walks: each branch walks its index in order and stops at the page's end. */
function prefixPage(spec: SearchedSpec): SQL {
  const { where, key, column, limit, keyOrder, reach } = parts(spec);
  const branches = (spec.search.ordered ?? []).map(
    (b) =>
      sql`(SELECT ${key} AS key, ${column} AS ord FROM ${spec.from} WHERE ${where} AND ${b} ORDER BY ${spec.order} LIMIT ${reach})`,
  );
  return withRows(
    spec,
    sql`SELECT x.key FROM (${sql.join(branches, sql` UNION `)}) x ORDER BY ${keyOrder} ${limit}`,
  );
}

/**
 * The bounded walk: the first walkRows() rows in the list's order, with the page among their matches.
 * Each row answers `walked` (rows the walk read) and `hits` (matches among them): the page is right
 * when it is full, or when the walk read the whole list (walked < walkRows()); else allMatchesPage
 * answers. The hit rate tells a common term (see scannedCount).
 */
function walkPage(spec: SearchedSpec): SQL {
  const { where, key, column, limit, keyOrder } = parts(spec);
  const match = rowMatch(spec.search.term, spec.search.columns);
  const keys = sql`SELECT x.key FROM w x WHERE x.hit ORDER BY ${keyOrder} ${limit}`;
  return sql`WITH w AS MATERIALIZED (
      SELECT ${key} AS key, ${column} AS ord, ${match} AS hit FROM ${spec.from} WHERE ${where} ORDER BY ${spec.order} LIMIT ${walkRows()}
    ) ${withRows(spec, keys, sql`, (SELECT count(*) FROM w)::int AS walked__, (SELECT count(*) FROM w WHERE w.hit)::int AS hits__`)}`;
}

/**
 * Every match, then sorted: OFFSET 0 keeps the search's own plan (the trigram or prefix index's
 * bitmap) from being traded for a walk of the sort index.
 */
function allMatchesPage(spec: SearchedSpec): SQL {
  const { where, key, column, limit, keyOrder } = parts(spec);
  const match = searchMatch(spec.search.term, spec.search.columns);
  return withRows(
    spec,
    sql`SELECT x.key FROM (SELECT ${key} AS key, ${column} AS ord FROM ${from(spec)} WHERE ${where} AND ${match} OFFSET 0) x
      ORDER BY ${keyOrder} ${limit}`,
  );
}

/**
 * The matches up to totalCap() + 1, found through the term's index (only its rare pieces', when
 * searchedList found them: db/term-pieces.ts): their number (the total) and, when that is all of
 * them, the page's keys among them (the page of a rare term).
 */
function boundedMatches(spec: SearchedSpec): SQL {
  const { where, key, column, limit, keyOrder } = parts(spec);
  const match = piecesMatch(spec.search.term, spec.search.columns, spec.search.pieces);
  return sql`WITH m AS MATERIALIZED (
      SELECT ${key} AS key, ${column} AS ord FROM ${from(spec)} WHERE ${where} AND ${match} LIMIT ${totalCap() + 1}
    ) SELECT (SELECT count(*) FROM m)::int AS n, false AS exact, ARRAY(SELECT x.key FROM m x ORDER BY ${keyOrder} ${limit}) AS keys`;
}

/**
 * A common term's total: the first scanRows() rows of the list in whatever order is cheapest, the
 * term tested on each, stopping at the cap's match. Reaching the cap gives the total (the cap, a lower
 * bound) without collecting every match as the trigram bitmap would (a fifth of a second for 'son'
 * at 1,000,000 users); not reaching it leaves the count to boundedMatches.
 */
function scannedCount(spec: SearchedSpec): SQL {
  const { where } = parts(spec);
  const match = rowMatch(spec.search.term, spec.search.columns);
  return sql`SELECT count(*)::int AS n FROM (
      SELECT 1 FROM (SELECT ${match} AS hit FROM ${from(spec)} WHERE ${where} LIMIT ${scanRows()}) s WHERE s.hit LIMIT ${totalCap() + 1}
    ) c`;
}

/**
 * The share of the first walkRows() rows, in whatever order is cheapest (near enough a sample),
 * that hold the term: tells a common term the walk missed because its part of the order has none
 * (at 10,000,000 users the first 2,000 by name are all one name).
 */
function sampledHits(spec: SearchedSpec): SQL {
  const { where } = parts(spec);
  const match = rowMatch(spec.search.term, spec.search.columns);
  return sql`SELECT count(*) FILTER (WHERE s.hit)::int AS hits, count(*)::int AS n FROM (
      SELECT ${match} AS hit FROM ${from(spec)} WHERE ${where} LIMIT ${walkRows()}) s`;
}

/**
 * A common term's page when the first walk found too few of it: the list's order read on until the
 * page's matches are found, at most scanRows() rows (the executor stops at the page's last match).
 */
function longWalkPage(spec: SearchedSpec): SQL {
  const { where, key, column, limit, keyOrder } = parts(spec);
  const match = rowMatch(spec.search.term, spec.search.columns);
  return withRows(
    spec,
    sql`SELECT x.key FROM (
      SELECT ${key} AS key, ${column} AS ord, ${match} AS hit FROM ${spec.from} WHERE ${where} ORDER BY ${spec.order} LIMIT ${scanRows()}
    ) x WHERE x.hit ORDER BY ${keyOrder} ${limit}`,
  );
}

/** The first walkRows() rows in the cheapest order hold the term in at least COMMON_HIT_RATE of them. */
async function sampledCommon(db: Db, spec: SearchedSpec): Promise<boolean> {
  const sample = rowsOf<{ hits: number; n: number }>(await db.execute(sampledHits(spec)))[0];
  return Boolean(sample) && sample.n >= walkRows() && sample.hits >= COMMON_HIT_RATE * sample.n;
}

/**
 * A term's share of the table at which the bounded scan is likely to reach the cap (half as many
 * matches again as the cap needs, inside scanRows()): its count is then tried by the scan first,
 * whose cost does not grow with the table, before the trigram bitmap of every match, whose does.
 */
const scanRate = () => (1.5 * (totalCap() + 1)) / scanRows();

/**
 * A page the first walk could not fill, for a term the sample finds common (the table's sample,
 * `rate`, where the list is the table: likely to reach the cap inside the scan; else the walk's
 * start in the cheapest order) and the scan counts past the cap: found by the longer walk instead
 * of collecting every match through the trigram bitmap (seconds for a term in a tenth of
 * 10,000,000 users). Null when that does not answer.
 */
async function commonTermPage<T>(db: Db, spec: SearchedSpec, rate?: number): Promise<PagedList<T> | null> {
  const common = rate !== undefined ? rate >= scanRate() : await sampledCommon(db, spec);
  if (!common) {
    return null;
  }
  const n = rowsOf<{ n: number }>(await db.execute(scannedCount(spec)))[0]?.n ?? 0;
  if (n <= totalCap()) {
    return null;
  }
  const rows = rowsOf<T>(await db.execute(longWalkPage(spec)));
  if (rows.length < spec.input.page_limit) {
    return null;
  }
  return { rows, ...cappedTotal(n) };
}

/** Characters of the longest prefix index (the `_p2_` ones) a term's head is looked up in. */
const PREFIX_HEAD = 2;

/**
 * A lower bound of a term's total from the rows that start as the term does: each searched column's
 * prefix index read in order at its first PREFIX_HEAD characters, at most ten times the cap's rows,
 * the term tested on each. Terms are often typed from their start ('coffee' begins 139,010 of
 * 5,000,000 searches): the cap reached there is the total without the trigram bitmap of every
 * match (50 ms). Falling short costs at most those rows. Null when the list names no prefix index
 * for its columns.
 */
function prefixedCount(spec: SearchedSpec): SQL | null {
  const { term, columns, prefixOrder } = spec.search;
  if (!prefixOrder || prefixOrder.length !== columns.length || prefixOrder.some((o) => !o)) {
    return null;
  }
  const { where, key } = parts(spec);
  const head = [...term].slice(0, PREFIX_HEAD).join('');
  const match = rowMatch(term, columns);
  const cap = totalCap() + 1;
  const scan = 10 * cap;
  const branches = columns.map(
    (c, i) => sql`(SELECT x.key FROM (
      SELECT ${key} AS key, ${match} AS hit FROM ${from(spec)} WHERE ${where} AND ${prefixMatch(head, c)}
       ORDER BY ${prefixOrder[i]} LIMIT ${scan}) x WHERE x.hit LIMIT ${cap})`,
  );
  return sql`SELECT count(*)::int AS n FROM (${sql.join(branches, sql` UNION `)}) c`;
}

/** The page's rows for keys already found, in the list's order. */
function rowsOfKeys(spec: SearchedSpec, keys: number[]): SQL {
  const list = keys.filter((k) => Number.isInteger(k)).join(',');
  return withRows(spec, sql`SELECT unnest(${sql.raw(`ARRAY[${list}]`)}::int[]) AS key`);
}

/**
 * The matches counted up to totalCap() + 1: for a short term one capped branch per column, their
 * union deduplicated (a branch at the cap makes the union pass it too); else one capped scan.
 */
function searchCount(spec: SearchedSpec): SQL {
  const { where, key } = parts(spec);
  const { term, columns } = spec.search;
  const cap = totalCap() + 1;
  const from = spec.countFrom ?? spec.from;
  if (isShortTerm(term)) {
    // Each branch in its prefix index's order, so the planner reads that index and stops at the cap
    // (left to itself it walks another index testing every row: half the table for 'ma').
    const branches = columns.map((c, i) => {
      const order = spec.search.prefixOrder?.[i];
      return sql`(SELECT ${key} AS key FROM ${from} WHERE ${where} AND ${prefixMatch(term, c)}${
        order ? sql` ORDER BY ${order}` : sql``
      } LIMIT ${cap})`;
    });
    return sql`SELECT count(*)::int AS n, false AS exact FROM (${sql.join(branches, sql` UNION `)}) x`;
  }
  const match = searchMatch(term, columns);
  return sql`SELECT count(*)::int AS n, false AS exact FROM (SELECT 1 FROM ${from} WHERE ${where} AND ${match} LIMIT ${cap}) x`;
}

/** Which plan a searched page tries first. */
function firstPlan(spec: SearchedSpec): 'prefix' | 'walk' | 'all' {
  if (isShortTerm(spec.search.term) && (spec.search.ordered?.length ?? 0) > 0) {
    return 'prefix';
  }
  return spec.search.walk === false ? 'all' : 'walk';
}

/**
 * The first queries of a searched page, run at once: the page plan tried first, and the total.
 * (For the benchmark: the server runs the bitmap ones under byBitmap's settings.)
 */
export function searchedListQueries(spec: SearchedSpec): [SQL, SQL] {
  const plan = firstPlan(spec);
  return plan === 'prefix'
    ? [prefixPage(spec), searchCount(spec)]
    : [plan === 'walk' ? walkPage(spec) : allMatchesPage(spec), boundedMatches(spec)];
}

type Walked<T> = T & { walked__?: number; hits__?: number };

/**
 * The matches up to the cap through the term's index (boundedMatches): the exact total with the
 * page's rows, or the cap flagged with no rows (the page is then the caller's to find).
 */
async function boundedPage<T>(db: Db, spec: SearchedSpec): Promise<PagedList<T> & { found: boolean }> {
  const bounded = isShortTerm(spec.search.term)
    ? await db.execute(boundedMatches(spec))
    : await byBitmap(db, boundedMatches(spec));
  const total = totalOf(bounded);
  if (total.total_is_lower_bound) {
    return { rows: [], ...total, found: false };
  }
  const { keys } = rowsOf<{ keys: number[] | string }>(bounded)[0];
  const list: unknown[] =
    typeof keys === 'string' ? JSON.parse(keys.replace('{', '[').replace('}', ']')) : keys;
  const rows = list.length === 0 ? [] : rowsOf<T>(await db.execute(rowsOfKeys(spec, list.map(Number))));
  return { rows, ...total, found: true };
}

/** One page of a searched list and its total: see the plans above. */
export async function searchedList<T>(db: Db, spec: SearchedSpec): Promise<PagedList<T>> {
  const { term, sampled } = spec.search;
  const sample = sampled && !isShortTerm(term) ? await sampleTerm(db, term, sampled) : null;
  const { pieces } = sample ?? {};
  if (pieces && pieces.estimate <= totalCap()) {
    // A term its pieces make rare (a full username, a typo): its few matches, found through their
    // short index lists, are the page and the total. Should they pass the cap after all (the
    // sample misjudged), the plans below, with the whole term.
    const { found, ...rare } = await boundedPage<T>(db, { ...spec, search: { ...spec.search, pieces } });
    if (found) {
      return rare;
    }
  }
  // The term's share of the table, where the list is the table: the sample's (no query needed).
  const rate = sampled?.whole ? sample?.rate : undefined;
  const plan = firstPlan(spec);
  if (plan === 'prefix') {
    const [page, counted] = await Promise.all([db.execute(prefixPage(spec)), db.execute(searchCount(spec))]);
    return { rows: rowsOf<T>(page), ...totalOf(counted) };
  }
  // The walk first (a common term's page, and the term's hit rate), then the total: a common term
  // counted by a bounded scan, anything else by its matches up to the cap (also a rare term's page).
  const walked = plan === 'walk' ? rowsOf<Walked<T>>(await db.execute(walkPage(spec))) : null;
  const full = walked !== null && walked.length === spec.input.page_limit;
  if (full) {
    // A full page stands; a count of some of the matches that passes the cap is its total: a
    // common term's bounded scan, or the rows that start as it does, first when the sample finds
    // more of those than the cap (a term typed from its start: 'coffee').
    const scan = isCommon(walked[0]) || (rate ?? 0) >= scanRate() ? scannedCount(spec) : null;
    const prefixed = isShortTerm(term) ? null : prefixedCount(spec);
    const startsOften = sample !== null && sample.startRate * sample.rows > totalCap();
    const lowerBounds = startsOften ? [prefixed, scan] : [scan, prefixed];
    for (const count of lowerBounds) {
      const n = count ? (rowsOf<{ n: number }>(await db.execute(count))[0]?.n ?? 0) : 0;
      if (n > totalCap()) {
        return { rows: stripped(walked), ...cappedTotal(n) };
      }
    }
  }
  const walkedAll = (walked?.length ?? 0) > 0 && walked![0].walked__! < walkRows();
  if (walked !== null && !full && !walkedAll) {
    const common = await commonTermPage<T>(db, spec, rate);
    if (common) {
      return common;
    }
  }
  const { found, ...bounded } = await boundedPage<Walked<T>>(db, spec);
  if (found) {
    return { ...bounded, rows: stripped(bounded.rows) };
  }
  // The walk's page stands when full, or when the walk read the whole list; else every match, sorted.
  const rows =
    walked !== null && (full || walkedAll)
      ? walked
      : rowsOf<Walked<T>>(await byBitmap(db, allMatchesPage(spec)));
  return { ...bounded, rows: stripped(rows) };
}

/** A walk that read a full walkRows() and found the term in at least COMMON_HIT_RATE of them. */
const isCommon = (first: Walked<unknown> | undefined) =>
  first?.walked__ === walkRows() && (first.hits__ ?? 0) >= COMMON_HIT_RATE * walkRows();

function stripped<T>(rows: Walked<T>[]): T[] {
  for (const r of rows) {
    delete r.walked__;
    delete r.hits__;
  }
  return rows;
}
