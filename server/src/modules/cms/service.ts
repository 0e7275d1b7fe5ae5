import {
  ENRICHMENT_SETTING_KEYS,
  type EnrichmentSettingKey,
  STATIC_PAGE_KEYS,
  type StaticPage,
  type StaticPageKey,
} from '@admin/contract';
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

/**
 * The operational values behind GET settings?data_keys=... (the settings area's enrichment view).
 * They live in the same static_settings table; the settings area writes them through
 * change-enrichment-settings. Only ENRICHMENT_SETTING_KEYS can be read here.
 */
async function readEnrichmentSettings(
  db: Db,
  keys: readonly EnrichmentSettingKey[],
): Promise<Record<EnrichmentSettingKey, string | null>> {
  const wanted = keys.filter((k) => (ENRICHMENT_SETTING_KEYS as readonly string[]).includes(k));
  const out = Object.fromEntries(wanted.map((k) => [k, null])) as Record<EnrichmentSettingKey, string | null>;
  if (wanted.length === 0) {
    return out;
  }
  const rows = rowsOf<SettingDbRow>(
    await db.execute(
      sql`SELECT data_key, data, updated_at FROM static_settings WHERE data_key IN (${sql.join(
        wanted.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    ),
  );
  for (const r of rows) {
    out[r.data_key as EnrichmentSettingKey] = r.data;
  }
  return out;
}

export type EnrichmentSettingsView = (
  db: Db,
  keys: readonly EnrichmentSettingKey[],
) => Promise<Record<string, string | null>>;

let enrichmentView: EnrichmentSettingsView = readEnrichmentSettings;

/**
 * Lets the settings area answer GET settings?data_keys=... its own way (e.g. with defaults for
 * values never saved). Call once when its routes register; the cms route keeps the path.
 */
export function setEnrichmentSettingsView(view: EnrichmentSettingsView): void {
  enrichmentView = view;
}

export function enrichmentSettingsView(db: Db, keys: readonly EnrichmentSettingKey[]) {
  return enrichmentView(db, keys);
}
