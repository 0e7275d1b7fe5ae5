import {
  appVersionSettings,
  conversationAccessRequests,
  dashboardWidgets,
  staticSettings,
} from '../../db/schema';
import { sanitizePageHtml } from '../../modules/cms/sanitize';
import { STATIC_PAGES } from '../pages';
import { DAY, type DemoContext, HOUR } from './context';
import { insertMany } from './insert';

const POST_WIDGETS = [
  { id: 'SwisAnalytics', permission: 'dashboard_data', content: 'Swis Analytics' },
  { id: 'GoogleAnalytics', permission: 'google_analytics', content: 'Google Analytics' },
  { id: 'GoogleAnalyticsGraph', permission: 'google_analytics_graph', content: 'Google Analytics Graph' },
  { id: 'TopSearches', permission: 'top_searches', content: 'Top Searches' },
  { id: 'PopularSearches', permission: 'top_searches', content: 'Popular Searches' },
  { id: 'FailedUrlGraph', permission: 'failed_urls', content: 'Failed Urls Graph' },
  { id: 'MapComp', permission: 'users_locations', content: 'Users Location' },
];
const ADS_WIDGETS = [
  { id: 'AdsAnalytics', permission: 'campaign_analytics', content: 'Campaign Analytics' },
  { id: 'AdsTransactions', permission: 'transaction_history', content: 'Ads Transactions' },
];

/** Static pages and flags, dashboard widgets, app versions and conversation access requests. */
export async function seedSettings(ctx: DemoContext, staffId: Map<string, number>): Promise<void> {
  const { db, rng, at, superAdminId } = ctx;
  await db
    .insert(staticSettings)
    .values([
      ...Object.entries(STATIC_PAGES).map(([dataKey, data]) => ({
        dataKey,
        data: sanitizePageHtml(data),
        sanitized: true,
        updatedById: superAdminId,
        updatedAt: at(rng.int(5, 90) * DAY),
      })),
      { dataKey: 'ENRICHMENT_SERVICE', data: '1', updatedById: superAdminId },
      { dataKey: 'URL_MAX_RETRY', data: '3', updatedById: superAdminId },
    ])
    .onConflictDoNothing();
  const widgetRows: (typeof dashboardWidgets.$inferInsert)[] = [];
  if (superAdminId !== null) {
    widgetRows.push(
      { userId: superAdminId, type: 'POST', widgetJson: POST_WIDGETS },
      { userId: superAdminId, type: 'ADS', widgetJson: ADS_WIDGETS },
    );
  }
  widgetRows.push(
    { userId: staffId.get('daniel.marketing')!, type: 'ADS', widgetJson: ADS_WIDGETS.slice(0, 1) },
    { userId: staffId.get('omar.analyst')!, type: 'POST', widgetJson: POST_WIDGETS.slice(1, 5) },
  );
  await db.insert(dashboardWidgets).values(widgetRows).onConflictDoNothing();
  await db
    .insert(appVersionSettings)
    .values([
      { deviceType: 'android', appVersion: '3.8.0', notifyForUpdate: 1, updatedAt: at(12 * DAY) },
      { deviceType: 'ios', appVersion: '3.7.2', notifyForUpdate: 2, updatedAt: at(20 * DAY) },
    ])
    .onConflictDoNothing();
  // Staff without the conversation permission asked for it (one still waiting, one granted).
  await insertMany(db, conversationAccessRequests, [
    {
      requesterId: staffId.get('ravi.readonly')!,
      message: 'I need to read the chat of a reported user for a support ticket.',
      status: 'pending',
      createdAt: at(3 * HOUR),
    },
    {
      requesterId: staffId.get('tom.support')!,
      message: 'Reviewing a harassment report, please grant conversation access.',
      status: 'granted',
      decidedById: superAdminId,
      decidedAt: at(6 * DAY),
      note: 'Granted for the harassment reports this quarter.',
      createdAt: at(7 * DAY),
    },
  ]);
}
