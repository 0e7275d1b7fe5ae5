import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The audit trail: one row per write call (inserted in the call's own transaction), per refused
 * (403) call and per sign-in event. Rows are only ever inserted, and pruned by age
 * (AUDIT_RETENTION_DAYS). The actor's username is copied so an entry still reads right after the
 * user is renamed or gone; target_id is text because not every target has a numeric id (settings
 * keys, static pages). Every index ends in (created_at, id): the list pages by newest first under
 * any one filter.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: ts('created_at').notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorUsername: text('actor_username'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    changes: jsonb('changes'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt, t.id),
    index('audit_log_target_type_idx').on(t.targetType, t.createdAt, t.id),
    // A target is named by type and id together: the list's target filter (and the Activity tab's
    // 'done to this user') walk this index alone, also for deep pages.
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt, t.id),
    index('audit_log_action_idx').on(t.action, t.createdAt, t.id),
  ],
);
