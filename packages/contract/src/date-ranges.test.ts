import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DATE_MAX, DATE_MIN, FILTER_MAX_DAYS, SERIES_MAX_DAYS } from './common';
import { calls } from './index';

/** A day `n` days after `day` (YYYY-MM-DD). */
const plus = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const shapeOf = (s: z.ZodType) => (s as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};

/** Every call whose request filters on start_date/end_date (issue 32: all of them are bounded). */
const dated = Object.entries(calls).filter(([, c]) => 'start_date' in shapeOf(c.request as z.ZodType));

const paths = (r: { success: boolean; error?: z.ZodError }) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => i.path.join('.'));

describe('date ranges of every call', () => {
  it('finds the date-filtered calls', () => {
    expect(dated.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'dashboardData',
        'googleAnalyticsGraph',
        'failedUrlsGraph',
        'adsTransactions',
        'campaignsList',
        'campaignUsers',
        'campaignSettingsList',
        'transactionHistory',
        'auditLog',
      ]),
    );
  });

  for (const [name, call] of dated) {
    const schema = call.request as z.ZodType;
    // A series (both ends required) is built day by day: a year at most; a list filter five years.
    const series = !schema.safeParse({ id: 1, end_date: '2024-01-01' }).success;
    const max = series ? SERIES_MAX_DAYS : FILTER_MAX_DAYS;
    const ok = (start_date: string, end_date: string) => schema.safeParse({ id: 1, start_date, end_date });

    it(`${name}: days outside ${DATE_MIN}..${DATE_MAX} are refused`, () => {
      expect(ok('2024-01-01', '2024-01-31').success).toBe(true);
      expect(paths(ok('0001-01-01', '9999-12-30'))).toContain('start_date');
      expect(paths(ok('2024-01-01', '9999-12-31'))).toContain('end_date');
      expect(paths(ok('1999-12-31', '2000-01-01'))).toContain('start_date');
      expect(paths(ok('2100-12-31', '2101-01-01'))).toContain('end_date');
      expect(ok(DATE_MAX, DATE_MAX).success).toBe(true);
    });

    it(`${name}: a range spans at most ${max} days, the end not before the start`, () => {
      expect(ok('2020-01-01', plus('2020-01-01', max - 1)).success).toBe(true);
      const long = ok('2020-01-01', plus('2020-01-01', max));
      expect(paths(long)).toEqual(['end_date']);
      expect(long.error?.issues[0].message).toBe(`the range may span at most ${max} days`);
      expect(paths(ok('2024-02-02', '2024-02-01'))).toEqual(['end_date']);
    });
  }
});
