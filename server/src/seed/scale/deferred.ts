import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uncheckedRows } from '../../db/sql';
import { exec, q } from './sql';

/** search_daily_counts recounted from searches (the statement of migration 0001's first fill). */
const SEARCH_DAILY_RECOUNT = `
  INSERT INTO search_daily_counts (kind, day, label, total)
  SELECT k.kind, k.day, k.label, count(*)::int
    FROM searches s CROSS JOIN LATERAL (VALUES
      ('all', (s.created_at AT TIME ZONE 'UTC')::date, ''),
      ('term', (s.created_at AT TIME ZONE 'UTC')::date,
        CASE WHEN s.deleted_at IS NULL THEN nullif(lower(trim(s.search_term)), '') END),
      ('website', (s.created_at AT TIME ZONE 'UTC')::date,
        CASE WHEN s.deleted_at IS NULL THEN nullif(lower(s.website), '') END)
    ) AS k(kind, day, label)
   WHERE k.label IS NOT NULL
   GROUP BY 1, 2, 3`;

/**
 * Runs a bulk load with the tables' secondary indexes dropped, then builds them again in one
 * sorted pass each (much faster than updating trigram and btree indexes row by row) and refreshes
 * the planner's statistics. Indexes behind constraints (primary keys) stay: the load relies on them.
 */
export async function withIndexesDeferred<T>(
  db: Db,
  tables: string[],
  load: (tx: Db) => Promise<T>,
): Promise<T> {
  // One transaction: DDL is transactional in PostgreSQL, so a load that dies leaves the indexes as they were.
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const list = tables.map((t) => q(t)).join(',');
    const indexes = uncheckedRows<{ name: string; def: string }>(
      await tx.execute(
        sql.raw(`
        SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename IN (${list})
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`),
      ),
    );
    for (const ix of indexes) {
      await exec(tx, `DROP INDEX "${ix.name}"`);
    }
    // Every row is made by joining existing rows, so foreign-key checks (a locked lookup per
    // reference) only cost time; a superuser may skip them for this transaction.
    const [{ su }] = uncheckedRows<{ su: boolean }>(
      await tx.execute(sql.raw('SELECT rolsuper AS su FROM pg_roles WHERE rolname = current_user')),
    );
    if (su) {
      await exec(tx, 'SET LOCAL session_replication_role = replica');
    }
    const result = await load(tx);
    // Triggers were off (replica role): the lists' counters are recounted from the tables, and the
    // searches' daily counts (the dashboard's) too.
    await exec(tx, 'SELECT list_counts_refresh()');
    if (tables.includes('searches')) {
      await exec(tx, 'DELETE FROM search_daily_counts');
      await exec(tx, SEARCH_DAILY_RECOUNT);
    }
    for (const ix of indexes) {
      await exec(tx, ix.def);
    }
    await exec(tx, `ANALYZE ${tables.map((t) => `"${t}"`).join(', ')}`);
    return result;
  });
}
