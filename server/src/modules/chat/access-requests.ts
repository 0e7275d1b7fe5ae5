// Conversation access requests: staff ask a super admin for the `conversation` permission.
import type { ConversationAccessRequest, calls, InputOf } from '@admin/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso, rowsOf } from '../../db/sql';
import { conflict, notFound } from '../../http/errors';

interface AccessRequestDbRow {
  id: number;
  requester_id: number;
  requester_name: string;
  requester_username: string;
  requester_avatar: string | null;
  message: string | null;
  status: string;
  decided_by: string | null;
  decided_at: Date | string | null;
  created_at: Date | string;
}

/** A decision on a request: the grant/deny call's id, who decides and which way (set by the route). */
type AccessDecision = InputOf<typeof calls.grantConversationAccess> & {
  deciderId: number;
  decision: Exclude<ConversationAccessRequest['status'], 'pending'>;
};

function presentAccessRequest(r: AccessRequestDbRow): ConversationAccessRequest {
  return {
    id: r.id,
    requester: {
      id: r.requester_id,
      name: r.requester_name,
      username: r.requester_username,
      avatar: r.requester_avatar,
    },
    message: r.message,
    status: r.status as ConversationAccessRequest['status'],
    decided_by: r.decided_by,
    decided_at: iso(r.decided_at),
    created_at: iso(r.created_at),
  };
}

const SELECT_REQUEST = sql`ar.id, ar.requester_id, u.name AS requester_name, u.username AS requester_username,
  u.avatar AS requester_avatar, ar.message, ar.status, d.username AS decided_by, ar.decided_at, ar.created_at
  FROM conversation_access_requests ar JOIN users u ON u.id = ar.requester_id
  LEFT JOIN users d ON d.id = ar.decided_by_id`;

async function accessRequestById(db: Db, id: number): Promise<ConversationAccessRequest | null> {
  const [row] = rowsOf<AccessRequestDbRow>(
    await db.execute(sql`SELECT ${SELECT_REQUEST} WHERE ar.id = ${id}`),
  );
  return row ? presentAccessRequest(row) : null;
}

/** One pending request per staff member; a second one while pending is a conflict. */
export async function createAccessRequest(db: Db, requesterId: number, message?: string) {
  const [pending] = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM conversation_access_requests
      WHERE requester_id = ${requesterId} AND status = 'pending' LIMIT 1`),
  );
  if (pending) {
    throw conflict('Your access request is already waiting for a super admin');
  }
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO conversation_access_requests (requester_id, message)
      VALUES (${requesterId}, ${message ?? null}) RETURNING id`),
  );
  return (await accessRequestById(db, row.id)) as ConversationAccessRequest;
}

export async function latestAccessRequest(db: Db, requesterId: number) {
  const [row] = rowsOf<AccessRequestDbRow>(
    await db.execute(sql`SELECT ${SELECT_REQUEST} WHERE ar.requester_id = ${requesterId}
      ORDER BY ar.created_at DESC, ar.id DESC LIMIT 1`),
  );
  return row ? presentAccessRequest(row) : null;
}

export async function listAccessRequests(db: Db, input: InputOf<typeof calls.conversationAccessRequests>) {
  const where = input.status === 'all' ? sql`true` : sql`ar.status = ${input.status}`;
  const [rows, total] = await Promise.all([
    db.execute(sql`SELECT ${SELECT_REQUEST} WHERE ${where}
      ORDER BY ar.created_at DESC, ar.id DESC LIMIT ${input.page_limit} OFFSET ${input.page * input.page_limit}`),
    db.execute(sql`SELECT count(*)::int AS n FROM conversation_access_requests ar WHERE ${where}`),
  ]);
  return {
    data: rowsOf<AccessRequestDbRow>(rows).map(presentAccessRequest),
    total: rowsOf<{ n: number }>(total)[0].n,
  };
}

/** Who asked, for the ranks check before a decision; null when the request does not exist. */
export async function accessRequester(db: Db, id: number): Promise<number | null> {
  const [row] = rowsOf<{ requester_id: number }>(
    await db.execute(sql`SELECT requester_id FROM conversation_access_requests WHERE id = ${id}`),
  );
  return row?.requester_id ?? null;
}

/** Grants (a per-user grant of `conversation`) or denies a pending request. */
export async function decideAccessRequest(db: Db, input: AccessDecision) {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ requester_id: number; status: string }>(
      await tx.execute(sql`SELECT requester_id, status FROM conversation_access_requests
        WHERE id = ${input.id} FOR UPDATE`),
    );
    if (!row) {
      throw notFound('Access request not found');
    }
    if (row.status !== 'pending') {
      throw conflict(`This request was already ${row.status}`);
    }
    await tx.execute(sql`UPDATE conversation_access_requests
      SET status = ${input.decision}, decided_by_id = ${input.deciderId}, decided_at = now()
      WHERE id = ${input.id}`);
    if (input.decision === 'granted') {
      await tx.execute(sql`INSERT INTO user_permissions (user_id, permission_id)
        SELECT ${row.requester_id}, id FROM permissions WHERE name = 'conversation'
        ON CONFLICT DO NOTHING`);
    }
    return (await accessRequestById(tx as unknown as Db, input.id)) as ConversationAccessRequest;
  });
}
