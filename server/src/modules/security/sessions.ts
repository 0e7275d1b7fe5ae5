import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { auditChanges } from '../../trail/record';
import { assertMayActOnUser } from '../ranks';
import { describeUserAgent } from './user-agent';

/** Live staff sessions of a user: not ended and not past their 12 hours (idle ones end on next use). */
const live = (userId: number, now: Date) =>
  and(
    eq(sessions.userId, userId),
    eq(sessions.kind, 'admin'),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
  );

/** Live staff sessions of a user as the Sessions lists show them; `currentId` is marked. */
export async function sessionRows(db: Db, userId: number, now: Date, currentId: number) {
  const rows = await db
    .select()
    .from(sessions)
    .where(live(userId, now))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id))
    .limit(100);
  return rows.map((s) => ({
    id: s.id,
    ...describeUserAgent(s.userAgent),
    ip: s.ip,
    method: s.method,
    created_at: s.createdAt.toISOString(),
    last_used_at: s.lastUsedAt.toISOString(),
    current: s.id === currentId,
  }));
}

export async function mySessions(db: Db, user: AuthUser, now: Date) {
  return { data: await sessionRows(db, user.id, now, user.sessionId) };
}

/** Ends one of one's own sessions (the current one too: that is signing out), or all the others. */
export async function endMySessions(
  db: Db,
  user: AuthUser,
  input: { id?: number; all_others?: true },
  now: Date,
) {
  const where = input.all_others
    ? and(live(user.id, now), ne(sessions.id, user.sessionId))
    : and(live(user.id, now), eq(sessions.id, input.id ?? 0));
  const ended = await db.update(sessions).set({ revokedAt: now }).where(where).returning({ id: sessions.id });
  if (!input.all_others && ended.length === 0) {
    throw notFound('No such session of yours');
  }
  auditChanges(null, { ended: ended.map((s) => s.id) });
  return {
    responseMessage: ended.length === 1 ? 'Session ended' : `${ended.length} sessions ended`,
    data: { ended: ended.length },
  };
}

/** Ends every session of a staff member the actor outranks (ranks: docs/security.md). */
export async function endUserSessions(db: Db, actor: AuthUser, userId: number, now: Date) {
  await assertMayActOnUser(db, actor, userId);
  const [target] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId));
  if (!target?.isAdmin) {
    throw notFound('No such staff member');
  }
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(live(userId, now))
    .returning({ id: sessions.id });
  auditChanges(null, { ended: ended.map((s) => s.id) });
  return {
    responseMessage: ended.length === 1 ? '1 session ended' : `${ended.length} sessions ended`,
    data: { ended: ended.length },
  };
}
