import { z } from 'zod';
import { defineCall } from '../call';
import { Envelope, Int, Num, Text, Timestamp } from '../common';

import { ENRICHMENT_SETTING_KEYS } from './cms';

/** Operational settings of the enrichment view (spec 02 sections 3, 7); the keys are the cms area's. */
const ENRICHMENT_KEYS = ENRICHMENT_SETTING_KEYS;
export const DEVICE_TYPES = ['android', 'ios'] as const;
/** notify_for_update: 0 No Action, 1 Show alert only, 2 Force Update. */
export const UPDATE_ACTIONS = [
  { value: 0, label: 'No Action' },
  { value: 1, label: 'Show alert only' },
  { value: 2, label: 'Force Update' },
] as const;

export const EnrichmentSetting = z.object({
  data_key: z.enum(ENRICHMENT_KEYS),
  data: z.string().describe('ENRICHMENT_SERVICE: "1" on, "0" off; URL_MAX_RETRY: a whole number'),
  updated_at: Timestamp.nullable(),
});

export const AppVersionRule = z.object({
  device_type: z.enum(DEVICE_TYPES),
  app_version: z.string().describe('Threshold: installed versions below it get the action'),
  notify_for_update: z.number().int().min(0).max(2).describe('0 none, 1 alert, 2 force'),
  updated_at: Timestamp.nullable(),
});
export type AppVersionRule = z.infer<typeof AppVersionRule>;

const Version = Text({ error: 'app_version is required' })
  .trim()
  .min(1, 'app_version is required')
  .max(32)
  .regex(/^\d+(\.\d+){0,3}$/, 'must be a version like 2.4.1');

const DataKeys = z.union([z.array(z.enum(ENRICHMENT_KEYS)), Text()]).transform((v, ctx) => {
  const list =
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v;
  const bad = list.filter((k) => !(ENRICHMENT_KEYS as readonly string[]).includes(k));
  if (bad.length > 0) {
    ctx.addIssue({ code: 'custom', message: `unknown key ${bad[0]}; allowed ${ENRICHMENT_KEYS.join(', ')}` });
    return z.NEVER;
  }
  return list as (typeof ENRICHMENT_KEYS)[number][];
});

export const settingsCalls = {
  enrichmentSettings: defineCall({
    method: 'GET',
    path: 'enrichment-settings',
    permission: 'change_enrichment_settings',
    summary: 'The enrichment view: ENRICHMENT_SERVICE and URL_MAX_RETRY (or the data_keys asked for)',
    request: z.object({ data_keys: DataKeys.optional().describe('Comma-separated keys; all when absent') }),
    response: Envelope.extend({ data: z.array(EnrichmentSetting) }),
  }),
  changeEnrichmentSettings: defineCall({
    method: 'POST',
    path: 'change-enrichment-settings',
    audit: { target: 'setting', id: 'data_key' },
    permission: 'change_enrichment_settings',
    summary: 'Switch the enrichment service on or off, or set URL_MAX_RETRY',
    request: z
      .object({
        data_key: z.enum(ENRICHMENT_KEYS, { error: `must be one of ${ENRICHMENT_KEYS.join(', ')}` }),
        data: z.union([Text(), Num(-1e15, 1e15)]).transform((v) => String(v).trim()),
      })
      .superRefine((v, ctx) => {
        if (v.data_key === 'ENRICHMENT_SERVICE' && !['0', '1'].includes(v.data)) {
          ctx.addIssue({ code: 'custom', path: ['data'], message: 'must be 1 (ON) or 0 (OFF)' });
        }
        if (v.data_key === 'URL_MAX_RETRY' && !/^\d{1,3}$/.test(v.data)) {
          ctx.addIssue({ code: 'custom', path: ['data'], message: 'must be a whole number from 0 to 999' });
        }
      }),
    response: Envelope.extend({ data: EnrichmentSetting }),
  }),
  appVersionSettings: defineCall({
    method: 'GET',
    path: 'app-version-setting',
    permission: 'get_app_version',
    summary: 'The force-update rule of each platform (android, ios)',
    request: z.object({}),
    response: Envelope.extend({ data: z.array(AppVersionRule) }),
  }),
  saveAppVersionSetting: defineCall({
    method: 'POST',
    path: 'app-version-setting',
    audit: { target: 'app_version_setting', id: 'device_type' },
    permission: 'get_app_version',
    summary: 'Set the force-update rule of one platform',
    request: z.object({
      device_type: z.enum(DEVICE_TYPES, { error: 'must be android or ios' }),
      app_version: Version,
      notify_for_update: Int(0, 2, {
        type: 'notify_for_update must be 0, 1 or 2',
        range: 'must be 0, 1 or 2',
      }),
    }),
    response: Envelope.extend({ data: AppVersionRule }),
  }),
  appVersionCheck: defineCall({
    method: 'GET',
    path: 'app-version-check',
    auth: 'public',
    summary: 'For the mobile app: what to do at start for this platform and installed version',
    request: z.object({
      device_type: z.enum(DEVICE_TYPES, { error: 'must be android or ios' }),
      app_version: Version.describe('The installed version'),
    }),
    response: Envelope.extend({
      data: z.object({
        device_type: z.enum(DEVICE_TYPES),
        app_version: z.string().describe('The installed version, as sent'),
        latest_version: z.string().nullable().describe('The threshold version of the rule, if one is set'),
        notify_for_update: z
          .number()
          .int()
          .describe('0 nothing to do; 1 show an update alert; 2 block until updated'),
      }),
    }),
  }),
};
