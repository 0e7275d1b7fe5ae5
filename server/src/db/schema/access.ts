import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // A name is taken case-insensitively: adding or renaming a group probes this instead of reading
  // every group, and the list by name walks it.
  (t) => [index('groups_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const groupPermissions = pgTable(
  'group_permissions',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.permissionId] })],
);

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);

export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_groups_group_idx').on(t.groupId)],
);

/** Bearer tokens: only the SHA-256 of the token is stored. kind: admin (staff) or user (platform). */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('admin'),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** Signed in with a mailed one-time password: only change-password is open until it is done. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The second-factor policy applies and the account has none: only enrolling is open. */
    mustEnrol: boolean('must_enrol').notNull().default(false),
    /** Where the session was started from (the Sessions list of /account). */
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** How the sign-in was finished: email, totp, recovery or passkey. */
    method: text('method'),
    /** The pending passkey registration's WebAuthn challenge (one at a time per session). */
    passkeyChallenge: text('passkey_challenge'),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * The step between password and one-time code. key and code are stored hashed. expires_at is fixed
 * 10 minutes after the first code: a resend never extends it.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: serial('id').primaryKey(),
    keyHash: text('key_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    resends: integer('resends').notNull().default(0),
    lastSentAt: ts('last_sent_at').notNull().defaultNow(),
    /** The password step used a mailed one-time password: the session must change it first. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The WebAuthn challenge of passkey-login-options for this step, when asked. */
    passkeyChallenge: text('passkey_challenge'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('login_challenges_key').on(t.keyHash)],
);

/**
 * Sign-in limits: one row per counted thing (e.g. 'pw:acct:<name>', 'pw:ip:<addr>', 'otp:<user id>'),
 * bumped with one upsert so concurrent requests cannot slip past a limit. A row is dead once
 * window_ends_at and locked_until have passed (housekeeping may delete it).
 */
export const signInCounters = pgTable(
  'sign_in_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    windowEndsAt: ts('window_ends_at').notNull(),
    lockedUntil: ts('locked_until'),
  },
  (t) => [index('sign_in_counters_window_idx').on(t.windowEndsAt)],
);

/** Mailed one-time passwords (reset-password): hashed, 30 minutes, used once; the old password keeps working. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);
