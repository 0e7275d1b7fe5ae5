import { z } from 'zod';
import { defineCall } from '../call';
import {
  Envelope,
  FILTER_MAX_DAYS,
  FilterDate,
  Id,
  ListTotal,
  listParams,
  Num,
  QueryBool,
  rangeWithin,
  Text,
  Timestamp,
  TotalIsLowerBound,
} from '../common';
import {
  CampaignSettingEvent,
  CampaignSettingSaveRequest,
  CampaignSettingsListRequest,
} from './campaign-settings';

/** Every status a campaign can be in (spec 02 section 4). */
export const CAMPAIGN_STATUSES = [
  'Draft',
  'Pending',
  'Approved',
  'Declined',
  'Running',
  'Paused',
  'Completed',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The statuses staff may set (campaign_status). */
export const CAMPAIGN_SETTABLE_STATUSES = ['Pending', 'Approved', 'Declined', 'Paused'] as const;

export const CAMPAIGN_GOALS = ['CPC', 'CPV'] as const;

/** Hints shown beside a status in the list (spec 02 section 4). */
export const CAMPAIGN_STATUS_HINTS = ['Duration', 'Budget', 'Per day budget exceed'] as const;

export const CAMPAIGN_TEXTS = {
  selectStatusFirst: 'Please select status first',
  declineReasonTitle: 'Decline Reason',
  addReason: 'Please add a reason',
  autoInterest: 'Auto interest',
  approved: 'Approved',
  notApproved: 'Not Approved',
} as const;

export const CampaignRow = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string().describe('The customer (username of the advertiser)'),
  customer_name: z.string(),
  campaign_name: z.string(),
  ad_set_name: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  status_hint: z
    .enum(CAMPAIGN_STATUS_HINTS)
    .nullable()
    .describe(
      "Completed: 'Duration' when the end date passed, else 'Budget'; Running: 'Per day budget exceed'",
    ),
  type: z.string().describe('raw_video or an image type'),
  goal: z.enum(CAMPAIGN_GOALS),
  target_gender: z.string().nullable(),
  target_age_minimum: z.number().int().nullable(),
  target_age_maximum: z.number().int().nullable(),
  interest: z.array(z.object({ name: z.string() })),
  auto_interest: z.number().int().describe('1 = interests chosen automatically'),
  location_type: z.enum(['regional', 'local']),
  target_region: z.array(z.object({ location: z.string() })).nullable(),
  target_location: z
    .object({ address: z.string(), latitude: z.number(), longitude: z.number(), radius: z.number() })
    .nullable()
    .describe('Local targeting; radius in miles'),
  creative_ad_title: z.string().nullable(),
  creative_ad_url: z.string().nullable(),
  creative_ad_description: z.string().nullable(),
  creative_ad_button_name: z.string().nullable(),
  creative_ad_button_color: z.string().nullable(),
  creative_ad_button_text_color: z.string().nullable(),
  creative_ad_media_path: z.string().nullable(),
  thumb_url: z.string().nullable(),
  payment_type: z.string().nullable(),
  ad_start: Timestamp.nullable(),
  ad_end: Timestamp.nullable(),
  totalDuration: z.number().int().describe('Days from ad_start to ad_end'),
  total_ad_budget: z.number(),
  per_day_budget: z.number(),
  cost_per_click: z.number(),
  cost_per_view: z.number(),
  running_status: z.string().nullable(),
  decline_reason: z.string().nullable(),
  spent_on_view: z.number(),
  spent_on_click: z.number(),
  today_spent: z.number(),
  is_approved: z.number().int().describe('1 = approved'),
  deleted: z.number().int().describe('1 = deleted by its owner'),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type CampaignRow = z.infer<typeof CampaignRow>;

export const CampaignDetail = CampaignRow.extend({
  estimated_clicks_per_day: z.number().int().describe('per_day_budget / cost_per_click'),
  estimated_views_per_day: z.number().int().describe('per_day_budget / cost_per_view'),
  customer_email: z.string().nullable(),
  customer_avatar: z.string().nullable(),
});
export type CampaignDetail = z.infer<typeof CampaignDetail>;

export const CampaignCustomerRow = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  campaigns_count: z.number().int().describe('Campaigns of this customer under the same filter'),
});
export type CampaignCustomerRow = z.infer<typeof CampaignCustomerRow>;

const campaignFilters = {
  ad_name: Text().trim().max(200).optional().describe('Campaign name contains'),
  keyword: Text().trim().max(200).optional().describe('Customer name or username contains'),
  capnStatus: z
    .union([z.enum(CAMPAIGN_STATUSES), z.literal(''), z.literal('All')])
    .optional()
    .describe('Campaign status; empty or All = every status'),
  start_date: FilterDate.optional().describe('Created on or after (UTC day)'),
  end_date: FilterDate.optional().describe(
    'Created on or before (UTC day); at most 5 years after start_date',
  ),
  deleted: QueryBool.optional().describe('1 = deleted campaigns only, else non-deleted'),
};

export const CAMPAIGN_LIST_ORDER = [
  'id',
  'campaign_name',
  'ad_set_name',
  'created_at',
  'ad_start',
  'ad_end',
  'status',
  'total_ad_budget',
] as const;
export const CAMPAIGN_USERS_ORDER = ['id', 'name', 'username', 'email', 'created_at'] as const;

export const CampaignsListRequest = listParams(CAMPAIGN_LIST_ORDER, {
  order_by: 'created_at',
  direction: 'desc',
})
  .extend({
    ...campaignFilters,
    userId: Id.optional().describe("Only this customer's campaigns"),
    isApproved: QueryBool.optional(),
  })
  .superRefine(rangeWithin(FILTER_MAX_DAYS));

export const CampaignUsersRequest = listParams(CAMPAIGN_USERS_ORDER, {
  order_by: 'id',
  direction: 'desc',
})
  .extend(campaignFilters)
  .superRefine(rangeWithin(FILTER_MAX_DAYS));

export const CampaignStatusRequest = z
  .object({
    id: Id,
    status: z.enum(CAMPAIGN_SETTABLE_STATUSES, {
      error: `must be one of ${CAMPAIGN_SETTABLE_STATUSES.join(', ')}`,
    }),
    decline_reason: Text().trim().max(2000).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'Declined' && !v.decline_reason) {
      ctx.addIssue({ code: 'custom', path: ['decline_reason'], message: CAMPAIGN_TEXTS.addReason });
    }
  });

export const DeclineHistoryEntry = z.object({
  decline_reason: z.string(),
  created_at: Timestamp,
  declined_by: z.string().nullable().describe('Name of the staff member who declined'),
});

export const CampaignInsight = z.object({
  bookmarks: z.number().int(),
  clicks: z.number().int(),
  comments: z.number().int(),
  likes: z.number().int(),
  shares: z.number().int(),
  views: z.number().int(),
  social: z.object({ profile_views: z.number().int(), follows: z.number().int() }),
  audience: z.object({
    gender: z.object({ male: z.number(), female: z.number() }).describe('Percent of reached users'),
    age_range: z.array(z.object({ age: z.string(), percentage: z.number() })),
    location: z.array(z.object({ name: z.string(), percentage: z.number() })),
  }),
  commerce: z.object({
    impressions: z.number().int(),
    views: z.number().int(),
    engagements: z.number().int().describe('likes + comments + shares + bookmarks + clicks'),
    clicks: z.number().int(),
    potential_reach: z.number().int().describe('Platform users matching the gender and age target'),
  }),
  budget: z.object({
    budgetSpend: z.number(),
    spendPercentage: z.number(),
    cost_per_impression: z.number(),
    cost_per_click: z.number(),
  }),
});
export type CampaignInsight = z.infer<typeof CampaignInsight>;

export const CampaignInsightsRequest = z
  .object({
    id: Id,
    start_date: FilterDate.optional(),
    end_date: FilterDate.optional(),
  })
  .superRefine(rangeWithin(FILTER_MAX_DAYS));

export const CampaignChargeRow = z.object({
  id: z.number().int(),
  goal: z.enum(CAMPAIGN_GOALS),
  cost_per_click: z.number(),
  cost_per_view: z.number(),
  min_daily_budget: z.number(),
  updated_at: Timestamp,
});
export type CampaignChargeRow = z.infer<typeof CampaignChargeRow>;

const money = (what: string) =>
  Num(0, 1_000_000, { type: 'must be a number', range: 'must be from 0 to 1000000' }).describe(what);

export const CampaignChargeCreateRequest = z.object({
  goal: z.enum(CAMPAIGN_GOALS),
  cost_per_click: money('Dollars charged per click'),
  cost_per_view: money('Dollars charged per view'),
  min_daily_budget: money('Smallest per-day budget a campaign may have'),
});
export const CampaignChargeUpdateRequest = z.object({
  id: Id,
  cost_per_click: money('Dollars charged per click').optional(),
  cost_per_view: money('Dollars charged per view').optional(),
  min_daily_budget: money('Smallest per-day budget a campaign may have').optional(),
});

export const campaignsCalls = {
  campaignsList: defineCall({
    method: 'GET',
    path: 'campaigns',
    permission: 'campaign_list',
    summary: 'Campaigns, filtered by customer, name, status and created range, sorted and paged',
    request: CampaignsListRequest,
    response: Envelope.extend({
      data: z.array(CampaignRow),
      total: ListTotal,
      total_is_lower_bound: TotalIsLowerBound,
    }),
  }),
  campaignUsers: defineCall({
    method: 'GET',
    path: 'campaign-users',
    permission: 'campaign_list',
    summary: 'Customers having campaigns under the filter (id descending by default)',
    request: CampaignUsersRequest,
    response: Envelope.extend({
      data: z.array(CampaignCustomerRow),
      totalCampaigns: z.number().int().describe('Customers under the filter (for paging)'),
    }),
  }),
  campaignStatusChange: defineCall({
    method: 'PATCH',
    path: 'campaigns',
    audit: { target: 'campaign', id: 'id' },
    permission: 'campaign_status',
    summary: 'Sets a campaign to Pending, Approved, Declined (with decline_reason) or Paused',
    request: CampaignStatusRequest,
    response: Envelope.extend({ data: CampaignRow }),
  }),
  campaignDetails: defineCall({
    method: 'GET',
    path: 'campaigns-details',
    permission: 'campaign_details',
    summary: 'One campaign with targeting, creative, schedule, budget and estimates',
    request: z.object({ id: Id }),
    response: Envelope.extend({ data: CampaignDetail }),
  }),
  campaignInsights: defineCall({
    method: 'GET',
    path: 'campaign-insights',
    permission: 'campaign_details',
    summary: "A campaign's counters, social, audience, commerce and budget in a date range, and its declines",
    request: CampaignInsightsRequest,
    response: Envelope.extend({ insight: CampaignInsight, decline_history: z.array(DeclineHistoryEntry) }),
  }),
  approveCampaign: defineCall({
    method: 'PATCH',
    path: 'approve-campaign',
    audit: { target: 'campaign', id: 'id' },
    input: 'query',
    permission: 'campaign_status',
    summary: 'Approves a campaign (id in the query string)',
    request: z.object({ id: Id }),
    response: Envelope.extend({ data: CampaignRow }),
  }),
  campaignChargesList: defineCall({
    method: 'GET',
    path: 'campaign-charges',
    permission: 'campaign_charges_list',
    summary: 'Default prices the platform charges, by goal',
    request: z.object({}),
    response: Envelope.extend({ data: z.array(CampaignChargeRow) }),
  }),
  campaignChargesCreate: defineCall({
    method: 'POST',
    path: 'campaign-charges',
    audit: { target: 'campaign_charge', id: 'id' },
    permission: 'campaign_charges_list',
    summary: 'Adds the prices of a goal (one row per goal)',
    request: CampaignChargeCreateRequest,
    response: Envelope.extend({ data: CampaignChargeRow }),
  }),
  campaignChargesUpdate: defineCall({
    method: 'PUT',
    path: 'campaign-charges',
    audit: { target: 'campaign_charge', id: 'id' },
    permission: 'campaign_charges_list',
    summary: 'Changes the prices of a goal',
    request: CampaignChargeUpdateRequest,
    response: Envelope.extend({ data: CampaignChargeRow }),
  }),
  campaignSettingsList: defineCall({
    method: 'GET',
    path: 'campaign-settings',
    permission: 'get_campaign_setting',
    summary: 'Calendar settings in a window of days, platform-wide or for one customer',
    request: CampaignSettingsListRequest,
    response: Envelope.extend({ data: z.array(CampaignSettingEvent) }),
  }),
  campaignSettingsSave: defineCall({
    method: 'POST',
    path: 'campaign-settings',
    audit: { target: 'campaign_setting', id: 'id' },
    permission: 'get_campaign_setting',
    summary: 'Adds (or with id edits) a setting for one future day; one per type, at most 4 a day',
    request: CampaignSettingSaveRequest,
    response: Envelope.extend({ data: CampaignSettingEvent }),
  }),
  campaignSettingsDelete: defineCall({
    method: 'DELETE',
    path: 'campaign-settings',
    audit: { target: 'campaign_setting', id: 'id' },
    permission: 'get_campaign_setting',
    summary: 'Removes a calendar setting',
    request: z.object({ id: Id }),
    response: Envelope,
  }),
};
