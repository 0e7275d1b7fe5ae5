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
    index('users_created_idx').on(t.createdAt, t.id),
    // The users list (active platform users) pages by name or by date: partial indexes let a deep
    // page and the total be index-only scans instead of visiting every row (issue 3 benchmark).
    index('users_active_name_idx').on(t.name, t.id).where(sql`${t.deletedAt} IS NULL AND NOT ${t.isAdmin}`),
    // Deleted users are a few among millions: their list's name order, and a search's matches among
    // them alone, 3+ characters and 1-2, these in name order like the active ones below (the indexes
    // over every user read a common term's 116,000 matches at 1M, or a letter's 75,000, to find the
    // 2 % deleted).
    index('users_deleted_name_idx')
      .on(t.name, t.id)
      .where(sql`${t.deletedAt} IS NOT NULL AND NOT ${t.isAdmin}`),
    ...(['name', 'username'] as const).flatMap((col) => [
      index(`users_deleted_${col}_trgm`)
        .using('gin', t[col].op('gin_trgm_ops'))
        .where(sql`${t.deletedAt} IS NOT NULL AND NOT ${t.isAdmin}`),
      ...[1, 2].map((n) =>
        index(`users_deleted_${col}_p${n}_idx`)
          .on(sql`lower(left(${t[col]}, ${sql.raw(String(n))}))`, t.name, t.id)
          .where(sql`${t.deletedAt} IS NOT NULL AND NOT ${t.isAdmin}`),
      ),
    ]),
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
    // A 1-2 character term matches the first characters of a name or username in any case,
    // lower(left(column, n)) = term: each column's matches in name order (the users list's default),
    // so a page reads its rows and stops (db/list-search.ts); any other sort reads them all from here.
    // They end with the lists' own columns: the index tells a deleted or staff row without visiting
    // it, and PostgreSQL reads the name ones alone rather than walking users_active_name_idx for a
    // term it takes to be spread along it.
    ...(['name', 'username'] as const).flatMap((col) =>
      [1, 2].map((n) =>
        index(`users_${col}_p${n}_idx`).on(
          sql`lower(left(${t[col]}, ${sql.raw(String(n))}))`,
          t.name,
          t.id,
          t.deletedAt,
          t.isAdmin,
        ),
      ),
    ),
    // The email's first characters, looked up by the lists that search it (followers, staff, posts):
    // a rare 1-2 character term reads its few users here instead of probing every follower.
    index('users_email_p1_idx').on(sql`lower(left(${t.email}, 1))`),
    index('users_email_p2_idx').on(sql`lower(left(${t.email}, 2))`),
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
    // keyword's total reads the members from the index alone (the followers lists, modules/profile).
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
    /** Its moderation case (filed by a trigger, see moderation.ts); resolved when the case is decided. */
    caseId: integer('case_id'),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    index('user_reports_created_idx').on(t.createdAt),
    index('user_reports_user_idx').on(t.reportedUserId),
    index('user_reports_case_idx').on(t.caseId, t.reportedById),
  ],
);
