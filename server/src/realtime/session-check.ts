import { SESSION_IDLE_SECONDS } from '@admin/contract';
import { sql } from 'drizzle-orm';
import { type Db, executePrepared } from '../db/client';

/**
 * The per-event session check of the gateway in one round trip: the same rules as
 * resolveSession (modules/auth/sessions.ts: not revoked, 12 h at most, 30 min idle, account not
 * suspended or deleted, staff tokens only for staff) plus, optionally, one permission held directly,
 * through a group, or as super admin. Null when the session is over.
 */
export async function checkSocketSession(
  db: Db,
  tokenHash: string,
  kind: 'admin' | 'user',
  permission?: string,
): Promise<{ userId: number; allowed: boolean } | null> {
  const perm = permission ?? null;
  const [row] = await executePrepared<{
    id: number;
    allowed: boolean;
    last_used_at: Date | string;
    session_id: number;
  }>(
    db,
    'socket_session_check',
    sql`
      SELECT u.id, s.id AS session_id, s.last_used_at,
        (u.is_sup_admin OR ${perm}::text IS NULL OR EXISTS (
          SELECT 1 FROM permissions p
           WHERE p.name = ${perm}::text AND (
             EXISTS (SELECT 1 FROM user_permissions up WHERE up.user_id = u.id AND up.permission_id = p.id)
             OR EXISTS (SELECT 1 FROM user_groups ug
                          JOIN group_permissions gp ON gp.group_id = ug.group_id
                         WHERE ug.user_id = u.id AND gp.permission_id = p.id)))) AS allowed
        FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = ${tokenHash} AND s.kind = ${kind} AND s.revoked_at IS NULL AND NOT s.must_change_password
         AND s.expires_at > now()
         AND s.last_used_at > now() - make_interval(secs => ${SESSION_IDLE_SECONDS})
         AND NOT u.is_suspended AND u.deleted_at IS NULL AND (${kind} <> 'admin' OR u.is_admin)`,
  );
  if (!row) {
    return null;
  }
  // Chatting keeps the session alive, touched at most once a minute like HTTP calls.
  if (Date.now() - new Date(row.last_used_at).getTime() > 60_000) {
    await db.execute(sql`UPDATE sessions SET last_used_at = now() WHERE id = ${row.session_id}`);
  }
  return { userId: row.id, allowed: row.allowed };
}
