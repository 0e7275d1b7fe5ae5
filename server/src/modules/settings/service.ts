import {
  type AppVersionRule,
  type calls,
  DEVICE_TYPES,
  ENRICHMENT_SETTING_KEYS as ENRICHMENT_KEYS,
  type InputOf,
} from '@admin/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appVersionSettings, staticSettings } from '../../db/schema';

type EnrichmentKey = (typeof ENRICHMENT_KEYS)[number];
type DeviceType = (typeof DEVICE_TYPES)[number];

/** What a key means before anyone has saved it: the service on, three retries. */
const ENRICHMENT_DEFAULTS: Record<EnrichmentKey, string> = {
  ENRICHMENT_SERVICE: '1',
  URL_MAX_RETRY: '3',
};

const iso = (v: Date | null | undefined) => (v ? v.toISOString() : null);

/** The enrichment view: the asked keys (all when none), each with its value or its default. */
export async function enrichmentSettings(db: Db, keys?: EnrichmentKey[]) {
  const wanted = keys && keys.length > 0 ? [...new Set(keys)] : [...ENRICHMENT_KEYS];
  const rows = await db.select().from(staticSettings).where(inArray(staticSettings.dataKey, wanted));
  const byKey = new Map(rows.map((r) => [r.dataKey, r]));
  return wanted.map((key) => ({
    data_key: key,
    data: byKey.get(key)?.data ?? ENRICHMENT_DEFAULTS[key],
    updated_at: iso(byKey.get(key)?.updatedAt),
  }));
}

/** GET settings?data_keys=... (the cms area's call): each asked key with its value or its default. */
export async function enrichmentValues(
  db: Db,
  keys: readonly EnrichmentKey[],
): Promise<Record<string, string>> {
  return Object.fromEntries((await enrichmentSettings(db, [...keys])).map((s) => [s.data_key, s.data]));
}

export async function changeEnrichmentSetting(
  db: Db,
  userId: number,
  key: EnrichmentKey,
  data: string,
  now: Date,
) {
  const [row] = await db
    .insert(staticSettings)
    .values({ dataKey: key, data, updatedById: userId, updatedAt: now })
    .onConflictDoUpdate({
      target: staticSettings.dataKey,
      set: { data, updatedById: userId, updatedAt: now },
    })
    .returning();
  const label =
    key === 'ENRICHMENT_SERVICE'
      ? `Enrichment service turned ${data === '1' ? 'ON' : 'OFF'}`
      : `URL max retry set to ${data}`;
  return {
    responseMessage: label,
    data: { data_key: key, data: row.data, updated_at: iso(row.updatedAt) },
  };
}

export async function appVersionRules(db: Db): Promise<AppVersionRule[]> {
  const rows = await db.select().from(appVersionSettings);
  const byType = new Map(rows.map((r) => [r.deviceType, r]));
  return DEVICE_TYPES.map((t) => {
    const r = byType.get(t);
    return {
      device_type: t,
      app_version: r?.appVersion ?? '',
      notify_for_update: r?.notifyForUpdate ?? 0,
      updated_at: iso(r?.updatedAt),
    };
  });
}

export async function saveAppVersionRule(
  db: Db,
  input: InputOf<typeof calls.saveAppVersionSetting>,
  now: Date,
) {
  const [row] = await db
    .insert(appVersionSettings)
    .values({
      deviceType: input.device_type,
      appVersion: input.app_version,
      notifyForUpdate: input.notify_for_update,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: appVersionSettings.deviceType,
      set: { appVersion: input.app_version, notifyForUpdate: input.notify_for_update, updatedAt: now },
    })
    .returning();
  return {
    responseMessage: 'App version setting saved successfully',
    data: {
      device_type: row.deviceType as DeviceType,
      app_version: row.appVersion,
      notify_for_update: row.notifyForUpdate,
      updated_at: iso(row.updatedAt),
    },
  };
}

/** Compares dotted numeric versions: negative when a < b ('2.10' is after '2.9'; '2' equals '2.0'). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) {
      return d;
    }
  }
  return 0;
}

/** The mobile app's question: an installed version below the platform's threshold gets the rule's action. */
export async function checkAppVersion(db: Db, input: InputOf<typeof calls.appVersionCheck>) {
  const rows = await db
    .select({
      app_version: appVersionSettings.appVersion,
      notify_for_update: appVersionSettings.notifyForUpdate,
    })
    .from(appVersionSettings)
    .where(eq(appVersionSettings.deviceType, input.device_type));
  const rule = rows[0];
  const behind = rule?.app_version ? compareVersions(input.app_version, rule.app_version) < 0 : false;
  return {
    data: {
      device_type: input.device_type,
      app_version: input.app_version,
      latest_version: rule?.app_version || null,
      notify_for_update: behind ? Number(rule.notify_for_update) : 0,
    },
  };
}
