// The users CSV: its SELECT (shared by COPY and the batched path) and the batched path itself.
import { USERS_CSV_COLUMNS } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uncheckedRows } from '../../db/sql';
import { csvCell } from '../../lib/csv';
import { type UserListKind, userListFilter } from './list';
import { LAST_DEVICE, NEWEST_DEVICES } from './user-row';

/**
 * Spreadsheet formula injection: a cell starting with = + - @ (or tab/CR) is run by Excel and
 * friends, so such text cells get a leading apostrophe. Phones may start with + or - legitimately.
 */
const FORMULA_START = sql`('=', '+', '-', '@', E'\t', E'\r')`;
const PHONE_FORMULA_START = sql`('=', '@', E'\t', E'\r')`;
// left(..., 1) IN (...) is cheaper than a regular expression over a million rows.
const safeText = (col: SQL) =>
  sql`CASE WHEN left(${col}, 1) IN ${FORMULA_START} THEN '''' || ${col} ELSE ${col} END`;
const safePhone = (col: SQL) =>
  sql`CASE WHEN left(${col}, 1) IN ${PHONE_FORMULA_START} THEN '''' || ${col} ELSE ${col} END`;
const isoText = (col: SQL) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The CSV's SELECT: every column already text, so COPY and the batched path write the same bytes. */
export function usersCsvSelect(
  kind: UserListKind,
  query: string | undefined,
  afterId?: number,
  limit?: number,
) {
  const where = userListFilter(kind, query);
  const keyset = afterId === undefined ? sql`` : sql` AND u.id > ${afterId}`;
  const lim = limit === undefined ? sql`` : sql` LIMIT ${limit}`;
  // A batch or a search reads few users: their newest device one by one. The whole list reads
  // every device once, sorted, and merges it with users: a third faster on a million users.
  const device = afterId === undefined && !query ? NEWEST_DEVICES : LAST_DEVICE;
  return sql`SELECT u.id, ${safeText(sql`u.name`)} AS name, ${safeText(sql`u.username`)} AS username,
      ${safeText(sql`u.email`)} AS email, ${safePhone(sql`u.phone`)} AS phone,
      ${safeText(sql`d.device_os`)} AS device, ${safeText(sql`d.app_version`)} AS device_app_version,
      ${isoText(sql`u.last_interacted`)} AS last_interacted, ${isoText(sql`u.created_at`)} AS created_at
    FROM (SELECT * FROM users u WHERE ${where}${keyset} ORDER BY u.id${lim}) u ${device}
    ORDER BY u.id`;
}

export const CSV_HEADER = `${USERS_CSV_COLUMNS.join(',')}\n`;

/**
 * The whole filtered list as CSV text, read in id order by keyset batches so memory stays flat
 * however many rows there are (the path for PGlite, which has no COPY to a client).
 */
export async function* usersCsvBatches(
  db: Db,
  kind: UserListKind,
  query?: string,
  batch = 5000,
): AsyncGenerator<string> {
  yield CSV_HEADER;
  let after = 0;
  for (;;) {
    const rows = uncheckedRows<Record<string, unknown> & { id: number }>(
      await db.execute(usersCsvSelect(kind, query, after, batch)),
    );
    if (rows.length === 0) {
      return;
    }
    yield rows.map((r) => `${USERS_CSV_COLUMNS.map((c) => csvCell(r[c], 'copy')).join(',')}\n`).join('');
    after = rows[rows.length - 1].id;
  }
}
