import { z } from 'zod';
import { defineCall } from '../call';
import { Envelope, Id, Int, MAX_ID, Num, Page, Text, Timestamp } from '../common';
import { DIRECT_MESSAGE_PAGE, MAX_PAGE_LIMIT, PAGE_SIZE } from '../constants';

/** Message kinds of a conversation (spec 01 section 2, Conversation). */
export const CHAT_MESSAGE_TYPES = ['TEXT', 'AUDIO', 'IMAGE', 'VIDEO', 'POST'] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

export const ChatRoom = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  channel: z.string(),
  last_message: z
    .object({ message: z.string().nullable(), type: z.enum(CHAT_MESSAGE_TYPES) })
    .nullable()
    .describe('The newest message of the room, null when it has none'),
  last_message_at: Timestamp.nullable(),
  members: z.array(z.object({ id: z.number().int(), username: z.string(), avatar: z.string().nullable() })),
});
export type ChatRoom = z.infer<typeof ChatRoom>;

export const ChatPostMedia = z.object({
  id: z.number().int(),
  type: z.string().describe('raw_video plays as a video; anything else is an image'),
  image: z.string(),
  title: z.string().nullable(),
});

export const ChatMessage = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  sender: z.object({ id: z.number().int(), username: z.string(), avatar: z.string().nullable() }),
  type: z.enum(CHAT_MESSAGE_TYPES),
  message: z.string().nullable(),
  media: z.string().nullable().describe('URL of the audio, image or video'),
  post: z
    .object({
      id: z.number().int(),
      title: z.string().nullable(),
      post_meta: z.array(ChatPostMedia),
    })
    .nullable()
    .describe('The shared post of a POST message'),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const DIRECT_MESSAGE_SENDERS = ['ADMIN', 'USER'] as const;

export const DirectMessage = z.object({
  id: z.number().int(),
  user_id: z.number().int().describe('The platform user the thread belongs to'),
  sender_id: z.number().int(),
  sender_name: z.string(),
  from: z.enum(DIRECT_MESSAGE_SENDERS).describe('ADMIN: written by staff; USER: by the platform user'),
  avatar: z.string().nullable().describe("The sender's avatar"),
  message: z.string(),
  timestamp: z.string().nullable().describe('The time the sender gave when sending'),
  created_at: Timestamp,
  delivered_at: Timestamp.nullable().describe('When a device of the recipient acknowledged it'),
  read_at: Timestamp.nullable(),
  status: z.enum(['read', 'unread']),
});
export type DirectMessage = z.infer<typeof DirectMessage>;

export const DirectMessagePeer = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  last_seen: Timestamp.nullable().describe('Last time the user was active (connected, sent, read)'),
});

const UserId = Id.describe('The platform user whose profile is open');
const MessageText = Text({ error: 'Message is required' })
  .trim()
  .min(1, 'Message is required')
  .max(5000, 'Message is at most 5000 characters');

export const ChatRoomsRequest = z.object({
  user_id: UserId,
  page: Page,
  page_limit: Int(1, MAX_PAGE_LIMIT).default(PAGE_SIZE),
});

export const ChatMessagesRequest = z.object({
  user_id: UserId,
  room_id: Id,
  page: Page,
  page_limit: Int(1, MAX_PAGE_LIMIT).default(20),
});

export const DirectMessagesRequest = z.object({
  user_id: UserId,
  page: Page.describe('Zero-based page counted from the newest message; ignored with before_id or after_id'),
  limit: Int(1, MAX_PAGE_LIMIT).default(DIRECT_MESSAGE_PAGE),
  before_id: Id.optional().describe(
    'Older page: the messages just before this id (stable while new ones arrive)',
  ),
  after_id: Int(0, MAX_ID)
    .optional()
    .describe('Catch-up: the messages after this id, oldest first (after a reconnect)'),
});

export const SendDirectMessageRequest = z.object({
  user_id: UserId,
  message: MessageText,
  timestamp: z
    .union([Text().trim().min(1).max(64), Num(-1e15, 1e15)])
    .optional()
    .transform((v) => (v === undefined ? undefined : String(v)))
    .describe('Client send time; a retry with the same timestamp and text is not stored twice'),
});

export const chatCalls = {
  chatRooms: defineCall({
    method: 'GET',
    path: 'chat-rooms',
    permission: 'conversation',
    summary: "A platform user's chat rooms, newest activity first, with their last message",
    request: ChatRoomsRequest,
    response: Envelope.extend({ data: z.array(ChatRoom), total: z.number().int() }),
  }),
  chatMessages: defineCall({
    method: 'GET',
    path: 'chat-messages',
    permission: 'conversation',
    summary: 'Messages of one room of that user, page 0 newest; each page oldest first',
    request: ChatMessagesRequest,
    response: Envelope.extend({ room: ChatRoom, data: z.array(ChatMessage), total: z.number().int() }),
  }),
  directMessages: defineCall({
    method: 'GET',
    path: 'direct-messages',
    permission: 'user_profile',
    summary: 'The staff <-> user thread, 10 at a time from the newest; each page oldest first',
    request: DirectMessagesRequest,
    response: Envelope.extend({
      user: DirectMessagePeer,
      data: z.array(DirectMessage),
      total: z.number().int(),
    }),
  }),
  sendDirectMessage: defineCall({
    method: 'POST',
    path: 'direct-messages',
    audit: { target: 'user', id: 'user_id' },
    permission: 'user_profile',
    summary: 'Store a staff message to a platform user, then deliver it live (TEXT on user:<id>)',
    request: SendDirectMessageRequest,
    response: Envelope.extend({ data: DirectMessage }),
  }),
  issueUserChatToken: defineCall({
    method: 'POST',
    path: 'user-chat-token',
    audit: { target: 'user', id: 'user_id' },
    summary:
      'Super admins only: a platform-user (USER) token for the chat gateway, as the mobile API would ' +
      'issue, to drive the user side of a chat in demos and tests (also: npm run user-token)',
    request: z.object({ user_id: UserId }),
    response: Envelope.extend({
      data: z.object({ token: z.string(), username: z.string(), usertype: z.literal('USER') }),
    }),
  }),
};
