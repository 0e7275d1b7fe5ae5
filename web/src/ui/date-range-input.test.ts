import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dateRangePresets, rangeParams } from './date-range-input';

describe('date range presets (spec 01 Dashboard)', () => {
  const today = dayjs('2025-03-15T10:00:00');
  const presets = Object.fromEntries(dateRangePresets(today).map((p) => [p.label as string, p.value]));

  it('offers exactly the spec presets in order', () => {
    expect(dateRangePresets(today).map((p) => p.label)).toEqual([
      'Today',
      'Last 7 days',
      'Last 30 days',
      'Last 60 days',
      'Last 90 days',
      'Last 180 days',
      'Current Month',
      'Previous Month',
      'Current Year',
      'Last Year',
    ]);
  });

  it('computes YYYY-MM-DD ranges ending today or covering whole months and years', () => {
    expect(presets.Today).toEqual(['2025-03-15', '2025-03-15']);
    expect(presets['Last 7 days']).toEqual(['2025-03-09', '2025-03-15']);
    expect(presets['Last 30 days']).toEqual(['2025-02-14', '2025-03-15']);
    expect(presets['Current Month']).toEqual(['2025-03-01', '2025-03-31']);
    expect(presets['Previous Month']).toEqual(['2025-02-01', '2025-02-28']);
    expect(presets['Current Year']).toEqual(['2025-01-01', '2025-12-31']);
    expect(presets['Last Year']).toEqual(['2024-01-01', '2024-12-31']);
  });

  it('turns a complete range into start_date/end_date and an incomplete one into nothing', () => {
    expect(rangeParams(['2025-01-01', '2025-01-31'])).toEqual({
      start_date: '2025-01-01',
      end_date: '2025-01-31',
    });
    expect(rangeParams(['2025-01-01', null])).toEqual({});
  });
});
