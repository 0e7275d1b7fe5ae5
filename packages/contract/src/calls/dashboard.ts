import { z } from 'zod';
import { defineCall } from '../call';
import { DateOnly, Envelope, FilterDate, Int, rangeWithin, SERIES_MAX_DAYS, Text } from '../common';

/** The two dashboard tabs: 'Users and Searches' (POST) and 'Campaigns' (ADS). */
export const WIDGET_TYPES = ['POST', 'ADS'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** Every widget kind the dashboard can draw. */
export const WIDGET_IDS = [
  'SwisAnalytics',
  'GoogleAnalytics',
  'GoogleAnalyticsGraph',
  'TopSearches',
  'PopularSearches',
  'FailedUrlGraph',
  'FailedUrls',
  'MapComp',
  'AdsAnalytics',
  'AdsTransactions',
] as const;
export type WidgetId = (typeof WIDGET_IDS)[number];

/**
 * What the arranger offers on each tab, with the permission each option needs (spec 02 section 2):
 * POST the seven of the spec plus FailedUrls (a kind of spec 01 section 2, with failed_urls like
 * FailedUrlGraph), ADS Campaign Analytics and Ads Transactions.
 */
export const WIDGET_CATALOGUE: Record<
  WidgetType,
  readonly { id: WidgetId; permission: string; content: string }[]
> = {
  POST: [
    { id: 'SwisAnalytics', permission: 'dashboard_data', content: 'Swis Analytics' },
    { id: 'GoogleAnalytics', permission: 'google_analytics', content: 'Google Analytics' },
    { id: 'GoogleAnalyticsGraph', permission: 'google_analytics_graph', content: 'Google Analytics Graph' },
    { id: 'TopSearches', permission: 'top_searches', content: 'Top Searches' },
    { id: 'PopularSearches', permission: 'top_searches', content: 'Popular Searches' },
    { id: 'FailedUrlGraph', permission: 'failed_urls', content: 'Failed Urls Graph' },
    { id: 'FailedUrls', permission: 'failed_urls', content: 'Failed Urls' },
    { id: 'MapComp', permission: 'users_locations', content: 'Users Location' },
  ],
  ADS: [
    { id: 'AdsAnalytics', permission: 'campaign_analytics', content: 'Campaign Analytics' },
    { id: 'AdsTransactions', permission: 'transaction_history', content: 'Ads Transactions' },
  ],
};

export const DashboardWidget = z.object({
  id: z.enum(WIDGET_IDS),
  permission: Text().max(100),
  content: Text().max(200),
});
export type DashboardWidget = z.infer<typeof DashboardWidget>;

/** start_date and end_date (YYYY-MM-DD, inclusive) that every widget receives. */
export const DashboardRange = z
  .object({
    start_date: FilterDate.describe('First day, inclusive (YYYY-MM-DD, 2000-01-01 to 2100-12-31)'),
    end_date: FilterDate.describe('Last day, inclusive; at most 366 days after start_date'),
  })
  .superRefine(rangeWithin(SERIES_MAX_DAYS));

export const DailyCount = z.object({ date: DateOnly, count: z.number().int() });

export const SwisAnalytics = z.object({
  users: z.number().int().describe('Platform users that exist (not deleted) at the end of the range'),
  new_users: z.number().int().describe('Platform users created in the range'),
  active_users: z.number().int().describe('Distinct users with app activity in the range'),
  searches: z.number().int().describe('Searches made in the range'),
  posts: z.number().int().describe('Posts shared in the range'),
  daily: z
    .array(
      z.object({
        date: DateOnly,
        new_users: z.number().int(),
        searches: z.number().int(),
        posts: z.number().int(),
      }),
    )
    .describe('One entry per day of the range'),
});

export const AnalyticsTotals = z.object({
  activeUsers: z.number(),
  newUsers: z.number(),
  sessions: z.number(),
  screenPageViews: z.number(),
  eventCount: z.number(),
});

export const AnalyticsReport = z.object({
  source: z.enum(['local', 'ga4']).describe('Which analytics provider answered'),
  totals: AnalyticsTotals,
  platforms: z.array(z.object({ platform: z.string(), activeUsers: z.number() })),
  countries: z.array(z.object({ country: z.string(), activeUsers: z.number() })),
});
export type AnalyticsReport = z.infer<typeof AnalyticsReport>;

export const AnalyticsGraphPoint = z.object({
  date: DateOnly,
  activeUsers: z.number(),
  newUsers: z.number(),
  sessions: z.number(),
});
export type AnalyticsGraphPoint = z.infer<typeof AnalyticsGraphPoint>;

export const TopSearchRow = z.object({
  label: z.string().describe('The search term, or the website host when group_by=website'),
  total: z.number().int().describe('Searches in the range (deleted ones left out)'),
});

export const AdsAnalytics = z.object({
  by_status: z.array(z.object({ status: z.string(), count: z.number().int() })),
  campaigns_created: z.number().int(),
  events: z.array(z.object({ kind: z.string(), count: z.number().int() })),
  spend: z.number().describe('Cost of ad events in the range ($)'),
});

export const AdsTransactionsDay = z.object({ date: DateOnly, debit: z.number(), credit: z.number() });

export const FailedUrlsDay = z.object({
  date: DateOnly,
  failed_in_curl: z.number().int(),
  failed_in_enrichment: z.number().int(),
  resolved: z.number().int(),
});

const WidgetList = z.array(DashboardWidget);

/**
 * A widget list as the answers carry it: a JSON string of [{id, permission, content}, ...] (spec 02
 * section 7: 'The widget list arrives as a JSON string and is parsed'), like the login's `widget`.
 */
const WidgetListString = z
  .string()
  .refine((s) => {
    try {
      return WidgetList.safeParse(JSON.parse(s)).success;
    } catch {
      return false;
    }
  }, 'must be a JSON list of widgets')
  .describe('JSON string of a list of {id, permission, content}');

/** widget_json travels as a JSON string (as the spec's app sends it) or as the list itself. */
export const WidgetJsonInput = z.preprocess(
  (v, ctx) => {
    if (typeof v !== 'string') {
      return v;
    }
    try {
      return JSON.parse(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be valid JSON', input: v });
      return z.NEVER;
    }
  },
  WidgetList.max(20, 'must list at most 20 widgets'),
);

export const dashboardCalls = {
  dashboardData: defineCall({
    method: 'GET',
    path: 'dashboard-data',
    permission: 'dashboard_data',
    summary: "The platform's own counts for a date range (Swis Analytics widget)",
    request: DashboardRange,
    response: Envelope.extend({ data: SwisAnalytics }),
  }),
  googleAnalytics: defineCall({
    method: 'GET',
    path: 'google-analytics',
    permission: 'google_analytics',
    summary: 'App analytics totals for a date range, from GA4 or the local events table',
    request: DashboardRange,
    response: Envelope.extend({ data: AnalyticsReport }),
  }),
  googleAnalyticsGraph: defineCall({
    method: 'GET',
    path: 'google-analytics-graph',
    permission: 'google_analytics_graph',
    summary: 'Daily active users, new users and sessions for a date range',
    request: DashboardRange,
    response: Envelope.extend({ source: z.enum(['local', 'ga4']), data: z.array(AnalyticsGraphPoint) }),
  }),
  topSearches: defineCall({
    method: 'GET',
    path: 'top-searches',
    permission: 'top_searches',
    summary: 'Most searched terms (or websites) in a date range',
    request: DashboardRange.safeExtend({
      group_by: z.enum(['term', 'website']).default('term'),
      limit: Int(1, 50).default(10),
    }),
    response: Envelope.extend({ data: z.array(TopSearchRow) }),
  }),
  failedUrlsGraph: defineCall({
    method: 'GET',
    path: 'failed-urls-graph',
    permission: 'failed_urls',
    summary: 'Failed URLs per day in a date range (Failed Urls Graph widget)',
    request: DashboardRange,
    response: Envelope.extend({ data: z.array(FailedUrlsDay) }),
  }),
  adsAnalytics: defineCall({
    method: 'GET',
    path: 'ads-analytics',
    permission: 'campaign_analytics',
    summary: 'Campaigns by status, ad events and spend in a date range (Campaign Analytics widget)',
    request: DashboardRange,
    response: Envelope.extend({ data: AdsAnalytics }),
  }),
  adsTransactions: defineCall({
    method: 'GET',
    path: 'ads-transactions',
    permission: 'transaction_history',
    summary: 'Debit and credit totals per day in a date range (Ads Transactions widget)',
    request: DashboardRange,
    response: Envelope.extend({ data: z.array(AdsTransactionsDay) }),
  }),
  dashboardWidget: defineCall({
    method: 'GET',
    path: 'dashboard-widget',
    summary: "The signed-in user's saved widgets of one tab and the options they may add",
    request: z.object({ type: z.enum(WIDGET_TYPES) }),
    response: Envelope.extend({
      data: z.object({
        type: z.enum(WIDGET_TYPES),
        widget_json: WidgetListString.describe(
          'Saved widgets in display order, as a JSON string of [{id, permission, content}, ...]',
        ),
        available: WidgetList.describe('Every option of this tab the user holds the permission for'),
      }),
    }),
  }),
  saveDashboardWidget: defineCall({
    method: 'POST',
    path: 'save-dashboard-widget',
    audit: { target: 'dashboard_widget', id: 'type' },
    summary: 'Save the ordered widget list of one tab (known widgets the user may see, no duplicates)',
    request: z.object({ type: z.enum(WIDGET_TYPES), widget_json: WidgetJsonInput }),
    response: Envelope.extend({
      data: z.object({
        type: z.enum(WIDGET_TYPES),
        widget_json: WidgetListString.describe('The saved list, as a JSON string'),
      }),
      widget: z.string().describe('JSON string {POST: [...], ADS: [...]}, as in the login answer'),
    }),
  }),
};
