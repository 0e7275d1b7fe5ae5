import type {
  ChatMessage,
  ChatMessageType,
  ChatRoom,
  ConversationAccessRequest,
  DirectMessage,
} from '@admin/contract';
import { sql } from 'drizzle-orm';
import { type Db, executePrepared } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { conflict, notFound, userNotFound } from '../../http/errors';
import { chatMessagesSent } from '../../lib/metrics';

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const isoNow = (v: Date | string) => new Date(v).toISOString();

// ---------------------------------------------------------------- direct messages

interface DirectMessageDbRow {
  id: number;
  user_id: number;
  sender_id: number;
  sender_name: string;
  avatar: string | null;
  message: string;
  client_timestamp: string | null;
  created_at: Date | string;
  delivered_at: Date | string | null;
  read_at: Date | string | null;
}

export function presentDirectMessage(r: DirectMessageDbRow): DirectMessage {
  return {
    id: r.id,
    user_id: r.user_id,
    sender_id: r.sender_id,
    sender_name: r.sender_name,
    from: r.sender_id === r.user_id ? 'USER' : 'ADMIN',
    avatar: r.avatar,
    message: r.message,
    timestamp: r.client_timestamp,
    created_at: isoNow(r.created_at),
    delivered_at: iso(r.delivered_at),
    read_at: iso(r.read_at),
    status: r.read_at ? 'read' : 'unread',
  };
}

const SELECT_DM = sql`dm.id, dm.user_id, dm.sender_id, s.name AS sender_name, s.avatar, dm.message,
  dm.client_timestamp, dm.created_at, dm.delivered_at, dm.read_at
  FROM direct_messages dm JOIN users s ON s.id = dm.sender_id`;

export interface ThreadUser {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  last_seen: string | null;
  deleted: boolean;
}

interface ThreadUserRow {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  last_interacted: Date | string | null;
  deleted_at: Date | string | null;
}

/** The platform user a thread belongs to; staff accounts have no thread. */
const threadUserSql = (userId: number) => sql`SELECT id, name, username, avatar, last_interacted, deleted_at
  FROM users WHERE id = ${userId} AND NOT is_admin`;

function presentThreadUser(result: unknown): ThreadUser | null {
  const [row] = rowsOf<ThreadUserRow>(result);
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
 * The queries of a direct-messages page, run at once: the thread's user (404 when missing), the
 * page and the total. Shared with the bench so it times what the call runs.
 */
export function directMessagesQueries(input: {
  user_id: number;
  page: number;
  limit: number;
  before_id?: number;
  after_id?: number;
}) {
  const before = input.before_id !== undefined ? sql`AND dm.id < ${input.before_id}` : sql``;
  const offset = input.before_id !== undefined ? 0 : input.page * input.limit;
  return {
    owner: threadUserSql(input.user_id),
    page:
      input.after_id !== undefined
        ? sql`SELECT ${SELECT_DM} WHERE dm.user_id = ${input.user_id} AND dm.id > ${input.after_id}
            ORDER BY dm.id ASC LIMIT ${input.limit}`
        : sql`SELECT ${SELECT_DM} WHERE dm.user_id = ${input.user_id} ${before}
            ORDER BY dm.id DESC LIMIT ${input.limit} OFFSET ${offset}`,
    total: sql`SELECT count(*)::int AS n FROM direct_messages WHERE user_id = ${input.user_id}`,
  };
}

/**
 * One page of a thread. page 0 is the newest `limit` messages; before_id pages back stably while
 * new ones arrive; after_id catches up after a reconnect. Each page comes oldest first.
 */
export async function listDirectMessages(
  db: Db,
  input: { user_id: number; page: number; limit: number; before_id?: number; after_id?: number },
) {
  const q = directMessagesQueries(input);
  const [owner, page, total] = await Promise.all([
    db.execute(q.owner),
    db.execute(q.page),
    db.execute(q.total),
  ]);
  const thread = presentThreadUser(owner);
  if (!thread) {
    throw userNotFound();
  }
  const rows = rowsOf<DirectMessageDbRow>(page);
  if (input.after_id === undefined) {
    rows.reverse();
  }
  const { deleted: _, ...user } = thread;
  return { user, data: rows.map(presentDirectMessage), total: rowsOf<{ n: number }>(total)[0].n };
}

async function directMessageById(db: Db, id: number): Promise<DirectMessage> {
  const [row] = rowsOf<DirectMessageDbRow>(await db.execute(sql`SELECT ${SELECT_DM} WHERE dm.id = ${id}`));
  return presentDirectMessage(row);
}

/**
 * Stores a message of the thread of `userId` (sender is the user or a staff member). A retry with
 * the same sender, timestamp and text answers the stored message instead of a duplicate.
 */
export async function storeDirectMessage(
  db: Db,
  input: { userId: number; senderId: number; message: string; timestamp?: string },
): Promise<{ data: DirectMessage; created: boolean }> {
  if (input.timestamp) {
    const [dup] = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM direct_messages
        WHERE user_id = ${input.userId} AND sender_id = ${input.senderId}
          AND client_timestamp = ${input.timestamp} AND message = ${input.message} LIMIT 1`),
    );
    if (dup) {
      return { data: await directMessageById(db, dup.id), created: false };
    }
  }
  // One round trip on the hot path: the thread must be a live platform user, then insert and present.
  const [row] = await executePrepared<DirectMessageDbRow>(
    db,
    'store_direct_message',
    sql`WITH thread AS (
        SELECT id FROM users WHERE id = ${input.userId} AND NOT is_admin AND deleted_at IS NULL
      ), ins AS (
        INSERT INTO direct_messages (user_id, sender_id, message, client_timestamp)
        SELECT thread.id, ${input.senderId}, ${input.message}, ${input.timestamp ?? null} FROM thread
        RETURNING *
      )
      SELECT ins.id, ins.user_id, ins.sender_id, s.name AS sender_name, s.avatar, ins.message,
        ins.client_timestamp, ins.created_at, ins.delivered_at, ins.read_at
      FROM ins JOIN users s ON s.id = ins.sender_id`,
  );
  if (!row) {
    throw userNotFound();
  }
  chatMessagesSent.inc({ kind: 'direct' });
  return { data: presentDirectMessage(row), created: true };
}

/**
 * Marks the other side's messages of a thread read up to an id: a USER reader reads staff
 * messages, an ADMIN reader reads the user's. Answers the ids that changed.
 */
export async function markDirectMessagesRead(
  db: Db,
  input: { userId: number; reader: 'ADMIN' | 'USER'; upToId: number },
): Promise<{ ids: number[]; read_at: string }> {
  const side = input.reader === 'USER' ? sql`sender_id <> user_id` : sql`sender_id = user_id`;
  const rows = rowsOf<{ id: number; read_at: Date | string }>(
    await db.execute(sql`UPDATE direct_messages SET read_at = now(),
        delivered_at = CASE WHEN sender_id <> user_id THEN coalesce(delivered_at, now()) ELSE delivered_at END
      WHERE user_id = ${input.userId} AND id <= ${input.upToId} AND read_at IS NULL AND ${side}
      RETURNING id, read_at`),
  );
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  return { ids, read_at: rows[0] ? isoNow(rows[0].read_at) : new Date().toISOString() };
}

/** A platform user's device acknowledged staff messages. Answers the ids that changed. */
export async function markDirectMessagesDelivered(
  db: Db,
  input: { userId: number; ids: number[] },
): Promise<{ ids: number[]; delivered_at: string }> {
  const list = sql.join(
    input.ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number; delivered_at: Date | string }>(
    await db.execute(sql`UPDATE direct_messages SET delivered_at = now()
      WHERE user_id = ${input.userId} AND sender_id <> user_id AND delivered_at IS NULL AND id IN (${list})
      RETURNING id, delivered_at`),
  );
  return {
    ids: rows.map((r) => r.id).sort((a, b) => a - b),
    delivered_at: rows[0] ? isoNow(rows[0].delivered_at) : new Date().toISOString(),
  };
}

/** Staff messages a platform user has not acknowledged yet (sent while they were offline). */
export async function undeliveredDirectMessages(db: Db, userId: number, limit = 200) {
  return rowsOf<DirectMessageDbRow>(
    await db.execute(sql`SELECT ${SELECT_DM}
      WHERE dm.user_id = ${userId} AND dm.sender_id <> dm.user_id AND dm.delivered_at IS NULL
        AND dm.read_at IS NULL
      ORDER BY dm.id ASC LIMIT ${limit}`),
  ).map(presentDirectMessage);
}

/** Messages of a thread after an id, oldest first (the missed ones after a reconnect). */
export async function directMessagesSince(db: Db, userId: number, sinceId: number, limit = 200) {
  return rowsOf<DirectMessageDbRow>(
    await db.execute(sql`SELECT ${SELECT_DM}
      WHERE dm.user_id = ${userId} AND dm.id > ${sinceId} ORDER BY dm.id ASC LIMIT ${limit}`),
  ).map(presentDirectMessage);
}

/** Presence: a platform user connected, sent or read; shown as 'Last seen:' and 'Last active'. */
export async function touchLastSeen(db: Db, userId: number): Promise<void> {
  await db.execute(sql`UPDATE users SET last_interacted = now() WHERE id = ${userId}`);
}

// ---------------------------------------------------------------- conversations (chat rooms)

interface RoomDbRow {
  id: number;
  name: string | null;
  channel: string;
  last_message_at: Date | string | null;
  last_message: string | null;
  last_type: string | null;
  members: { id: number; username: string; avatar: string | null }[] | string;
}

function presentRoom(r: RoomDbRow): ChatRoom {
  const members = typeof r.members === 'string' ? JSON.parse(r.members) : r.members;
  return {
    id: r.id,
    name: r.name,
    channel: r.channel,
    last_message: r.last_type ? { message: r.last_message, type: r.last_type as ChatMessageType } : null,
    last_message_at: iso(r.last_message_at),
    members: members ?? [],
  };
}

const SELECT_ROOM = sql`r.id, r.name, r.channel, r.last_message_at, lm.message AS last_message,
  lm.type AS last_type,
  (SELECT coalesce(json_agg(json_build_object('id', u.id, 'username', u.username, 'avatar', u.avatar)
      ORDER BY u.id), '[]'::json)
     FROM chat_room_members m JOIN users u ON u.id = m.user_id WHERE m.room_id = r.id) AS members
  FROM chat_rooms r
  LEFT JOIN LATERAL (SELECT message, type FROM chat_messages WHERE room_id = r.id
    ORDER BY created_at DESC, id DESC LIMIT 1) lm ON true`;

/**
 * The queries of chat-rooms, run at once: the user (404 when missing), the page and the total.
 * Shared with the bench so it times what the call runs.
 */
export function roomsQueries(input: { user_id: number; page: number; page_limit: number }) {
  return {
    owner: sql`SELECT id FROM users WHERE id = ${input.user_id}`,
    page: sql`SELECT ${SELECT_ROOM}
      WHERE r.id IN (SELECT room_id FROM chat_room_members WHERE user_id = ${input.user_id})
      ORDER BY r.last_message_at DESC NULLS LAST, r.id DESC
      LIMIT ${input.page_limit} OFFSET ${input.page * input.page_limit}`,
    total: sql`SELECT count(*)::int AS n FROM chat_room_members WHERE user_id = ${input.user_id}`,
  };
}

/** The rooms a user belongs to, most recent activity first. */
export async function listRooms(db: Db, input: { user_id: number; page: number; page_limit: number }) {
  const q = roomsQueries(input);
  const [owner, rows, total] = await Promise.all([
    db.execute(q.owner),
    db.execute(q.page),
    db.execute(q.total),
  ]);
  if (rowsOf(owner).length === 0) {
    throw userNotFound();
  }
  return { data: rowsOf<RoomDbRow>(rows).map(presentRoom), total: rowsOf<{ n: number }>(total)[0].n };
}

const roomSql = (roomId: number) => sql`SELECT ${SELECT_ROOM} WHERE r.id = ${roomId}`;
const memberSql = (roomId: number, userId: number) =>
  sql`SELECT 1 FROM chat_room_members WHERE room_id = ${roomId} AND user_id = ${userId}`;

export async function findRoom(db: Db, roomId: number): Promise<ChatRoom | null> {
  const [row] = rowsOf<RoomDbRow>(await db.execute(roomSql(roomId)));
  return row ? presentRoom(row) : null;
}

export async function isRoomMember(db: Db, roomId: number, userId: number): Promise<boolean> {
  return rowsOf(await db.execute(memberSql(roomId, userId))).length > 0;
}

interface ChatMessageDbRow {
  id: number;
  room_id: number;
  sender_id: number;
  sender_username: string;
  sender_avatar: string | null;
  type: string;
  message: string | null;
  media: string | null;
  post_id: number | null;
  post_title: string | null;
  post_meta: ChatMessage['post'] extends infer P ? (P extends { post_meta: infer M } ? M : never) : never;
  created_at: Date | string;
  updated_at: Date | string;
}

function presentChatMessage(r: ChatMessageDbRow): ChatMessage {
  const meta = typeof r.post_meta === 'string' ? JSON.parse(r.post_meta) : r.post_meta;
  return {
    id: r.id,
    room_id: r.room_id,
    sender: { id: r.sender_id, username: r.sender_username, avatar: r.sender_avatar },
    type: r.type as ChatMessageType,
    message: r.message,
    media: r.media,
    post: r.post_id ? { id: r.post_id, title: r.post_title, post_meta: meta ?? [] } : null,
    created_at: isoNow(r.created_at),
    updated_at: isoNow(r.updated_at),
  };
}

const SELECT_CHAT_MESSAGE = sql`cm.id, cm.room_id, cm.sender_id, s.username AS sender_username,
  s.avatar AS sender_avatar, cm.type, cm.message, cm.media, cm.post_id, p.title AS post_title,
  (SELECT coalesce(json_agg(json_build_object('id', pm.id, 'type', pm.type, 'image', pm.image,
      'title', pm.title) ORDER BY pm.position, pm.id), '[]'::json)
     FROM post_media pm WHERE pm.post_id = cm.post_id) AS post_meta,
  cm.created_at, cm.updated_at
  FROM chat_messages cm JOIN users s ON s.id = cm.sender_id LEFT JOIN posts p ON p.id = cm.post_id`;

/**
 * The queries of chat-messages, run at once: the user's membership (404 when not a member), the
 * room, the page and the total. Shared with the bench so it times what the call runs.
 */
export function roomMessagesQueries(input: {
  user_id: number;
  room_id: number;
  page: number;
  page_limit: number;
}) {
  return {
    member: memberSql(input.room_id, input.user_id),
    room: roomSql(input.room_id),
    page: sql`SELECT ${SELECT_CHAT_MESSAGE} WHERE cm.room_id = ${input.room_id}
      ORDER BY cm.created_at DESC, cm.id DESC
      LIMIT ${input.page_limit} OFFSET ${input.page * input.page_limit}`,
    total: sql`SELECT count(*)::int AS n FROM chat_messages WHERE room_id = ${input.room_id}`,
  };
}

/** One page of a room of that user: page 0 holds the newest messages, each page oldest first. */
export async function listRoomMessages(
  db: Db,
  input: { user_id: number; room_id: number; page: number; page_limit: number },
) {
  const q = roomMessagesQueries(input);
  const [member, room, rows, total] = await Promise.all(
    [q.member, q.room, q.page, q.total].map((query) => db.execute(query)),
  );
  if (rowsOf(member).length === 0) {
    throw notFound('Chat room not found');
  }
  return {
    room: presentRoom(rowsOf<RoomDbRow>(room)[0]),
    data: rowsOf<ChatMessageDbRow>(rows).map(presentChatMessage).reverse(),
    total: rowsOf<{ n: number }>(total)[0].n,
  };
}

/** A member's text message in a room (sent over the gateway). */
export async function storeRoomMessage(
  db: Db,
  input: { roomId: number; senderId: number; message: string },
): Promise<ChatMessage> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO chat_messages (room_id, sender_id, type, message)
      VALUES (${input.roomId}, ${input.senderId}, 'TEXT', ${input.message}) RETURNING id`),
  );
  await db.execute(sql`UPDATE chat_rooms SET last_message_at = now() WHERE id = ${input.roomId}`);
  const [full] = rowsOf<ChatMessageDbRow>(
    await db.execute(sql`SELECT ${SELECT_CHAT_MESSAGE} WHERE cm.id = ${row.id}`),
  );
  chatMessagesSent.inc({ kind: 'room' });
  return presentChatMessage(full);
}

export async function roomMessagesSince(db: Db, roomId: number, sinceId: number, limit = 200) {
  return rowsOf<ChatMessageDbRow>(
    await db.execute(sql`SELECT ${SELECT_CHAT_MESSAGE}
      WHERE cm.room_id = ${roomId} AND cm.id > ${sinceId} ORDER BY cm.id ASC LIMIT ${limit}`),
  ).map(presentChatMessage);
}

// ---------------------------------------------------------------- conversation access requests

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
    created_at: isoNow(r.created_at),
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

export async function listAccessRequests(
  db: Db,
  input: { status: 'pending' | 'granted' | 'denied' | 'all'; page: number; page_limit: number },
) {
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

/** Grants (a per-user grant of `conversation`) or denies a pending request. */
/** Who asked, for the ranks check before a decision; null when the request does not exist. */
export async function accessRequester(db: Db, id: number): Promise<number | null> {
  const [row] = rowsOf<{ requester_id: number }>(
    await db.execute(sql`SELECT requester_id FROM conversation_access_requests WHERE id = ${id}`),
  );
  return row?.requester_id ?? null;
}

export async function decideAccessRequest(
  db: Db,
  input: { id: number; deciderId: number; decision: 'granted' | 'denied' },
) {
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
