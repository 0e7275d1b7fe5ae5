import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { posts } from './content';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A conversation between platform users (one-to-one or a group), read by staff. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    name: text('name'),
    channel: text('channel').notNull(),
    lastMessageAt: ts('last_message_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_rooms_channel_key').on(t.channel)],
);

export const chatRoomMembers = pgTable(
  'chat_room_members',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_room_members_user_idx').on(t.userId)],
);

/** type: TEXT, AUDIO, IMAGE, VIDEO or POST (then post_id names the shared post). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('TEXT'),
    message: text('message'),
    media: text('media'),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('chat_messages_room_idx').on(t.roomId, t.createdAt)],
);

/** Staff <-> platform user messages. user_id is the platform user the thread belongs to. */
export const directMessages = pgTable(
  'direct_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    clientTimestamp: text('client_timestamp'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** When a device of the recipient acknowledged it (only tracked for staff -> user messages). */
    deliveredAt: ts('delivered_at'),
    readAt: ts('read_at'),
  },
  (t) => [
    index('direct_messages_user_idx').on(t.userId, t.createdAt),
    index('direct_messages_thread_idx').on(t.userId, t.id),
  ],
);

export const conversationAccessRequests = pgTable(
  'conversation_access_requests',
  {
    id: serial('id').primaryKey(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message'),
    status: text('status').notNull().default('pending'),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    /** The answer's note to the requester (shown on the page and mailed). */
    note: text('note'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('conversation_access_requests_status_idx').on(t.status, t.createdAt)],
);
