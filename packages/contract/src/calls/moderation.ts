import { z } from 'zod';
import { defineCall } from '../call';
import { Envelope, Id, Int, ListTotal, listParams, Text, Timestamp, TotalIsLowerBound } from '../common';
import { PostMediaItem } from './posts';

/**
 * The moderation desk (issue 36): the open reports of one target (a post or a user) form a case,
 * claimed by one reviewer at a time and closed by a decision with a reason.
 */
export const MODERATION_DECISIONS = [
  'dismiss',
  'remove_post',
  'suspend_user',
  'remove_post_and_suspend',
] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];
/** In key order: 1-6 on the desk. */
export const MODERATION_REASONS = [
  'spam',
  'harassment',
  'nudity',
  'violence',
  'misinformation',
  'other',
] as const;
export type ModerationReason = (typeof MODERATION_REASONS)[number];
export const MODERATION_STATUSES = ['open', 'in_review', 'decided'] as const;
export const MODERATION_TARGET_TYPES = ['post', 'user'] as const;
/** How long opening a case holds it for its reviewer. */
export const MODERATION_CLAIM_MS = 10 * 60_000;
/** How long after a decision Undo restores what it changed. */
export const MODERATION_UNDO_MS = 10_000;
/** Cases one bulk dismissal closes at most (its transaction's size). */
export const MODERATION_BULK_MAX = 500;

/** The permission each decision needs besides moderation_desk. */
export const DECISION_PERMISSIONS: Record<ModerationDecision, readonly string[]> = {
  dismiss: [],
  remove_post: ['delete_post'],
  suspend_user: ['suspend_account'],
  remove_post_and_suspend: ['delete_post', 'suspend_account'],
};

const Person = z.object({ id: z.number().int(), name: z.string() });

export const ModerationCaseRow = z.object({
  id: z.number().int(),
  target_type: z.enum(MODERATION_TARGET_TYPES),
  target_id: z.number().int(),
  status: z.enum(MODERATION_STATUSES).describe('in_review while a claim holds (10 minutes from opening)'),
  reviewer: Person.nullable().describe('Who holds the claim (null when nobody does)'),
  claim_expires_at: Timestamp.nullable(),
  decision: z.enum(MODERATION_DECISIONS).nullable(),
  reason: z
    .enum(MODERATION_REASONS)
    .nullable()
    .describe("The decision's reason; before it, the reporters' latest reason in the same terms"),
  note: z.string().nullable(),
  decided_by: Person.nullable(),
  decided_at: Timestamp.nullable(),
  first_report_at: Timestamp,
  last_report_at: Timestamp,
  report_count: z.number().int(),
  reporter_count: z.number().int(),
  previous_case_id: z.number().int().nullable().describe('The last decided case of the same target'),
  target: z.object({
    title: z.string().nullable().describe("The post's title, or the user's name"),
    image: z.string().nullable().describe("The post's first image, or the user's avatar"),
    author: z
      .object({ id: z.number().int(), name: z.string(), username: z.string() })
      .nullable()
      .describe("The post's author, or the reported user"),
    removed: z.boolean().describe('The post is deleted'),
    suspended: z.boolean().describe('The author (or reported user) is suspended'),
  }),
});
export type ModerationCaseRow = z.infer<typeof ModerationCaseRow>;

export const ModerationCaseDetail = ModerationCaseRow.extend({
  post: z
    .object({
      id: z.number().int(),
      title: z.string().nullable(),
      description: z.string().nullable(),
      website: z.string().nullable(),
      type: z.string(),
      media: z.array(PostMediaItem),
      created_at: Timestamp,
    })
    .nullable(),
  user: z
    .object({
      id: z.number().int(),
      name: z.string(),
      username: z.string(),
      email: z.string().nullable(),
      avatar: z.string().nullable(),
      is_suspended: z.boolean(),
      deleted_at: Timestamp.nullable(),
      created_at: Timestamp,
    })
    .describe('The reported user, or the post author'),
  reports: z
    .array(
      z.object({
        id: z.number().int(),
        reporter: z.object({ id: z.number().int(), name: z.string(), username: z.string() }),
        reason: z.string().nullable(),
        created_at: Timestamp,
      }),
    )
    .describe('The newest 50 reports of the case'),
  author_cases: z
    .array(ModerationCaseRow.omit({ target: true }))
    .describe("The author's other cases (posts and account), newest first, at most 20"),
  undo_until: Timestamp.nullable().describe('Undo restores the decision until then'),
});
export type ModerationCaseDetail = z.infer<typeof ModerationCaseDetail>;

export const MODERATION_ORDER = [
  'first_report_at',
  'last_report_at',
  'reporter_count',
  'decided_at',
] as const;

/** The filters of the queue, shared by the list and the bulk dismissal. */
const CaseFilters = z.object({
  status: z
    .enum([...MODERATION_STATUSES, 'undecided', 'all'])
    .default('undecided')
    .describe('undecided (default) is open and in review'),
  target_type: z.enum(MODERATION_TARGET_TYPES).optional(),
  target_id: Id.optional().describe('With target_type: the cases of one post or user'),
  author_id: Id.optional().describe("Cases of a user: their account's and their posts'"),
  reason: z.enum(MODERATION_REASONS).optional(),
  reviewer_id: Id.optional(),
  min_reporters: Int(1, 1_000_000).optional().describe('Cases with at least this many reporters'),
});
export type ModerationCaseFilters = z.output<typeof CaseFilters>;

export const ModerationCasesRequest = listParams(MODERATION_ORDER, {
  order_by: 'first_report_at',
  direction: 'asc',
})
  .omit({ query: true })
  .extend(CaseFilters.shape);

const CaseAnswer = Envelope.extend({ data: ModerationCaseRow });
const CaseId = Id.describe('Case id');

export const moderationCalls = {
  moderationCases: defineCall({
    method: 'GET',
    path: 'moderation-cases',
    permission: 'moderation_desk',
    summary:
      'The moderation queue: cases, oldest first report first, filtered by status, type, reason, reviewer',
    request: ModerationCasesRequest,
    response: Envelope.extend({
      cases: z.array(ModerationCaseRow),
      total: ListTotal,
      total_is_lower_bound: TotalIsLowerBound,
    }),
  }),
  moderationCase: defineCall({
    method: 'GET',
    path: 'moderation-case',
    permission: 'moderation_desk',
    summary: "One case: its target as post details or the profile show it, its reports, the author's cases",
    request: z.object({ id: CaseId }),
    response: Envelope.extend({ data: ModerationCaseDetail }),
  }),
  moderationClaim: defineCall({
    method: 'POST',
    path: 'moderation-claim',
    audit: { target: 'moderation_case', id: 'id' },
    permission: 'moderation_desk',
    summary: 'Claim a case for 10 minutes; 409 while another reviewer holds it, unless take_over',
    request: z.object({
      id: CaseId,
      take_over: z.boolean().default(false).describe('Take the case from the reviewer holding it (recorded)'),
    }),
    response: CaseAnswer,
  }),
  moderationDecision: defineCall({
    method: 'POST',
    path: 'moderation-decision',
    audit: { target: 'moderation_case', id: 'id' },
    permission: 'moderation_desk',
    summary:
      'Decide a case: it closes and its reports are resolved; remove needs delete_post, suspend needs ' +
      'suspend_account and the rank to act on the account; 409 when decided or held by another reviewer',
    request: z.object({
      id: CaseId,
      decision: z.enum(MODERATION_DECISIONS),
      reason: z.enum(MODERATION_REASONS, { error: 'Choose a reason' }),
      note: Text().trim().max(2000).optional(),
    }),
    response: CaseAnswer,
  }),
  moderationUndo: defineCall({
    method: 'POST',
    path: 'moderation-undo',
    audit: { target: 'moderation_case', id: 'id' },
    permission: 'moderation_desk',
    summary: 'Within 10 seconds of a decision: restore everything it changed and reopen the case; 409 after',
    request: z.object({ id: CaseId }),
    response: CaseAnswer,
  }),
  moderationBulkDismiss: defineCall({
    method: 'POST',
    path: 'moderation-bulk-dismiss',
    audit: { target: 'moderation_case', id: null },
    permission: 'moderation_desk',
    summary:
      'Dismiss the given cases, or the undecided ones matching the filters (at most 500): one transaction, ' +
      'one audit entry per case; cases another reviewer holds are skipped',
    request: CaseFilters.omit({ status: true }).extend({
      ids: z.array(Id).min(1).max(MODERATION_BULK_MAX).optional(),
      reason: z.enum(MODERATION_REASONS, { error: 'Choose a reason' }),
      note: Text().trim().max(2000).optional(),
    }),
    response: Envelope.extend({
      dismissed: z.array(z.number().int()).describe('The cases dismissed'),
      skipped: z.number().int().describe('Cases left alone: decided already, or held by another reviewer'),
    }),
  }),
  moderationStats: defineCall({
    method: 'GET',
    path: 'moderation-stats',
    permission: 'moderation_desk',
    summary: 'The desk counts: open, in review, decided today (UTC), median minutes to decision over 7 days',
    request: z.object({}),
    response: Envelope.extend({
      open: z.number().int(),
      in_review: z.number().int(),
      decided_today: z.number().int(),
      median_minutes_to_decision: z
        .number()
        .nullable()
        .describe('From first report to decision; null when none'),
    }),
  }),
};

// ---- live (socket.io, room `moderation`: staff with moderation_desk who sent moderation_watch) ----

export const MODERATION_ROOM = 'moderation';
/** What a desk's staff must hold to join the room and hear its events. */
export const MODERATION_PERMISSION = 'moderation_desk';

export interface ModerationEvent {
  kind: 'report' | 'claim' | 'decision' | 'undo';
  case: ModerationCaseRow;
  /** Who acted (claims, decisions, undos). */
  by: { id: number; name: string } | null;
  /** A take-over: whose claim it ended. */
  took_over_from: { id: number; name: string } | null;
}
