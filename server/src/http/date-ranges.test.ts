import { type CallDef, calls, SERIES_MAX_DAYS } from '@admin/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, makeUser, setupTestApp, type TestEnv } from '../test/harness';
import { registerTransport } from './transport';

let env: TestEnv;
let boss: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  env = await setupTestApp();
  boss = await makeUser(env.db, { superAdmin: true });
});
afterAll(async () => {
  await env?.close();
});

/** The calls issue 32 found building millions of days or answering 500 on 9999-12-31. */
const DATED: [string, CallDef, Record<string, unknown>][] = [
  ['dashboard-data', calls.dashboardData, {}],
  ['google-analytics', calls.googleAnalytics, {}],
  ['google-analytics-graph', calls.googleAnalyticsGraph, {}],
  ['failed-urls-graph', calls.failedUrlsGraph, {}],
  ['ads-transactions', calls.adsTransactions, {}],
  ['ads-analytics', calls.adsAnalytics, {}],
  ['top-searches', calls.topSearches, {}],
  ['campaigns', calls.campaignsList, {}],
  ['campaign-users', calls.campaignUsers, {}],
  ['campaign-settings', calls.campaignSettingsList, {}],
  ['transaction-history', calls.transactionHistory, {}],
  ['failed-urls-frequency', calls.failedUrlsFrequency, {}],
  ['audit-log', calls.auditLog, {}],
];

describe('date ranges are bounded (issue 32)', () => {
  for (const [path, call, extra] of DATED) {
    it(`${path}: far dates answer 400 with the allowed span, never 500`, async () => {
      const huge = await callApi(
        env.app,
        call,
        { ...extra, start_date: '0001-01-01', end_date: '9999-12-30' },
        boss.token,
      );
      expect(huge.status).toBe(400);
      expect(huge.body.responseMessage).toContain('start_date: must be a date from 2000-01-01 to 2100-12-31');
      const end = await callApi(
        env.app,
        call,
        { ...extra, start_date: '2024-01-01', end_date: '9999-12-31' },
        boss.token,
      );
      expect(end.status).toBe(400);
      expect(end.body.responseMessage).toContain('end_date: must be a date from 2000-01-01 to 2100-12-31');
      const ok = await callApi(
        env.app,
        call,
        { ...extra, start_date: '2024-01-01', end_date: '2024-12-31' },
        boss.token,
      );
      expect(ok.status).toBe(200);
    });
  }

  it('a daily series spans at most 366 days and has one point per day', async () => {
    const long = await callApi(
      env.app,
      calls.dashboardData,
      { start_date: '2024-01-01', end_date: '2025-01-01' },
      boss.token,
    );
    expect(long.status).toBe(400);
    expect(long.body.responseMessage).toBe(`end_date: the range may span at most ${SERIES_MAX_DAYS} days`);
    const year = await callApi(
      env.app,
      calls.failedUrlsGraph,
      { start_date: '2024-01-01', end_date: '2024-12-31' },
      boss.token,
    );
    expect(year.body.data).toHaveLength(366);
  });

  it('a list filter spans at most five years', async () => {
    const long = await callApi(
      env.app,
      calls.transactionHistory,
      { start_date: '2000-01-01', end_date: '2010-01-01' },
      boss.token,
    );
    expect(long.status).toBe(400);
    expect(long.body.responseMessage).toBe('end_date: the range may span at most 1827 days');
  });
});

describe('answer size ceiling', () => {
  it('an answer over the ceiling is refused with a clear message instead of being sent', async () => {
    const app = Fastify();
    registerTransport(app, { maxAnswerBytes: 10_000 });
    app.get('/api/v2/big', async () => ({ responseCode: 200, data: 'x'.repeat(20_000) }));
    app.get('/api/v2/small', async () => ({ responseCode: 200, data: 'x'.repeat(100) }));
    const big = await app.inject({ url: '/api/v2/big' });
    expect(big.statusCode).toBe(500);
    expect(big.json()).toEqual({
      responseCode: 500,
      responseMessage: 'The answer is too large; narrow the request',
    });
    expect((await app.inject({ url: '/api/v2/small' })).statusCode).toBe(200);
    await app.close();
  });
});
