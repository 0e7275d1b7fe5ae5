import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { boundedRange, dateRangePresets, pickableDays, rangeParams } from './date-range-input';

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

describe('ranges the server accepts (issue 32)', () => {
  it('keeps both ends within 2000-01-01..2100-12-31 and the end within maxDays of the start', () => {
    expect(boundedRange(['1999-05-01', '9999-12-31'], 1827)).toEqual(['2000-01-01', '2004-12-31']);
    expect(boundedRange(['2024-01-01', '2025-06-30'], 366)).toEqual(['2024-01-01', '2024-12-31']);
    expect(boundedRange(['2024-01-01', '2024-03-01'], 366)).toEqual(['2024-01-01', '2024-03-01']);
    expect(boundedRange(['2024-01-01', null], 366)).toEqual(['2024-01-01', null]);
  });

  it('offers only the days maxDays allows once the start is picked', () => {
    expect(pickableDays([null, null], 366)).toEqual({ minDate: '2000-01-01', maxDate: '2100-12-31' });
    expect(pickableDays(['2024-01-01', null], 366)).toEqual({ minDate: '2023-01-01', maxDate: '2024-12-31' });
    expect(pickableDays(['2000-01-05', null], 366)).toEqual({ minDate: '2000-01-01', maxDate: '2001-01-04' });
  });
});
