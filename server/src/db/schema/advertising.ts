import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/** status: Draft, Pending, Approved, Declined, Running, Paused, Completed. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignName: text('campaign_name').notNull(),
    adSetName: text('ad_set_name'),
    status: text('status').notNull().default('Draft'),
    type: text('type').notNull().default('image'),
    goal: text('goal').notNull().default('CPC'),
    targetGender: text('target_gender'),
    targetAgeMinimum: integer('target_age_minimum'),
    targetAgeMaximum: integer('target_age_maximum'),
    autoInterest: boolean('auto_interest').notNull().default(false),
    locationType: text('location_type').notNull().default('regional'),
    targetRegion: jsonb('target_region').$type<{ location: string }[]>(),
    targetLocation: jsonb('target_location').$type<{
      address: string;
      latitude: number;
      longitude: number;
      radius: number;
    }>(),
    creativeAdTitle: text('creative_ad_title'),
    creativeAdUrl: text('creative_ad_url'),
    creativeAdDescription: text('creative_ad_description'),
    creativeAdButtonName: text('creative_ad_button_name'),
    creativeAdButtonColor: text('creative_ad_button_color'),
    creativeAdButtonTextColor: text('creative_ad_button_text_color'),
    creativeAdMediaPath: text('creative_ad_media_path'),
    thumbUrl: text('thumb_url'),
    paymentType: text('payment_type'),
    adStart: ts('ad_start'),
    adEnd: ts('ad_end'),
    totalAdBudget: money('total_ad_budget').notNull().default(0),
    perDayBudget: money('per_day_budget').notNull().default(0),
    costPerClick: money('cost_per_click').notNull().default(0),
    costPerView: money('cost_per_view').notNull().default(0),
    runningStatus: text('running_status'),
    declineReason: text('decline_reason'),
    spentOnView: money('spent_on_view').notNull().default(0),
    spentOnClick: money('spent_on_click').notNull().default(0),
    todaySpent: money('today_spent').notNull().default(0),
    isApproved: boolean('is_approved').notNull().default(false),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_user_idx').on(t.userId, t.createdAt),
    index('campaigns_status_created_idx').on(t.status, t.createdAt),
    index('campaigns_created_idx').on(t.createdAt),
    index('campaigns_name_trgm').using('gin', t.campaignName.op('gin_trgm_ops')),
    index('campaigns_user_id_idx').on(t.userId, t.id),
    // campaign-users by status and created range: read from the index alone (live campaigns).
    index('campaigns_live_status_created_idx')
      .on(t.status, t.createdAt, t.userId)
      .where(sql`deleted_at IS NULL`),
    // The campaigns list's default order (newest first, NULLS LAST as orderBy writes it): page 0 is
    // an ordered walk that stops at the page instead of a sort of every live campaign.
    index('campaigns_live_newest_idx')
      .on(t.createdAt.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`deleted_at IS NULL`),
  ],
);

/** Every status change and decline, with who made it and when. */
export const campaignStatusHistory = pgTable(
  'campaign_status_history',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    declineReason: text('decline_reason'),
    changedById: integer('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('campaign_status_history_campaign_idx').on(t.campaignId, t.createdAt)],
);

/** What happened to an ad: impression, view, click, like, comment, share, bookmark, profile_view, follow. */
export const campaignEvents = pgTable(
  'campaign_events',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    cost: money('cost').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('campaign_events_campaign_idx').on(t.campaignId, t.createdAt)],
);

/** Calendar events: a pricing or delivery setting for one day, global (user_id null) or per customer. */
export const campaignSettings = pgTable(
  'campaign_settings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    settingKey: text('setting_key').notNull(),
    settingLabel: text('setting_label').notNull(),
    settingValue: numeric('setting_value', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    dateFrom: ts('date_from').notNull(),
    dateTo: ts('date_to').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('campaign_settings_date_idx').on(t.dateFrom, t.userId)],
);

/** Default prices the platform charges, by goal (CPC or CPV). */
export const campaignCharges = pgTable('campaign_charges', {
  id: serial('id').primaryKey(),
  goal: text('goal').notNull().unique(),
  costPerClick: money('cost_per_click').notNull().default(0),
  costPerView: money('cost_per_view').notNull().default(0),
  minDailyBudget: money('min_daily_budget').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const interests = pgTable(
  'interests',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('interests_name_key').on(t.name)],
);

export const campaignInterests = pgTable(
  'campaign_interests',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    interestId: integer('interest_id')
      .notNull()
      .references(() => interests.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.interestId] }),
    index('campaign_interests_interest_idx').on(t.interestId),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    amount: money('amount').notNull(),
    transactionType: text('transaction_type').notNull(),
    stripeTransactionId: text('stripe_transaction_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('transactions_created_idx').on(t.createdAt, t.id),
    index('transactions_type_created_idx').on(t.transactionType, t.createdAt),
    // Keyword search finds customers and campaigns first, then their transactions by these,
    // narrowed by type and date inside the index.
    index('transactions_user_idx').on(t.userId, t.transactionType, t.createdAt),
    index('transactions_campaign_idx').on(t.campaignId, t.transactionType, t.createdAt),
  ],
);
