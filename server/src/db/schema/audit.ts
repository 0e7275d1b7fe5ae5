import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An entry's fields but its id, the same in the trail and in its inbox. */
const entryColumns = () => ({
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
});

/**
 * The audit trail: one row per write call, per refused (403) call and per sign-in event, moved in
 * from audit_inbox (below). Rows are only ever inserted, and pruned by age (AUDIT_RETENTION_DAYS).
 * The actor's username is copied so an entry still reads right after the user is renamed or gone;
 * target_id is text because not every target has a numeric id (settings keys, static pages).
 * Every index ends in (created_at, id): the list pages by newest first under any one filter.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...entryColumns(),
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

/**
 * Where a call writes its entry, in the call's own transaction: a table without indexes, so the
 * write costs the call little (audit_log's six indexes would cost it about as much as the rest of
 * the trail together). Entries keep the id (audit_log's sequence) and time they were written with
 * when they move to audit_log: every second, and before anything reads the trail (see
 * modules/audit/service.ts, moveAuditInbox).
 */
export const auditInbox = pgTable('audit_inbox', {
  id: bigint('id', { mode: 'number' }).notNull().default(sql`nextval('audit_log_id_seq')`),
  ...entryColumns(),
});
