import { z } from 'zod';
import { defineCall } from '../call';
import {
  Envelope,
  FILTER_MAX_DAYS,
  FilterDate,
  Id,
  listParams,
  rangeWithin,
  Text,
  Timestamp,
  TotalIsLowerBound,
} from '../common';

/** One entry of the audit trail (issue 15). changes holds { before, after } with secrets redacted. */
export const AuditRow = z.object({
  id: z.number().int(),
  created_at: Timestamp,
  actor: z.object({ id: z.number().int().nullable(), username: z.string().nullable() }),
  action: z
    .string()
    .describe("The call's path (method first when paths are shared), denied, or a sign-in event"),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  changes: z.unknown().describe('{ before, after } of the changed fields; secrets appear as "[redacted]"'),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  request_id: z.string().nullable(),
});
export type AuditRow = z.infer<typeof AuditRow>;

export const AUDIT_LIST_ORDER = ['created_at', 'id', 'action'] as const;

/** The sign-in events, recorded under these actions besides the write calls' paths and denied. */
export const AUDIT_SIGNIN_ACTIONS = [
  'password-accepted',
  'password-refused',
  'code-accepted',
  'code-refused',
  'lockout',
  'code-resent',
  'reset-requested',
  'session-expired',
  'passkey-asked',
  'passkey-refused',
  'recovery-code-used',
  'new-address',
] as const;

export const AuditListRequest = listParams(AUDIT_LIST_ORDER, {
  order_by: 'created_at',
  direction: 'desc',
})
  .extend({
    actor_id: Id.optional().describe('Entries by this user'),
    target_type: Text().trim().min(1).max(64).optional().describe('Entries about targets of this type'),
    target_id: Text()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .describe('Entries about this target (with target_type: a target is its type and id)'),
    user_id: Id.optional().describe('Entries by this user or about this user (the profile Activity tab)'),
    action: Text().trim().min(1).max(100).optional(),
    start_date: FilterDate.optional().describe('From this day (UTC), inclusive'),
    end_date: FilterDate.optional().describe(
      'Up to this day (UTC), inclusive; at most 5 years after start_date',
    ),
    format: z.enum(['json', 'csv']).default('json').describe('csv streams the whole filtered list'),
  })
  .refine((v) => v.target_id === undefined || v.target_type !== undefined, {
    path: ['target_id'],
    message: 'needs target_type',
  })
  .superRefine(rangeWithin(FILTER_MAX_DAYS));

export const auditCalls = {
  auditLog: defineCall({
    method: 'GET',
    path: 'audit-log',
    permission: 'audit_log',
    summary: 'The audit trail, newest first, filtered; format=csv streams the filtered list',
    request: AuditListRequest,
    response: Envelope.extend({
      data: z.array(AuditRow),
      total: z.number().int(),
      total_is_lower_bound: TotalIsLowerBound,
      actions: z.array(z.string()).describe('Every action that can be filtered on'),
    }),
    produces: ['application/json', 'text/csv'],
  }),
};
