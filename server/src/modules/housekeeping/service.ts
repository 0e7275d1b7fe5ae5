import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { rowsOf, sqlTime } from '../../db/sql';
import { systemClock } from '../../providers/clock';

/** Rows kept a day past their end, so "expired" can still be told apart from "never existed". */
const GRACE = sql`interval '1 day'`;

/**
 * Deletes what can no longer be used: sessions expired or revoked, sign-in challenges and password
 * resets past their expiry, sign-in counters whose window and lockout have both ended. Every
 * statement is idempotent, so each process may run it. Answers the rows removed per table. `now`
 * is the app's clock (the one that wrote those expiries); tests may leave it to the machine's.
 */
export async function pruneExpired(db: Db, now: Date = systemClock.now()): Promise<Record<string, number>> {
  const at = sqlTime(now);
  const count = async (query: ReturnType<typeof sql>) =>
    rowsOf(
      z.object({ n: z.number() }),
      await db.execute(sql`WITH gone AS (${query} RETURNING 1) SELECT count(*)::int AS n FROM gone`),
    )[0].n;
  return {
    sessions: await count(sql`DELETE FROM sessions
      WHERE expires_at < ${at} - ${GRACE} OR revoked_at < ${at} - ${GRACE}`),
    login_challenges: await count(sql`DELETE FROM login_challenges WHERE expires_at < ${at} - ${GRACE}`),
    password_resets: await count(sql`DELETE FROM password_resets WHERE expires_at < ${at} - ${GRACE}`),
    sign_in_counters: await count(sql`DELETE FROM sign_in_counters
      WHERE window_ends_at < ${at} AND (locked_until IS NULL OR locked_until < ${at})`),
  };
}
