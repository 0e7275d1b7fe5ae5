import type { calls, GroupRow, InputOf } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso, likePattern, orderBy, pagedList, rowsOf } from '../../db/sql';
import { auditChanges, readAfterCommit } from '../../http/audit';
import { conflict, notFound } from '../../http/errors';

type GroupListInput = InputOf<typeof calls.groupList>;

const ORDER: Record<GroupListInput['order_by'], SQL> = {
  id: sql`g.id`,
  name: sql`lower(g.name)`,
  created_at: sql`g.created_at`,
  updated_at: sql`g.updated_at`,
};

interface GroupDbRow {
  id: number;
  name: string;
  created_at: Date | string;
  updated_at: Date | string;
  users_count: number;
}

function presentGroup(r: GroupDbRow): GroupRow {
  return {
    id: r.id,
    name: r.name,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    users_count: Number(r.users_count),
  };
}

const SELECT_GROUP = sql`g.id, g.name, g.created_at, g.updated_at,
  (SELECT count(*)::int FROM user_groups ug WHERE ug.group_id = g.id) AS users_count`;

const EVERY_GROUP = 100_000;

/** Groups paged and sorted (or every group with list), with the total under the same search. */
export async function listGroups(db: Db, input: GroupListInput) {
  const { rows, ...total } = await pagedList<GroupDbRow>(db, {
    select: SELECT_GROUP,
    from: sql`groups g`,
    filters: [input.query && sql`g.name ILIKE ${likePattern(input.query)}`],
    order: orderBy(ORDER[input.order_by], sql`g.id`, input.direction),
    // `list` asks for every group (the few a picker offers) on one page.
    input: input.list ? { page: 0, page_limit: EVERY_GROUP } : input,
  });
  return { groups: rows.map(presentGroup), ...total };
}

/** Every group as id and name, by name. */
export async function groupOptions(db: Db) {
  return rowsOf<{ id: number; name: string }>(
    await db.execute(sql`SELECT id, name FROM groups ORDER BY lower(name), id`),
  );
}

async function getGroup(db: Db, id: number): Promise<GroupRow> {
  const [row] = rowsOf<GroupDbRow>(
    await db.execute(sql`SELECT ${SELECT_GROUP} FROM groups g WHERE g.id = ${id}`),
  );
  if (!row) {
    throw notFound(`No group with id ${id}`);
  }
  return presentGroup(row);
}

async function assertNameFree(db: Db, name: string, exceptId?: number) {
  const clash = rowsOf(
    await db.execute(
      sql`SELECT 1 FROM groups WHERE lower(name) = lower(${name}) AND id <> ${exceptId ?? 0} LIMIT 1`,
    ),
  );
  if (clash.length > 0) {
    throw conflict(`A group named '${name}' already exists`);
  }
}

export async function addGroup(db: Db, name: string) {
  await assertNameFree(db, name);
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO groups (name) VALUES (${name}) RETURNING id`),
  );
  return readAfterCommit(() => getGroup(db, row.id), row.id);
}

export async function editGroup(db: Db, id: number, name: string) {
  const before = await getGroup(db, id);
  await assertNameFree(db, name, id);
  await db.execute(sql`UPDATE groups SET name = ${name}, updated_at = now() WHERE id = ${id}`);
  auditChanges({ name: before.name }, { name });
  return readAfterCommit(() => getGroup(db, id));
}

/** Deletes a group; its memberships and grants go with it (cascade), so members lose them at once. */
export async function deleteGroup(db: Db, id: number) {
  const rows = rowsOf(await db.execute(sql`DELETE FROM groups WHERE id = ${id} RETURNING id`));
  if (rows.length === 0) {
    throw notFound(`No group with id ${id}`);
  }
}

/** Sets a backend user's groups to exactly the given ones, in one transaction. */
export async function assignGroups(db: Db, userId: number, groupIds: number[]) {
  const ids = [...new Set(groupIds)];
  const [user] = rowsOf(
    await db.execute(sql`SELECT id FROM users WHERE id = ${userId} AND is_admin AND deleted_at IS NULL`),
  );
  if (!user) {
    throw notFound(`No backend user with id ${userId}`);
  }
  if (ids.length > 0) {
    const found = rowsOf<{ id: number }>(
      await db.execute(
        sql`SELECT id FROM groups WHERE id IN (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      ),
    ).map((r) => r.id);
    const missing = ids.filter((i) => !found.includes(i));
    if (missing.length > 0) {
      throw notFound(`No group with id ${missing.join(', ')}`);
    }
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM user_groups WHERE user_id = ${userId}`);
    if (ids.length > 0) {
      await tx.execute(
        sql`INSERT INTO user_groups (user_id, group_id) VALUES ${sql.join(
          ids.map((g) => sql`(${userId}, ${g})`),
          sql`, `,
        )} ON CONFLICT DO NOTHING`,
      );
    }
  });
  return rowsOf<{ id: number; name: string }>(
    await db.execute(sql`SELECT g.id, g.name FROM user_groups ug JOIN groups g ON g.id = ug.group_id
      WHERE ug.user_id = ${userId} ORDER BY lower(g.name), g.id`),
  );
}
