import { randomBytes } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResets, sessions, signInCounters, users } from '../db/schema';
import { assertNewPassword } from '../lib/password-strength';
import { hashPassword } from '../lib/passwords';
import { writeEntry } from '../trail/record';

/** The actor of entries written by `npm run admin-password`, which no signed-in person runs. */
export const COMMAND_LINE = 'command line';

/**
 * Sets a new password for a staff account (`npm run admin-password`): the chosen one (held to the
 * rule staff passwords follow) or a generated one. Every session of the account ends, mailed
 * one-time passwords stop working, and its failed-sign-in counts are forgotten; the trail keeps an
 * entry by the command line (never the password). Answers the
 * password, or throws an Error that says what is wrong.
 */
export async function resetStaffPassword(
  db: Db,
  username: string,
  chosen: string | undefined,
  now = new Date(),
): Promise<{ password: string; generated: boolean }> {
  const [user] = await db
    .select({ id: users.id, username: users.username, email: users.email, name: users.name })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${username})`,
        eq(users.isAdmin, true),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!user) {
    throw new Error(`No staff account named '${username}' (deleted accounts and platform users have none).`);
  }
  if (chosen !== undefined) {
    await assertNewPassword(chosen, {
      label: 'ADMIN_PASSWORD',
      userInputs: [user.username, user.email, user.name],
    }).catch((err: Error) => {
      throw new Error(err.message);
    });
  }
  const password = chosen ?? randomBytes(12).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(password), updatedAt: now })
      .where(eq(users.id, user.id));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await writeEntry(tx, {
      actor: { id: null, username: COMMAND_LINE },
      action: 'admin-password',
      targetType: 'user',
      targetId: user.id,
      changes: { before: null, after: { how_set: chosen === undefined ? 'generated' : 'chosen' } },
    });
    await tx
      .delete(signInCounters)
      .where(
        or(
          eq(signInCounters.key, `pw:acct:${user.username}`),
          sql`starts_with(${signInCounters.key}, ${`pw:pair:${user.username}|`})`,
          eq(signInCounters.key, `otp:${user.id}`),
        ),
      );
  });
  return { password, generated: chosen === undefined };
}
