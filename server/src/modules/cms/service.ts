import { STATIC_PAGE_KEYS, type StaticPage, type StaticPageKey } from '@admin/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { staticSettings } from '../../db/schema';
import { dbTime, rowsOf } from '../../db/sql';
import { auditChanges } from '../../trail/record';
import { sanitizePageHtml } from './sanitize';

export const isStaticPageKey = (key: string): key is StaticPageKey =>
  (STATIC_PAGE_KEYS as readonly string[]).includes(key);

const SettingDbRow = z.object({
  data_key: z.string(),
  data: z.string(),
  updated_at: dbTime,
  sanitized: z.boolean().optional(),
});
type SettingDbRow = z.infer<typeof SettingDbRow>;

function presentStaticPage(key: StaticPageKey, row: SettingDbRow | undefined): StaticPage {
  return {
    data_key: key,
    data: row?.data ?? '',
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
  };
}

/**
 * A static page as stored: sanitised once, when saved. A row another tool wrote (sanitized false)
 * is sanitised on its first read and stored back, so that too happens once. A page never saved
 * reads as empty rather than 404 (the keys are fixed).
 */
export async function getStaticPage(db: Db, key: StaticPageKey): Promise<StaticPage> {
  const [row] = rowsOf(
    SettingDbRow,
    await db.execute(
      sql`SELECT data_key, data, updated_at, sanitized FROM static_settings WHERE data_key = ${key}`,
    ),
  );
  if (row && !row.sanitized) {
    const clean = sanitizePageHtml(row.data);
    await db.execute(sql`UPDATE static_settings SET data = ${clean}, sanitized = true
      WHERE data_key = ${key} AND NOT sanitized AND data = ${row.data}`);
    row.data = clean;
  }
  return presentStaticPage(key, row);
}

/** When the page last changed (null: never saved) and whether its stored HTML is sanitised. */
export async function staticPageVersion(db: Db, key: StaticPageKey) {
  const [row] = await db
    .select({ updated_at: staticSettings.updatedAt, sanitized: staticSettings.sanitized })
    .from(staticSettings)
    .where(eq(staticSettings.dataKey, key));
  return row ? { updatedAt: new Date(row.updated_at).toISOString(), sanitized: row.sanitized } : null;
}

/** Sanitizes and stores a static page; answers what was stored. */
export async function saveStaticPage(
  db: Db,
  key: StaticPageKey,
  html: string,
  userId: number,
): Promise<StaticPage> {
  const clean = sanitizePageHtml(html);
  const [old] = await db
    .select({ data: staticSettings.data })
    .from(staticSettings)
    .where(eq(staticSettings.dataKey, key))
    .for('update');
  const rows = rowsOf(
    SettingDbRow,
    await db.execute(sql`
      INSERT INTO static_settings (data_key, data, updated_by_id, updated_at, sanitized)
      VALUES (${key}, ${clean}, ${userId}, now(), true)
      ON CONFLICT (data_key) DO UPDATE
        SET data = EXCLUDED.data, updated_by_id = EXCLUDED.updated_by_id, updated_at = now(),
            sanitized = true
      RETURNING data_key, data, updated_at`),
  );
  // What was stored (sanitised), not what was sent.
  auditChanges({ data: old?.data ?? null }, { data: rows[0].data });
  return presentStaticPage(key, rows[0]);
}
