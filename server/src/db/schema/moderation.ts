import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const undecided = sql`status <> 'decided'`;

/**
 * A moderation case: the open reports of one target (a post or a user), worked through on the desk
 * (issue 36). Reports join their target's undecided case, or open one linked to the last decided
 * case of the target (triggers on post_reports and user_reports, migration 0012): whoever inserts
 * a report (the app, a seed) gets it filed. `in_review` holds while claim_expires_at is ahead.
 * `undo` keeps what the decision changed, so Undo restores exactly that.
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: serial('id').primaryKey(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    /** The post's author, or the reported user: whose earlier cases the desk shows. */
    authorId: integer('author_id'),
    status: text('status').notNull().default('open'),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    claimExpiresAt: ts('claim_expires_at'),
    decision: text('decision'),
    /** The decision's reason; before it, the reporters' latest reason mapped to the same list. */
    reason: text('reason'),
    note: text('note'),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    undo: jsonb('undo'),
    firstReportAt: ts('first_report_at').notNull(),
    lastReportAt: ts('last_report_at').notNull(),
    reportCount: integer('report_count').notNull().default(0),
    reporterCount: integer('reporter_count').notNull().default(0),
    previousCaseId: integer('previous_case_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('moderation_cases_target_type', sql`${t.targetType} IN ('post', 'user')`),
    check('moderation_cases_status', sql`${t.status} IN ('open', 'in_review', 'decided')`),
    // One undecided case per target: a new report joins it (ON CONFLICT in the trigger).
    uniqueIndex('moderation_cases_open_target_idx').on(t.targetType, t.targetId).where(undecided),
    // The queue: oldest first, all or by type.
    index('moderation_cases_queue_idx').on(t.firstReportAt, t.id).where(undecided),
    index('moderation_cases_queue_type_idx').on(t.targetType, t.firstReportAt, t.id).where(undecided),
    index('moderation_cases_reviewer_idx').on(t.reviewerId, t.firstReportAt, t.id).where(undecided),
    index('moderation_cases_decided_idx').on(t.decidedAt, t.id).where(sql`status = 'decided'`),
    index('moderation_cases_target_idx').on(t.targetType, t.targetId, t.id),
    index('moderation_cases_author_idx').on(t.authorId, t.id),
  ],
);
