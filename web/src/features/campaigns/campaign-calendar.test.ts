import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { gridStart } from './campaign-calendar';

describe('gridStart', () => {
  it('starts the 42-cell grid on the Monday on or before the first of the month', () => {
    for (const month of ['2026-02-01', '2026-03-01', '2026-06-01', '2027-01-01', '2026-11-15']) {
      const m = dayjs(month);
      const start = gridStart(m);
      expect(start.day()).toBe(1);
      expect(start.isAfter(m.startOf('month'))).toBe(false);
      expect(m.startOf('month').diff(start, 'day')).toBeLessThan(7);
      // 42 cells always reach the month's last day.
      expect(start.add(41, 'day').isBefore(m.endOf('month').startOf('day'))).toBe(false);
    }
  });

  it('keeps a month that begins on a Monday at its first day', () => {
    expect(gridStart(dayjs('2026-06-01')).format('YYYY-MM-DD')).toBe('2026-06-01');
  });
});
