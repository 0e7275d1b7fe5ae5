import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { groups, permissions, users } from '../../db/schema';
import { rowsOf, uncheckedRows } from '../../db/sql';
import { notFound } from '../../http/errors';
import { auditChanges } from '../../trail/record';

/** `lock`: the row stays locked until the call commits, so toggles of one holder run one at a time. */
async function findGroup(db: Db, groupId: number, lock = false) {
  const query = db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.id, groupId));
  const [group] = lock ? await query.for('update') : await query;
  if (!group) {
    throw notFound(`No group with id ${groupId}`);
  }
  return group;
}

async function findBackendUser(db: Db, userId: number, lock = false) {
  const query = db
    .select({ id: users.id, username: users.username, name: users.name, is_sup_admin: users.isSupAdmin })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isAdmin, true), isNull(users.deletedAt)));
  const [user] = lock ? await query.for('update') : await query;
  if (!user) {
    throw notFound(`No backend user with id ${userId}`);
  }
  return user;
}

async function findPermission(db: Db, permissionId: number) {
  const [perm] = await db
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .where(eq(permissions.id, permissionId));
  if (!perm) {
    throw notFound(`No permission with id ${permissionId}`);
  }
  return perm;
}

/** Every permission with whether the group holds it. */
export async function groupPermissions(db: Db, groupId: number) {
  const group = await findGroup(db, groupId);
  const data = rowsOf(
    z.object({ id: z.number(), name: z.string(), group_permission_count: z.number() }),
    await db.execute(sql`SELECT p.id, p.name,
        (SELECT count(*)::int FROM group_permissions gp
          WHERE gp.group_id = ${groupId} AND gp.permission_id = p.id) AS group_permission_count
      FROM permissions p ORDER BY p.id`),
  );
  return { group, data };
}

/** Every permission with whether the user holds it directly and through which groups. */
export async function userPermissions(db: Db, userId: number) {
  const user = await findBackendUser(db, userId);
  const Row = z.object({
    id: z.number(),
    name: z.string(),
    user_permission_count: z.number(),
    from_groups: z.number(),
    via_groups: z.array(z.string()),
  });
  const data = rowsOf(
    Row,
    await db.execute(sql`SELECT p.id, p.name,
        (SELECT count(*)::int FROM user_permissions up
          WHERE up.user_id = ${userId} AND up.permission_id = p.id) AS user_permission_count,
        (SELECT count(*)::int FROM user_groups ug JOIN group_permissions gp ON gp.group_id = ug.group_id
          WHERE ug.user_id = ${userId} AND gp.permission_id = p.id) AS from_groups,
        (SELECT coalesce(json_agg(g.name ORDER BY g.name), '[]'::json)
          FROM user_groups ug
          JOIN group_permissions gp ON gp.group_id = ug.group_id
          JOIN groups g ON g.id = ug.group_id
          WHERE ug.user_id = ${userId} AND gp.permission_id = p.id) AS via_groups
      FROM permissions p ORDER BY p.id`),
  );
  return { user: { ...user, is_sup_admin: user.is_sup_admin ? 1 : 0 }, data };
}

/**
 * The trail of a flip names the permission and says which way it went, e.g.
 * before {permission: {name: 'users_list', granted: false}}, after {... granted: true}.
 */
function auditFlip(name: string, granted: boolean) {
  auditChanges({ permission: { name, granted: !granted } }, { permission: { name, granted } });
}

/**
 * Flips one grant: deletes it when held, inserts it when not. The holder's row is locked first, so
 * parallel flips run one after the other and each one's entry says what it did. The auth guard
 * reads grants on every request, so the change applies to the holders' next call.
 */
export async function toggleGroupPermission(db: Db, groupId: number, permissionId: number) {
  await findGroup(db, groupId, true);
  const perm = await findPermission(db, permissionId);
  const removed = uncheckedRows(
    await db.execute(sql`DELETE FROM group_permissions
      WHERE group_id = ${groupId} AND permission_id = ${permissionId} RETURNING group_id`),
  );
  if (removed.length === 0) {
    await db.execute(sql`INSERT INTO group_permissions (group_id, permission_id)
      VALUES (${groupId}, ${permissionId}) ON CONFLICT DO NOTHING`);
  }
  auditFlip(perm.name, removed.length === 0);
  return { permission_id: perm.id, name: perm.name, granted: removed.length === 0 };
}

export async function toggleUserPermission(db: Db, userId: number, permissionId: number) {
  await findBackendUser(db, userId, true);
  const perm = await findPermission(db, permissionId);
  const removed = uncheckedRows(
    await db.execute(sql`DELETE FROM user_permissions
      WHERE user_id = ${userId} AND permission_id = ${permissionId} RETURNING user_id`),
  );
  if (removed.length === 0) {
    await db.execute(sql`INSERT INTO user_permissions (user_id, permission_id)
      VALUES (${userId}, ${permissionId}) ON CONFLICT DO NOTHING`);
  }
  auditFlip(perm.name, removed.length === 0);
  return { permission_id: perm.id, name: perm.name, granted: removed.length === 0 };
}
