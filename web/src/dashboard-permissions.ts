/** Dashboard widgets need one of these (spec 02 section 6). */
export const DASHBOARD_PERMISSIONS = [
  'dashboard_data',
  'google_analytics',
  'campaign_analytics',
  'google_analytics_graph',
  'top_searches',
] as const;
