import { z } from 'zod';
import { defineCall } from '../call';
import { Envelope, Text, Timestamp } from '../common';

/** The eight editable static pages; the key is also the admin route and the public /pages/{key}. */
export const STATIC_PAGE_KEYS = [
  'faq',
  'about',
  'privacy',
  'term',
  'payment_terms',
  'understanding-your-insight',
  'child-safety-policy',
  'advertising-guidelines',
] as const;
export type StaticPageKey = (typeof STATIC_PAGE_KEYS)[number];

/** Operational settings the enrichment view reads through GET settings?data_keys=... */
export const ENRICHMENT_SETTING_KEYS = ['ENRICHMENT_SERVICE', 'URL_MAX_RETRY'] as const;
export type EnrichmentSettingKey = (typeof ENRICHMENT_SETTING_KEYS)[number];

/** Largest page body accepted (characters of HTML). */
export const STATIC_PAGE_MAX_CHARS = 500_000;

export const StaticPage = z.object({
  data_key: z.enum(STATIC_PAGE_KEYS),
  data: z.string().describe('Sanitized HTML; empty when the page was never saved'),
  updated_at: Timestamp.nullable(),
});
export type StaticPage = z.infer<typeof StaticPage>;

const DataKeys = z
  .union([Text(), z.array(Text())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.enum(ENRICHMENT_SETTING_KEYS)).min(1, 'must name at least one setting'))
  .describe('Comma-separated operational keys (ENRICHMENT_SERVICE, URL_MAX_RETRY)');

export const GetSettingsRequest = z
  .object({
    data_key: z.enum(STATIC_PAGE_KEYS).optional().describe('A static page (view_static_pages)'),
    data_keys: DataKeys.optional(),
  })
  .refine((v) => (v.data_key === undefined) !== (v.data_keys === undefined), {
    message: 'give either data_key or data_keys',
    path: ['data_key'],
  });

export const SaveSettingsRequest = z.object({
  data_key: z.enum(STATIC_PAGE_KEYS, {
    error: 'must be a static page key (operational settings use change-enrichment-settings)',
  }),
  data: Text({ error: 'Data is required' })
    .max(STATIC_PAGE_MAX_CHARS, `must be at most ${STATIC_PAGE_MAX_CHARS} characters`)
    .describe('HTML; sanitized by an allow-list before it is stored'),
});

export const cmsCalls = {
  getSettings: defineCall({
    method: 'GET',
    path: 'settings',
    permission: ['view_static_pages', 'change_enrichment_settings'],
    summary:
      'A static page by data_key (view_static_pages) or operational values by data_keys (change_enrichment_settings)',
    request: GetSettingsRequest,
    response: Envelope.extend({
      data: StaticPage.optional().describe('Answer to data_key'),
      settings: z
        .record(z.string(), z.string().nullable())
        .optional()
        .describe('Answer to data_keys: key -> stored value (null when never set)'),
    }),
  }),
  saveSettings: defineCall({
    method: 'POST',
    path: 'settings',
    audit: { target: 'setting', id: 'data_key' },
    permission: 'update_static_pages',
    summary: 'Save a static page; the HTML is sanitized (no scripts, event attributes or javascript: URLs)',
    request: SaveSettingsRequest,
    response: Envelope.extend({ data: StaticPage }),
  }),
};
