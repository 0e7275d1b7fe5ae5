import type { calls, GroupRow, InputOf } from '@admin/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { groups, userGroups } from '../../db/schema';
import { dbTime, iso, likePattern, orderBy, pagedList, rowsOf, uncheckedRows } from '../../db/sql';
import { conflict, notFound } from '../../http/errors';
import { auditChanges, auditTarget } from '../../trail/record';

type GroupListInput = InputOf<typeof calls.groupList>;

const ORDER: Record<GroupListInput['order_by'], SQL> = {
  id: sql`g.id`,
  name: sql`lower(g.name)`,
  created_at: sql`g.created_at`,
  updated_at: sql`g.updated_at`,
};

const GroupDbRow = z.object({
  id: z.number(),
  name: z.string(),
  created_at: dbTime,
  updated_at: dbTime,
  users_count: z.number(),
});
type GroupDbRow = z.infer<typeof GroupDbRow>;

/** A group as a picker offers it. */
const GroupOption = z.object({ id: z.number(), name: z.string() });

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
  const { rows, ...total } = await pagedList(db, {
    select: SELECT_GROUP,
    from: sql`groups g`,
    filters: [input.query && sql`g.name ILIKE ${likePattern(input.query)}`],
    order: orderBy(ORDER[input.order_by], sql`g.id`, input.direction),
    // `list` asks for every group (the few a picker offers) on one page.
    input: input.list ? { page: 0, page_limit: EVERY_GROUP } : input,
    row: GroupDbRow,
  });
  return { groups: rows.map(presentGroup), ...total };
}

/** Every group as id and name, by name. */
export async function groupOptions(db: Db) {
  return rowsOf(GroupOption, await db.execute(sql`SELECT id, name FROM groups ORDER BY lower(name), id`));
}

const nameTaken = (name: string) => conflict(`A group named '${name}' already exists`);

/** Adds a group unless its name is taken (case-insensitively): one INSERT whose condition is the check. */
export async function addGroup(db: Db, name: string) {
  const [row] = rowsOf(
    GroupDbRow,
    await db.execute(sql`
      INSERT INTO groups (name) SELECT ${name}::text
       WHERE NOT EXISTS (SELECT 1 FROM groups WHERE lower(name) = lower(${name}))
      RETURNING id, name, created_at, updated_at, 0 AS users_count`),
  );
  if (!row) {
    throw nameTaken(name);
  }
  auditTarget(row.id);
  return presentGroup(row);
}

/**
 * Renames a group in one statement: the row locked with its old name, the UPDATE unless another
 * group has the name, and the group read back from the changed row.
 */
export async function editGroup(db: Db, id: number, name: string) {
  const result = await db.execute(sql`
    WITH old AS (SELECT id, name FROM groups WHERE id = ${id} FOR UPDATE),
         check_name AS (
           SELECT EXISTS (SELECT 1 FROM groups WHERE lower(name) = lower(${name}) AND id <> ${id}) AS taken),
         changed AS (
           UPDATE groups g SET name = ${name}, updated_at = now() FROM old, check_name
            WHERE g.id = old.id AND NOT check_name.taken
           RETURNING g.id, g.name, g.created_at, g.updated_at)
    SELECT old.id IS NOT NULL AS found, check_name.taken, old.name AS old_name, g.*,
           (SELECT count(*)::int FROM user_groups ug WHERE ug.group_id = g.id) AS users_count
      FROM check_name LEFT JOIN old ON true LEFT JOIN changed g ON true`);
  // The group's columns are there only when it was found and renamed.
  const [row] = rowsOf(
    z.object({ found: z.boolean(), taken: z.boolean(), old_name: z.string().nullable() }),
    result,
  );
  if (!row.found) {
    throw notFound(`No group with id ${id}`);
  }
  if (row.taken) {
    throw nameTaken(name);
  }
  auditChanges({ name: row.old_name }, { name });
  return presentGroup(rowsOf(GroupDbRow, result)[0]);
}

/** Deletes a group; its memberships and grants go with it (cascade), so members lose them at once. */
export async function deleteGroup(db: Db, id: number) {
  const rows = uncheckedRows(await db.execute(sql`DELETE FROM groups WHERE id = ${id} RETURNING id`));
  if (rows.length === 0) {
    throw notFound(`No group with id ${id}`);
  }
}

/** Sets a backend user's groups to exactly the given ones, in one transaction. */
export async function assignGroups(db: Db, userId: number, groupIds: number[]) {
  const ids = [...new Set(groupIds)];
  // Locked until the call commits: parallel assignments run one after the other, so each entry's
  // "before" is what the previous one left.
  const [user] = uncheckedRows(
    await db.execute(
      sql`SELECT id FROM users WHERE id = ${userId} AND is_admin AND deleted_at IS NULL FOR UPDATE`,
    ),
  );
  if (!user) {
    throw notFound(`No backend user with id ${userId}`);
  }
  const before = (
    await db
      .select({ group_id: userGroups.groupId })
      .from(userGroups)
      .where(eq(userGroups.userId, userId))
      .orderBy(userGroups.groupId)
  ).map((r) => r.group_id);
  if (ids.length > 0) {
    const found = (await db.select({ id: groups.id }).from(groups).where(inArray(groups.id, ids))).map(
      (r) => r.id,
    );
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
  auditChanges({ group_ids: before }, { group_ids: [...ids].sort((a, b) => a - b) });
  return rowsOf(
    GroupOption,
    await db.execute(sql`SELECT g.id, g.name FROM user_groups ug JOIN groups g ON g.id = ug.group_id
      WHERE ug.user_id = ${userId} ORDER BY lower(g.name), g.id`),
  );
}
