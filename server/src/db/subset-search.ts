/**
 * A term's total among a subset of a table that an index names (issue 12), e.g. a user's
 * followers: the follows rows of that user, each naming a users row. Left to itself PostgreSQL picks
 * one plan for every term, and each is slow for some term at a popular user (52,873 followers at
 * 1,000,000 users: 364 ms for 'mar', reading every user to test the term): probing each member's
 * row costs a few µs, so a term in 2 % of them probes them all; the term's index bitmap costs what
 * the term's matches in the whole table cost. The first walkRows() members tell which plan:
 *
 * - they are all the members (a small subset): their count is the total;
 * - the term is in at least COMMON_HIT_RATE of them: the members after them probed in turn until
 *   the cap's match (up to the scanRows()th member), which then is the total (a lower bound);
 * - else, or when that walk ends short of the cap: the term's index bitmap over the table, joined
 *   by hash with the members (an index-only scan), counted up to the cap.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, executeWithSettings } from './client';
import { COMMON_HIT_RATE, scanRows, walkRows } from './list-search';
import { cappedTotal, type ListTotal, rowsOf, totalCap } from './sql';

export interface SubsetSearch {
  /** The members: a SELECT of one column named `id` (the table's key) that an index serves. */
  members: SQL;
  /** An order of the members that index gives, unique (the sample and the walk after it split it). */
  order: SQL;
  /** The searched table with its alias, e.g. sql`users u`. */
  table: SQL;
  /** The table's key, e.g. sql`u.id`. */
  key: SQL;
  /** The term's test on a row of the table (searchMatch). */
  match: SQL;
}

/** Hash join of the members with the table's rows found through the term's index bitmap only. */
const HASH_OF_BITMAP = sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
  set_config('enable_nestloop', 'off', true), set_config('enable_mergejoin', 'off', true),
  set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`;

/** Members `from` to `to` in their order, each member's row read through the table's key and tested. */
function probed(s: SubsetSearch, [from, to]: [number, number], what: SQL, limit: SQL = sql``): SQL {
  return sql`SELECT ${what} FROM (${s.members} ORDER BY ${s.order} LIMIT ${to - from} OFFSET ${from}) f
    CROSS JOIN LATERAL (SELECT ${s.match} AS hit FROM ${s.table} WHERE ${s.key} = f.id) m ${limit}`;
}

/** The total of the term among the members: exact up to totalCap(), the cap with the flag beyond. */
export async function subsetSearchTotal(db: Db, s: SubsetSearch): Promise<ListTotal> {
  const walk = walkRows();
  const [sample] = rowsOf<{ n: number; hits: number }>(
    await db.execute(
      probed(s, [0, walk], sql`count(*)::int AS n, count(*) FILTER (WHERE m.hit)::int AS hits`),
    ),
  );
  const cap = totalCap() + 1;
  if (sample.n < walk || sample.hits >= cap) {
    return cappedTotal(sample.hits);
  }
  if (sample.hits >= COMMON_HIT_RATE * walk) {
    // The walk goes on from where the sample ended, for the matches the cap still needs.
    const rest = probed(
      s,
      [walk, Math.max(walk, scanRows())],
      sql`1`,
      sql`WHERE m.hit LIMIT ${cap - sample.hits}`,
    );
    const [walked] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM (${rest}) c`));
    if (sample.hits + walked.n >= cap) {
      return cappedTotal(sample.hits + walked.n);
    }
  }
  const result = await executeWithSettings(
    db,
    HASH_OF_BITMAP,
    sql`SELECT count(*)::int AS n FROM (
      SELECT 1 FROM (${s.members} OFFSET 0) f JOIN ${s.table} ON ${s.key} = f.id WHERE ${s.match} LIMIT ${cap}) c`,
  );
  return cappedTotal(rowsOf<{ n: number }>(result)[0].n);
}
