// The users lists (platform, deleted, backend): filters, sorts and the searched page.
import type { AdminUserRow, calls, InputOf } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { type ListSearch, searchedList, searchedListQueries } from '../../db/list-search';
import { orderBy, type PagedListSpec, pagedList, pagedListQueries, searchMatch } from '../../db/sql';
import { LAST_DEVICE, presentUser, SELECT_USER, UserDbRow } from './user-row';

export type UserListKind = 'active' | 'deleted' | 'backend';

/** The users lists' parameters (users-list, deleted-users and admin-users-list share them). */
type UserListInput = InputOf<typeof calls.deletedUsers>;

const ORDER_COLUMNS: Record<UserListInput['order_by'], SQL> = {
  name: sql`u.name`,
  username: sql`u.username`,
  email: sql`u.email`,
  created_at: sql`u.created_at`,
  last_interacted: sql`u.last_interacted`,
  id: sql`u.id`,
};

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

/** Columns that may be NULL: they sort NULLS LAST both ways, each direction on its own index. */
const NULLABLE: ReadonlySet<UserListInput['order_by']> = new Set(['email', 'last_interacted']);

function orderOf(input: Pick<UserListInput, 'order_by' | 'direction'>): SQL {
  return orderBy(ORDER_COLUMNS[input.order_by], sql`u.id`, input.direction, {
    nullable: NULLABLE.has(input.order_by),
  });
}

/** The users list's search (db/list-search.ts). */
function userListSearch(kind: UserListKind, input: UserListInput): ListSearch | undefined {
  if (!input.query) {
    return undefined;
  }
  return {
    term: input.query,
    columns: [sql`u.name`, sql`u.username`, ...(kind === 'backend' ? [sql`u.email`] : [])],
    sort: {
      column: ORDER_COLUMNS[input.order_by],
      direction: input.direction,
      nullable: NULLABLE.has(input.order_by),
    },
    // Deleted users are a few among millions: only their name order has its own index to walk.
    walk: kind !== 'deleted' || input.order_by === 'name',
    // users_name_p1_idx ... users_username_p2_idx hold the name order (the list's default), and
    // users_deleted_name_p1_idx ... users_deleted_username_p2_idx hold it among deleted users.
    prefixOrder: kind !== 'backend' && input.order_by === 'name',
  };
}

/**
 * A users list on the floor: the page is found on ids alone (a deferred join, so deep pages skip
 * index entries instead of whole rows), then only the page's rows are read with their last device.
 */
function userListSpec(kind: UserListKind, input: UserListInput, select: SQL = SELECT_USER) {
  return {
    select,
    from: sql`users u`,
    where: KINDS[kind].where,
    order: orderOf(input),
    input,
    deferred: { key: sql`u.id`, rows: sql`users u ON u.id = page.key ${LAST_DEVICE}` },
    counter: KINDS[kind].counter,
    search: userListSearch(kind, input),
  } satisfies PagedListSpec & { search?: ListSearch };
}

/** A page and its total, searched or not, its rows parsed with `row`. */
function userPage<T>(db: Db, spec: ReturnType<typeof userListSpec>, row: z.ZodType<T>) {
  return spec.search
    ? searchedList<T>(db, { ...spec, search: spec.search, row })
    : pagedList<T>(db, { ...spec, row });
}

/** A staff row: a user with their super-admin flag and groups. */
const AdminDbRow = UserDbRow.extend({
  is_sup_admin: z.boolean(),
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
});

/**
 * The first queries of a users list page: unfiltered, the page carrying its counter's total; searched,
 * the page and its total (the plan tried first: see db/list-search.ts). Exported so the benchmark
 * times exactly this SQL.
 */
export function listUsersQueries(kind: UserListKind, input: UserListInput): SQL[] {
  const spec = userListSpec(kind, input);
  return spec.search ? searchedListQueries({ ...spec, search: spec.search }) : pagedListQueries(spec);
}

/** One page of a users list and the total under the same filter. */
export async function listUsers(db: Db, kind: UserListKind, input: UserListInput) {
  const { rows, total, total_is_lower_bound } = await userPage(db, userListSpec(kind, input), UserDbRow);
  return { users: rows.map(presentUser), total, total_is_lower_bound };
}

/** Backend users with their groups (roles). */
export async function listAdminUsers(db: Db, input: UserListInput) {
  const select = sql`${SELECT_USER}, u.is_sup_admin,
    COALESCE((
      SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name, g.id)
        FROM user_groups ug JOIN groups g ON g.id = ug.group_id WHERE ug.user_id = u.id
    ), '[]'::json) AS groups`;
  const { rows, total, total_is_lower_bound } = await userPage(
    db,
    userListSpec('backend', input, select),
    AdminDbRow,
  );
  return {
    users: rows.map(
      (r): AdminUserRow => ({
        ...presentUser(r),
        is_sup_admin: r.is_sup_admin ? 1 : 0,
        auth_user_group: r.groups.map((g) => ({ auth_group: { id: g.id, name: g.name } })),
      }),
    ),
    total,
    total_is_lower_bound,
  };
}
