import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_SIZE } from './constants';

/** Every answer carries these; payload keys sit beside them. */
export const Envelope = z.object({
  responseCode: z.number().int().describe('Mirrors the HTTP status'),
  responseMessage: z.string().optional().describe('Human-readable outcome, shown as the alert text'),
});

/** PostgreSQL's `integer`: ids are 1 to this. */
export const MAX_ID = 2_147_483_647;

const DECIMAL_TEXT = /^-?\d{1,15}(\.\d{1,15})?$/;

/**
 * Query strings and path segments carry numbers as text: only plain decimal text becomes a
 * number ('' is no value). Anything else reaches the number schema as it came, so `true`, `[1]`,
 * `"0x10"` or `"1e3"` are refused instead of coerced (Number(true) is 1).
 */
export function fromDecimalText(value: unknown): unknown {
  if (typeof value !== 'string') {
    return value;
  }
  const text = value.trim();
  if (text === '') {
    return undefined;
  }
  return DECIMAL_TEXT.test(text) ? Number(text) : value;
}

/** Messages of a number field: `type` when it is not a number (or missing), `range` when out of bounds. */
interface NumberMessages {
  type?: string | ((input: unknown) => string);
  range?: string;
}

const typeError = (m: NumberMessages) =>
  m.type === undefined
    ? undefined
    : { error: (iss: { input: unknown }) => (typeof m.type === 'function' ? m.type(iss.input) : m.type) };

/** The one integer schema of every request: a JSON integer, or decimal text, within [min, max]. */
export function Int(min: number, max: number, messages: NumberMessages = {}) {
  return z.preprocess(
    fromDecimalText,
    z.int(typeError(messages)).min(min, messages.range).max(max, messages.range),
  );
}

/** The one non-integer number schema of every request, like Int. */
export function Num(min: number, max: number, messages: NumberMessages = {}) {
  return z.preprocess(
    fromDecimalText,
    z.number(typeError(messages)).min(min, messages.range).max(max, messages.range),
  );
}

/** A row id: an integer from 1 to 2,147,483,647 (PostgreSQL's integer); 2^31, true, [1], "0x10" are 400s. */
export const Id = Int(1, MAX_ID);

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const noNul = z.superRefine<string>((v, ctx) => {
  if (v.includes('\u0000')) {
    ctx.addIssue({ code: 'custom', message: 'must not contain NUL bytes' });
  } else if (UNPAIRED_SURROGATE.test(v)) {
    ctx.addIssue({ code: 'custom', message: 'must be valid text (an unpaired surrogate cannot be stored)' });
  }
});

/**
 * The one text schema of every request: PostgreSQL cannot store a NUL byte or an unpaired UTF-16
 * surrogate in text, so either is a 400 naming the field rather than a failed query.
 */
export function Text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(noNul);
}

/** For the contract test that proves every request string is a Text. */
export const isTextCheck = (check: unknown) => check === noNul;

/** Zero-based page of a list. */
export const Page = Int(0, MAX_ID).default(0).describe('Zero-based page');

/** Query strings carry everything as text; these parse and default like the spec's list calls. */
export function listParams<const T extends readonly [string, ...string[]]>(
  orderBy: T,
  defaults: { order_by: T[number]; direction: 'asc' | 'desc' },
) {
  return z.object({
    query: Text().trim().max(200).optional().describe('Free-text search'),
    page: Page,
    page_limit: Int(1, MAX_PAGE_LIMIT).default(PAGE_SIZE),
    order_by: z.enum(orderBy).default(defaults.order_by),
    direction: z.enum(['asc', 'desc']).default(defaults.direction),
  });
}

/**
 * Filtered totals are counted exactly up to this many rows (issue 12): counting a common term's
 * matches reads one row per match, so the cap bounds a search's cost (10,000 cost ten times more).
 */
export const LIST_TOTAL_CAP = 1_000;

/** The total of a list page (beside it, TotalIsLowerBound). */
export const ListTotal = z
  .number()
  .int()
  .describe(
    'Rows under the same filter. Unfiltered: exact (kept by counters). Filtered (search, type, dates...): ' +
      'exact up to 1,000; when more match, 1,000 with total_is_lower_bound true',
  );

export const TotalIsLowerBound = z
  .boolean()
  .describe(
    'true when more rows match than the total: a filtered list counts at most 1,000 (shown as "1,000+")',
  );

/** Flags travel as "1"/"0"/"true"/"false" in query strings. */
export const QueryBool = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

/** True for a calendar day that exists, as YYYY-MM-DD. */
function isDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    return false;
  }
  const d = new Date(`${v}T00:00:00Z`);
  return v >= '0001-01-01' && !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** A calendar day that exists (no 2024-02-30 or 1356-97-88: PostgreSQL would refuse it with a 500). */
export const DateOnly = Text().refine(isDay, 'must be a date YYYY-MM-DD');

/**
 * Bounds of every date a request filters on (issue 32): days outside 2000-01-01..2100-12-31 are a 400,
 * so a range can neither build millions of days nor overflow a timestamp (9999-12-31 + 1 day).
 */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2100-12-31';
/** A daily series (dashboard widgets, the settings calendar) covers at most a leap year. */
export const SERIES_MAX_DAYS = 366;
/** A list filter's range covers at most five years (1,827 days with their leap days). */
export const FILTER_MAX_DAYS = 1827;

/** A day a request filters on: a DateOnly between DATE_MIN and DATE_MAX. */
export const FilterDate = Text().superRefine((v, ctx) => {
  if (!isDay(v)) {
    ctx.addIssue({ code: 'custom', message: 'must be a date YYYY-MM-DD' });
  } else if (v < DATE_MIN || v > DATE_MAX) {
    ctx.addIssue({ code: 'custom', message: `must be a date from ${DATE_MIN} to ${DATE_MAX}` });
  }
});

/** Days from start to end, both included (1 for one day). */
export function daySpan(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The check of a start_date/end_date pair (either may be absent on a list filter): the end is not
 * before the start and the range spans at most `maxDays` days.
 */
export function rangeWithin(maxDays: number) {
  return (r: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) => {
    if (!r.start_date || !r.end_date) {
      return;
    }
    if (r.end_date < r.start_date) {
      ctx.addIssue({ code: 'custom', message: 'must not be before start_date', path: ['end_date'] });
    } else if (daySpan(r.start_date, r.end_date) > maxDays) {
      ctx.addIssue({
        code: 'custom',
        message: `the range may span at most ${maxDays} days`,
        path: ['end_date'],
      });
    }
  };
}

export const Timestamp = z.string().describe('ISO 8601 UTC timestamp');

export const UserSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
});
