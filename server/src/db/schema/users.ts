import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Platform users and backend staff (is_admin) share one table, as the spec's profile screens do. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    username: text('username').notNull(),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    gender: text('gender'),
    dob: date('dob', { mode: 'string' }),
    address: text('address'),
    currentLocation: text('current_location'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isSupAdmin: boolean('is_sup_admin').notNull().default(false),
    isSuspended: boolean('is_suspended').notNull().default(false),
    isAdvertiseEnabled: boolean('is_advertise_enabled').notNull().default(false),
    autoFollow: boolean('auto_follow').notNull().default(false),
    followersCount: integer('followers_count').notNull().default(0),
    followingsCount: integer('followings_count').notNull().default(0),
    lastInteracted: ts('last_interacted'),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_name_idx').on(t.name, t.id),
    index('users_created_idx').on(t.createdAt, t.id),
    // The users list (active platform users) pages by name or by date: partial indexes let a deep
    // page and the total be index-only scans instead of visiting every row (issue 3 benchmark).
    index('users_active_name_idx').on(t.name, t.id).where(sql`${t.deletedAt} IS NULL AND NOT ${t.isAdmin}`),
    // Deleted users are a few among millions: their list's name order, and their rows for a search's
    // bitmap (ANDed with the trigram one) without visiting every match.
    index('users_deleted_name_idx')
      .on(t.name, t.id)
      .where(sql`${t.deletedAt} IS NOT NULL AND NOT ${t.isAdmin}`),
    index('users_active_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL AND NOT ${t.isAdmin}`),
    index('users_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('users_username_trgm').using('gin', t.username.op('gin_trgm_ops')),
    index('users_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
    index('users_location_idx').on(t.latitude, t.longitude),
    // Every sort the users lists offer walks an index and stops at the page (issue 12); the nullable
    // columns sort NULLS LAST both ways, so each direction has its own index.
    index('users_username_idx').on(t.username, t.id),
    index('users_email_idx').on(t.email.asc().nullsLast(), t.id.asc()),
    index('users_email_desc_idx').on(t.email.desc().nullsLast(), t.id.desc()),
    index('users_last_interacted_idx').on(t.lastInteracted.asc().nullsLast(), t.id.asc()),
    index('users_last_interacted_desc_idx').on(t.lastInteracted.desc().nullsLast(), t.id.desc()),
    // Staff are a handful among millions: their list reads these few rows and sorts them.
    index('users_backend_idx').on(t.id).where(sql`${t.isAdmin}`),
    // Search terms of 1-2 characters match the first characters of a name or username (trigrams
    // need 3). Keyed by those characters, then by the other column: a name-sorted page of the users
    // whose username starts with 'ma' (and the reverse) is an ordered walk that stops at the page,
    // where a walk of the name index would pass half the table first (Ma... and ma.... go together).
    // The same-column pages walk users_name_idx / users_username_idx from the prefix on. (No
    // INCLUDE of the other column: with both names in one index, the planner walks all of it for a
    // long term's ILIKE instead of using the trigram indexes; migration 0007.)
    index('users_name_p1_idx').on(sql`lower(left(${t.name}, 1))`, t.username, t.id),
    index('users_name_p2_idx').on(sql`lower(left(${t.name}, 2))`, t.username, t.id),
    index('users_username_p1_idx').on(sql`lower(left(${t.username}, 1))`, t.name, t.id),
    index('users_username_p2_idx').on(sql`lower(left(${t.username}, 2))`, t.name, t.id),
  ],
);

/** A phone or tablet a platform user signed in from; carries the push token. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceType: text('device_type').notNull(),
    deviceOs: text('device_os'),
    appVersion: text('app_version'),
    pushToken: text('push_token'),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('devices_user_idx').on(t.userId, t.lastUsedAt),
    index('devices_type_idx').on(t.deviceType, t.id),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followingId: integer('following_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followingId] }),
    // Each ends in the other side's id: a user's follows page newest first without a sort, and a
    // keyword's total reads the members from the index alone (db/subset-search.ts).
    index('follows_following_idx').on(t.followingId, t.createdAt, t.followerId),
    index('follows_follower_idx').on(t.followerId, t.createdAt, t.followingId),
  ],
);

export const userReports = pgTable(
  'user_reports',
  {
    id: serial('id').primaryKey(),
    reportedUserId: integer('reported_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedById: integer('reported_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('user_reports_created_idx').on(t.createdAt),
    index('user_reports_user_idx').on(t.reportedUserId),
  ],
);
