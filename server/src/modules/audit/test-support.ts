import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { moveAuditInbox } from './service';

/** The trail as the tests read it: like every read of the trail, the inbox moves in first. */
export async function lastEntryId(db: Db): Promise<number> {
  await moveAuditInbox(db);
  return rowsOf<{ n: number }>(await db.execute(sql`SELECT coalesce(max(id), 0)::int AS n FROM audit_log`))[0]
    .n;
}

/** The entries recorded after the entry `id`, oldest first. */
export async function entriesAfter<T>(db: Db, id: number): Promise<T[]> {
  await moveAuditInbox(db);
  return rowsOf<T>(await db.execute(sql`SELECT * FROM audit_log WHERE id > ${id} ORDER BY id`));
}
