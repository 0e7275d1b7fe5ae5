// The campaign settings calendar: per-day settings, global or for one customer.
import { z } from 'zod';
import { FilterDate, Id, Num, rangeWithin, SERIES_MAX_DAYS, Text } from '../common';

/** Calendar setting types; the last two are platform-wide only (not offered with a user_id). */
export const CAMPAIGN_SETTING_TYPES = {
  cost_per_click: 'Cost Per Click',
  cost_per_view: 'Cost Per View',
  ads_per_day: 'Ads Per Day',
  ads_per_post: 'Posts Per Ad',
  fequency_caps: 'Fequency Caps Per Day',
} as const;
export type CampaignSettingType = keyof typeof CAMPAIGN_SETTING_TYPES;
export const CAMPAIGN_SETTING_KEYS = Object.keys(CAMPAIGN_SETTING_TYPES) as [
  CampaignSettingType,
  ...CampaignSettingType[],
];
/** Types that take an Amount with the currency prefix; the others take a number Value. */
export const CAMPAIGN_SETTING_MONEY_TYPES: readonly CampaignSettingType[] = [
  'cost_per_click',
  'cost_per_view',
];
export const CAMPAIGN_SETTING_GLOBAL_ONLY: readonly CampaignSettingType[] = ['ads_per_post', 'fequency_caps'];

export const CampaignSettingEvent = z.object({
  id: z.number().int(),
  name: z.string().describe('The setting label'),
  type: z.enum(CAMPAIGN_SETTING_KEYS),
  value: z.number(),
  dateFrom: z.string().describe('YYYY-MM-DD HH:mm:ss (the day at 00:00:00, UTC)'),
  dateTo: z.string().describe('YYYY-MM-DD HH:mm:ss (the day at 23:59:59, UTC)'),
  user_id: z.number().int().nullable(),
});
export type CampaignSettingEvent = z.infer<typeof CampaignSettingEvent>;

const DayTime = Text().refine(
  (v) =>
    /^\d{4}-\d{2}-\d{2}([ T]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?)?/.test(v) &&
    FilterDate.safeParse(v.slice(0, 10)).success,
  'must be a date YYYY-MM-DD HH:mm:ss from 2000-01-01 to 2100-12-31',
);

export const CampaignSettingsListRequest = z
  .object({
    start_date: FilterDate.describe('First day of the window (the grid start)'),
    end_date: FilterDate.describe('Last day of the window; at most 366 days after start_date'),
    user_id: Id.optional().describe("A customer's own settings; absent = platform-wide"),
  })
  .superRefine(rangeWithin(SERIES_MAX_DAYS));

export const CampaignSettingSaveRequest = z.object({
  id: Id.optional().describe('Edit this setting instead of adding one'),
  date_from: DayTime,
  date_to: DayTime,
  setting_key: z.enum(CAMPAIGN_SETTING_KEYS, { error: 'is not a setting type' }),
  setting_value: Num(0, 1_000_000_000, { type: 'must be a number', range: 'must be from 0 to 1000000000' }),
  setting_label: Text().trim().max(100).optional(),
  user_id: Id.optional().nullable(),
});
