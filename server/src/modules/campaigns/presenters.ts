import type { CampaignChargeRow, CampaignDetail, CampaignRow, CampaignSettingEvent } from '@admin/contract';
import type { campaignCharges } from '../../db/schema';

const DAY_MS = 86_400_000;

export interface CampaignDbRow {
  id: number;
  user_id: number;
  username: string;
  customer_name: string;
  customer_email?: string | null;
  customer_avatar?: string | null;
  campaign_name: string;
  ad_set_name: string | null;
  status: string;
  type: string;
  goal: string;
  target_gender: string | null;
  target_age_minimum: number | null;
  target_age_maximum: number | null;
  interest: { name: string }[] | null;
  auto_interest: boolean;
  location_type: string;
  target_region: { location: string }[] | null;
  target_location: { address: string; latitude: number; longitude: number; radius: number } | null;
  creative_ad_title: string | null;
  creative_ad_url: string | null;
  creative_ad_description: string | null;
  creative_ad_button_name: string | null;
  creative_ad_button_color: string | null;
  creative_ad_button_text_color: string | null;
  creative_ad_media_path: string | null;
  thumb_url: string | null;
  payment_type: string | null;
  ad_start: Date | string | null;
  ad_end: Date | string | null;
  total_ad_budget: string | number;
  per_day_budget: string | number;
  cost_per_click: string | number;
  cost_per_view: string | number;
  running_status: string | null;
  decline_reason: string | null;
  spent_on_view: string | number;
  spent_on_click: string | number;
  today_spent: string | number;
  is_approved: boolean;
  deleted_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

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
    status: r.status as CampaignRow['status'],
    status_hint: statusHint(r, now),
    type: r.type,
    goal: r.goal === 'CPV' ? 'CPV' : 'CPC',
    target_gender: r.target_gender,
    target_age_minimum: r.target_age_minimum,
    target_age_maximum: r.target_age_maximum,
    interest: r.interest ?? [],
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

export interface SettingDbRow {
  id: number;
  user_id: number | null;
  setting_key: string;
  setting_label: string;
  setting_value: string | number;
  date_from: Date | string;
  date_to: Date | string;
}

/** 'YYYY-MM-DD HH:mm:ss' in UTC: calendar days are kept as UTC days on both sides. */
function dayTime(v: Date | string): string {
  return new Date(v).toISOString().slice(0, 19).replace('T', ' ');
}

export function presentSetting(r: SettingDbRow): CampaignSettingEvent {
  return {
    id: r.id,
    name: r.setting_label,
    type: r.setting_key as CampaignSettingEvent['type'],
    value: num(r.setting_value),
    dateFrom: dayTime(r.date_from),
    dateTo: dayTime(r.date_to),
    user_id: r.user_id,
  };
}
