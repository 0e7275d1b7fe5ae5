import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignCharges,
  campaignEvents,
  campaignInterests,
  campaignSettings,
  campaignStatusHistory,
  campaigns,
  interests,
  type users,
} from '../../db/schema';
import { uncheckedRows } from '../../db/sql';
import { callApi, calls, type MadeUser, makeUser, setupTestApp, sql, type TestEnv } from '../../test/harness';

let env: TestEnv;
let lister: MadeUser;
let outsider: MadeUser;
const tag = `cq${Date.now().toString(36)}`;

beforeAll(async () => {
  env = await setupTestApp();
  lister = await makeUser(env.db, { permissions: ['campaign_list'] });
  outsider = await makeUser(env.db, { permissions: ['dashboard_data'] });
});
afterAll(async () => {
  await env?.close();
});

async function customer(name: string, values: Partial<typeof users.$inferInsert> = {}) {
  return makeUser(env.db, { platform: true, name: `${tag} ${name}`, values });
}

async function campaign(userId: number, values: Partial<typeof campaigns.$inferInsert> = {}) {
  const [row] = await env.db
    .insert(campaigns)
    .values({ userId, campaignName: `${tag} campaign`, status: 'Pending', ...values })
    .returning();
  return row;
}

describe('campaigns and campaign-users', () => {
  let ann: MadeUser;
  let ben: MadeUser;
  let ids: Record<string, number>;
  beforeAll(async () => {
    ann = await customer('Ann');
    ben = await customer('Ben');
    const [sport] = await env.db
      .insert(interests)
      .values({ name: `${tag} Sport` })
      .returning();
    const a1 = await campaign(ann.id, {
      campaignName: `${tag} Summer sale`,
      status: 'Running',
      createdAt: new Date('2024-03-10T12:00:00Z'),
      perDayBudget: 50,
      todaySpent: 60,
      adStart: new Date('2024-03-10T00:00:00Z'),
      adEnd: new Date('2024-03-20T00:00:00Z'),
    });
    const a2 = await campaign(ann.id, {
      campaignName: `${tag} Winter sale`,
      status: 'Completed',
      createdAt: new Date('2024-05-01T12:00:00Z'),
      adEnd: new Date('2024-05-02T00:00:00Z'),
    });
    const b1 = await campaign(ben.id, {
      campaignName: `${tag} Ben launch`,
      status: 'Running',
      createdAt: new Date('2024-03-15T12:00:00Z'),
      totalAdBudget: 100,
      spentOnClick: 99.5,
      adEnd: new Date('2099-01-01T00:00:00Z'),
    });
    const b2 = await campaign(ben.id, {
      campaignName: `${tag} Ben gone`,
      status: 'Completed',
      deletedAt: new Date(),
      totalAdBudget: 100,
      spentOnClick: 99.5,
      adEnd: new Date('2099-01-01T00:00:00Z'),
    });
    await env.db.insert(campaignInterests).values({ campaignId: a1.id, interestId: sport.id });
    ids = { a1: a1.id, a2: a2.id, b1: b1.id, b2: b2.id };
  });

  it('lists campaigns newest first with interests, totals and status hints', async () => {
    const res = await callApi(env.app, calls.campaignsList, { ad_name: tag }, lister.token);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([ids.a2, ids.b1, ids.a1]);
    const a1 = res.body.data[2];
    expect(a1).toMatchObject({
      interest: [{ name: `${tag} Sport` }],
      status_hint: 'Per day budget exceed',
      totalDuration: 10,
      username: ann.username,
      deleted: 0,
    });
    expect(res.body.data[0].status_hint).toBe('Duration');
  });

  it('filters by customer, status, created range, approval and deleted', async () => {
    const byCustomer = await callApi(
      env.app,
      calls.campaignsList,
      { keyword: `${tag} Ann`, capnStatus: 'Running' },
      lister.token,
    );
    expect(byCustomer.body.data.map((c: { id: number }) => c.id)).toEqual([ids.a1]);
    const byDate = await callApi(
      env.app,
      calls.campaignsList,
      { ad_name: tag, start_date: '2024-03-01', end_date: '2024-03-15' },
      lister.token,
    );
    expect(byDate.body.data.map((c: { id: number }) => c.id)).toEqual([ids.b1, ids.a1]);
    const ofUser = await callApi(env.app, calls.campaignsList, { userId: ben.id }, lister.token);
    expect(ofUser.body.data.map((c: { id: number }) => c.id)).toEqual([ids.b1]);
    const deleted = await callApi(env.app, calls.campaignsList, { userId: ben.id, deleted: 1 }, lister.token);
    expect(deleted.body.data).toHaveLength(1);
    expect(deleted.body.data[0]).toMatchObject({ id: ids.b2, deleted: 1, status_hint: 'Budget' });
    const approved = await callApi(
      env.app,
      calls.campaignsList,
      { ad_name: tag, isApproved: 1 },
      lister.token,
    );
    expect(approved.body.total).toBe(0);
  });

  it('lists customers having campaigns, id descending, with totalCampaigns', async () => {
    const res = await callApi(env.app, calls.campaignUsers, { keyword: tag }, lister.token);
    expect(res.status).toBe(200);
    expect(res.body.totalCampaigns).toBe(2);
    expect(res.body.data.map((u: { id: number }) => u.id)).toEqual([ben.id, ann.id]);
    expect(res.body.data[1]).toMatchObject({ username: ann.username, campaigns_count: 2 });
    const filtered = await callApi(
      env.app,
      calls.campaignUsers,
      { keyword: tag, capnStatus: 'Completed', start_date: '2024-04-01', end_date: '2024-05-31' },
      lister.token,
    );
    expect(filtered.body).toMatchObject({ totalCampaigns: 1, data: [{ id: ann.id, campaigns_count: 1 }] });
    const deleted = await callApi(env.app, calls.campaignUsers, { keyword: tag, deleted: 1 }, lister.token);
    expect(deleted.body.data.map((u: { id: number }) => u.id)).toEqual([ben.id]);
    const pastEnd = await callApi(env.app, calls.campaignUsers, { keyword: tag, page: 5 }, lister.token);
    expect(pastEnd.body).toMatchObject({ data: [], totalCampaigns: 2 });
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const res = await callApi(env.app, calls.campaignUsers, { capnStatus: 'Flying' }, lister.token);
    expect(res.status).toBe(400);
    expect(res.body.responseMessage).toMatch(/capnStatus/);
    const date = await callApi(env.app, calls.campaignsList, { start_date: '03-01-2024' }, lister.token);
    expect(date.status).toBe(400);
    expect(date.body.responseMessage).toMatch(/start_date/);
    const order = await callApi(env.app, calls.campaignsList, { order_by: 'password' }, lister.token);
    expect(order.status).toBe(400);
  });

  it('needs a session and campaign_list', async () => {
    expect((await callApi(env.app, calls.campaignsList, {})).status).toBe(401);
    expect((await callApi(env.app, calls.campaignUsers, {})).status).toBe(401);
    expect((await callApi(env.app, calls.campaignsList, {}, outsider.token)).status).toBe(403);
    expect((await callApi(env.app, calls.campaignUsers, {}, outsider.token)).status).toBe(403);
  });
});

describe('status changes and approval', () => {
  let owner: MadeUser;
  let decider: MadeUser;
  beforeAll(async () => {
    owner = await customer('Status owner');
    decider = await makeUser(env.db, {
      permissions: ['campaign_status', 'campaign_details'],
      name: 'Dana Decider',
    });
  });

  it('declines with a reason, records who and when, and shows it in the decline history', async () => {
    const c = await campaign(owner.id, { isApproved: true, status: 'Approved' });
    const res = await callApi(
      env.app,
      calls.campaignStatusChange,
      { id: c.id, status: 'Declined', decline_reason: 'Misleading claims' },
      decider.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'Declined',
      decline_reason: 'Misleading claims',
      is_approved: 0,
    });
    const history = await env.db.select().from(campaignStatusHistory).where(sql`campaign_id = ${c.id}`);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      status: 'Declined',
      declineReason: 'Misleading claims',
      changedById: decider.id,
    });
    const insight = await callApi(env.app, calls.campaignInsights, { id: c.id }, decider.token);
    expect(insight.body.decline_history).toEqual([
      expect.objectContaining({ decline_reason: 'Misleading claims', declined_by: 'Dana Decider' }),
    ]);
  });

  it('sets Pending, Approved and Paused at once', async () => {
    const c = await campaign(owner.id);
    for (const status of ['Approved', 'Paused', 'Pending']) {
      const res = await callApi(env.app, calls.campaignStatusChange, { id: c.id, status }, decider.token);
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe(status);
    }
    const history = await env.db.select().from(campaignStatusHistory).where(sql`campaign_id = ${c.id}`);
    expect(history.map((h) => h.status)).toEqual(['Approved', 'Paused', 'Pending']);
  });

  it('refuses Declined without a reason and unknown statuses, writing nothing', async () => {
    const c = await campaign(owner.id);
    const noReason = await callApi(
      env.app,
      calls.campaignStatusChange,
      { id: c.id, status: 'Declined' },
      decider.token,
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.responseMessage).toBe('decline_reason: Please add a reason');
    const blank = await callApi(
      env.app,
      calls.campaignStatusChange,
      { id: c.id, status: 'Declined', decline_reason: '   ' },
      decider.token,
    );
    expect(blank.status).toBe(400);
    const unknown = await callApi(
      env.app,
      calls.campaignStatusChange,
      { id: c.id, status: 'Running' },
      decider.token,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.responseMessage).toMatch(
      /^status: must be one of Pending, Approved, Declined, Paused/,
    );
    const [row] = await env.db.select().from(campaigns).where(sql`id = ${c.id}`);
    expect(row.status).toBe('Pending');
    const history = await env.db.select().from(campaignStatusHistory).where(sql`campaign_id = ${c.id}`);
    expect(history).toHaveLength(0);
  });

  it('answers 404 for an unknown campaign and 409 for a deleted one', async () => {
    const missing = await callApi(
      env.app,
      calls.campaignStatusChange,
      { id: 999999, status: 'Paused' },
      decider.token,
    );
    expect(missing.status).toBe(404);
    const gone = await campaign(owner.id, { deletedAt: new Date() });
    const res = await callApi(
      env.app,
      calls.campaignStatusChange,
      { id: gone.id, status: 'Paused' },
      decider.token,
    );
    expect(res.status).toBe(409);
    expect((await callApi(env.app, calls.approveCampaign, { id: gone.id }, decider.token)).status).toBe(409);
  });

  it('approves by id in the query, then refuses a second approval', async () => {
    const c = await campaign(owner.id);
    const res = await env.app.inject({
      method: 'PATCH',
      url: `/api/v2/approve-campaign?id=${c.id}`,
      headers: { authorization: `Bearer ${decider.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ is_approved: 1, status: 'Approved' });
    const again = await callApi(env.app, calls.approveCampaign, { id: c.id }, decider.token);
    expect(again.status).toBe(409);
    expect((await callApi(env.app, calls.approveCampaign, { id: 999999 }, decider.token)).status).toBe(404);
    expect((await callApi(env.app, calls.approveCampaign, { id: 'x' }, decider.token)).status).toBe(400);
    const history = await env.db.select().from(campaignStatusHistory).where(sql`campaign_id = ${c.id}`);
    expect(history).toEqual([expect.objectContaining({ status: 'Approved', changedById: decider.id })]);
  });

  it('needs campaign_status', async () => {
    const c = await campaign(owner.id);
    expect((await callApi(env.app, calls.campaignStatusChange, { id: c.id, status: 'Paused' })).status).toBe(
      401,
    );
    expect(
      (await callApi(env.app, calls.campaignStatusChange, { id: c.id, status: 'Paused' }, lister.token))
        .status,
    ).toBe(403);
    expect((await callApi(env.app, calls.approveCampaign, { id: c.id }, lister.token)).status).toBe(403);
    expect((await callApi(env.app, calls.approveCampaign, { id: c.id })).status).toBe(401);
  });
});

describe('campaigns-details and campaign-insights', () => {
  let viewer: MadeUser;
  let owner: MadeUser;
  let campaignId: number;
  beforeAll(async () => {
    viewer = await makeUser(env.db, { permissions: ['campaign_details'] });
    owner = await customer('Insight owner', { email: null });
    const c = await campaign(owner.id, {
      type: 'raw_video',
      goal: 'CPV',
      totalAdBudget: 200,
      perDayBudget: 20,
      costPerClick: 0.5,
      costPerView: 0.1,
      locationType: 'local',
      targetLocation: { address: '1 Main St', latitude: 36.7, longitude: -119.7, radius: 5 },
      targetGender: 'female',
      targetAgeMinimum: 18,
      targetAgeMaximum: 40,
      autoInterest: true,
    });
    campaignId = c.id;
    const thisYear = new Date().getUTCFullYear();
    const dob = (age: number) => `${thisYear - age - 1}-01-15`;
    const viewers = [
      await customer('V1', { gender: 'female', dob: dob(20), currentLocation: 'Fresno' }),
      await customer('V2', { gender: 'female', dob: dob(30), currentLocation: 'Fresno' }),
      await customer('V3', { gender: 'male', dob: dob(30), currentLocation: 'Austin' }),
      await customer('V4', { gender: 'female', dob: dob(70) }),
    ];
    const at = (d: string) => new Date(`${d}T10:00:00Z`);
    const events: (typeof campaignEvents.$inferInsert)[] = [];
    for (const v of viewers) {
      events.push({ campaignId, userId: v.id, kind: 'impression', cost: 0.05, createdAt: at('2024-06-02') });
      events.push({ campaignId, userId: v.id, kind: 'view', cost: 0.1, createdAt: at('2024-06-02') });
    }
    events.push(
      { campaignId, userId: viewers[0].id, kind: 'click', cost: 0.5, createdAt: at('2024-06-03') },
      { campaignId, userId: viewers[1].id, kind: 'click', cost: 0.5, createdAt: at('2024-06-03') },
      { campaignId, userId: viewers[0].id, kind: 'like', createdAt: at('2024-06-03') },
      { campaignId, userId: viewers[0].id, kind: 'share', createdAt: at('2024-06-03') },
      { campaignId, userId: viewers[2].id, kind: 'bookmark', createdAt: at('2024-06-03') },
      { campaignId, userId: viewers[2].id, kind: 'comment', createdAt: at('2024-06-03') },
      { campaignId, userId: viewers[3].id, kind: 'profile_view', createdAt: at('2024-06-03') },
      { campaignId, userId: viewers[3].id, kind: 'follow', createdAt: at('2024-06-03') },
      // Outside the June range below.
      { campaignId, userId: viewers[0].id, kind: 'click', cost: 0.5, createdAt: at('2024-07-10') },
    );
    await env.db.insert(campaignEvents).values(events);
  });

  it('returns every field with estimates and Auto interest flag', async () => {
    const res = await callApi(env.app, calls.campaignDetails, { id: campaignId }, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: campaignId,
      customer_name: `${tag} Insight owner`,
      type: 'raw_video',
      goal: 'CPV',
      location_type: 'local',
      target_location: { address: '1 Main St', latitude: 36.7, longitude: -119.7, radius: 5 },
      auto_interest: 1,
      interest: [],
      estimated_clicks_per_day: 40,
      estimated_views_per_day: 200,
      is_approved: 0,
    });
  });

  it('computes insight from the events in the date range', async () => {
    const res = await callApi(
      env.app,
      calls.campaignInsights,
      { id: campaignId, start_date: '2024-06-01', end_date: '2024-06-30' },
      viewer.token,
    );
    expect(res.status).toBe(200);
    const { insight, decline_history } = res.body;
    expect(decline_history).toEqual([]);
    expect(insight).toMatchObject({ bookmarks: 1, clicks: 2, comments: 1, likes: 1, shares: 1, views: 4 });
    expect(insight.social).toEqual({ profile_views: 1, follows: 1 });
    expect(insight.audience.gender).toEqual({ male: 25, female: 75 });
    const ages = Object.fromEntries(
      insight.audience.age_range.map((a: { age: string; percentage: number }) => [a.age, a.percentage]),
    );
    expect(ages).toMatchObject({ '18-24': 25, '25-34': 50, '65+': 25, '35-44': 0 });
    expect(insight.audience.location).toEqual([
      { name: 'Fresno', percentage: 66.7 },
      { name: 'Austin', percentage: 33.3 },
    ]);
    expect(insight.commerce).toMatchObject({ impressions: 4, views: 4, clicks: 2, engagements: 6 });
    expect(insight.commerce.potential_reach).toBeGreaterThanOrEqual(2);
    // 4 x 0.05 + 4 x 0.1 + 2 x 0.5 = 1.6 spent of 200.
    expect(insight.budget).toEqual({
      budgetSpend: 1.6,
      spendPercentage: 0.8,
      cost_per_impression: 0.4,
      cost_per_click: 0.5,
    });
    const all = await callApi(env.app, calls.campaignInsights, { id: campaignId }, viewer.token);
    expect(all.body.insight.clicks).toBe(3);
  });

  it('answers 404, 400, 401 and 403', async () => {
    expect((await callApi(env.app, calls.campaignDetails, { id: 999999 }, viewer.token)).status).toBe(404);
    expect((await callApi(env.app, calls.campaignInsights, { id: 999999 }, viewer.token)).status).toBe(404);
    const bad = await callApi(
      env.app,
      calls.campaignInsights,
      { id: campaignId, start_date: 'June' },
      viewer.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toMatch(/start_date/);
    expect((await callApi(env.app, calls.campaignDetails, { id: 'abc' }, viewer.token)).status).toBe(400);
    expect((await callApi(env.app, calls.campaignDetails, { id: campaignId })).status).toBe(401);
    expect((await callApi(env.app, calls.campaignDetails, { id: campaignId }, lister.token)).status).toBe(
      403,
    );
    expect((await callApi(env.app, calls.campaignInsights, { id: campaignId }, lister.token)).status).toBe(
      403,
    );
  });
});

describe('campaign-charges', () => {
  let pricer: MadeUser;
  beforeAll(async () => {
    pricer = await makeUser(env.db, { permissions: ['campaign_charges_list'] });
  });

  it('adds a goal once, lists and edits it', async () => {
    const created = await callApi(
      env.app,
      calls.campaignChargesCreate,
      { goal: 'CPC', cost_per_click: 0.25, cost_per_view: 0.02, min_daily_budget: 5 },
      pricer.token,
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ goal: 'CPC', cost_per_click: 0.25, min_daily_budget: 5 });
    const dup = await callApi(
      env.app,
      calls.campaignChargesCreate,
      { goal: 'CPC', cost_per_click: 1, cost_per_view: 1, min_daily_budget: 1 },
      pricer.token,
    );
    expect(dup.status).toBe(409);
    const updated = await callApi(
      env.app,
      calls.campaignChargesUpdate,
      { id: created.body.data.id, cost_per_click: 0.3 },
      pricer.token,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      cost_per_click: 0.3,
      cost_per_view: 0.02,
      min_daily_budget: 5,
    });
    const list = await callApi(env.app, calls.campaignChargesList, {}, pricer.token);
    expect(list.body.data).toEqual([expect.objectContaining({ goal: 'CPC', cost_per_click: 0.3 })]);
    const [row] = await env.db.select().from(campaignCharges);
    expect(row.costPerClick).toBe(0.3);
  });

  it('refuses bad prices, unknown goals and unknown ids', async () => {
    const negative = await callApi(
      env.app,
      calls.campaignChargesCreate,
      { goal: 'CPV', cost_per_click: -1, cost_per_view: 0, min_daily_budget: 0 },
      pricer.token,
    );
    expect(negative.status).toBe(400);
    expect(negative.body.responseMessage).toMatch(/cost_per_click/);
    const goal = await callApi(
      env.app,
      calls.campaignChargesCreate,
      { goal: 'CPM', cost_per_click: 1, cost_per_view: 0, min_daily_budget: 0 },
      pricer.token,
    );
    expect(goal.status).toBe(400);
    expect(
      (await callApi(env.app, calls.campaignChargesUpdate, { id: 999999, cost_per_view: 1 }, pricer.token))
        .status,
    ).toBe(404);
  });

  it('needs campaign_charges_list', async () => {
    expect((await callApi(env.app, calls.campaignChargesList, {})).status).toBe(401);
    expect((await callApi(env.app, calls.campaignChargesList, {}, lister.token)).status).toBe(403);
    expect(
      (
        await callApi(
          env.app,
          calls.campaignChargesCreate,
          { goal: 'CPV', cost_per_click: 1, cost_per_view: 1, min_daily_budget: 1 },
          lister.token,
        )
      ).status,
    ).toBe(403);
  });
});

describe('campaign-settings', () => {
  let planner: MadeUser;
  let advertiser: MadeUser;
  const year = 2090 + Math.floor(Math.random() * 9);
  const day = (d: number) => `${year}-03-${String(d).padStart(2, '0')}`;
  const save = (input: Record<string, unknown>, token = planner.token) =>
    callApi(env.app, calls.campaignSettingsSave, input, token);
  const setting = (d: number, key: string, value = 1, userId?: number) => ({
    date_from: `${day(d)} 00:00:00`,
    date_to: `${day(d)} 23:59:59`,
    setting_key: key,
    setting_value: value,
    setting_label: key,
    user_id: userId,
  });
  beforeAll(async () => {
    planner = await makeUser(env.db, { permissions: ['get_campaign_setting'] });
    advertiser = await customer('Advertiser');
  });

  it('adds settings to a day and lists the window', async () => {
    const res = await save(setting(2, 'cost_per_click', 0.75));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Cost Per Click',
      type: 'cost_per_click',
      value: 0.75,
      dateFrom: `${day(2)} 00:00:00`,
      dateTo: `${day(2)} 23:59:59`,
      user_id: null,
    });
    await save(setting(3, 'ads_per_post', 3));
    const list = await callApi(
      env.app,
      calls.campaignSettingsList,
      { start_date: day(1), end_date: day(2) },
      planner.token,
    );
    expect(list.body.data.map((e: { type: string }) => e.type)).toEqual(['cost_per_click']);
  });

  it('holds each type once a day and at most 4 a day', async () => {
    for (const key of ['cost_per_click', 'cost_per_view', 'ads_per_day', 'ads_per_post']) {
      expect((await save(setting(10, key))).status).toBe(201);
    }
    const fifth = await save(setting(10, 'fequency_caps'));
    expect(fifth.status).toBe(409);
    expect(fifth.body.responseMessage).toBe('A day holds at most 4 settings');
    expect((await save(setting(11, 'cost_per_view'))).status).toBe(201);
    const dup = await save(setting(11, 'cost_per_view'));
    expect(dup.status).toBe(409);
    expect(dup.body.responseMessage).toMatch(/Cost Per View is already set/);
    const rows = uncheckedRows<{ n: number }>(
      await env.db.execute(
        sql`SELECT count(*)::int AS n FROM campaign_settings WHERE user_id IS NULL AND date_from::date = ${day(10)}::date`,
      ),
    );
    expect(rows[0].n).toBe(4);
  });

  it('edits a setting by id and keeps a customer scope of its own', async () => {
    const added = await save(setting(12, 'cost_per_click', 1, advertiser.id));
    expect(added.status).toBe(201);
    const edited = await save({ ...setting(12, 'cost_per_click', 2, advertiser.id), id: added.body.data.id });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id: added.body.data.id, value: 2, user_id: advertiser.id });
    const mine = await callApi(
      env.app,
      calls.campaignSettingsList,
      { start_date: day(12), end_date: day(12), user_id: advertiser.id },
      planner.token,
    );
    expect(mine.body.data).toHaveLength(1);
    const global = await callApi(
      env.app,
      calls.campaignSettingsList,
      { start_date: day(12), end_date: day(12) },
      planner.token,
    );
    expect(global.body.data).toHaveLength(0);
  });

  it('refuses platform-only types for a user, past days and bad values', async () => {
    const perUser = await save(setting(13, 'fequency_caps', 2, advertiser.id));
    expect(perUser.status).toBe(400);
    expect(perUser.body.responseMessage).toMatch(
      /^setting_key: fequency_caps cannot be set for a single user/,
    );
    const past = await save({
      ...setting(1, 'cost_per_view'),
      date_from: '2020-01-01 00:00:00',
      date_to: '2020-01-01 23:59:59',
    });
    expect(past.status).toBe(400);
    expect(past.body.responseMessage).toMatch(/^date_from/);
    const value = await save({ ...setting(13, 'cost_per_view'), setting_value: 'lots' });
    expect(value.status).toBe(400);
    expect(value.body.responseMessage).toMatch(/setting_value/);
    const key = await save(setting(13, 'discount'));
    expect(key.status).toBe(400);
    expect(key.body.responseMessage).toMatch(/setting_key/);
    const noUser = await save(setting(13, 'cost_per_view', 1, 999999));
    expect(noUser.status).toBe(404);
    const rows = await env.db
      .select()
      .from(campaignSettings)
      .where(sql`date_from::date = ${day(13)}::date`);
    expect(rows).toHaveLength(0);
  });

  it('deletes a setting, then answers 404', async () => {
    const added = await save(setting(14, 'cost_per_view'));
    const del = await callApi(
      env.app,
      calls.campaignSettingsDelete,
      { id: added.body.data.id },
      planner.token,
    );
    expect(del.status).toBe(200);
    expect(
      (await callApi(env.app, calls.campaignSettingsDelete, { id: added.body.data.id }, planner.token))
        .status,
    ).toBe(404);
    expect((await save({ ...setting(14, 'cost_per_view'), id: 999999 })).status).toBe(404);
  });

  it('needs get_campaign_setting', async () => {
    expect(
      (await callApi(env.app, calls.campaignSettingsList, { start_date: day(1), end_date: day(2) })).status,
    ).toBe(401);
    expect(
      (
        await callApi(
          env.app,
          calls.campaignSettingsList,
          { start_date: day(1), end_date: day(2) },
          lister.token,
        )
      ).status,
    ).toBe(403);
    expect((await save(setting(15, 'cost_per_view'), lister.token)).status).toBe(403);
    expect((await callApi(env.app, calls.campaignSettingsDelete, { id: 1 }, lister.token)).status).toBe(403);
  });
});
