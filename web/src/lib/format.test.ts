import { describe, expect, it } from 'vitest';
import {
  abbreviate,
  chatTime,
  formatDate,
  formatDateTime,
  fromUtc,
  money,
  relativeTime,
  toFilterDate,
  toUtcIso,
} from './format';

// The web project runs in America/Los_Angeles so local and UTC differ.
describe('date formats (spec 01 section 9)', () => {
  const iso = '2025-03-03T14:05:09.000Z';

  it('formats dates as MM-DD-YYYY and date-times as MM-DD-YYYY HH:mm:ss in local time', () => {
    const local = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = `${pad(local.getMonth() + 1)}-${pad(local.getDate())}-${local.getFullYear()}`;
    expect(formatDate(iso)).toBe(day);
    expect(formatDateTime(iso)).toBe(
      `${day} ${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`,
    );
  });

  it('gives empty text for missing or broken dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(chatTime('')).toBe('');
  });

  it('formats filter dates as YYYY-MM-DD of the local day', () => {
    expect(toFilterDate(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
    expect(toFilterDate(null)).toBe('');
  });

  it("formats chat times as 'ddd D MMM, YYYY HH:mm:ss'", () => {
    const local = new Date(2025, 2, 3, 14, 5, 9);
    expect(chatTime(local.toISOString())).toBe('Mon 3 Mar, 2025 14:05:09');
  });

  it('converts between UTC and local time both ways', () => {
    const local = new Date(2025, 5, 1, 8, 30);
    const stored = toUtcIso(local);
    expect(stored).toBe(local.toISOString());
    expect(fromUtc(stored)?.valueOf()).toBe(local.valueOf());
    expect(toUtcIso(null)).toBeNull();
  });
});

describe('relativeTime', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('reads seconds, minutes, hours, days, months, years with steps 60, 60, 24, 30, 12', () => {
    expect(relativeTime(ago(0), now)).toBe('0 seconds ago');
    expect(relativeTime(ago(45), now)).toBe('45 seconds ago');
    expect(relativeTime(ago(60), now)).toBe('1 minute ago');
    expect(relativeTime(ago(59 * 60), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(relativeTime(ago(24 * 3600), now)).toBe('1 day ago');
    expect(relativeTime(ago(29 * 86400), now)).toBe('29 days ago');
    expect(relativeTime(ago(30 * 86400), now)).toBe('1 month ago');
    expect(relativeTime(ago(11 * 30 * 86400), now)).toBe('11 months ago');
    expect(relativeTime(ago(12 * 30 * 86400), now)).toBe('1 year ago');
    expect(relativeTime(ago(3 * 360 * 86400), now)).toBe('3 years ago');
  });

  it('treats future times as now and missing ones as empty', () => {
    expect(relativeTime(new Date(now.getTime() + 5000).toISOString(), now)).toBe('0 seconds ago');
    expect(relativeTime(null, now)).toBe('');
  });
});

describe('abbreviate and money', () => {
  it('abbreviates thousands, millions, billions with one decimal', () => {
    expect(abbreviate(0)).toBe('0');
    expect(abbreviate(950)).toBe('950');
    expect(abbreviate(1000)).toBe('1K');
    expect(abbreviate(1234)).toBe('1.2K');
    expect(abbreviate(3_400_000)).toBe('3.4M');
    expect(abbreviate(999_960)).toBe('1M');
    expect(abbreviate(2_500_000_000)).toBe('2.5B');
    expect(abbreviate(-1500)).toBe('-1.5K');
    expect(abbreviate('2048')).toBe('2K');
    expect(abbreviate(null)).toBe('0');
  });

  it("money is exact: '$', thousands separators, two decimals (never '$2.9K')", () => {
    expect(money(12.5)).toBe('$12.50');
    expect(money(0)).toBe('$0.00');
    expect(money(1234)).toBe('$1,234.00');
    expect(money(2915.4)).toBe('$2,915.40');
    expect(money('3400000.125')).toBe('$3,400,000.13');
    expect(money(-20)).toBe('-$20.00');
  });
});
