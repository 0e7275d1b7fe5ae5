import { randomBytes } from 'node:crypto';
import { SESSION_MAX_SECONDS } from '@admin/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import { systemClock } from '../../providers/clock';
import { sha256 } from '../../sessions/resolver';

export { sha256 } from '../../sessions/resolver';

/** 256 random bits; only the hash is kept. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A new session of a user, live for SESSION_MAX_SECONDS from `opts.now` (the app passes its
 * clock's time; the CLI, the bench and test fixtures start it at the machine's time).
 */
export async function createSession(
  db: Db,
  userId: number,
  kind: 'admin' | 'user' = 'admin',
  opts: {
    mustChangePassword?: boolean;
    mustEnrol?: boolean;
    now?: Date;
    /** where from and how (the Sessions list of /account) */
    ip?: string;
    userAgent?: string | null;
    method?: string;
  } = {},
): Promise<string> {
  const now = opts.now ?? systemClock.now();
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    kind,
    mustChangePassword: opts.mustChangePassword ?? false,
    mustEnrol: opts.mustEnrol ?? false,
    ip: opts.ip ?? null,
    userAgent: opts.userAgent?.slice(0, 500) ?? null,
    method: opts.method ?? null,
    tokenHash: sha256(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_SECONDS * 1000),
  });
  return token;
}

/** Names of the permissions a user holds, split by where they come from. */
export async function loadPermissions(db: Db, userId: number) {
  const rows = await db.execute(sql`
    SELECT p.name, 'group' AS source FROM user_groups ug
      JOIN group_permissions gp ON gp.group_id = ug.group_id
      JOIN permissions p ON p.id = gp.permission_id
     WHERE ug.user_id = ${userId}
    UNION
    SELECT p.name, 'user' AS source FROM user_permissions up
      JOIN permissions p ON p.id = up.permission_id
     WHERE up.user_id = ${userId}`);
  const list = rowsOf(z.object({ name: z.string(), source: z.enum(['group', 'user']) }), rows);
  return {
    group_permissions: list.filter((r) => r.source === 'group').map((r) => r.name),
    user_permissions: list.filter((r) => r.source === 'user').map((r) => r.name),
  };
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Revokes every other session of a user (after a password change). */
export async function revokeOtherSessions(
  db: Db,
  userId: number,
  keepSessionId: number | null,
  now: Date,
): Promise<void> {
  const cond = keepSessionId
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: now }).where(cond);
}
