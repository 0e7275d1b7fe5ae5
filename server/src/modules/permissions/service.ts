import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { notFound } from '../../http/errors';

async function findGroup(db: Db, groupId: number) {
  const [group] = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`SELECT id, name FROM groups WHERE id = ${groupId}`),
  );
  if (!group) {
    throw notFound(`No group with id ${groupId}`);
  }
  return group;
}

async function findBackendUser(db: Db, userId: number) {
  const [user] = rowsOf<{ id: number; username: string; name: string; is_sup_admin: boolean }>(
    await db.execute(sql`SELECT id, username, name, is_sup_admin FROM users
      WHERE id = ${userId} AND is_admin AND deleted_at IS NULL`),
  );
  if (!user) {
    throw notFound(`No backend user with id ${userId}`);
  }
  return user;
}

async function findPermission(db: Db, permissionId: number) {
  const [perm] = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`SELECT id, name FROM permissions WHERE id = ${permissionId}`),
  );
  if (!perm) {
    throw notFound(`No permission with id ${permissionId}`);
  }
  return perm;
}

/** Every permission with whether the group holds it. */
export async function groupPermissions(db: Db, groupId: number) {
  const group = await findGroup(db, groupId);
  const data = rowsOf<{ id: number; name: string; group_permission_count: number }>(
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
  const data = rowsOf<{
    id: number;
    name: string;
    user_permission_count: number;
    from_groups: number;
    via_groups: string[];
  }>(
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
 * Flips one grant: deletes it when held, inserts it when not. The auth guard reads grants on every
 * request, so the change applies to the holders' next call.
 */
export async function toggleGroupPermission(db: Db, groupId: number, permissionId: number) {
  await findGroup(db, groupId);
  const perm = await findPermission(db, permissionId);
  const removed = rowsOf(
    await db.execute(sql`DELETE FROM group_permissions
      WHERE group_id = ${groupId} AND permission_id = ${permissionId} RETURNING group_id`),
  );
  if (removed.length === 0) {
    await db.execute(sql`INSERT INTO group_permissions (group_id, permission_id)
      VALUES (${groupId}, ${permissionId}) ON CONFLICT DO NOTHING`);
  }
  return { permission_id: perm.id, name: perm.name, granted: removed.length === 0 };
}

export async function toggleUserPermission(db: Db, userId: number, permissionId: number) {
  await findBackendUser(db, userId);
  const perm = await findPermission(db, permissionId);
  const removed = rowsOf(
    await db.execute(sql`DELETE FROM user_permissions
      WHERE user_id = ${userId} AND permission_id = ${permissionId} RETURNING user_id`),
  );
  if (removed.length === 0) {
    await db.execute(sql`INSERT INTO user_permissions (user_id, permission_id)
      VALUES (${userId}, ${permissionId}) ON CONFLICT DO NOTHING`);
  }
  return { permission_id: perm.id, name: perm.name, granted: removed.length === 0 };
}
