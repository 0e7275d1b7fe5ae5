// Conversations: the chat rooms a platform user belongs to and their messages.
import type {
  ChatMessage,
  ChatMessageType,
  ChatRoom,
  ChatSendMessageRequest,
  calls,
  InputOf,
} from '@admin/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { iso, rowsOf } from '../../db/sql';
import { notFound, userNotFound } from '../../http/errors';
import { chatMessagesSent } from '../../lib/metrics';

type RoomsInput = InputOf<typeof calls.chatRooms>;
type RoomMessagesInput = InputOf<typeof calls.chatMessages>;
/** A room message as the gateway stores it: the send_message text, the room and sender it resolved. */
type RoomMessageInput = Pick<z.output<typeof ChatSendMessageRequest>, 'message'> & {
  roomId: number;
  senderId: number;
};

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
export function roomsQueries(input: RoomsInput) {
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
export async function listRooms(db: Db, input: RoomsInput) {
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
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
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
export function roomMessagesQueries(input: RoomMessagesInput) {
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
export async function listRoomMessages(db: Db, input: RoomMessagesInput) {
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
export async function storeRoomMessage(db: Db, input: RoomMessageInput): Promise<ChatMessage> {
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
