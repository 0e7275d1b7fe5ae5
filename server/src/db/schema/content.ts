import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Something a user shared from a search result; reported, viewed, liked and bookmarked by others. */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    description: text('description'),
    website: text('website'),
    searchTerm: text('search_term'),
    type: text('type').notNull().default('image'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    clicksCount: integer('clicks_count').notNull().default(0),
    viewsCount: integer('views_count').notNull().default(0),
    sharesCount: integer('shares_count').notNull().default(0),
    bookmarksCount: integer('bookmarks_count').notNull().default(0),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('posts_user_idx').on(t.userId, t.createdAt), index('posts_created_idx').on(t.createdAt)],
);

export const postMedia = pgTable(
  'post_media',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('image'),
    image: text('image').notNull(),
    title: text('title'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('post_media_post_idx').on(t.postId, t.position)],
);

export const postReports = pgTable(
  'post_reports',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
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
    index('post_reports_created_idx').on(t.createdAt),
    index('post_reports_post_idx').on(t.postId),
    index('post_reports_case_idx').on(t.caseId, t.reportedById),
  ],
);

export const postViews = pgTable(
  'post_views',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('post_views_post_idx').on(t.postId)],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** A user's saved post ("favourites" in the API). */
export const bookmarks = pgTable(
  'bookmarks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('bookmarks_user_idx').on(t.userId, t.id)],
);

/** One search a user ran in the app, with the result it kept (image, site, title). */
export const searches = pgTable(
  'searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    searchTerm: text('search_term').notNull(),
    website: text('website'),
    type: text('type').notNull().default('image'),
    title: text('title'),
    description: text('description'),
    image: text('image'),
    thumbUrl: text('thumb_url'),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('searches_created_idx').on(t.createdAt, t.id),
    index('searches_type_created_idx').on(t.type, t.createdAt, t.id),
    index('searches_user_idx').on(t.userId, t.createdAt),
    index('searches_term_trgm').using('gin', t.searchTerm.op('gin_trgm_ops')),
    // Every offered sort walks an index; a 1-2 character term, lower(left(search_term, n)) = term,
    // is one key of these, its matches in the term order.
    index('searches_updated_idx').on(t.updatedAt, t.id),
    index('searches_term_idx').on(t.searchTerm, t.id),
    index('searches_type_id_idx').on(t.type, t.id),
    index('searches_term_p1_idx').on(sql`lower(left(${t.searchTerm}, 1))`, t.searchTerm, t.id),
    index('searches_term_p2_idx').on(sql`lower(left(${t.searchTerm}, 2))`, t.searchTerm, t.id),
  ],
);

/**
 * Searches per UTC day, kept by statement triggers on searches (migration 0001), so the dashboard
 * reads a few thousand rows instead of millions. kind 'all' (label '') counts every search; 'term'
 * and 'website' count the live (not deleted) ones under lower(trim(search_term)) / lower(website).
 */
export const searchDailyCounts = pgTable(
  'search_daily_counts',
  {
    kind: text('kind').notNull(),
    day: date('day').notNull(),
    label: text('label').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day, t.label] })],
);

/** Static pages (data_key = page name) and operational flags (ENRICHMENT_SERVICE, URL_MAX_RETRY). */
export const staticSettings = pgTable('static_settings', {
  dataKey: text('data_key').primaryKey(),
  data: text('data').notNull(),
  updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** The page HTML was sanitised when stored (every save does; rows from other tools are once, on first read). */
  sanitized: boolean('sanitized').notNull().default(false),
});

export const dashboardWidgets = pgTable(
  'dashboard_widgets',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    widgetJson: jsonb('widget_json').notNull().$type<{ id: string; permission: string; content: string }[]>(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);
