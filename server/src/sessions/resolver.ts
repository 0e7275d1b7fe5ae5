import { createHash } from 'node:crypto';
import { SESSION_IDLE_SECONDS } from '@admin/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { dbTime, rowsOf } from '../db/sql';
import { recordSignin } from '../trail/record';

/**
 * The one place that says whether a bearer token is a live session: the API guard
 * (http/auth.ts), the chat gateway's handshake and every socket event (realtime/gateway.ts) and the
 * API documents (modules/docs) all ask resolveSession. It uses only the database layer.
 */

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A live session's user and grants, read fresh on every request. */
export interface SessionUser {
  id: number;
  username: string;
  name: string;
  email: string | null;
  avatar: string | null;
  is_sup_admin: number;
  group_permissions: string[];
  user_permissions: string[];
  sessionId: number;
  /** Signed in with a mailed one-time password: must choose a new password first. */
  mustChangePassword?: boolean;
  /** The second-factor policy asks this account for a passkey or authenticator app first. */
  mustEnrol?: boolean;
}

/** One round trip: the session behind a token, its user and (for staff) their grants. */
export function sessionQuery(token: string, kind: 'admin' | 'user') {
  return sql`
      SELECT s.id AS session_id, s.last_used_at, s.expires_at, s.must_change_password, s.must_enrol, u.id, u.username, u.name, u.email,
             u.avatar, u.is_sup_admin, u.is_admin, u.is_suspended, u.deleted_at,
             ARRAY(SELECT DISTINCT p.name FROM user_groups ug
                     JOIN group_permissions gp ON gp.group_id = ug.group_id
                     JOIN permissions p ON p.id = gp.permission_id
                    WHERE ug.user_id = u.id AND ${kind} = 'admin') AS group_permissions,
             ARRAY(SELECT p.name FROM user_permissions up
                     JOIN permissions p ON p.id = up.permission_id
                    WHERE up.user_id = u.id AND ${kind} = 'admin') AS user_permissions
        FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = ${sha256(token)} AND s.kind = ${kind} AND s.revoked_at IS NULL
       LIMIT 1`;
}

const SessionRow = z.object({
  session_id: z.number(),
  last_used_at: dbTime,
  expires_at: dbTime,
  must_change_password: z.boolean(),
  must_enrol: z.boolean(),
  id: z.number(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  is_sup_admin: z.boolean(),
  is_admin: z.boolean(),
  is_suspended: z.boolean(),
  deleted_at: dbTime.nullable(),
  group_permissions: z.array(z.string()),
  user_permissions: z.array(z.string()),
});

/**
 * The user behind a bearer token, or null when it is unknown, revoked, idle for 30 minutes,
 * older than 12 hours, or its user may no longer sign in. `now` is the caller's clock (deps.clock).
 * A session started with a mailed one-time password counts only for callers that pass
 * allowMustChange (the API guard, which opens change-password and little else to it).
 */
export async function resolveSession(
  db: Db,
  token: string,
  kind: 'admin' | 'user',
  at: Date,
  opts: { allowMustChange?: boolean } = {},
): Promise<SessionUser | null> {
  const [row] = rowsOf(SessionRow, await db.execute(sessionQuery(token, kind)));
  const now = at.getTime();
  const lastUsed = row ? new Date(row.last_used_at).getTime() : 0;
  const expired =
    !!row && (new Date(row.expires_at).getTime() <= now || lastUsed + SESSION_IDLE_SECONDS * 1000 <= now);
  if (expired) {
    // Recorded once: the session is closed, so its next use is an unknown token.
    await db
      .update(sessions)
      .set({ revokedAt: new Date(now) })
      .where(eq(sessions.id, row.session_id));
    await recordSignin(db, 'session-expired', { username: row.username, userId: row.id });
  }
  if (
    !row ||
    expired ||
    row.is_suspended ||
    row.deleted_at ||
    (kind === 'admin' && !row.is_admin) ||
    (row.must_change_password && !opts.allowMustChange)
  ) {
    return null;
  }
  // Touch at most once a minute: the idle window is 30 minutes, so precision beyond that is waste.
  if (now - lastUsed > 60_000) {
    await db
      .update(sessions)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(sessions.id, row.session_id));
  }
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    is_sup_admin: row.is_sup_admin ? 1 : 0,
    sessionId: row.session_id,
    group_permissions: row.group_permissions,
    user_permissions: row.user_permissions,
    ...(row.must_change_password ? { mustChangePassword: true } : {}),
    ...(row.must_enrol ? { mustEnrol: true } : {}),
  };
}
