import { z } from 'zod';
import type { AccessRequestEvent } from './calls/access-requests';
import { ChatMessage, DirectMessage } from './calls/chat';
import type { ModerationEvent } from './calls/moderation';
import { Id, Int, MAX_ID, Num, Text } from './common';

/**
 * The chat gateway's socket events (socket.io on the app's own server). Event names the spec gives
 * are kept verbatim: emitted join, typing, send_message; received typing, user_left, join, TEXT.
 * read, delivered and leave complete read receipts, delivery acknowledgements and leaving a tab.
 *
 * Channels (socket.io rooms): `user:<id>` is the direct-message thread of platform user <id> (their
 * own sockets are in it from connect; staff join it when they open the user's Direct Message tab);
 * `room:<id>` is a conversation between platform users (members and staff with `conversation`).
 */
export const REALTIME_PATH = '/socket.io';

export const CHAT_USER_TYPES = ['ADMIN', 'USER'] as const;
export type ChatUserType = (typeof CHAT_USER_TYPES)[number];

export const ChatChannel = Text()
  .regex(/^(user|room):[1-9]\d{0,9}$/, 'channel must be user:<id> or room:<id>')
  .refine((c) => parseChannel(c) !== null, 'channel id must be at most 2147483647')
  .describe('user:<id> (direct-message thread) or room:<id> (conversation)');

export const userChannel = (userId: number) => `user:${userId}`;
export const roomChannel = (roomId: number) => `room:${roomId}`;

/** Parses `user:12` / `room:7`; null when it is neither. */
export function parseChannel(channel: string): { kind: 'user' | 'room'; id: number } | null {
  const m = /^(user|room):([1-9]\d{0,9})$/.exec(channel);
  return m && Number(m[2]) <= MAX_ID ? { kind: m[1] as 'user' | 'room', id: Number(m[2]) } : null;
}

/** What the handshake carries (socket.io `auth` payload; headers authorization/username/usertype also work). */
export const ChatHandshakeAuth = z.object({
  token: Text().min(1).describe('Bearer token: a staff session (ADMIN) or a platform-user token (USER)'),
  username: Text().min(1).describe('Must be the username the token belongs to'),
  usertype: z.enum(CHAT_USER_TYPES),
});
export type ChatHandshakeAuth = z.infer<typeof ChatHandshakeAuth>;

// ---- client -> server ----

export const ChatJoinRequest = z.object({
  channel: ChatChannel,
  user: Text()
    .max(200)
    .optional()
    .describe("The sender's username (spec field; the handshake is authoritative)"),
  token: Text().max(500).optional().describe('Spec field; the handshake token is authoritative'),
  usertype: z.enum(CHAT_USER_TYPES).optional(),
  since: Int(0, MAX_ID)
    .optional()
    .describe('Newest message id the client already has; newer ones come back in the ack as missed'),
});
export type ChatJoinRequest = z.input<typeof ChatJoinRequest>;

export const ChatLeaveRequest = z.object({ channel: ChatChannel });
export type ChatLeaveRequest = z.input<typeof ChatLeaveRequest>;

export const ChatTypingRequest = z.object({
  channel: ChatChannel,
  typing: z.boolean().default(true).describe('false when the text box is cleared or sent'),
});
export type ChatTypingRequest = z.input<typeof ChatTypingRequest>;

export const ChatSendMessageRequest = z.object({
  to: z
    .union([ChatChannel, Id])
    .describe(
      'Staff: user:<id> or the platform user id. Platform user: user:<own id> (or any staff id) for the ' +
        'support thread, room:<id> for a conversation they belong to',
    ),
  user: Text().max(200).optional().describe("Sender's username (spec field; the handshake is authoritative)"),
  socket_id: Text()
    .max(200)
    .optional()
    .describe('Spec field; the sending socket never gets its own TEXT back'),
  message: Text({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(5000, 'Message is at most 5000 characters'),
  timestamp: z
    .union([Text().trim().min(1).max(64), Num(-1e15, 1e15)])
    .optional()
    .transform((v) => (v === undefined ? undefined : String(v))),
});
export type ChatSendMessageRequest = z.input<typeof ChatSendMessageRequest>;

export const ChatReadRequest = z.object({
  channel: ChatChannel.describe('user:<id>: the direct-message thread being read'),
  up_to_id: Id.describe('Every message of the other side up to this id is read'),
});
export type ChatReadRequest = z.input<typeof ChatReadRequest>;

export const ChatDeliveredRequest = z.object({
  ids: z.array(Id).min(1).max(500),
});
export type ChatDeliveredRequest = z.input<typeof ChatDeliveredRequest>;

export type ChatAck<T = object> = ({ ok: true } & T) | { ok: false; error: string };

export interface ChatClientEvents {
  join: (req: ChatJoinRequest, ack?: (res: ChatAck<ChatJoinAck>) => void) => void;
  leave: (req: ChatLeaveRequest, ack?: (res: ChatAck) => void) => void;
  typing: (req: ChatTypingRequest) => void;
  send_message: (req: ChatSendMessageRequest, ack?: (res: ChatAck<{ data: ChatTextEvent }>) => void) => void;
  read: (req: ChatReadRequest, ack?: (res: ChatAck<{ ids: number[] }>) => void) => void;
  delivered: (req: ChatDeliveredRequest, ack?: (res: ChatAck<{ ids: number[] }>) => void) => void;
  /** Staff with moderation_desk: join the desk's room (live reports, claims, decisions). */
  moderation_watch: (req: Record<string, never>, ack?: (res: ChatAck) => void) => void;
  /** Staff with user_permissions_update: hear every new and answered access request. */
  access_requests_watch: (req: Record<string, never>, ack?: (res: ChatAck) => void) => void;
}

// ---- server -> client ----

export const ChatPresenceUser = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type ChatPresenceUser = z.infer<typeof ChatPresenceUser>;

export const ChatPresenceEvent = z.object({
  channel: z.string(),
  user: ChatPresenceUser,
  usertype: z.enum(CHAT_USER_TYPES),
});
export type ChatPresenceEvent = z.infer<typeof ChatPresenceEvent>;

export const ChatTypingEvent = ChatPresenceEvent.extend({ typing: z.boolean() });
export type ChatTypingEvent = z.infer<typeof ChatTypingEvent>;

export const ChatTextEvent = z.discriminatedUnion('kind', [
  z.object({ channel: z.string(), kind: z.literal('direct'), data: DirectMessage }),
  z.object({ channel: z.string(), kind: z.literal('room'), data: ChatMessage }),
]);
export type ChatTextEvent = z.infer<typeof ChatTextEvent>;

export const ChatReadEvent = z.object({
  channel: z.string(),
  user_id: z.number().int().describe('The thread (platform user id)'),
  reader: z
    .enum(CHAT_USER_TYPES)
    .describe('Who read: USER read staff messages, ADMIN read the user messages'),
  ids: z.array(z.number().int()),
  read_at: z.string(),
});
export type ChatReadEvent = z.infer<typeof ChatReadEvent>;

export const ChatDeliveredEvent = z.object({
  channel: z.string(),
  ids: z.array(z.number().int()),
  delivered_at: z.string(),
});
export type ChatDeliveredEvent = z.infer<typeof ChatDeliveredEvent>;

export interface ChatJoinAck {
  channel: string;
  /** Whether the platform user of a user:<id> channel has a live socket (any server process). */
  online: boolean;
  /** Messages newer than `since`, oldest first (at most 200); empty without `since`. */
  missed: ChatTextEvent[];
}

export interface ChatServerEvents {
  join: (e: ChatPresenceEvent) => void;
  user_left: (e: ChatPresenceEvent) => void;
  typing: (e: ChatTypingEvent) => void;
  TEXT: (e: ChatTextEvent) => void;
  read: (e: ChatReadEvent) => void;
  delivered: (e: ChatDeliveredEvent) => void;
  moderation: (e: ModerationEvent) => void;
  /** A request made or answered: to the reviewers' room, and an answer to the requester's own sockets. */
  access_request: (e: AccessRequestEvent) => void;
}

export interface ChatSocketData {
  userId: number;
  username: string;
  name: string;
  avatar: string | null;
  usertype: ChatUserType;
  token: string;
  /** When the socket connected (ms): the newest of a user's sockets over the limit is the one closed. */
  connectedAt: number;
}
