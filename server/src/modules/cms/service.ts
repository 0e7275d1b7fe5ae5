import { STATIC_PAGE_KEYS, type StaticPage, type StaticPageKey } from '@admin/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { sanitizePageHtml } from './sanitize';

export const isStaticPageKey = (key: string): key is StaticPageKey =>
  (STATIC_PAGE_KEYS as readonly string[]).includes(key);

interface SettingDbRow {
  data_key: string;
  data: string;
  updated_at: Date | string;
}

function presentStaticPage(key: StaticPageKey, row: SettingDbRow | undefined): StaticPage {
  return {
    data_key: key,
    data: row ? sanitizePageHtml(row.data) : '',
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
  };
}

/** A static page; a page never saved reads as empty rather than 404 (the keys are fixed). */
export async function getStaticPage(db: Db, key: StaticPageKey): Promise<StaticPage> {
  const rows = rowsOf<SettingDbRow>(
    await db.execute(sql`SELECT data_key, data, updated_at FROM static_settings WHERE data_key = ${key}`),
  );
  return presentStaticPage(key, rows[0]);
}

/** Sanitizes and stores a static page; answers what was stored. */
export async function saveStaticPage(
  db: Db,
  key: StaticPageKey,
  html: string,
  userId: number,
): Promise<StaticPage> {
  const clean = sanitizePageHtml(html);
  const rows = rowsOf<SettingDbRow>(
    await db.execute(sql`
      INSERT INTO static_settings (data_key, data, updated_by_id, updated_at)
      VALUES (${key}, ${clean}, ${userId}, now())
      ON CONFLICT (data_key) DO UPDATE
        SET data = EXCLUDED.data, updated_by_id = EXCLUDED.updated_by_id, updated_at = now()
      RETURNING data_key, data, updated_at`),
  );
  return presentStaticPage(key, rows[0]);
}
