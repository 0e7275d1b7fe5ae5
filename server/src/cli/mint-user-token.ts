import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { createSession } from '../modules/auth';

/**
 * A platform user's (USER) session token, the kind the platform's mobile API would issue
 * (`npm run user-token`). Throws an Error that says what is wrong: a staff account, an unknown name
 * (with a few names that would do), a deleted or suspended user.
 */
export async function mintUserToken(db: Db, username: string): Promise<string> {
  const [user] = await db
    .select({ id: users.id, deletedAt: users.deletedAt, isSuspended: users.isSuspended })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, eq(users.isAdmin, false)))
    .limit(1);
  if (!user) {
    const some = await db
      .select({ username: users.username })
      .from(users)
      .where(and(eq(users.isAdmin, false), isNull(users.deletedAt), eq(users.isSuspended, false)))
      .orderBy(users.id)
      .limit(3);
    const hint = some.length > 0 ? ` Some that are: ${some.map((u) => u.username).join(', ')}.` : '';
    throw new Error(`No platform user named '${username}' (staff accounts sign in with a password).${hint}`);
  }
  if (user.deletedAt || user.isSuspended) {
    throw new Error(`'${username}' is deleted or suspended and cannot connect.`);
  }
  return createSession(db, user.id, 'user');
}
