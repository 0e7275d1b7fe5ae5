import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_SIZE } from './constants';

/** Every answer carries these; payload keys sit beside them. */
export const Envelope = z.object({
  responseCode: z.number().int().describe('Mirrors the HTTP status'),
  responseMessage: z.string().optional().describe('Human-readable outcome, shown as the alert text'),
});

export const MessageResponse = Envelope;

export const Id = z.coerce.number().int().positive();

/** Query strings carry everything as text; these coerce and default like the spec's list calls. */
export function listParams<const T extends readonly [string, ...string[]]>(
  orderBy: T,
  defaults: { order_by: T[number]; direction: 'asc' | 'desc' },
) {
  return z.object({
    query: z.string().trim().max(200).optional().describe('Free-text search'),
    page: z.coerce.number().int().min(0).default(0).describe('Zero-based page'),
    page_limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(PAGE_SIZE),
    order_by: z.enum(orderBy).default(defaults.order_by),
    direction: z.enum(['asc', 'desc']).default(defaults.direction),
  });
}

/** Flags travel as "1"/"0"/"true"/"false" in query strings. */
export const QueryBool = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

export const DateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

export const Timestamp = z.string().describe('ISO 8601 UTC timestamp');

export const UserSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
});
