import type { AdminUserRow, ReportedUserRow, UserRow } from '@admin/contract';
import { USERS_CSV_COLUMNS } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  iso,
  orderBy,
  type PagedListSpec,
  pagedList,
  pagedListQueries,
  rowsOf,
  searchMatch,
} from '../../db/sql';
import { conflict } from '../../http/errors';
import { assertNewPassword } from '../../lib/password-strength';
import { hashPassword } from '../../lib/passwords';

export type UserListKind = 'active' | 'deleted' | 'backend';

export interface UserListInput {
  query?: string;
  page: number;
  page_limit: number;
  order_by: 'name' | 'username' | 'email' | 'created_at' | 'last_interacted' | 'id';
  direction: 'asc' | 'desc';
}

const ORDER_COLUMNS: Record<UserListInput['order_by'], SQL> = {
  name: sql`u.name`,
  username: sql`u.username`,
  email: sql`u.email`,
  created_at: sql`u.created_at`,
  last_interacted: sql`u.last_interacted`,
  id: sql`u.id`,
};

interface UserDbRow {
  id: number;
  name: string;
  username: string;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  device: string | null;
  device_app_version: string | null;
  last_interacted: Date | string | null;
  created_at: Date | string;
  followers_count: number;
  followings_count: number;
}

export function presentUser(r: UserDbRow): UserRow {
  return {
    id: r.id,
    name: r.name,
    username: r.username,
    email: r.email,
    phone: r.phone,
    avatar: r.avatar,
    device: r.device,
    device_app_version: r.device_app_version,
    last_interacted: iso(r.last_interacted),
    created_at: iso(r.created_at),
    followers_count: Number(r.followers_count),
    followings_count: Number(r.followings_count),
  };
}

/** Which users a list holds (the set its counter in list_counts counts). */
const KINDS: Record<UserListKind, { where: SQL[]; counter: string }> = {
  active: { where: [sql`u.deleted_at IS NULL`, sql`NOT u.is_admin`], counter: 'users:platform' },
  deleted: { where: [sql`u.deleted_at IS NOT NULL`, sql`NOT u.is_admin`], counter: 'users:platform:deleted' },
  backend: { where: [sql`u.deleted_at IS NULL`, sql`u.is_admin`], counter: 'users:backend' },
};

/** The spec's search: name or username (and email for backend users). */
function userSearch(kind: UserListKind, query?: string): SQL | undefined {
  if (!query) {
    return undefined;
  }
  const columns = [sql`u.name`, sql`u.username`, ...(kind === 'backend' ? [sql`u.email`] : [])];
  return searchMatch(query, columns);
}

/** The WHERE clause of a users list: which users, and the search. */
export function userListFilter(kind: UserListKind, query?: string): SQL {
  const search = userSearch(kind, query);
  return sql.join([...KINDS[kind].where, ...(search ? [search] : [])], sql` AND `);
}

const SELECT_USER = sql`u.id, u.name, u.username, u.email, u.phone, u.avatar,
  d.device_os AS device, d.app_version AS device_app_version, u.last_interacted, u.created_at,
  u.followers_count, u.followings_count`;

const LAST_DEVICE = sql`LEFT JOIN LATERAL (
  SELECT device_os, app_version FROM devices WHERE user_id = u.id ORDER BY last_used_at DESC LIMIT 1
) d ON true`;

const NEWEST_DEVICES = sql`LEFT JOIN (
  SELECT DISTINCT ON (user_id) user_id, device_os, app_version FROM devices
   ORDER BY user_id, last_used_at DESC
) d ON d.user_id = u.id`;

/** Columns that may be NULL: they sort NULLS LAST both ways, each direction on its own index. */
const NULLABLE: ReadonlySet<UserListInput['order_by']> = new Set(['email', 'last_interacted']);

function orderOf(input: Pick<UserListInput, 'order_by' | 'direction'>): SQL {
  return orderBy(ORDER_COLUMNS[input.order_by], sql`u.id`, input.direction, {
    nullable: NULLABLE.has(input.order_by),
  });
}

/**
 * A users list on the floor: the page is found on ids alone (a deferred join, so deep pages skip
 * index entries instead of whole rows), then only the page's rows are read with their last device.
 */
function userListSpec(kind: UserListKind, input: UserListInput, select: SQL = SELECT_USER): PagedListSpec {
  return {
    select,
    from: sql`users u`,
    where: KINDS[kind].where,
    filters: [userSearch(kind, input.query)],
    order: orderOf(input),
    input,
    deferred: { key: sql`u.id`, rows: sql`users u ON u.id = page.key ${LAST_DEVICE}` },
    counter: KINDS[kind].counter,
  };
}

/** The queries of a users list page (page, total). Exported so the benchmark times exactly this SQL. */
export function listUsersQueries(kind: UserListKind, input: UserListInput): [SQL, SQL] {
  return pagedListQueries(userListSpec(kind, input));
}

/** One page of a users list and the total under the same filter. */
export async function listUsers(db: Db, kind: UserListKind, input: UserListInput) {
  const { rows, total, total_is_lower_bound } = await pagedList<UserDbRow>(db, userListSpec(kind, input));
  return { users: rows.map(presentUser), total, total_is_lower_bound };
}

/** Backend users with their groups (roles). */
export async function listAdminUsers(db: Db, input: UserListInput) {
  type Row = UserDbRow & { is_sup_admin: boolean; groups: { id: number; name: string }[] | string };
  const select = sql`${SELECT_USER}, u.is_sup_admin,
    COALESCE((
      SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name, g.id)
        FROM user_groups ug JOIN groups g ON g.id = ug.group_id WHERE ug.user_id = u.id
    ), '[]'::json) AS groups`;
  const { rows, total, total_is_lower_bound } = await pagedList<Row>(
    db,
    userListSpec('backend', input, select),
  );
  return {
    users: rows.map(
      (r): AdminUserRow => ({
        ...presentUser(r),
        is_sup_admin: r.is_sup_admin ? 1 : 0,
        auth_user_group: (typeof r.groups === 'string' ? JSON.parse(r.groups) : r.groups).map(
          (g: { id: number; name: string }) => ({ auth_group: { id: g.id, name: g.name } }),
        ),
      }),
    ),
    total,
    total_is_lower_bound,
  };
}

export interface ReportedUsersInput {
  query?: string;
  page: number;
  page_limit: number;
  order_by: 'name' | 'email' | 'reported_by' | 'created_at';
  direction: 'asc' | 'desc';
}

const REPORT_ORDER: Record<ReportedUsersInput['order_by'], SQL> = {
  name: sql`ru.name`,
  email: sql`ru.email`,
  reported_by: sql`rb.name`,
  created_at: sql`r.created_at`,
};

interface ReportDbRow {
  id: number;
  reported_user_id: number;
  reported_user: string;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  reported_by: string;
  reported_by_id: number;
  reason: string | null;
  created_at: Date | string;
}

/** Reports against users that still exist, one row a report. */
export async function listReportedUsers(db: Db, input: ReportedUsersInput) {
  const { rows, total, total_is_lower_bound } = await pagedList<ReportDbRow>(db, {
    select: sql`r.id, r.reported_user_id, ru.name AS reported_user, ru.avatar, ru.email, ru.phone,
      rb.name AS reported_by, r.reported_by_id, r.reason, r.created_at`,
    from: sql`user_reports r JOIN users ru ON ru.id = r.reported_user_id JOIN users rb ON rb.id = r.reported_by_id`,
    where: [sql`ru.deleted_at IS NULL`],
    filters: [input.query && searchMatch(input.query, [sql`ru.name`, sql`ru.username`, sql`rb.name`])],
    order: orderBy(REPORT_ORDER[input.order_by], sql`r.id`, input.direction, { nullable: true }),
    input,
  });
  return {
    users: rows.map(
      (r): ReportedUserRow => ({
        id: r.id,
        reported_user_id: r.reported_user_id,
        reportedUser: r.reported_user,
        reportedUserImage: r.avatar,
        reportedUserEmail: r.email,
        reportedUserPhone: r.phone,
        reportedBy: r.reported_by,
        reported_by_id: r.reported_by_id,
        reason: r.reason,
        created_at: iso(r.created_at),
      }),
    ),
    total,
    total_is_lower_bound,
  };
}

export interface CreateUserInput {
  name: string;
  username: string;
  email: string;
  password: string;
  phone?: string | null;
  is_admin: boolean;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') {
      return true;
    }
  }
  return false;
}

async function assertFree(db: Db, username: string, email: string) {
  const rows = rowsOf<{ username_taken: boolean; email_taken: boolean }>(
    await db.execute(sql`
      SELECT bool_or(lower(username) = lower(${username})) AS username_taken,
             bool_or(lower(email) = lower(${email})) AS email_taken
        FROM users WHERE lower(username) = lower(${username}) OR lower(email) = lower(${email})`),
  );
  if (rows[0]?.username_taken) {
    throw conflict(`The username '${username}' is already taken`);
  }
  if (rows[0]?.email_taken) {
    throw conflict(`The email '${email}' is already in use`);
  }
}

/** Creates a platform user or, with is_admin, a backend user who can sign in (with no permissions yet). */
export async function createUser(db: Db, input: CreateUserInput) {
  await assertFree(db, input.username, input.email);
  await assertNewPassword(input.password, {
    label: 'Password',
    userInputs: [input.username, input.email, input.name],
  });
  const passwordHash = await hashPassword(input.password);
  let id: number;
  try {
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql`
        INSERT INTO users (name, username, email, phone, password_hash, is_admin)
        VALUES (${input.name}, ${input.username}, ${input.email}, ${input.phone || null}, ${passwordHash},
                ${input.is_admin})
        RETURNING id`),
    );
    id = rows[0].id;
  } catch (err) {
    // A concurrent insert won the race between the check and the insert.
    if (isUniqueViolation(err)) {
      throw conflict('That username or email is already in use');
    }
    throw err;
  }
  const [row] = rowsOf<UserDbRow>(
    await db.execute(sql`SELECT ${SELECT_USER} FROM users u ${LAST_DEVICE} WHERE u.id = ${id}`),
  );
  return presentUser(row);
}

// ---------------------------------------------------------------------------------------------
// CSV

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

/** One CSV cell the way PostgreSQL's COPY ... CSV writes it (NULL empty, '' quoted). */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) {
    return '';
  }
  const s = String(v);
  return s === '' || /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

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
    const rows = rowsOf<Record<string, unknown> & { id: number }>(
      await db.execute(usersCsvSelect(kind, query, after, batch)),
    );
    if (rows.length === 0) {
      return;
    }
    yield rows.map((r) => `${USERS_CSV_COLUMNS.map((c) => csvCell(r[c])).join(',')}\n`).join('');
    after = rows[rows.length - 1].id;
  }
}
