import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { rowsOf, uncheckedRows } from '../../db/sql';

/** The id of the newest entry of the trail (0 when empty). */
export async function lastEntryId(db: Db): Promise<number> {
  const [{ n }] = rowsOf(
    z.object({ n: z.number() }),
    await db.execute(sql`SELECT coalesce(max(id), 0)::int AS n FROM audit_log`),
  );
  return n;
}

/** The entries recorded after the entry `id`, oldest first. */
export async function entriesAfter<T>(db: Db, id: number): Promise<T[]> {
  return uncheckedRows<T>(await db.execute(sql`SELECT * FROM audit_log WHERE id > ${id} ORDER BY id`));
}
