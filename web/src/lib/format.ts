import {
  CHAT_TIME_FORMAT,
  CURRENCY,
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  FILTER_DATE_FORMAT,
} from '@admin/contract';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

export type DateInput = string | number | Date | Dayjs | null | undefined;

/** A server timestamp (UTC) as a local dayjs, or null when missing or unreadable. */
export function fromUtc(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  const d = dayjs.isDayjs(value) ? value : dayjs.utc(value).local();
  return d.isValid() ? d : null;
}

/** A local moment as the UTC ISO string the API stores. */
export function toUtcIso(value: DateInput): string | null {
  const d = value === null || value === undefined || value === '' ? null : dayjs(value as Date);
  return d?.isValid() ? d.utc().toISOString() : null;
}

/** MM-DD-YYYY in local time ('' when empty). */
export function formatDate(value: DateInput): string {
  return fromUtc(value)?.format(DATE_FORMAT) ?? '';
}

/** MM-DD-YYYY HH:mm:ss in local time ('' when empty). */
export function formatDateTime(value: DateInput): string {
  return fromUtc(value)?.format(DATE_TIME_FORMAT) ?? '';
}

/** YYYY-MM-DD of a local calendar day, as filters send it (start_date, end_date). */
export function toFilterDate(value: DateInput): string {
  if (value === null || value === undefined || value === '') {
    return '';
  }
  const d = dayjs(value as Date);
  return d.isValid() ? d.format(FILTER_DATE_FORMAT) : '';
}

/** Chat timestamps: 'ddd D MMM, YYYY HH:mm:ss' (e.g. 'Mon 3 Mar, 2025 14:05:09'). */
export function chatTime(value: DateInput): string {
  return fromUtc(value)?.format(CHAT_TIME_FORMAT) ?? '';
}

const STEPS: [limit: number, unit: string][] = [
  [60, 'second'],
  [60, 'minute'],
  [24, 'hour'],
  [30, 'day'],
  [12, 'month'],
  [Number.POSITIVE_INFINITY, 'year'],
];

/** 'N seconds/minutes/hours/days/months/years ago' with steps 60, 60, 24, 30, 12 (spec 01 section 9). */
export function relativeTime(value: DateInput, now: DateInput = Date.now()): string {
  const then = fromUtc(value);
  const ref = dayjs(now as Date);
  if (!then || !ref.isValid()) {
    return '';
  }
  let amount = Math.max(0, Math.floor(ref.diff(then, 'second')));
  for (const [limit, unit] of STEPS) {
    if (amount < limit) {
      return `${amount} ${unit}${amount === 1 ? '' : 's'} ago`;
    }
    amount = Math.floor(amount / limit);
  }
  return '';
}

const UNITS: [value: number, suffix: string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

function oneDecimal(n: number): string {
  return (Math.round(n * 10) / 10).toFixed(1).replace(/\.0$/, '');
}

/** 950 -> '950', 1234 -> '1.2K', 3_400_000 -> '3.4M' (one decimal, '.0' dropped). */
export function abbreviate(value: number | string | null | undefined): string {
  const n = Number(value ?? 0);
  if (!Number.isFinite(n)) {
    return '0';
  }
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  for (let i = 0; i < UNITS.length; i++) {
    const [unit, suffix] = UNITS[i];
    if (abs >= unit) {
      const scaled = Math.round((abs / unit) * 10) / 10;
      // 999_960 rounds to 1000.0K: promote to the next unit.
      if (scaled >= 1000 && i > 0) {
        return `${sign}${oneDecimal(scaled / 1000)}${UNITS[i - 1][1]}`;
      }
      return `${sign}${oneDecimal(scaled)}${suffix}`;
    }
  }
  return `${sign}${Number.isInteger(abs) ? abs : oneDecimalOrTwo(abs)}`;
}

function oneDecimalOrTwo(n: number): string {
  return String(Math.round(n * 100) / 100);
}

const exact = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '$' then the exact amount with two decimals and thousands separators ('$12.50', '$2,915.40'). */
export function money(value: number | string | null | undefined): string {
  const n = Number(value ?? 0);
  if (!Number.isFinite(n)) {
    return `${CURRENCY}0.00`;
  }
  return `${n < 0 ? '-' : ''}${CURRENCY}${exact.format(Math.abs(n))}`;
}
