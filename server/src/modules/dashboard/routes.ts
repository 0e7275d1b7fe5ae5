import { calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import {
  adsAnalytics,
  adsTransactions,
  failedUrlsGraph,
  savedWidgets,
  saveWidgets,
  swisAnalytics,
  topSearches,
} from './service';

export async function dashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  const { analytics } = deps;
  route(app, calls.dashboardData, async ({ input }) => ({ data: await swisAnalytics(deps.db, input) }));
  route(app, calls.googleAnalytics, async ({ input }) => ({ data: await analytics.report(input) }));
  route(app, calls.googleAnalyticsGraph, async ({ input }) => ({
    source: analytics.name,
    data: await analytics.graph(input),
  }));
  route(app, calls.topSearches, async ({ input }) => ({ data: await topSearches(deps.db, input) }));
  route(app, calls.failedUrlsGraph, async ({ input }) => ({ data: await failedUrlsGraph(deps.db, input) }));
  route(app, calls.adsAnalytics, async ({ input }) => ({ data: await adsAnalytics(deps.db, input) }));
  route(app, calls.adsTransactions, async ({ input }) => ({ data: await adsTransactions(deps.db, input) }));
  route(app, calls.dashboardWidget, async ({ input, user }) => ({
    data: await savedWidgets(deps.db, user, input.type),
  }));
  route(app, calls.saveDashboardWidget, async ({ input, user }) =>
    saveWidgets(deps.db, user, input.type, input.widget_json, deps.clock.now()),
  );
}
