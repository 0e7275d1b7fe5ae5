// Conversations: the chat rooms a platform user belongs to and their messages.
import {
  CHAT_MESSAGE_TYPES,
  type ChatMessage,
  ChatPostMedia,
  type ChatRoom,
  type ChatSendMessageRequest,
  type calls,
  type InputOf,
} from '@admin/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { dbTime, IdRow, iso, type PagedListSpec, pagedList, rowsOf, uncheckedRows } from '../../db/sql';
import { notFound, userNotFound } from '../../http/errors';
import { chatMessagesSent } from '../../lib/metrics';

type RoomsInput = InputOf<typeof calls.chatRooms>;
type RoomMessagesInput = InputOf<typeof calls.chatMessages>;
/** A room message as the gateway stores it: the send_message text, the room and sender it resolved. */
type RoomMessageInput = Pick<z.output<typeof ChatSendMessageRequest>, 'message'> & {
  roomId: number;
  senderId: number;
};

const RoomDbRow = z.object({
  id: z.number(),
  name: z.string().nullable(),
  channel: z.string(),
  last_message_at: dbTime.nullable(),
  last_message: z.string().nullable(),
  last_type: z.enum(CHAT_MESSAGE_TYPES).nullable(),
  members: z.array(z.object({ id: z.number(), username: z.string(), avatar: z.string().nullable() })),
});
type RoomDbRow = z.infer<typeof RoomDbRow>;

function presentRoom(r: RoomDbRow): ChatRoom {
  return {
    id: r.id,
    name: r.name,
    channel: r.channel,
    last_message: r.last_type ? { message: r.last_message, type: r.last_type } : null,
    last_message_at: iso(r.last_message_at),
    members: r.members,
  };
}

const ROOM_COLUMNS = sql`r.id, r.name, r.channel, r.last_message_at, lm.message AS last_message,
  lm.type AS last_type,
  (SELECT coalesce(json_agg(json_build_object('id', u.id, 'username', u.username, 'avatar', u.avatar)
      ORDER BY u.id), '[]'::json)
     FROM chat_room_members m JOIN users u ON u.id = m.user_id WHERE m.room_id = r.id) AS members`;
const ROOM_FROM = sql`chat_rooms r
  LEFT JOIN LATERAL (SELECT message, type FROM chat_messages WHERE room_id = r.id
    ORDER BY created_at DESC, id DESC LIMIT 1) lm ON true`;
const SELECT_ROOM = sql`${ROOM_COLUMNS} FROM ${ROOM_FROM}`;

/**
 * chat-rooms: the user (404 when missing) and the list (the floor's page with the exact total of
 * the user's rooms). Shared with the bench so it times what the call runs.
 */
export function roomsQueries(input: RoomsInput) {
  const spec: PagedListSpec = {
    select: ROOM_COLUMNS,
    from: ROOM_FROM,
    where: [sql`r.id IN (SELECT room_id FROM chat_room_members WHERE user_id = ${input.user_id})`],
    order: sql`r.last_message_at DESC NULLS LAST, r.id DESC`,
    input,
    counter: sql`SELECT count(*) FROM chat_room_members WHERE user_id = ${input.user_id}`,
  };
  return { owner: sql`SELECT id FROM users WHERE id = ${input.user_id}`, spec };
}

/** The rooms a user belongs to, most recent activity first. */
export async function listRooms(db: Db, input: RoomsInput) {
  const q = roomsQueries(input);
  const [owner, list] = await Promise.all([
    db.execute(q.owner),
    pagedList(db, { ...q.spec, row: RoomDbRow }),
  ]);
  if (uncheckedRows(owner).length === 0) {
    throw userNotFound();
  }
  return { data: list.rows.map(presentRoom), total: list.total };
}

const roomSql = (roomId: number) => sql`SELECT ${SELECT_ROOM} WHERE r.id = ${roomId}`;
const memberSql = (roomId: number, userId: number) =>
  sql`SELECT 1 FROM chat_room_members WHERE room_id = ${roomId} AND user_id = ${userId}`;

export async function findRoom(db: Db, roomId: number): Promise<ChatRoom | null> {
  const [row] = rowsOf(RoomDbRow, await db.execute(roomSql(roomId)));
  return row ? presentRoom(row) : null;
}

export async function isRoomMember(db: Db, roomId: number, userId: number): Promise<boolean> {
  return uncheckedRows(await db.execute(memberSql(roomId, userId))).length > 0;
}

const ChatMessageDbRow = z.object({
  id: z.number(),
  room_id: z.number(),
  sender_id: z.number(),
  sender_username: z.string(),
  sender_avatar: z.string().nullable(),
  type: z.enum(CHAT_MESSAGE_TYPES),
  message: z.string().nullable(),
  media: z.string().nullable(),
  post_id: z.number().nullable(),
  post_title: z.string().nullable(),
  post_meta: z.array(ChatPostMedia),
  created_at: dbTime,
  updated_at: dbTime,
});
type ChatMessageDbRow = z.infer<typeof ChatMessageDbRow>;

function presentChatMessage(r: ChatMessageDbRow): ChatMessage {
  return {
    id: r.id,
    room_id: r.room_id,
    sender: { id: r.sender_id, username: r.sender_username, avatar: r.sender_avatar },
    type: r.type,
    message: r.message,
    media: r.media,
    post: r.post_id ? { id: r.post_id, title: r.post_title, post_meta: r.post_meta } : null,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

const CHAT_MESSAGE_COLUMNS = sql`cm.id, cm.room_id, cm.sender_id, s.username AS sender_username,
  s.avatar AS sender_avatar, cm.type, cm.message, cm.media, cm.post_id, p.title AS post_title,
  (SELECT coalesce(json_agg(json_build_object('id', pm.id, 'type', pm.type, 'image', pm.image,
      'title', pm.title) ORDER BY pm.position, pm.id), '[]'::json)
     FROM post_media pm WHERE pm.post_id = cm.post_id) AS post_meta,
  cm.created_at, cm.updated_at`;
const CHAT_MESSAGE_FROM = sql`chat_messages cm JOIN users s ON s.id = cm.sender_id LEFT JOIN posts p ON p.id = cm.post_id`;
const SELECT_CHAT_MESSAGE = sql`${CHAT_MESSAGE_COLUMNS} FROM ${CHAT_MESSAGE_FROM}`;

/**
 * chat-messages: the user's membership (404 when not a member), the room, and the list (the
 * floor's page with the exact total of the room's messages). Shared with the bench.
 */
export function roomMessagesQueries(input: RoomMessagesInput) {
  const spec: PagedListSpec = {
    select: CHAT_MESSAGE_COLUMNS,
    from: CHAT_MESSAGE_FROM,
    where: [sql`cm.room_id = ${input.room_id}`],
    order: sql`cm.created_at DESC, cm.id DESC`,
    input,
    counter: sql`SELECT count(*) FROM chat_messages WHERE room_id = ${input.room_id}`,
  };
  return { member: memberSql(input.room_id, input.user_id), room: roomSql(input.room_id), spec };
}

/** One page of a room of that user: page 0 holds the newest messages, each page oldest first. */
export async function listRoomMessages(db: Db, input: RoomMessagesInput) {
  const q = roomMessagesQueries(input);
  const [member, room, list] = await Promise.all([
    db.execute(q.member),
    db.execute(q.room),
    pagedList(db, { ...q.spec, row: ChatMessageDbRow }),
  ]);
  if (uncheckedRows(member).length === 0) {
    throw notFound('Chat room not found');
  }
  return {
    room: presentRoom(rowsOf(RoomDbRow, room)[0]),
    data: list.rows.map(presentChatMessage).reverse(),
    total: list.total,
  };
}

/** A member's text message in a room (sent over the gateway). */
export async function storeRoomMessage(db: Db, input: RoomMessageInput): Promise<ChatMessage> {
  const [row] = rowsOf(
    IdRow,
    await db.execute(sql`INSERT INTO chat_messages (room_id, sender_id, type, message)
      VALUES (${input.roomId}, ${input.senderId}, 'TEXT', ${input.message}) RETURNING id`),
  );
  await db.execute(sql`UPDATE chat_rooms SET last_message_at = now() WHERE id = ${input.roomId}`);
  const [full] = rowsOf(
    ChatMessageDbRow,
    await db.execute(sql`SELECT ${SELECT_CHAT_MESSAGE} WHERE cm.id = ${row.id}`),
  );
  chatMessagesSent.inc({ kind: 'room' });
  return presentChatMessage(full);
}

export async function roomMessagesSince(db: Db, roomId: number, sinceId: number, limit = 200) {
  return rowsOf(
    ChatMessageDbRow,
    await db.execute(sql`SELECT ${SELECT_CHAT_MESSAGE}
      WHERE cm.room_id = ${roomId} AND cm.id > ${sinceId} ORDER BY cm.id ASC LIMIT ${limit}`),
  ).map(presentChatMessage);
}
