import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { dbTime, rowsOf, sqlTime } from '../../db/sql';

/** One sign-in counter (table sign_in_counters) after a hit. */
export interface Count {
  key: string;
  hits: number;
  windowEndsAt: Date;
  lockedUntil: Date | null;
}

const Row = z.object({
  key: z.string(),
  hits: z.number(),
  window_ends_at: dbTime,
  locked_until: dbTime.nullable(),
});
type Row = z.infer<typeof Row>;

const KeyRow = z.object({ key: z.string() });

const toCount = (r: Row): Count => ({
  key: r.key,
  hits: Number(r.hits),
  windowEndsAt: new Date(r.window_ends_at),
  lockedUntil: r.locked_until ? new Date(r.locked_until) : null,
});

const keyList = (keys: string[]): SQL =>
  sql.join(
    [...keys].sort().map((k) => sql`${k}`),
    sql`, `,
  );

// Every time here is the caller's clock (`now`, from deps.clock), not the database's: a lock set
// at one moment ends when the app's clock passes it.

/**
 * Adds one hit to each key in ONE upsert, so concurrent requests each see a distinct count and no
 * one slips past a limit (a read-then-write would let 20 parallel guesses all see 0). A window
 * starts at its first hit; a hit after the window has ended starts a new one; a locked key keeps
 * its count. Keys are taken in sorted order so concurrent statements lock rows alike.
 */
export async function hit(
  db: Db,
  entries: { key: string; windowSeconds: number }[],
  now: Date,
): Promise<Map<string, Count>> {
  const at = sqlTime(now);
  const values = sql.join(
    [...entries]
      .sort((a, b) => (a.key < b.key ? -1 : 1))
      .map((e) => sql`(${e.key}, 1, ${at} + ${e.windowSeconds}::int * interval '1 second')`),
    sql`, `,
  );
  const rows = rowsOf(
    Row,
    await db.execute(sql`
      INSERT INTO sign_in_counters AS c (key, hits, window_ends_at) VALUES ${values}
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN c.locked_until > ${at} THEN c.hits
                    WHEN c.window_ends_at <= ${at} THEN 1 ELSE c.hits + 1 END,
        window_ends_at = CASE WHEN c.locked_until > ${at} THEN c.window_ends_at
                              WHEN c.window_ends_at <= ${at} THEN excluded.window_ends_at
                              ELSE c.window_ends_at END
      RETURNING key, hits, window_ends_at, locked_until`),
  );
  return new Map(rows.map((r) => [r.key, toCount(r)]));
}

/** Takes back one hit of each key (a refused or successful attempt that was counted up front). */
export async function unhit(db: Db, keys: string[]): Promise<void> {
  await db.execute(sql`
    UPDATE sign_in_counters SET hits = greatest(hits - 1, 0) WHERE key IN (${keyList(keys)})`);
}

/**
 * Locks a key for `seconds` when it has reached `limit` hits, and starts its count afresh.
 * Answers true to exactly one caller (the one that locked it), e.g. to mail the owner once.
 */
export async function lockAt(
  db: Db,
  key: string,
  limit: number,
  seconds: number,
  now: Date,
): Promise<boolean> {
  const at = sqlTime(now);
  const rows = rowsOf(
    KeyRow,
    await db.execute(sql`
      UPDATE sign_in_counters
         SET locked_until = ${at} + ${seconds}::int * interval '1 second', hits = 0, window_ends_at = ${at}
       WHERE key = ${key} AND hits >= ${limit} AND (locked_until IS NULL OR locked_until <= ${at})
      RETURNING key`),
  );
  return rows.length > 0;
}

/** When the key is locked now, the moment the lock ends; else null. */
export async function lockedUntil(db: Db, key: string, now: Date): Promise<Date | null> {
  const [row] = rowsOf(
    z.object({ locked_until: dbTime }),
    await db.execute(sql`
      SELECT locked_until FROM sign_in_counters WHERE key = ${key} AND locked_until > ${sqlTime(now)}`),
  );
  return row ? new Date(row.locked_until) : null;
}

/** Remembers a fact (e.g. a known address) for `seconds`. */
export async function mark(db: Db, key: string, seconds: number, now: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO sign_in_counters AS c (key, hits, window_ends_at)
    VALUES (${key}, 1, ${sqlTime(now)} + ${seconds}::int * interval '1 second')
    ON CONFLICT (key) DO UPDATE SET window_ends_at = excluded.window_ends_at`);
}

/** Whether mark() was called for the key within its time. */
export async function isMarked(db: Db, key: string, now: Date): Promise<boolean> {
  const rows = rowsOf(
    KeyRow,
    await db.execute(
      sql`SELECT key FROM sign_in_counters WHERE key = ${key} AND window_ends_at > ${sqlTime(now)}`,
    ),
  );
  return rows.length > 0;
}

export async function forget(db: Db, keys: string[]): Promise<void> {
  await db.execute(sql`DELETE FROM sign_in_counters WHERE key IN (${keyList(keys)})`);
}

/** Whole minutes (at least 1) until a moment, for 'try again in N minutes'. */
export const minutesUntil = (when: Date, now: Date) =>
  Math.max(1, Math.ceil((when.getTime() - now.getTime()) / 60_000));
