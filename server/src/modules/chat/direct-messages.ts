// Direct messages: the thread between staff and one platform user, and its read/delivered marks.
import type {
  ChatDeliveredRequest,
  ChatReadRequest,
  ChatUserType,
  calls,
  DirectMessage,
  InputOf,
} from '@admin/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { dbTime, IdRow, iso, type PagedListSpec, pagedList, rowsOf } from '../../db/sql';
import { userNotFound } from '../../http/errors';
import { chatMessagesSent } from '../../lib/metrics';

type DirectMessagesInput = InputOf<typeof calls.directMessages>;
/**
 * A message to store in a thread, from the send call or the socket's send_message (same text and
 * client timestamp); the thread and the sender are resolved by the route or the gateway.
 */
type SendInput = InputOf<typeof calls.sendDirectMessage>;
type StoreDirectMessageInput = Pick<SendInput, 'message'> &
  Partial<Pick<SendInput, 'timestamp'>> & { userId: number; senderId: number };
/** The socket's read event, its channel resolved to the thread's user and the reader's side. */
interface MarkReadInput {
  userId: number;
  reader: ChatUserType;
  upToId: z.output<typeof ChatReadRequest>['up_to_id'];
  now: Date;
}
/** The socket's delivered event from the platform user's own socket. */
type MarkDeliveredInput = z.output<typeof ChatDeliveredRequest> & { userId: number; now: Date };

const DirectMessageDbRow = z.object({
  id: z.number(),
  user_id: z.number(),
  sender_id: z.number(),
  sender_name: z.string(),
  avatar: z.string().nullable(),
  message: z.string(),
  client_timestamp: z.string().nullable(),
  created_at: dbTime,
  delivered_at: dbTime.nullable(),
  read_at: dbTime.nullable(),
});
type DirectMessageDbRow = z.infer<typeof DirectMessageDbRow>;

function presentDirectMessage(r: DirectMessageDbRow): DirectMessage {
  return {
    id: r.id,
    user_id: r.user_id,
    sender_id: r.sender_id,
    sender_name: r.sender_name,
    from: r.sender_id === r.user_id ? 'USER' : 'ADMIN',
    avatar: r.avatar,
    message: r.message,
    timestamp: r.client_timestamp,
    created_at: iso(r.created_at),
    delivered_at: iso(r.delivered_at),
    read_at: iso(r.read_at),
    status: r.read_at ? 'read' : 'unread',
  };
}

const DM_COLUMNS = sql`dm.id, dm.user_id, dm.sender_id, s.name AS sender_name, s.avatar, dm.message,
  dm.client_timestamp, dm.created_at, dm.delivered_at, dm.read_at`;
const DM_FROM = sql`direct_messages dm JOIN users s ON s.id = dm.sender_id`;
const SELECT_DM = sql`${DM_COLUMNS} FROM ${DM_FROM}`;

export interface ThreadUser {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  last_seen: string | null;
  deleted: boolean;
}

const ThreadUserRow = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  last_interacted: dbTime.nullable(),
  deleted_at: dbTime.nullable(),
});

/** The platform user a thread belongs to; staff accounts have no thread. */
const threadUserSql = (userId: number) => sql`SELECT id, name, username, avatar, last_interacted, deleted_at
  FROM users WHERE id = ${userId} AND NOT is_admin`;

function presentThreadUser(result: unknown): ThreadUser | null {
  const [row] = rowsOf(ThreadUserRow, result);
  if (!row) {
    return null;
  }
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    avatar: row.avatar,
    last_seen: iso(row.last_interacted),
    deleted: row.deleted_at !== null,
  };
}

export async function findThreadUser(db: Db, userId: number): Promise<ThreadUser | null> {
  return presentThreadUser(await db.execute(threadUserSql(userId)));
}

/**
 * A direct-messages page: the thread's user (404 when missing) and the list (the floor's page with
 * the exact total of the thread). after_id reads forwards from a message, before_id backwards,
 * else page `page` from the newest. Shared with the bench so it times what the call runs.
 */
export function directMessagesQueries(input: DirectMessagesInput) {
  const cursor =
    input.after_id !== undefined
      ? sql`dm.id > ${input.after_id}`
      : input.before_id !== undefined
        ? sql`dm.id < ${input.before_id}`
        : null;
  const spec: PagedListSpec = {
    select: DM_COLUMNS,
    from: DM_FROM,
    where: [sql`dm.user_id = ${input.user_id}`, ...(cursor ? [cursor] : [])],
    order: input.after_id !== undefined ? sql`dm.id ASC` : sql`dm.id DESC`,
    input: { page: cursor ? 0 : input.page, page_limit: input.limit },
    counter: sql`SELECT count(*) FROM direct_messages WHERE user_id = ${input.user_id}`,
  };
  return { owner: threadUserSql(input.user_id), spec };
}

/**
 * One page of a thread. page 0 is the newest `limit` messages; before_id pages back stably while
 * new ones arrive; after_id catches up after a reconnect. Each page comes oldest first.
 */
export async function listDirectMessages(db: Db, input: DirectMessagesInput) {
  const q = directMessagesQueries(input);
  const [owner, list] = await Promise.all([
    db.execute(q.owner),
    pagedList(db, { ...q.spec, row: DirectMessageDbRow }),
  ]);
  const thread = presentThreadUser(owner);
  if (!thread) {
    throw userNotFound();
  }
  const { rows } = list;
  if (input.after_id === undefined) {
    rows.reverse();
  }
  const { deleted: _, ...user } = thread;
  return { user, data: rows.map(presentDirectMessage), total: list.total };
}

async function directMessageById(db: Db, id: number): Promise<DirectMessage> {
  const [row] = rowsOf(DirectMessageDbRow, await db.execute(sql`SELECT ${SELECT_DM} WHERE dm.id = ${id}`));
  return presentDirectMessage(row);
}

/**
 * Stores a message of the thread of `userId` (sender is the user or a staff member). A retry with
 * the same sender, timestamp and text answers the stored message instead of a duplicate.
 */
export async function storeDirectMessage(
  db: Db,
  input: StoreDirectMessageInput,
): Promise<{ data: DirectMessage; created: boolean }> {
  if (input.timestamp) {
    const [dup] = rowsOf(
      IdRow,
      await db.execute(sql`SELECT id FROM direct_messages
        WHERE user_id = ${input.userId} AND sender_id = ${input.senderId}
          AND client_timestamp = ${input.timestamp} AND message = ${input.message} LIMIT 1`),
    );
    if (dup) {
      return { data: await directMessageById(db, dup.id), created: false };
    }
  }
  // One round trip on the hot path: the thread must be a live platform user, then insert and present.
  const [row] = rowsOf(
    DirectMessageDbRow,
    await db.execute(sql`WITH thread AS (
        SELECT id FROM users WHERE id = ${input.userId} AND NOT is_admin AND deleted_at IS NULL
      ), ins AS (
        INSERT INTO direct_messages (user_id, sender_id, message, client_timestamp)
        SELECT thread.id, ${input.senderId}, ${input.message}, ${input.timestamp ?? null} FROM thread
        RETURNING *
      )
      SELECT ins.id, ins.user_id, ins.sender_id, s.name AS sender_name, s.avatar, ins.message,
        ins.client_timestamp, ins.created_at, ins.delivered_at, ins.read_at
      FROM ins JOIN users s ON s.id = ins.sender_id`),
  );
  if (!row) {
    throw userNotFound();
  }
  chatMessagesSent.inc({ kind: 'direct' });
  return { data: presentDirectMessage(row), created: true };
}

/**
 * Marks the other side's messages of a thread read up to an id: a USER reader reads staff
 * messages, an ADMIN reader reads the user's. Answers the ids that changed (and `now`, the
 * app's clock, as the time when none did).
 */
export async function markDirectMessagesRead(
  db: Db,
  input: MarkReadInput,
): Promise<{ ids: number[]; read_at: string }> {
  const side = input.reader === 'USER' ? sql`sender_id <> user_id` : sql`sender_id = user_id`;
  const rows = rowsOf(
    z.object({ id: z.number(), read_at: dbTime }),
    await db.execute(sql`UPDATE direct_messages SET read_at = now(),
        delivered_at = CASE WHEN sender_id <> user_id THEN coalesce(delivered_at, now()) ELSE delivered_at END
      WHERE user_id = ${input.userId} AND id <= ${input.upToId} AND read_at IS NULL AND ${side}
      RETURNING id, read_at`),
  );
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  return { ids, read_at: rows[0] ? iso(rows[0].read_at) : input.now.toISOString() };
}

/** A platform user's device acknowledged staff messages. Answers the ids that changed (time as above). */
export async function markDirectMessagesDelivered(
  db: Db,
  input: MarkDeliveredInput,
): Promise<{ ids: number[]; delivered_at: string }> {
  const list = sql.join(
    input.ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf(
    z.object({ id: z.number(), delivered_at: dbTime }),
    await db.execute(sql`UPDATE direct_messages SET delivered_at = now()
      WHERE user_id = ${input.userId} AND sender_id <> user_id AND delivered_at IS NULL AND id IN (${list})
      RETURNING id, delivered_at`),
  );
  return {
    ids: rows.map((r) => r.id).sort((a, b) => a - b),
    delivered_at: rows[0] ? iso(rows[0].delivered_at) : input.now.toISOString(),
  };
}

/** Staff messages a platform user has not acknowledged yet (sent while they were offline). */
export async function undeliveredDirectMessages(db: Db, userId: number, limit = 200) {
  return rowsOf(
    DirectMessageDbRow,
    await db.execute(sql`SELECT ${SELECT_DM}
      WHERE dm.user_id = ${userId} AND dm.sender_id <> dm.user_id AND dm.delivered_at IS NULL
        AND dm.read_at IS NULL
      ORDER BY dm.id ASC LIMIT ${limit}`),
  ).map(presentDirectMessage);
}

/** Messages of a thread after an id, oldest first (the missed ones after a reconnect). */
export async function directMessagesSince(db: Db, userId: number, sinceId: number, limit = 200) {
  return rowsOf(
    DirectMessageDbRow,
    await db.execute(sql`SELECT ${SELECT_DM}
      WHERE dm.user_id = ${userId} AND dm.id > ${sinceId} ORDER BY dm.id ASC LIMIT ${limit}`),
  ).map(presentDirectMessage);
}

/** Presence: a platform user connected, sent or read; shown as 'Last seen:' and 'Last active'. */
export async function touchLastSeen(db: Db, userId: number): Promise<void> {
  await db.execute(sql`UPDATE users SET last_interacted = now() WHERE id = ${userId}`);
}
