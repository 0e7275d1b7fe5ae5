import { WIDGET_CATALOGUE } from '@admin/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsEvents,
  campaignEvents,
  campaigns,
  dashboardWidgets,
  failedUrls,
  posts,
  searches,
  transactions,
} from '../../db/schema';
import { uncheckedRows } from '../../db/sql';
import { callApi, calls, makeUser, setupTestApp, type TestEnv } from '../../test/harness';

let env: TestEnv;
let boss: Awaited<ReturnType<typeof makeUser>>;
const day = (d: string, h = 12) => new Date(`${d}T${String(h).padStart(2, '0')}:00:00Z`);
const RANGE = { start_date: '2031-03-01', end_date: '2031-03-03' };

beforeAll(async () => {
  env = await setupTestApp();
  boss = await makeUser(env.db, { superAdmin: true });
  // A small world inside (and just outside) 2031-03-01..03 that every widget reads.
  const a = await makeUser(env.db, { platform: true, values: { createdAt: day('2031-03-01') } });
  const b = await makeUser(env.db, { platform: true, values: { createdAt: day('2031-03-03', 23) } });
  await makeUser(env.db, { platform: true, values: { createdAt: day('2031-03-04', 0) } });
  await env.db.insert(searches).values([
    { userId: a.id, searchTerm: 'Shoes', website: 'shop.example', createdAt: day('2031-03-01') },
    { userId: b.id, searchTerm: 'shoes ', website: 'shop.example', createdAt: day('2031-03-02') },
    { userId: a.id, searchTerm: 'hats', website: 'hats.example', createdAt: day('2031-03-02') },
    { userId: a.id, searchTerm: 'shoes', website: 'old.example', createdAt: day('2031-02-28') },
  ]);
  await env.db.insert(posts).values([{ userId: a.id, title: 'p', createdAt: day('2031-03-02') }]);
  await env.db.insert(analyticsEvents).values([
    {
      userId: a.id,
      event: 'session_start',
      platform: 'android',
      country: 'US',
      createdAt: day('2031-03-01'),
    },
    { userId: a.id, event: 'screen_view', platform: 'android', country: 'US', createdAt: day('2031-03-01') },
    { userId: b.id, event: 'sign_up', platform: 'ios', country: 'CA', createdAt: day('2031-03-03') },
    { userId: b.id, event: 'session_start', platform: 'ios', country: 'CA', createdAt: day('2031-03-03') },
    { userId: b.id, event: 'session_start', platform: 'ios', country: 'CA', createdAt: day('2031-03-05') },
  ]);
  await env.db.insert(failedUrls).values([
    { url: 'https://x.example/1', host: 'x.example', createdAt: day('2031-03-01') },
    {
      url: 'https://x.example/2',
      host: 'x.example',
      failedInEnrichment: true,
      createdAt: day('2031-03-01'),
      resolvedAt: day('2031-03-02'),
    },
  ]);
  const [c] = await env.db
    .insert(campaigns)
    .values({ userId: a.id, campaignName: 'C', status: 'Running', createdAt: day('2031-03-02') })
    .returning();
  await env.db.insert(campaignEvents).values([
    { campaignId: c.id, kind: 'click', cost: 1.25, createdAt: day('2031-03-02') },
    { campaignId: c.id, kind: 'view', cost: 0.5, createdAt: day('2031-03-02') },
    { campaignId: c.id, kind: 'view', cost: 0.5, createdAt: day('2031-03-09') },
  ]);
  await env.db.insert(transactions).values([
    { userId: a.id, amount: 20, transactionType: 'credit', createdAt: day('2031-03-01') },
    { userId: a.id, amount: 7.5, transactionType: 'debit', createdAt: day('2031-03-03') },
  ]);
});
afterAll(async () => {
  await env?.close();
});

describe('dashboard widgets data', () => {
  it('dashboard-data counts users, searches, posts and activity of the range, day by day', async () => {
    const res = await callApi(env.app, calls.dashboardData, RANGE, boss.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ new_users: 2, searches: 3, posts: 1, active_users: 2 });
    expect(res.body.data.daily).toEqual([
      { date: '2031-03-01', new_users: 1, searches: 1, posts: 0 },
      { date: '2031-03-02', new_users: 0, searches: 2, posts: 1 },
      { date: '2031-03-03', new_users: 1, searches: 0, posts: 0 },
    ]);
    const raw = await env.db.execute(
      sql`SELECT count(*)::int AS count FROM users WHERE NOT is_admin AND deleted_at IS NULL AND created_at < '2031-03-04'`,
    );
    const { count } = (raw as unknown as { rows: { count: number }[] }).rows[0];
    expect(res.body.data.users).toBe(count);
  });

  it('google-analytics (local provider) totals the events of the range', async () => {
    const res = await callApi(env.app, calls.googleAnalytics, RANGE, boss.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      source: 'local',
      totals: { activeUsers: 2, newUsers: 1, sessions: 2, screenPageViews: 1, eventCount: 4 },
      platforms: [
        { platform: 'android', activeUsers: 1 },
        { platform: 'ios', activeUsers: 1 },
      ],
      countries: [
        { country: 'CA', activeUsers: 1 },
        { country: 'US', activeUsers: 1 },
      ],
    });
  });

  it('google-analytics-graph answers one point a day, zeros included', async () => {
    const res = await callApi(env.app, calls.googleAnalyticsGraph, RANGE, boss.token);
    expect(res.body).toMatchObject({
      source: 'local',
      data: [
        { date: '2031-03-01', activeUsers: 1, newUsers: 0, sessions: 1 },
        { date: '2031-03-02', activeUsers: 0, newUsers: 0, sessions: 0 },
        { date: '2031-03-03', activeUsers: 1, newUsers: 1, sessions: 1 },
      ],
    });
  });

  it('top-searches ranks terms case-insensitively, or websites', async () => {
    const terms = await callApi(env.app, calls.topSearches, RANGE, boss.token);
    expect(terms.body.data).toEqual([
      { label: 'shoes', total: 2 },
      { label: 'hats', total: 1 },
    ]);
    const sites = await callApi(
      env.app,
      calls.topSearches,
      { ...RANGE, group_by: 'website', limit: 1 },
      boss.token,
    );
    expect(sites.body.data).toEqual([{ label: 'shop.example', total: 2 }]);
  });

  it('the daily search counts follow inserts, edits, soft deletes and deletes', async () => {
    const april = { start_date: '2031-04-01', end_date: '2031-04-02' };
    const top = async () => (await callApi(env.app, calls.topSearches, april, boss.token)).body.data;
    const searched = async () =>
      (await callApi(env.app, calls.dashboardData, april, boss.token)).body.data.searches;
    const rows = await env.db
      .insert(searches)
      .values([
        { userId: boss.id, searchTerm: 'Boots', createdAt: day('2031-04-01') },
        { userId: boss.id, searchTerm: 'boots', createdAt: day('2031-04-02', 23) },
        { userId: boss.id, searchTerm: 'scarf', createdAt: day('2031-04-02') },
        { userId: boss.id, searchTerm: '  ', createdAt: day('2031-04-02') },
      ])
      .returning({ id: searches.id });
    expect(await top()).toEqual([
      { label: 'boots', total: 2 },
      { label: 'scarf', total: 1 },
    ]);
    expect(await searched()).toBe(4);
    await env.db.update(searches).set({ searchTerm: 'Scarf' }).where(eq(searches.id, rows[0].id));
    await env.db.update(searches).set({ deletedAt: new Date() }).where(eq(searches.id, rows[1].id));
    expect(await top()).toEqual([{ label: 'scarf', total: 2 }]);
    expect(await searched()).toBe(4);
    await env.db.delete(searches).where(eq(searches.id, rows[2].id));
    expect(await top()).toEqual([{ label: 'scarf', total: 1 }]);
    expect(await searched()).toBe(3);
    const [recount] = uncheckedRows<{ n: number }>(
      await env.db.execute(
        sql`SELECT count(*)::int AS n FROM searches WHERE created_at >= '2031-04-01' AND created_at < '2031-04-03'`,
      ),
    );
    expect(recount.n).toBe(3);
  });

  it('failed-urls-graph, ads-analytics and ads-transactions read their tables by day', async () => {
    const failed = await callApi(env.app, calls.failedUrlsGraph, RANGE, boss.token);
    expect(failed.body.data[0]).toEqual({
      date: '2031-03-01',
      failed_in_curl: 2,
      failed_in_enrichment: 1,
      resolved: 0,
    });
    expect(failed.body.data[1]).toEqual({
      date: '2031-03-02',
      failed_in_curl: 0,
      failed_in_enrichment: 0,
      resolved: 1,
    });
    const ads = await callApi(env.app, calls.adsAnalytics, RANGE, boss.token);
    expect(ads.body.data).toEqual({
      by_status: [{ status: 'Running', count: 1 }],
      campaigns_created: 1,
      events: [
        { kind: 'click', count: 1 },
        { kind: 'view', count: 1 },
      ],
      spend: 1.75,
    });
    const tx = await callApi(env.app, calls.adsTransactions, RANGE, boss.token);
    expect(tx.body.data).toEqual([
      { date: '2031-03-01', debit: 0, credit: 20 },
      { date: '2031-03-02', debit: 0, credit: 0 },
      { date: '2031-03-03', debit: 7.5, credit: 0 },
    ]);
  });

  it('refuses missing, malformed and reversed dates naming the field', async () => {
    const missing = await callApi(env.app, calls.dashboardData, { start_date: '2031-03-01' }, boss.token);
    expect(missing.status).toBe(400);
    expect(missing.body.responseMessage).toMatch(/^end_date:/);
    const bad = await callApi(
      env.app,
      calls.topSearches,
      { start_date: '03-01-2031', end_date: '2031-03-02' },
      boss.token,
    );
    expect(bad.body.responseMessage).toBe('start_date: must be a date YYYY-MM-DD');
    const reversed = await callApi(
      env.app,
      calls.googleAnalytics,
      { start_date: '2031-03-05', end_date: '2031-03-01' },
      boss.token,
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.responseMessage).toBe('end_date: must not be before start_date');
  });

  it('each data call needs a session and its own permission', async () => {
    const pairs = [
      [calls.dashboardData, 'dashboard_data'],
      [calls.googleAnalytics, 'google_analytics'],
      [calls.googleAnalyticsGraph, 'google_analytics_graph'],
      [calls.topSearches, 'top_searches'],
      [calls.failedUrlsGraph, 'failed_urls'],
      [calls.adsAnalytics, 'campaign_analytics'],
      [calls.adsTransactions, 'transaction_history'],
    ] as const;
    const nobody = await makeUser(env.db, { permissions: ['users_list'] });
    for (const [call, permission] of pairs) {
      expect((await callApi(env.app, call, RANGE)).status).toBe(401);
      expect((await callApi(env.app, call, RANGE, nobody.token)).status).toBe(403);
      const holder = await makeUser(env.db, { groupPermissions: [permission] });
      expect((await callApi(env.app, call, RANGE, holder.token)).status).toBe(200);
    }
  });
});

describe('dashboard-widget and save-dashboard-widget', () => {
  it('offers FailedUrls on the POST tab with failed_urls and saves it (spec 01 section 2: widget kinds)', async () => {
    const staff = await makeUser(env.db, { permissions: ['failed_urls'] });
    const get = await callApi(env.app, calls.dashboardWidget, { type: 'POST' }, staff.token);
    expect(get.body.data.available.map((w: { id: string }) => w.id)).toEqual([
      'FailedUrlGraph',
      'FailedUrls',
    ]);
    const save = await callApi(
      env.app,
      calls.saveDashboardWidget,
      {
        type: 'POST',
        widget_json: JSON.stringify([
          { id: 'FailedUrls', permission: 'failed_urls', content: 'Failed Urls' },
          { id: 'FailedUrlGraph', permission: 'failed_urls', content: 'Failed Urls Graph' },
        ]),
      },
      staff.token,
    );
    expect(save.status, save.body.responseMessage).toBe(200);
    expect(JSON.parse(save.body.data.widget_json)).toEqual([
      { id: 'FailedUrls', permission: 'failed_urls', content: 'Failed Urls' },
      { id: 'FailedUrlGraph', permission: 'failed_urls', content: 'Failed Urls Graph' },
    ]);
    const without = await makeUser(env.db, { permissions: ['top_searches'] });
    const refused = await callApi(
      env.app,
      calls.saveDashboardWidget,
      {
        type: 'POST',
        widget_json: JSON.stringify([
          { id: 'FailedUrls', permission: 'failed_urls', content: 'Failed Urls' },
        ]),
      },
      without.token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.responseMessage).toBe(
      'widget_json: you do not have the permission failed_urls for FailedUrls',
    );
  });

  it('offers only the options the user holds, saves the order, and the login answer follows', async () => {
    const staff = await makeUser(env.db, {
      permissions: ['top_searches', 'dashboard_data', 'transaction_history'],
    });
    const get = await callApi(env.app, calls.dashboardWidget, { type: 'POST' }, staff.token);
    expect(get.status).toBe(200);
    expect(get.body.data).toEqual({
      type: 'POST',
      // Spec 02 section 7: the widget list arrives as a JSON string (the app parses it).
      widget_json: '[]',
      available: [
        { id: 'SwisAnalytics', permission: 'dashboard_data', content: 'Swis Analytics' },
        { id: 'TopSearches', permission: 'top_searches', content: 'Top Searches' },
        { id: 'PopularSearches', permission: 'top_searches', content: 'Popular Searches' },
      ],
    });
    // The app sends the list as a JSON string; permission/content come from the catalogue.
    const list = JSON.stringify([
      { id: 'PopularSearches', permission: 'x', content: 'tampered' },
      { id: 'SwisAnalytics', permission: 'dashboard_data', content: 'Swis Analytics' },
    ]);
    const save = await callApi(
      env.app,
      calls.saveDashboardWidget,
      { type: 'POST', widget_json: list },
      staff.token,
    );
    expect(save.status).toBe(200);
    const saved = JSON.parse(save.body.data.widget_json);
    expect(saved.map((w: { id: string }) => w.id)).toEqual(['PopularSearches', 'SwisAnalytics']);
    expect(saved[0].content).toBe('Popular Searches');
    // GET answers the saved list as a JSON string too, in the saved order.
    const again = await callApi(env.app, calls.dashboardWidget, { type: 'POST' }, staff.token);
    expect(typeof again.body.data.widget_json).toBe('string');
    expect(JSON.parse(again.body.data.widget_json)).toEqual(saved);
    const [row] = await env.db
      .select()
      .from(dashboardWidgets)
      .where(and(eq(dashboardWidgets.userId, staff.id), eq(dashboardWidgets.type, 'POST')));
    expect(row.widgetJson.map((w) => w.id)).toEqual(['PopularSearches', 'SwisAnalytics']);

    const ads = await callApi(
      env.app,
      calls.saveDashboardWidget,
      { type: 'ADS', widget_json: [WIDGET_CATALOGUE.ADS[1]] },
      staff.token,
    );
    expect(ads.status).toBe(200);
    const login = await callApi(env.app, calls.getLoginData, {}, staff.token);
    const widget = JSON.parse(login.body.widget);
    expect(widget.POST.map((w: { id: string }) => w.id)).toEqual(['PopularSearches', 'SwisAnalytics']);
    expect(widget.ADS.map((w: { id: string }) => w.id)).toEqual(['AdsTransactions']);
    expect(JSON.parse(save.body.widget).POST).toHaveLength(2);

    const emptied = await callApi(
      env.app,
      calls.saveDashboardWidget,
      { type: 'POST', widget_json: '[]' },
      staff.token,
    );
    expect(emptied.body.data.widget_json).toBe('[]');
  });

  it('refuses unknown widgets, widgets of the other tab, ones without permission and duplicates, writing nothing', async () => {
    const staff = await makeUser(env.db, { permissions: ['top_searches'] });
    const w = (id: string) => ({ id, permission: 'top_searches', content: id });
    const cases: [unknown, string | RegExp][] = [
      [[w('TopSearches'), w('TopSearches')], 'widget_json: TopSearches appears more than once'],
      [[w('AdsAnalytics')], 'widget_json: AdsAnalytics is not a widget of the POST tab'],
      [[w('SwisAnalytics')], 'widget_json: you do not have the permission dashboard_data for SwisAnalytics'],
      [[w('Nope')], /^widget_json/],
      ['not json', /^widget_json: must be valid JSON/],
    ];
    for (const [widget_json, message] of cases) {
      const res = await callApi(
        env.app,
        calls.saveDashboardWidget,
        { type: 'POST', widget_json },
        staff.token,
      );
      expect(res.status).toBe(400);
      expect(res.body.responseMessage).toMatch(message);
    }
    const badType = await callApi(env.app, calls.dashboardWidget, { type: 'X' }, staff.token);
    expect(badType.status).toBe(400);
    expect(badType.body.responseMessage).toMatch(/^type:/);
    expect(
      await env.db.select().from(dashboardWidgets).where(eq(dashboardWidgets.userId, staff.id)),
    ).toHaveLength(0);
  });

  it('needs a session', async () => {
    expect((await callApi(env.app, calls.dashboardWidget, { type: 'POST' })).status).toBe(401);
    expect(
      (await callApi(env.app, calls.saveDashboardWidget, { type: 'POST', widget_json: [] })).status,
    ).toBe(401);
    // Saving is open to every session (it is the user's own layout); the options follow permissions.
    const bare = await makeUser(env.db);
    const res = await callApi(env.app, calls.dashboardWidget, { type: 'ADS' }, bare.token);
    expect(res.body.data.available).toEqual([]);
  });
});
