import { describe, expect, it } from 'vitest';
import { createGa4Analytics, daysOf, type Ga4Client, type Ga4Report, ga4Rows } from './analytics';
import recorded from './fixtures/ga4-run-report.json' with { type: 'json' };

/** Answers each runReport with the recorded answer for its dimension, and keeps the requests. */
function recordedClient() {
  const requests: Parameters<Ga4Client['runReport']>[0][] = [];
  const client: Ga4Client = {
    async runReport(request) {
      requests.push(request);
      const dim = request.dimensions?.[0]?.name ?? 'totals';
      return [(recorded as unknown as Record<string, Ga4Report>)[dim]];
    },
  };
  return { client, requests };
}

const RANGE = { start_date: '2026-11-01', end_date: '2026-11-03' };

describe('GA4 analytics provider', () => {
  it('asks runReport for the totals, platforms and countries of the property and range', async () => {
    const { client, requests } = recordedClient();
    const report = await createGa4Analytics(client, '123456').report(RANGE);
    expect(report).toEqual({
      source: 'ga4',
      totals: { activeUsers: 1523, newUsers: 311, sessions: 4210, screenPageViews: 18877, eventCount: 60311 },
      platforms: [
        { platform: 'Android', activeUsers: 902 },
        { platform: 'iOS', activeUsers: 598 },
        { platform: 'web', activeUsers: 23 },
      ],
      countries: [
        { country: 'United States', activeUsers: 1210 },
        { country: 'Canada', activeUsers: 201 },
      ],
    });
    expect(requests).toHaveLength(3);
    for (const r of requests) {
      expect(r.property).toBe('properties/123456');
      expect(r.dateRanges).toEqual([{ startDate: '2026-11-01', endDate: '2026-11-03' }]);
    }
    expect(requests[0].metrics.map((m) => m.name)).toEqual([
      'activeUsers',
      'newUsers',
      'sessions',
      'screenPageViews',
      'eventCount',
    ]);
  });

  it('turns the daily report (YYYYMMDD, days missing) into one point a day', async () => {
    const { client, requests } = recordedClient();
    const graph = await createGa4Analytics(client, 'properties/42').graph(RANGE);
    expect(requests[0].property).toBe('properties/42');
    expect(requests[0].dimensions).toEqual([{ name: 'date' }]);
    expect(graph).toEqual([
      { date: '2026-11-01', activeUsers: 640, newUsers: 120, sessions: 1502 },
      { date: '2026-11-02', activeUsers: 0, newUsers: 0, sessions: 0 },
      { date: '2026-11-03', activeUsers: 702, newUsers: 98, sessions: 1688 },
    ]);
  });

  it('reads an empty answer as zeros', async () => {
    const client: Ga4Client = {
      runReport: async () => [{ dimensionHeaders: [], metricHeaders: [], rows: null }],
    };
    const report = await createGa4Analytics(client, '1').report(RANGE);
    expect(report.totals).toEqual({
      activeUsers: 0,
      newUsers: 0,
      sessions: 0,
      screenPageViews: 0,
      eventCount: 0,
    });
    expect(ga4Rows({ rows: [] })).toEqual([]);
  });

  it('lists the days of an inclusive range across a month end', () => {
    expect(daysOf({ start_date: '2026-02-27', end_date: '2026-03-01' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });
});
