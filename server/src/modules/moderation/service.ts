import {
  DECISION_PERMISSIONS,
  hasPermission,
  MODERATION_CLAIM_MS,
  MODERATION_DECISIONS,
  MODERATION_REASONS,
  MODERATION_STATUSES,
  MODERATION_TARGET_TYPES,
  MODERATION_UNDO_MS,
  type ModerationCaseDetail,
  type ModerationDecision,
} from '@admin/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { dbTime, iso, rowsOf, sqlTime, uncheckedRows } from '../../db/sql';
import type { AuthUser } from '../../http/auth';
import { conflict, forbidden, notFound } from '../../http/errors';
import { auditChanges } from '../../trail/record';
import { authorCases, caseById } from './queries';

/** What a decision changed, kept on the case (undo, jsonb) so Undo restores exactly that. */
const UndoState = z.object({
  reason: z.enum(MODERATION_REASONS).nullable(),
  note: z.string().nullable(),
  post_removed: z.number().optional(),
  user_suspended: z.number().optional(),
  session_ids: z.array(z.number()).optional(),
});
export type UndoState = z.infer<typeof UndoState>;

const LockedCase = z.object({
  id: z.number(),
  target_type: z.enum(MODERATION_TARGET_TYPES),
  target_id: z.number(),
  author_id: z.number().nullable(),
  status: z.enum(MODERATION_STATUSES),
  reviewer_id: z.number().nullable(),
  reviewer_name: z.string().nullable(),
  claim_expires_at: dbTime.nullable(),
  decision: z.enum(MODERATION_DECISIONS).nullable(),
  reason: z.enum(MODERATION_REASONS).nullable(),
  note: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: dbTime.nullable(),
  undo: UndoState.nullable(),
});
export type LockedCase = z.infer<typeof LockedCase>;

/**
 * The case row, locked until the call commits: two desks acting on one case take turns here. Locked
 * first and read after: a statement that waited for the lock reads the names of a decision made
 * meanwhile only in a statement of its own (a fresh snapshot).
 */
export async function lockCase(db: Db, id: number): Promise<LockedCase> {
  const locked = uncheckedRows(
    await db.execute(sql`SELECT id FROM moderation_cases WHERE id = ${id} FOR UPDATE`),
  );
  if (locked.length === 0) {
    throw notFound('Case not found');
  }
  const [row] = rowsOf(
    LockedCase,
    await db.execute(sql`
      SELECT c.id, c.target_type, c.target_id, c.author_id, c.status, c.reviewer_id, rv.name AS reviewer_name,
             c.claim_expires_at, c.decision, c.reason, c.note, dc.name AS decided_by_name, c.decided_at, c.undo
        FROM moderation_cases c
        LEFT JOIN users rv ON rv.id = c.reviewer_id
        LEFT JOIN users dc ON dc.id = c.decided_by_id
       WHERE c.id = ${id}`),
  );
  return row;
}

const DECISION_WORDS: Record<ModerationDecision, string> = {
  dismiss: 'dismissed',
  remove_post: 'post removed',
  suspend_user: 'user suspended',
  remove_post_and_suspend: 'post removed and author suspended',
};

export function alreadyDecided(c: LockedCase) {
  const what = c.decision ? ` (${DECISION_WORDS[c.decision]})` : '';
  return conflict(`This case was already decided by ${c.decided_by_name ?? 'another moderator'}${what}`);
}

/** Someone else's claim that still holds, or null. */
export function otherHolder(c: LockedCase, actor: AuthUser, now: Date) {
  const holds = c.reviewer_id !== null && c.claim_expires_at !== null && new Date(c.claim_expires_at) > now;
  return holds && c.reviewer_id !== actor.id
    ? { id: c.reviewer_id as number, name: c.reviewer_name ?? '' }
    : null;
}

/** Claims (or takes over) a case for MODERATION_CLAIM_MS. */
export async function claimCase(db: Db, actor: AuthUser, id: number, takeOver: boolean, now: Date) {
  const c = await lockCase(db, id);
  if (c.status === 'decided') {
    throw alreadyDecided(c);
  }
  const holder = otherHolder(c, actor, now);
  if (holder && !takeOver) {
    throw conflict(`${holder.name} is reviewing this case`);
  }
  const until = new Date(now.getTime() + MODERATION_CLAIM_MS);
  await db.execute(sql`
    UPDATE moderation_cases SET status = 'in_review', reviewer_id = ${actor.id},
           claim_expires_at = ${sqlTime(until)}, updated_at = now()
     WHERE id = ${id}`);
  auditChanges(
    {
      reviewer:
        c.reviewer_id && c.claim_expires_at && new Date(c.claim_expires_at) > now ? c.reviewer_name : null,
    },
    { reviewer: actor.name, took_over_from: holder?.name ?? null },
  );
  return { holder, until };
}

/** Throws 403 unless the actor holds every permission the decision needs. */
export function assertMayDecide(actor: AuthUser, decision: ModerationDecision) {
  for (const p of DECISION_PERMISSIONS[decision]) {
    if (!hasPermission(actor, p)) {
      throw forbidden(
        p === 'delete_post'
          ? 'Removing a post needs the delete_post permission'
          : 'Suspending an account needs the suspend_account permission',
      );
    }
  }
}

// The rows of the case view, their columns in the order the view answers them.
const PostRow = z.object({
  id: z.number(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  type: z.string(),
  created_at: dbTime,
});
const MediaRow = z.object({
  id: z.number(),
  type: z.string(),
  image: z.string(),
  title: z.string().nullable(),
});
const UserRow = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  is_suspended: z.boolean(),
  deleted_at: dbTime.nullable(),
  created_at: dbTime,
});
const ReportRow = z.object({
  id: z.number(),
  reason: z.string().nullable(),
  created_at: dbTime,
  uid: z.number(),
  name: z.string(),
  username: z.string(),
});

/** The case view: the row, its target as post details or the profile show it, reports, the author's cases. */
export async function caseDetail(db: Db, id: number, now: Date): Promise<ModerationCaseDetail> {
  const row = await caseById(db, id, now);
  if (!row) {
    throw notFound('Case not found');
  }
  const [meta] = rowsOf(
    z.object({ author_id: z.number().nullable() }),
    await db.execute(sql`SELECT author_id FROM moderation_cases WHERE id = ${id}`),
  );
  const [postRows, mediaRows, userRows, reportRows, earlier] = await Promise.all([
    row.target_type === 'post'
      ? db.execute(
          sql`SELECT id, title, description, website, type, created_at FROM posts WHERE id = ${row.target_id}`,
        )
      : null,
    row.target_type === 'post'
      ? db.execute(
          sql`SELECT id, type, image, title FROM post_media WHERE post_id = ${row.target_id} ORDER BY position, id`,
        )
      : null,
    meta.author_id === null
      ? null
      : db.execute(sql`SELECT id, name, username, email, avatar, is_suspended, deleted_at, created_at
          FROM users WHERE id = ${meta.author_id}`),
    db.execute(
      row.target_type === 'post'
        ? sql`SELECT r.id, r.reason, r.created_at, u.id AS uid, u.name, u.username FROM post_reports r
            JOIN users u ON u.id = r.reported_by_id WHERE r.case_id = ${id} ORDER BY r.created_at DESC, r.id DESC LIMIT 50`
        : sql`SELECT r.id, r.reason, r.created_at, u.id AS uid, u.name, u.username FROM user_reports r
            JOIN users u ON u.id = r.reported_by_id WHERE r.case_id = ${id} ORDER BY r.created_at DESC, r.id DESC LIMIT 50`,
    ),
    meta.author_id === null ? [] : authorCases(db, meta.author_id, id, now),
  ]);
  const post = postRows ? rowsOf(PostRow, postRows)[0] : undefined;
  const user = userRows ? rowsOf(UserRow, userRows)[0] : undefined;
  if (!user) {
    throw notFound('The reported account no longer exists');
  }
  const undoUntil =
    row.status === 'decided' && row.decided_at
      ? new Date(new Date(row.decided_at).getTime() + MODERATION_UNDO_MS)
      : null;
  return {
    ...row,
    post: post
      ? {
          ...post,
          media: rowsOf(MediaRow, mediaRows),
          created_at: iso(post.created_at),
        }
      : null,
    user: { ...user, deleted_at: iso(user.deleted_at), created_at: iso(user.created_at) },
    reports: rowsOf(ReportRow, reportRows).map((r) => ({
      id: r.id,
      reason: r.reason,
      created_at: iso(r.created_at),
      reporter: { id: r.uid, name: r.name, username: r.username },
    })),
    author_cases: earlier,
    undo_until: undoUntil && undoUntil > now ? undoUntil.toISOString() : null,
  };
}

/** The desk's counts. "Today" is the UTC day of `now`. */
export async function caseStats(db: Db, now: Date) {
  const at = sqlTime(now);
  const [queue, decided] = await Promise.all([
    db.execute(sql`
      SELECT count(*) FILTER (WHERE claim_expires_at IS NULL OR claim_expires_at <= ${at})::int AS open,
             count(*) FILTER (WHERE claim_expires_at > ${at})::int AS in_review
        FROM moderation_cases WHERE status <> 'decided'`),
    db.execute(sql`
      SELECT count(*) FILTER (WHERE decided_at >= date_trunc('day', ${at} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int
               AS decided_today,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM decided_at - first_report_at)) / 60
               AS median_minutes
        FROM moderation_cases
       WHERE status = 'decided' AND decided_at > ${at} - interval '7 days' AND decided_at <= ${at}`),
  ]);
  const q = rowsOf(z.object({ open: z.number(), in_review: z.number() }), queue)[0];
  // percentile_cont answers double precision.
  const d = rowsOf(
    z.object({ decided_today: z.number(), median_minutes: z.number().nullable() }),
    decided,
  )[0];
  return {
    open: q.open,
    in_review: q.in_review,
    decided_today: d.decided_today,
    median_minutes_to_decision:
      d.median_minutes === null ? null : Math.round(Number(d.median_minutes) * 10) / 10,
  };
}
