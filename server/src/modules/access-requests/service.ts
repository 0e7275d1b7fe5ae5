// Access requests: staff without `conversation` ask for it; whoever may grant it answers.
import {
  ACCESS_REQUEST_REVIEW_PERMISSION,
  ACCESS_REQUEST_STATUSES,
  type ConversationAccessRequest,
  type calls,
  hasPermission,
  type InputOf,
  type PermissionHolder,
  RANKS,
  type Rank,
  type ReviewedAccessRequest,
  rankRefusal,
} from '@admin/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { conversationAccessRequests } from '../../db/schema';
import { dbNumeric, dbTime, IdRow, iso, pagedList, rowsOf } from '../../db/sql';
import { conflict, notFound } from '../../http/errors';
import { auditChanges } from '../../trail/record';

const AccessRequestDbRow = z.object({
  id: z.number(),
  requester_id: z.number(),
  requester_name: z.string(),
  requester_username: z.string(),
  requester_avatar: z.string().nullable(),
  requester_rank: z.enum(RANKS),
  message: z.string().nullable(),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  decided_by: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: dbTime.nullable(),
  note: z.string().nullable(),
  created_at: dbTime,
});
type AccessRequestDbRow = z.infer<typeof AccessRequestDbRow>;

/** Who answers: the session's id, rank and grants. */
export type Reviewer = PermissionHolder & { id: number };

/** The permission a request asks for (the only one there is a request button for). */
const ASKED = 'conversation';

/**
 * Why `reviewer` may not grant / decline a request of `requester`, or null when they may. Both
 * change the requester's grants, so the ranks rule applies (docs/security.md: only a super admin
 * changes a staff account, nobody answers their own request); granting also needs holding what is
 * granted ('nobody grants what they do not hold').
 */
export function answerRefusal(reviewer: Reviewer, requester: { id: number; rank: Rank }) {
  const rank = rankRefusal(reviewer, requester, 'grants');
  const holds = hasPermission(reviewer, ASKED)
    ? null
    : `You can only grant or remove permissions you hold yourself (${ASKED})`;
  return { grant: rank ?? holds, decline: rank };
}

function present(r: AccessRequestDbRow): ConversationAccessRequest {
  return {
    id: r.id,
    requester: {
      id: r.requester_id,
      name: r.requester_name,
      username: r.requester_username,
      avatar: r.requester_avatar,
    },
    permission: ASKED,
    message: r.message,
    status: r.status,
    decided_by: r.decided_by,
    decided_by_name: r.decided_by_name,
    decided_at: iso(r.decided_at),
    note: r.note,
    created_at: iso(r.created_at),
  };
}

function presentFor(reviewer: Reviewer, r: AccessRequestDbRow): ReviewedAccessRequest {
  const refusal =
    r.status === 'pending' ? answerRefusal(reviewer, { id: r.requester_id, rank: r.requester_rank }) : null;
  return { ...present(r), refusal };
}

const RANK = sql`CASE WHEN u.is_sup_admin THEN 'super_admin' WHEN u.is_admin THEN 'staff' ELSE 'platform' END`;
const REQUEST_COLUMNS = sql`ar.id, ar.requester_id, u.name AS requester_name, u.username AS requester_username,
  u.avatar AS requester_avatar, ${RANK} AS requester_rank, ar.message, ar.status, d.username AS decided_by,
  d.name AS decided_by_name, ar.decided_at, ar.note, ar.created_at`;
const REQUEST_FROM = sql`conversation_access_requests ar JOIN users u ON u.id = ar.requester_id
  LEFT JOIN users d ON d.id = ar.decided_by_id`;

async function requestRow(db: Db, where: SQL): Promise<AccessRequestDbRow | undefined> {
  const [row] = rowsOf(
    AccessRequestDbRow,
    await db.execute(sql`SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE ${where}
      ORDER BY ar.created_at DESC, ar.id DESC LIMIT 1`),
  );
  return row;
}

/** One pending request per staff member; a second one while pending is a conflict. */
export async function createAccessRequest(db: Db, requesterId: number, message?: string) {
  const [pending] = rowsOf(
    IdRow,
    await db.execute(sql`SELECT id FROM conversation_access_requests
      WHERE requester_id = ${requesterId} AND status = 'pending' LIMIT 1`),
  );
  if (pending) {
    throw conflict('Your access request is already waiting for an answer');
  }
  const [row] = rowsOf(
    IdRow,
    await db.execute(sql`INSERT INTO conversation_access_requests (requester_id, message)
      VALUES (${requesterId}, ${message ?? null}) RETURNING id`),
  );
  return present((await requestRow(db, sql`ar.id = ${row.id}`)) as AccessRequestDbRow);
}

export async function latestAccessRequest(db: Db, requesterId: number) {
  const row = await requestRow(db, sql`ar.requester_id = ${requesterId}`);
  return row ? present(row) : null;
}

async function accessRequestById(db: Db, id: number) {
  const row = await requestRow(db, sql`ar.id = ${id}`);
  return row ? present(row) : null;
}

const STATUS_WHERE = {
  pending: sql`ar.status = 'pending'`,
  granted: sql`ar.status = 'granted'`,
  denied: sql`ar.status = 'denied'`,
  answered: sql`ar.status <> 'pending'`,
  all: sql`true`,
} as const;

export async function listAccessRequests(
  db: Db,
  reviewer: Reviewer,
  input: InputOf<typeof calls.conversationAccessRequests>,
) {
  const where = STATUS_WHERE[input.status];
  // A few requests per staff member: the total is counted exactly. Pending ones oldest first
  // (the next to answer on top), answered ones newest first.
  const order =
    input.status === 'pending' ? sql`ar.created_at ASC, ar.id ASC` : sql`ar.created_at DESC, ar.id DESC`;
  const { rows, total } = await pagedList(db, {
    select: REQUEST_COLUMNS,
    from: REQUEST_FROM,
    where: [where],
    order,
    input,
    counter: sql`SELECT count(*) FROM conversation_access_requests ar WHERE ${where}`,
    row: AccessRequestDbRow,
  });
  return { data: rows.map((r) => presentFor(reviewer, r)), total };
}

/**
 * Pending requests, and those `reviewer` may answer: by answerRefusal's ranks rule, every one but
 * their own for a super admin, only platform users' for other staff. Deleted requesters' requests
 * wait for nobody.
 */
export async function countAccessRequests(db: Db, reviewer: Reviewer) {
  const superAdmin = reviewer.is_sup_admin === 1;
  const [row] = rowsOf(
    z.object({ pending: dbNumeric, answerable: dbNumeric }),
    await db.execute(sql`SELECT count(*) AS pending,
        count(*) FILTER (WHERE ar.requester_id <> ${reviewer.id}
          AND (${superAdmin} OR NOT (u.is_admin OR u.is_sup_admin))) AS answerable
      FROM conversation_access_requests ar JOIN users u ON u.id = ar.requester_id
      WHERE ar.status = 'pending' AND u.deleted_at IS NULL`),
  );
  return { pending: Number(row.pending), answerable: Number(row.answerable) };
}

/** Who asked and their rank, for the ranks check before an answer; null when it does not exist. */
export async function requesterOf(db: Db, id: number): Promise<{ id: number; rank: Rank } | null> {
  const [row] = rowsOf(
    z.object({ id: z.number(), rank: z.enum(RANKS) }),
    await db.execute(sql`SELECT u.id, ${RANK} AS rank FROM conversation_access_requests ar
      JOIN users u ON u.id = ar.requester_id WHERE ar.id = ${id}`),
  );
  return row ?? null;
}

/** An answer: the call's id and note, who answers and which way (set by the route). */
type Answer = InputOf<typeof calls.grantConversationAccess> & {
  deciderId: number;
  decision: Exclude<ConversationAccessRequest['status'], 'pending'>;
};

/**
 * Grants (a per-user grant of `conversation`) or declines a pending request, once: the row is
 * locked, so of two answers at once the second finds it answered (409).
 */
export async function answerAccessRequest(db: Db, input: Answer) {
  const [row] = await db
    .select({
      requester_id: conversationAccessRequests.requesterId,
      status: conversationAccessRequests.status,
    })
    .from(conversationAccessRequests)
    .where(eq(conversationAccessRequests.id, input.id))
    .for('update');
  if (!row) {
    throw notFound(`Access request ${input.id} does not exist`);
  }
  if (row.status !== 'pending') {
    throw conflict(`This request was already ${row.status === 'denied' ? 'declined' : row.status}`);
  }
  await db.execute(sql`UPDATE conversation_access_requests
    SET status = ${input.decision}, decided_by_id = ${input.deciderId}, decided_at = now(),
        note = ${input.note ?? null}
    WHERE id = ${input.id}`);
  if (input.decision === 'granted') {
    await db.execute(sql`INSERT INTO user_permissions (user_id, permission_id)
      SELECT ${row.requester_id}, id FROM permissions WHERE name = ${ASKED}
      ON CONFLICT DO NOTHING`);
  }
  auditChanges(
    { status: 'pending', requester_id: row.requester_id },
    {
      status: input.decision,
      requester_id: row.requester_id,
      ...(input.decision === 'granted' ? { permission: ASKED } : {}),
      note: input.note ?? null,
    },
  );
  return (await accessRequestById(db, input.id)) as ConversationAccessRequest;
}

/**
 * Who may grant a request of `requester` and should be told of it: live staff (not deleted, not
 * suspended; the few staff rows, users_backend_idx) with a mail address, holding the review
 * permission (super admins hold every one), whom answerRefusal lets grant it.
 */
export async function grantorsOf(db: Db, requester: { id: number; rank: Rank }) {
  const Grantor = z.object({
    id: z.number(),
    email: z.string(),
    name: z.string(),
    sup: z.boolean(),
    perms: z.array(z.string()),
  });
  const rows = rowsOf(
    Grantor,
    await db.execute(sql`SELECT u.id, u.email, u.name, u.is_sup_admin AS sup,
        ARRAY(SELECT p.name FROM permissions p WHERE p.id IN (
          SELECT up.permission_id FROM user_permissions up WHERE up.user_id = u.id
          UNION SELECT gp.permission_id FROM user_groups ug
            JOIN group_permissions gp ON gp.group_id = ug.group_id WHERE ug.user_id = u.id)) AS perms
      FROM users u
      WHERE u.is_admin AND u.deleted_at IS NULL AND NOT u.is_suspended
        AND u.email IS NOT NULL AND u.id <> ${requester.id}`),
  );
  return rows
    .map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      is_sup_admin: r.sup ? 1 : 0,
      group_permissions: [],
      user_permissions: r.perms ?? [],
    }))
    .filter((r) => hasPermission(r, ACCESS_REQUEST_REVIEW_PERMISSION))
    .filter((r) => answerRefusal(r, requester).grant === null);
}
