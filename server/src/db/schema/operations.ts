import {
  boolean,
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
import { posts } from './content';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const signupCodes = pgTable(
  'signup_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    usedCount: integer('used_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('signup_codes_code_key').on(t.code)],
);

/**
 * A push notification job. The worker walks matching devices by id from `cursor`, so a restart
 * resumes where it stopped. status: queued, running, done, failed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    occupants: text('occupants').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('queued'),
    total: integer('total').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    cursor: integer('cursor').notNull().default(0),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    lockedUntil: ts('locked_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('notifications_status_idx').on(t.status)],
);

/** Force-update rule per platform: notify_for_update 0 none, 1 alert, 2 force below app_version. */
export const appVersionSettings = pgTable('app_version_settings', {
  deviceType: text('device_type').primaryKey(),
  appVersion: text('app_version').notNull(),
  notifyForUpdate: integer('notify_for_update').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A link the app could not read (curl) and that the enrichment service retried. */
export const failedUrls = pgTable(
  'failed_urls',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    host: text('host').notNull(),
    deviceType: text('device_type'),
    deviceOs: text('device_os'),
    failedInCurl: boolean('failed_in_curl').notNull().default(true),
    scrapByScript: boolean('scrap_by_script').notNull().default(false),
    failedInEnrichment: boolean('failed_in_enrichment').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
    lastRetriedAt: ts('last_retried_at'),
  },
  (t) => [
    index('failed_urls_created_idx').on(t.createdAt),
    index('failed_urls_host_idx').on(t.host, t.createdAt),
    index('failed_urls_host_trgm').using('gin', t.host.op('gin_trgm_ops')),
  ],
);

/** App usage the local analytics provider counts: session_start, screen_view, search, sign_up. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionId: text('session_id'),
    event: text('event').notNull(),
    platform: text('platform'),
    country: text('country'),
    pagePath: text('page_path'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('analytics_events_created_idx').on(t.createdAt, t.event)],
);

/**
 * Users map clusters precomputed per zoom level (grid cells of 64 screen pixels), rebuilt from
 * users' positions in the background when older than a minute, so a view of a million located
 * users reads a few hundred rows. user_id is the lone user of a cell when n = 1.
 */
export const mapCells = pgTable(
  'map_cells',
  {
    zoom: integer('zoom').notNull(),
    cx: integer('cx').notNull(),
    cy: integer('cy').notNull(),
    n: integer('n').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    userId: integer('user_id'),
    builtAt: ts('built_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.zoom, t.cx, t.cy] })],
);
