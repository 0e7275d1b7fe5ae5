import { hasPermission, type Rank, type RankChange, rankRefusal } from '@admin/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { permissions, users } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import type { AuthUser } from '../../http/auth';
import { outranked } from '../../http/errors';

/**
 * Ranks: who may act on whom (docs/security.md). Holding a call's permission lets a staff member
 * change platform users; only a super admin changes a backend (staff) account or a group that has
 * members; nobody changes their own grants (permissions, groups) and nobody grants what they do
 * not hold. Every call that writes to a user or a group asks here first; the table in
 * ranks.test.ts walks every such call of the contract.
 */

const isSuper = (actor: AuthUser) => actor.is_sup_admin === 1;

async function rankOf(db: Db, userId: number): Promise<Rank | null> {
  const [row] = await db
    .select({ is_admin: users.isAdmin, is_sup_admin: users.isSupAdmin })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) {
    return null;
  }
  return row.is_sup_admin ? 'super_admin' : row.is_admin ? 'staff' : 'platform';
}

/**
 * Throws the rank 403 unless `actor` may change user `targetId` (the rule is the contract's
 * `rankRefusal`). An unknown id passes: the call answers its own 404.
 */
export async function assertMayActOnUser(
  db: Db,
  actor: AuthUser,
  targetId: number,
  change: RankChange = 'account',
) {
  // A super admin's refusal never depends on the target's rank (rankRefusal): the session says it
  // all, and no lookup is made.
  const rank = isSuper(actor) ? null : await rankOf(db, targetId);
  const refusal = rankRefusal(actor, { id: targetId, rank: rank ?? 'platform' }, change);
  if (refusal) {
    throw outranked(refusal);
  }
}

/**
 * Throws the rank 403 unless `actor` may change group `groupId`: a group's grants are its
 * members', so a group with members is changed only by a super admin, and nobody changes the
 * grants of a group they belong to. An empty group is open to the permission's holders.
 */
export async function assertMayActOnGroup(db: Db, actor: AuthUser, groupId: number, change: RankChange) {
  if (change !== 'grants' && isSuper(actor)) {
    // Nothing about the group could refuse a super admin this change: no lookup.
    return;
  }
  const [group] = rowsOf(
    z.object({ has_members: z.boolean(), is_member: z.boolean() }),
    await db.execute(sql`
      SELECT EXISTS (SELECT 1 FROM user_groups WHERE group_id = ${groupId}) AS has_members,
             EXISTS (SELECT 1 FROM user_groups WHERE group_id = ${groupId} AND user_id = ${actor.id}) AS is_member`),
  );
  if (change === 'grants' && group.is_member) {
    throw outranked('You cannot change the permissions of a group you belong to');
  }
  if (group.has_members && !isSuper(actor)) {
    throw outranked('Only a super admin can change a group that has members');
  }
}

/**
 * Throws the rank 403 unless `actor` holds permission `permissionId` themselves (super admins hold
 * all). An unknown id passes: the call answers its own 404.
 */
export async function assertMayGrant(db: Db, actor: AuthUser, permissionId: number) {
  const [perm] = await db
    .select({ name: permissions.name })
    .from(permissions)
    .where(eq(permissions.id, permissionId));
  if (perm && !hasPermission(actor, perm.name)) {
    throw outranked(`You can only grant or remove permissions you hold yourself (${perm.name})`);
  }
}

/** Only a super admin creates a backend (staff) account. */
export function assertMayCreate(actor: AuthUser, isAdmin: boolean) {
  if (isAdmin && !isSuper(actor)) {
    throw outranked('Only a super admin can create a staff account');
  }
}
