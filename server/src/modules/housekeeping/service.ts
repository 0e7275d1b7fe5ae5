import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';

/** Rows kept a day past their end, so "expired" can still be told apart from "never existed". */
const GRACE = sql`interval '1 day'`;

/**
 * Deletes what can no longer be used: sessions expired or revoked, sign-in challenges and password
 * resets past their expiry, sign-in counters whose window and lockout have both ended. Every
 * statement is idempotent, so each process may run it. Answers the rows removed per table.
 */
export async function pruneExpired(db: Db): Promise<Record<string, number>> {
  const count = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ n: number }>(
      await db.execute(sql`WITH gone AS (${query} RETURNING 1) SELECT count(*)::int AS n FROM gone`),
    )[0].n;
  return {
    sessions: await count(sql`DELETE FROM sessions
      WHERE expires_at < now() - ${GRACE} OR revoked_at < now() - ${GRACE}`),
    login_challenges: await count(sql`DELETE FROM login_challenges WHERE expires_at < now() - ${GRACE}`),
    password_resets: await count(sql`DELETE FROM password_resets WHERE expires_at < now() - ${GRACE}`),
    sign_in_counters: await count(sql`DELETE FROM sign_in_counters
      WHERE window_ends_at < now() AND (locked_until IS NULL OR locked_until < now())`),
  };
}
