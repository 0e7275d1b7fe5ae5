import {
  CAMPAIGN_SETTING_KEYS,
  CAMPAIGN_STATUSES,
  type CampaignChargeRow,
  type CampaignDetail,
  CampaignRow,
  type CampaignSettingEvent,
} from '@admin/contract';
import { z } from 'zod';
import type { campaignCharges } from '../../db/schema';
import { dbJson, dbNumeric, dbTime } from '../../db/sql';

const DAY_MS = 86_400_000;

/** A campaign (SELECT_CAMPAIGN: c.*, its customer and interests); the details add the customer's contacts. */
export const CampaignDbRow = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  customer_name: z.string(),
  customer_email: z.string().nullable().optional(),
  customer_avatar: z.string().nullable().optional(),
  campaign_name: z.string(),
  ad_set_name: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  type: z.string(),
  goal: z.string(),
  target_gender: z.string().nullable(),
  target_age_minimum: z.number().nullable(),
  target_age_maximum: z.number().nullable(),
  interest: z.array(z.object({ name: z.string() })),
  auto_interest: z.boolean(),
  location_type: z.string(),
  target_region: dbJson(CampaignRow.shape.target_region),
  target_location: dbJson(CampaignRow.shape.target_location),
  creative_ad_title: z.string().nullable(),
  creative_ad_url: z.string().nullable(),
  creative_ad_description: z.string().nullable(),
  creative_ad_button_name: z.string().nullable(),
  creative_ad_button_color: z.string().nullable(),
  creative_ad_button_text_color: z.string().nullable(),
  creative_ad_media_path: z.string().nullable(),
  thumb_url: z.string().nullable(),
  payment_type: z.string().nullable(),
  ad_start: dbTime.nullable(),
  ad_end: dbTime.nullable(),
  total_ad_budget: dbNumeric,
  per_day_budget: dbNumeric,
  cost_per_click: dbNumeric,
  cost_per_view: dbNumeric,
  running_status: z.string().nullable(),
  decline_reason: z.string().nullable(),
  spent_on_view: dbNumeric,
  spent_on_click: dbNumeric,
  today_spent: dbNumeric,
  is_approved: z.boolean(),
  deleted_at: dbTime.nullable(),
  created_at: dbTime,
  updated_at: dbTime,
});
export type CampaignDbRow = z.infer<typeof CampaignDbRow>;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const num = (v: string | number | null) => (v === null ? 0 : Number(v));

/**
 * The list hint of a status (spec 02 section 4): a Completed campaign names its cause, a Running one
 * says when today's spend reached its per-day budget.
 */
function statusHint(r: CampaignDbRow, now: Date): CampaignRow['status_hint'] {
  if (r.status === 'Completed') {
    if (r.ad_end && new Date(r.ad_end).getTime() < now.getTime()) {
      return 'Duration';
    }
    const remaining = num(r.total_ad_budget) - num(r.spent_on_view) - num(r.spent_on_click);
    return remaining < 1 ? 'Budget' : null;
  }
  if (r.status === 'Running') {
    // today_spent is today's spend on views plus clicks.
    const budget = num(r.per_day_budget);
    return budget > 0 && num(r.today_spent) >= budget ? 'Per day budget exceed' : null;
  }
  return null;
}

function totalDays(start: Date | string | null, end: Date | string | null): number {
  if (!start || !end) {
    return 0;
  }
  const ms = new Date(end).getTime() - new Date(start).getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

/** A campaign row as the API shows it; `now` (deps.clock) tells whether its run has ended. */
export function presentCampaign(r: CampaignDbRow, now: Date): CampaignRow {
  return {
    id: r.id,
    user_id: r.user_id,
    username: r.username,
    customer_name: r.customer_name,
    campaign_name: r.campaign_name,
    ad_set_name: r.ad_set_name,
    status: r.status,
    status_hint: statusHint(r, now),
    type: r.type,
    goal: r.goal === 'CPV' ? 'CPV' : 'CPC',
    target_gender: r.target_gender,
    target_age_minimum: r.target_age_minimum,
    target_age_maximum: r.target_age_maximum,
    interest: r.interest,
    auto_interest: r.auto_interest ? 1 : 0,
    location_type: r.location_type === 'local' ? 'local' : 'regional',
    target_region: r.target_region,
    target_location: r.target_location,
    creative_ad_title: r.creative_ad_title,
    creative_ad_url: r.creative_ad_url,
    creative_ad_description: r.creative_ad_description,
    creative_ad_button_name: r.creative_ad_button_name,
    creative_ad_button_color: r.creative_ad_button_color,
    creative_ad_button_text_color: r.creative_ad_button_text_color,
    creative_ad_media_path: r.creative_ad_media_path,
    thumb_url: r.thumb_url,
    payment_type: r.payment_type,
    ad_start: iso(r.ad_start),
    ad_end: iso(r.ad_end),
    totalDuration: totalDays(r.ad_start, r.ad_end),
    total_ad_budget: num(r.total_ad_budget),
    per_day_budget: num(r.per_day_budget),
    cost_per_click: num(r.cost_per_click),
    cost_per_view: num(r.cost_per_view),
    running_status: r.running_status,
    decline_reason: r.decline_reason,
    spent_on_view: num(r.spent_on_view),
    spent_on_click: num(r.spent_on_click),
    today_spent: num(r.today_spent),
    is_approved: r.is_approved ? 1 : 0,
    deleted: r.deleted_at ? 1 : 0,
    created_at: iso(r.created_at) as string,
    updated_at: iso(r.updated_at) as string,
  };
}

export function presentCampaignDetail(r: CampaignDbRow, now: Date): CampaignDetail {
  const row = presentCampaign(r, now);
  return {
    ...row,
    estimated_clicks_per_day:
      row.cost_per_click > 0 ? Math.floor(row.per_day_budget / row.cost_per_click) : 0,
    estimated_views_per_day: row.cost_per_view > 0 ? Math.floor(row.per_day_budget / row.cost_per_view) : 0,
    customer_email: r.customer_email ?? null,
    customer_avatar: r.customer_avatar ?? null,
  };
}

/** A campaign_charges row as drizzle reads it (the whole row). */
export function presentCharge(r: typeof campaignCharges.$inferSelect): CampaignChargeRow {
  return {
    id: r.id,
    goal: r.goal === 'CPV' ? 'CPV' : 'CPC',
    cost_per_click: num(r.costPerClick),
    cost_per_view: num(r.costPerView),
    min_daily_budget: num(r.minDailyBudget),
    updated_at: r.updatedAt.toISOString(),
  };
}

export const SettingDbRow = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  setting_key: z.enum(CAMPAIGN_SETTING_KEYS),
  setting_label: z.string(),
  setting_value: dbNumeric,
  date_from: dbTime,
  date_to: dbTime,
});
type SettingDbRow = z.infer<typeof SettingDbRow>;

/** 'YYYY-MM-DD HH:mm:ss' in UTC: calendar days are kept as UTC days on both sides. */
function dayTime(v: Date | string): string {
  return new Date(v).toISOString().slice(0, 19).replace('T', ' ');
}

export function presentSetting(r: SettingDbRow): CampaignSettingEvent {
  return {
    id: r.id,
    name: r.setting_label,
    type: r.setting_key,
    value: num(r.setting_value),
    dateFrom: dayTime(r.date_from),
    dateTo: dayTime(r.date_to),
    user_id: r.user_id,
  };
}
