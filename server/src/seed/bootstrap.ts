import { randomBytes } from 'node:crypto';
import { PERMISSIONS } from '@admin/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { permissions, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';

/** Adds the contract's permission keys the table lacks, so new keys exist after an upgrade. */
export async function syncPermissions(db: Db): Promise<void> {
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing();
}

/**
 * Creates the super admin on an empty database. Answers the password when it was generated here,
 * so start-up can print it once.
 */
export async function ensureSuperAdmin(
  db: Db,
  opts: { username: string; email: string; password?: string },
): Promise<{ created: boolean; generatedPassword?: string }> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.isSupAdmin, true)).limit(1);
  if (existing) {
    return { created: false };
  }
  const password = opts.password ?? randomBytes(9).toString('base64url');
  // Processes starting together on an empty database: one inserts, the others find it taken.
  const inserted = await db
    .insert(users)
    .values({
      name: 'Super Admin',
      username: opts.username,
      email: opts.email,
      passwordHash: await hashPassword(password),
      isAdmin: true,
      isSupAdmin: true,
      avatar: '/media/avatars/admin.svg',
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) {
    return { created: false };
  }
  return { created: true, generatedPassword: opts.password ? undefined : password };
}
