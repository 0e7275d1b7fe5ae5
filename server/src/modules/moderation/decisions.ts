import {
  MODERATION_REASONS,
  MODERATION_TARGET_TYPES,
  MODERATION_UNDO_MS,
  type ModerationCaseFilters,
  type ModerationDecision,
  type ModerationReason,
} from '@admin/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema';
import { rowsOf, sqlTime, uncheckedRows } from '../../db/sql';
import type { AuthUser } from '../../http/auth';
import { badRequest, conflict, notFound } from '../../http/errors';
import { auditChanges, auditEach } from '../../trail/record';
import { assertMayActOnUser } from '../ranks';
import { caseConditions } from './queries';
import {
  alreadyDecided,
  assertMayDecide,
  type LockedCase,
  lockCase,
  otherHolder,
  type UndoState,
} from './service';

const removes = (d: ModerationDecision) => d === 'remove_post' || d === 'remove_post_and_suspend';
const suspends = (d: ModerationDecision) => d === 'suspend_user' || d === 'remove_post_and_suspend';
const reportsOf = (c: { target_type: 'post' | 'user' }) =>
  c.target_type === 'post' ? sql`post_reports` : sql`user_reports`;

const Id = z.object({ id: z.number() });

export interface DecisionInput {
  id: number;
  decision: ModerationDecision;
  reason: ModerationReason;
  note?: string;
}

/** The post of a post case, locked; null when it is gone. */
async function lockPost(db: Db, id: number) {
  const [post] = await db
    .select({ id: posts.id, user_id: posts.userId, deleted_at: posts.deletedAt })
    .from(posts)
    .where(eq(posts.id, id))
    .for('update');
  return post ?? null;
}

/** Whose account a suspension acts on: the reported user, or the post's author. */
async function accountOf(db: Db, c: LockedCase): Promise<number> {
  if (c.target_type === 'user') {
    return c.target_id;
  }
  const post = await lockPost(db, c.target_id);
  if (!post) {
    throw notFound('The post no longer exists');
  }
  return post.user_id;
}

/**
 * Decides a case: applies the decision (post removed, account suspended and signed out), closes the
 * case and resolves its reports, keeping on the case what it changed for Undo. 409 when the case
 * is decided already (naming who decided) or another reviewer's claim holds.
 */
export async function decideCase(db: Db, actor: AuthUser, input: DecisionInput, now: Date) {
  assertMayDecide(actor, input.decision);
  const c = await lockCase(db, input.id);
  if (c.status === 'decided') {
    throw alreadyDecided(c);
  }
  const holder = otherHolder(c, actor, now);
  if (holder) {
    throw conflict(`${holder.name} is reviewing this case; take it over to decide it`);
  }
  if (c.target_type === 'user' && removes(input.decision)) {
    throw badRequest('A reported user has no post to remove: choose dismiss or suspend');
  }
  const undo: UndoState = { reason: c.reason, note: c.note };
  if (removes(input.decision)) {
    const post = await lockPost(db, c.target_id);
    if (!post) {
      throw notFound('The post no longer exists');
    }
    if (post.deleted_at === null) {
      await db.execute(sql`UPDATE posts SET deleted_at = now(), updated_at = now() WHERE id = ${post.id}`);
      undo.post_removed = post.id;
    }
  }
  if (suspends(input.decision)) {
    const userId = await accountOf(db, c);
    if (userId === actor.id) {
      throw conflict('You cannot suspend your own account');
    }
    await assertMayActOnUser(db, actor, userId);
    const suspended = uncheckedRows(
      await db.execute(sql`UPDATE users SET is_suspended = true, updated_at = now()
        WHERE id = ${userId} AND NOT is_suspended RETURNING id`),
    );
    if (suspended.length > 0) {
      undo.user_suspended = userId;
      undo.session_ids = rowsOf(
        Id,
        await db.execute(sql`UPDATE sessions SET revoked_at = ${sqlTime(now)}
          WHERE user_id = ${userId} AND revoked_at IS NULL RETURNING id`),
      ).map((s) => s.id);
    }
  }
  await db.execute(sql`
    UPDATE moderation_cases SET status = 'decided', decision = ${input.decision}, reason = ${input.reason},
           note = ${input.note ?? null}, decided_by_id = ${actor.id}, decided_at = ${sqlTime(now)},
           reviewer_id = ${actor.id}, claim_expires_at = NULL, undo = ${JSON.stringify(undo)}::jsonb,
           updated_at = now()
     WHERE id = ${c.id}`);
  await db.execute(sql`UPDATE ${reportsOf(c)} SET resolved_at = ${sqlTime(now)} WHERE case_id = ${c.id}`);
  auditChanges(
    { status: c.status, decision: null, reason: c.reason, note: c.note },
    {
      status: 'decided',
      decision: input.decision,
      reason: input.reason,
      note: input.note ?? null,
      post_removed: undo.post_removed ?? null,
      user_suspended: undo.user_suspended ?? null,
    },
  );
}

/**
 * Within MODERATION_UNDO_MS of the decision: restores what it changed (the post, the account and
 * its sessions), reopens the case under the actor's claim and its reports. A case a new report
 * opened meanwhile for the same target is folded back into this one.
 */
export async function undoDecision(db: Db, actor: AuthUser, id: number, now: Date, claimUntil: Date) {
  const c = await lockCase(db, id);
  if (c.status !== 'decided' || !c.decision || !c.decided_at) {
    throw conflict('This case is not decided');
  }
  if (now.getTime() - new Date(c.decided_at).getTime() > MODERATION_UNDO_MS) {
    throw conflict('Too late to undo: a decision can be undone for 10 seconds');
  }
  assertMayDecide(actor, c.decision);
  const undo: UndoState = c.undo ?? { reason: null, note: null };
  const reports = reportsOf(c);
  const [newer] = rowsOf(
    Id,
    await db.execute(sql`SELECT id FROM moderation_cases WHERE target_type = ${c.target_type}
      AND target_id = ${c.target_id} AND status <> 'decided' FOR UPDATE`),
  );
  if (newer) {
    await db.execute(sql`UPDATE ${reports} SET case_id = ${c.id} WHERE case_id = ${newer.id}`);
    await db.execute(sql`DELETE FROM moderation_cases WHERE id = ${newer.id}`);
    await db.execute(sql`
      UPDATE moderation_cases c SET report_count = r.n, reporter_count = r.reporters,
             first_report_at = r.first, last_report_at = r.last
        FROM (SELECT count(*)::int AS n, count(DISTINCT reported_by_id)::int AS reporters,
                     min(created_at) AS first, max(created_at) AS last
                FROM ${reports} WHERE case_id = ${c.id}) r
       WHERE c.id = ${c.id}`);
  }
  if (undo.post_removed) {
    await db.execute(
      sql`UPDATE posts SET deleted_at = NULL, updated_at = now() WHERE id = ${undo.post_removed}`,
    );
  }
  if (undo.user_suspended) {
    await db.execute(
      sql`UPDATE users SET is_suspended = false, updated_at = now() WHERE id = ${undo.user_suspended}`,
    );
    if (undo.session_ids?.length) {
      await db.execute(
        sql`UPDATE sessions SET revoked_at = NULL WHERE id IN (${sql.join(
          undo.session_ids.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      );
    }
  }
  await db.execute(sql`
    UPDATE moderation_cases SET status = 'in_review', decision = NULL, reason = ${undo.reason},
           note = ${undo.note}, decided_by_id = NULL, decided_at = NULL, undo = NULL,
           reviewer_id = ${actor.id}, claim_expires_at = ${sqlTime(claimUntil)}, updated_at = now()
     WHERE id = ${c.id}`);
  await db.execute(sql`UPDATE ${reports} SET resolved_at = NULL WHERE case_id = ${c.id}`);
  auditChanges(
    { status: 'decided', decision: c.decision, reason: c.reason, note: c.note },
    {
      status: 'in_review',
      decision: null,
      reason: undo.reason,
      note: undo.note,
      post_restored: undo.post_removed ?? null,
      user_unsuspended: undo.user_suspended ?? null,
    },
  );
  return { merged: newer?.id ?? null };
}

export interface BulkInput extends Omit<ModerationCaseFilters, 'status'> {
  ids?: number[];
  reason: ModerationReason;
  note?: string;
}

/**
 * Dismisses the given cases, or the first MODERATION_BULK_MAX undecided ones matching the filters
 * (oldest first): one transaction, one audit entry per case. Cases decided already or held by
 * another reviewer are skipped.
 */
export async function bulkDismiss(db: Db, actor: AuthUser, input: BulkInput, now: Date, max: number) {
  const at = sqlTime(now);
  let candidates: number[];
  if (input.ids) {
    candidates = input.ids;
  } else {
    const { where, filters } = caseConditions(input, 'undecided', now);
    const all = [...where, ...filters.filter((f) => f !== undefined)];
    candidates = rowsOf(
      Id,
      await db.execute(sql`SELECT c.id FROM moderation_cases c WHERE ${sql.join(all, sql` AND `)}
        ORDER BY c.first_report_at, c.id LIMIT ${max}`),
    ).map((r) => r.id);
  }
  const unique = [...new Set(candidates)];
  if (unique.length === 0) {
    return { dismissed: [] as number[], skipped: 0 };
  }
  const Locked = z.object({
    id: z.number(),
    target_type: z.enum(MODERATION_TARGET_TYPES),
    reason: z.enum(MODERATION_REASONS).nullable(),
  });
  const locked = rowsOf(
    Locked,
    await db.execute(sql`
      SELECT id, target_type, reason FROM moderation_cases
       WHERE id IN (${sql.join(
         unique.map((id) => sql`${id}`),
         sql`, `,
       )}) AND status <> 'decided'
         AND (claim_expires_at IS NULL OR claim_expires_at <= ${at} OR reviewer_id = ${actor.id})
       ORDER BY id FOR UPDATE`),
  );
  const ids = locked.map((r) => r.id);
  if (ids.length > 0) {
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    await db.execute(sql`
      UPDATE moderation_cases SET status = 'decided', decision = 'dismiss', reason = ${input.reason},
             note = ${input.note ?? null}, decided_by_id = ${actor.id}, decided_at = ${at},
             reviewer_id = ${actor.id}, claim_expires_at = NULL,
             undo = jsonb_build_object('reason', reason, 'note', note), updated_at = now()
       WHERE id IN (${list})`);
    await db.execute(sql`UPDATE post_reports SET resolved_at = ${at} WHERE case_id IN (${list})`);
    await db.execute(sql`UPDATE user_reports SET resolved_at = ${at} WHERE case_id IN (${list})`);
  }
  await auditEach(
    db,
    locked.map((r) => ({
      action: 'moderation-bulk-dismiss',
      targetType: 'moderation_case',
      targetId: r.id,
      changes: {
        before: { status: 'open', decision: null, reason: r.reason },
        after: { status: 'decided', decision: 'dismiss', reason: input.reason, note: input.note ?? null },
      },
    })),
  );
  return { dismissed: ids, skipped: unique.length - ids.length };
}
