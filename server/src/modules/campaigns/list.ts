import type { calls, InputOf } from '@admin/contract';
// The campaign list and the list of customers having campaigns, under the same filters.
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { likePattern, orderBy, type PagedListSpec, pagedList, searchMatch } from '../../db/sql';
import { dayAfter, dayStart, SELECT_CAMPAIGN } from './campaign-row';
import { CampaignDbRow, presentCampaign } from './presenters';

type CampaignsListInput = InputOf<typeof calls.campaignsList>;
type CampaignUsersInput = InputOf<typeof calls.campaignUsers>;
/** The filters of both lists (only the campaigns list has a customer and an approval filter). */
type CampaignFilterInput = Omit<
  CampaignUsersInput,
  'query' | 'page' | 'page_limit' | 'order_by' | 'direction'
> &
  Partial<Pick<CampaignsListInput, 'userId' | 'isApproved'>>;

/** The filter of campaigns `c` (and `u`, their customer, when a keyword is given): which campaigns
 * (live or deleted, the set a counter counts) and the user's filters. */
function campaignFilterParts(f: CampaignFilterInput): { where: SQL[]; filters: (SQL | undefined)[] } {
  return {
    where: [f.deleted ? sql`c.deleted_at IS NOT NULL` : sql`c.deleted_at IS NULL`],
    filters: [
      f.userId ? sql`c.user_id = ${f.userId}` : undefined,
      f.ad_name ? sql`c.campaign_name ILIKE ${likePattern(f.ad_name)}` : undefined,
      f.keyword ? searchMatch(f.keyword, [sql`u.name`, sql`u.username`]) : undefined,
      f.capnStatus && f.capnStatus !== 'All' ? sql`c.status = ${f.capnStatus}` : undefined,
      f.start_date ? sql`c.created_at >= ${dayStart(f.start_date)}::timestamptz` : undefined,
      f.end_date ? sql`c.created_at < ${dayAfter(f.end_date)}::timestamptz` : undefined,
      f.isApproved === undefined ? undefined : sql`c.is_approved = ${f.isApproved}`,
    ],
  };
}

/** WHERE clause over campaigns `c` (and `u`, their customer, when a keyword is given). */
function campaignFilter(f: CampaignFilterInput): SQL {
  const { where, filters } = campaignFilterParts(f);
  return sql.join([...where, ...filters.filter((x): x is SQL => x !== undefined)], sql` AND `);
}

const CAMPAIGN_ORDER: Record<string, SQL> = {
  id: sql`c.id`,
  campaign_name: sql`c.campaign_name`,
  ad_set_name: sql`c.ad_set_name`,
  created_at: sql`c.created_at`,
  ad_start: sql`c.ad_start`,
  ad_end: sql`c.ad_end`,
  status: sql`c.status`,
  total_ad_budget: sql`c.total_ad_budget`,
};

/** One page of campaigns and the total under the same filter. */
export async function listCampaigns(db: Db, input: CampaignsListInput, now: Date) {
  const { rows, ...total } = await pagedList(db, {
    select: SELECT_CAMPAIGN,
    from: sql`campaigns c JOIN users u ON u.id = c.user_id`,
    ...campaignFilterParts(input),
    order: orderBy(CAMPAIGN_ORDER[input.order_by] ?? CAMPAIGN_ORDER.created_at, sql`c.id`, input.direction, {
      nullable: true,
    }),
    input,
    counter: input.deleted ? 'campaigns:deleted' : 'campaigns',
    countFrom: input.keyword ? undefined : sql`campaigns c`,
    row: CampaignDbRow,
  });
  return { data: rows.map((r) => presentCampaign(r, now)), ...total };
}

const CUSTOMER_ORDER: Record<string, SQL> = {
  id: sql`u.id`,
  name: sql`u.name`,
  username: sql`u.username`,
  email: sql`u.email`,
  created_at: sql`u.created_at`,
};

/**
 * Customers having campaigns under the filter, each with how many, on the list floor: the matching
 * campaigns grouped by customer, the page of them joined to users; the total of customers exact.
 * Exported so the benchmark times exactly this.
 */
export function campaignUsersSpec(input: CampaignUsersInput) {
  const where = campaignFilter(input);
  const join = input.keyword ? sql`JOIN users u ON u.id = c.user_id` : sql``;
  const dir = input.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const column = CUSTOMER_ORDER[input.order_by];
  return {
    select: sql`u.id, u.name, u.username, u.email, u.phone, u.avatar, m.n AS campaigns_count`,
    from: sql`(SELECT c.user_id, count(*)::int AS n FROM campaigns c ${join} WHERE ${where} GROUP BY c.user_id) m
      JOIN users u ON u.id = m.user_id`,
    order:
      input.order_by === 'id' || !column
        ? sql`m.user_id ${dir}`
        : sql`${column} ${dir} NULLS LAST, u.id ${dir}`,
    input,
    counter: sql`SELECT count(DISTINCT c.user_id) FROM campaigns c ${join} WHERE ${where}`,
  } satisfies PagedListSpec;
}

/** Customers having campaigns under the filter, each with how many, and how many customers in all. */
export async function listCampaignUsers(db: Db, input: CampaignUsersInput) {
  const Customer = z.object({
    id: z.number(),
    name: z.string(),
    username: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    avatar: z.string().nullable(),
    campaigns_count: z.number(),
  });
  const { rows, total } = await pagedList(db, { ...campaignUsersSpec(input), row: Customer });
  return {
    data: rows,
    totalCampaigns: total,
  };
}
