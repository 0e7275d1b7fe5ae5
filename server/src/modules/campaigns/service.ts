import {
  CALENDAR_MAX_EVENTS_PER_DAY,
  CAMPAIGN_SETTING_GLOBAL_ONLY,
  CAMPAIGN_SETTING_TYPES,
  type CampaignInsight,
  type CampaignSettingType,
} from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likePattern, orderBy, pagedList, rowsOf, searchMatch } from '../../db/sql';
import { auditChanges } from '../../http/audit';
import { badRequest, conflict, notFound, userNotFound } from '../../http/errors';
import {
  type CampaignDbRow,
  type ChargeDbRow,
  presentCampaign,
  presentCampaignDetail,
  presentCharge,
  presentSetting,
  type SettingDbRow,
} from './presenters';

export interface CampaignFilterInput {
  ad_name?: string;
  keyword?: string;
  capnStatus?: string;
  start_date?: string;
  end_date?: string;
  deleted?: boolean;
  userId?: number;
  isApproved?: boolean;
}

interface ListPaging {
  page: number;
  page_limit: number;
  direction: 'asc' | 'desc';
}

/** The start of a UTC day, and the start of the day after (for inclusive end dates). */
export const dayStart = (d: string) => `${d}T00:00:00Z`;
export const dayAfter = (d: string) => {
  const t = new Date(`${d}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString();
};

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
export function campaignFilter(f: CampaignFilterInput): SQL {
  const { where, filters } = campaignFilterParts(f);
  return sql.join([...where, ...filters.filter((x): x is SQL => x !== undefined)], sql` AND `);
}

const SELECT_CAMPAIGN = sql`c.*, u.username, u.name AS customer_name,
  (SELECT coalesce(json_agg(json_build_object('name', i.name) ORDER BY i.name), '[]'::json)
     FROM campaign_interests ci JOIN interests i ON i.id = ci.interest_id
    WHERE ci.campaign_id = c.id) AS interest`;

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
export async function listCampaigns(db: Db, input: CampaignFilterInput & ListPaging & { order_by: string }) {
  const { rows, ...total } = await pagedList<CampaignDbRow>(db, {
    select: SELECT_CAMPAIGN,
    from: sql`campaigns c JOIN users u ON u.id = c.user_id`,
    ...campaignFilterParts(input),
    order: orderBy(CAMPAIGN_ORDER[input.order_by] ?? CAMPAIGN_ORDER.created_at, sql`c.id`, input.direction, {
      nullable: true,
    }),
    input,
    counter: input.deleted ? 'campaigns:deleted' : 'campaigns',
    countFrom: input.keyword ? undefined : sql`campaigns c`,
  });
  return { data: rows.map(presentCampaign), ...total };
}

const CUSTOMER_ORDER: Record<string, SQL> = {
  id: sql`u.id`,
  name: sql`u.name`,
  username: sql`u.username`,
  email: sql`u.email`,
  created_at: sql`u.created_at`,
};

export type CampaignUsersInput = CampaignFilterInput & ListPaging & { order_by: string };

/**
 * The page of customers, each with its campaign count, and the total as a window count. Sorted by
 * id (the default) the page is cut from the grouped campaigns before any user row is read.
 */
export function campaignUsersPageSql(input: CampaignUsersInput): SQL {
  const where = campaignFilter(input);
  const join = input.keyword ? sql`JOIN users u ON u.id = c.user_id` : sql``;
  const dir = input.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const limit = sql`LIMIT ${input.page_limit} OFFSET ${input.page * input.page_limit}`;
  const grouped = sql`SELECT c.user_id, count(*)::int AS n FROM campaigns c ${join} WHERE ${where} GROUP BY c.user_id`;
  if (input.order_by === 'id' || !CUSTOMER_ORDER[input.order_by]) {
    return sql`
      WITH p AS (
        SELECT m.user_id, m.n, count(*) OVER ()::int AS total FROM (${grouped}) m
         ORDER BY m.user_id ${dir} ${limit}
      )
      SELECT u.id, u.name, u.username, u.email, u.phone, u.avatar, p.n AS campaigns_count, p.total
        FROM p JOIN users u ON u.id = p.user_id
       ORDER BY p.user_id ${dir}`;
  }
  const order = sql`${CUSTOMER_ORDER[input.order_by]} ${dir} NULLS LAST, u.id ${dir}`;
  return sql`
    WITH m AS (${grouped})
    SELECT u.id, u.name, u.username, u.email, u.phone, u.avatar, m.n AS campaigns_count,
           count(*) OVER ()::int AS total
      FROM m JOIN users u ON u.id = m.user_id
     ORDER BY ${order} ${limit}`;
}

/** Customers under the filter, for a page past the end (which carries no window count). */
export function campaignUsersCountSql(input: CampaignFilterInput): SQL {
  const join = input.keyword ? sql`JOIN users u ON u.id = c.user_id` : sql``;
  return sql`SELECT count(DISTINCT c.user_id)::int AS n FROM campaigns c ${join} WHERE ${campaignFilter(input)}`;
}

/**
 * Customers having campaigns under the filter, each with how many, and how many customers in all.
 * One pass groups the matching campaigns by customer; the total rides along as a window count.
 */
export async function listCampaignUsers(db: Db, input: CampaignUsersInput) {
  const rows = rowsOf<{
    id: number;
    name: string;
    username: string;
    email: string | null;
    phone: string | null;
    avatar: string | null;
    campaigns_count: number;
    total: number;
  }>(await db.execute(campaignUsersPageSql(input)));
  let total = rows[0]?.total;
  if (total === undefined) {
    total = rowsOf<{ n: number }>(await db.execute(campaignUsersCountSql(input)))[0].n;
  }
  return {
    data: rows.map(({ total: _t, ...r }) => ({ ...r, campaigns_count: Number(r.campaigns_count) })),
    totalCampaigns: Number(total),
  };
}

async function loadCampaign(db: Db, id: number): Promise<CampaignDbRow> {
  const rows = rowsOf<CampaignDbRow>(
    await db.execute(sql`
      SELECT ${SELECT_CAMPAIGN}, u.email AS customer_email, u.avatar AS customer_avatar
        FROM campaigns c JOIN users u ON u.id = c.user_id WHERE c.id = ${id}`),
  );
  if (!rows[0]) {
    throw notFound('Campaign not found');
  }
  return rows[0];
}

export async function campaignDetails(db: Db, id: number) {
  return presentCampaignDetail(await loadCampaign(db, id));
}

/**
 * Sets a status chosen by staff and records who did it and when. Approved marks the campaign
 * approved; Pending and Declined take the approval back; Declined keeps its reason.
 */
export async function changeCampaignStatus(
  db: Db,
  input: { id: number; status: string; decline_reason?: string },
  staffId: number,
) {
  await db.transaction(async (tx) => {
    const found = rowsOf<{ deleted_at: Date | null; status: string; decline_reason: string | null }>(
      await tx.execute(
        sql`SELECT deleted_at, status, decline_reason FROM campaigns WHERE id = ${input.id} FOR UPDATE`,
      ),
    );
    if (!found[0]) {
      throw notFound('Campaign not found');
    }
    if (found[0].deleted_at) {
      throw conflict('A deleted campaign cannot change status');
    }
    const approval =
      input.status === 'Approved' ? sql`true` : input.status === 'Paused' ? sql`is_approved` : sql`false`;
    const reason = input.status === 'Declined' ? sql`${input.decline_reason}` : sql`decline_reason`;
    await tx.execute(sql`
      UPDATE campaigns SET status = ${input.status}, is_approved = ${approval}, decline_reason = ${reason},
             updated_at = now()
       WHERE id = ${input.id}`);
    await tx.execute(sql`
      INSERT INTO campaign_status_history (campaign_id, status, decline_reason, changed_by_id)
      VALUES (${input.id}, ${input.status},
              ${input.status === 'Declined' ? (input.decline_reason ?? null) : null}, ${staffId})`);
    auditChanges(
      { status: found[0].status, decline_reason: found[0].decline_reason },
      {
        status: input.status,
        decline_reason: input.status === 'Declined' ? input.decline_reason : found[0].decline_reason,
      },
    );
  });
  return presentCampaign(await loadCampaign(db, input.id));
}

/** Approves a campaign: the flag, and the status when it was waiting or declined. */
export async function approveCampaign(db: Db, id: number, staffId: number) {
  await db.transaction(async (tx) => {
    const found = rowsOf<{ deleted_at: Date | null; is_approved: boolean; status: string }>(
      await tx.execute(
        sql`SELECT deleted_at, is_approved, status FROM campaigns WHERE id = ${id} FOR UPDATE`,
      ),
    );
    if (!found[0]) {
      throw notFound('Campaign not found');
    }
    if (found[0].deleted_at) {
      throw conflict('A deleted campaign cannot be approved');
    }
    if (found[0].is_approved) {
      throw conflict('Campaign is already approved');
    }
    const status = ['Draft', 'Pending', 'Declined'].includes(found[0].status) ? 'Approved' : found[0].status;
    await tx.execute(sql`
      UPDATE campaigns SET is_approved = true, status = ${status}, updated_at = now() WHERE id = ${id}`);
    auditChanges({ is_approved: false, status: found[0].status }, { is_approved: true, status });
    await tx.execute(sql`
      INSERT INTO campaign_status_history (campaign_id, status, changed_by_id)
      VALUES (${id}, 'Approved', ${staffId})`);
  });
  return presentCampaign(await loadCampaign(db, id));
}

const AGE_RANGES: { age: string; min: number; max: number }[] = [
  { age: '13-17', min: 13, max: 17 },
  { age: '18-24', min: 18, max: 24 },
  { age: '25-34', min: 25, max: 34 },
  { age: '35-44', min: 35, max: 44 },
  { age: '45-54', min: 45, max: 54 },
  { age: '55-64', min: 55, max: 64 },
  { age: '65+', min: 65, max: 200 },
];

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Insight of a campaign from its events in [start_date, end_date] (whole days, UTC): counters by
 * kind, the audience of the users it reached (gender, age from date of birth, location), spend,
 * and every decline with who made it.
 */
export async function campaignInsights(
  db: Db,
  input: { id: number; start_date?: string; end_date?: string },
) {
  const campaign = await loadCampaign(db, input.id);
  const range: SQL[] = [sql`e.campaign_id = ${input.id}`];
  if (input.start_date) {
    range.push(sql`e.created_at >= ${dayStart(input.start_date)}::timestamptz`);
  }
  if (input.end_date) {
    range.push(sql`e.created_at < ${dayAfter(input.end_date)}::timestamptz`);
  }
  const where = sql.join(range, sql` AND `);
  const kinds = rowsOf<{ kind: string; n: number; cost: number }>(
    await db.execute(sql`
      SELECT e.kind, count(*)::int AS n, coalesce(sum(e.cost), 0)::float8 AS cost
        FROM campaign_events e WHERE ${where} GROUP BY e.kind`),
  );
  const count = (k: string) => Number(kinds.find((r) => r.kind === k)?.n ?? 0);
  const spend = kinds.reduce((s, r) => s + Number(r.cost), 0);
  const clickCost = Number(kinds.find((r) => r.kind === 'click')?.cost ?? 0);

  const reached = sql`SELECT DISTINCT e.user_id FROM campaign_events e WHERE ${where} AND e.user_id IS NOT NULL`;
  const [audience] = rowsOf<{ male: number; female: number; ages: Record<string, number> | null }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE lower(u.gender) = 'male')::int AS male,
             count(*) FILTER (WHERE lower(u.gender) = 'female')::int AS female,
             (SELECT json_object_agg(a, n) FROM (
                SELECT date_part('year', age(u2.dob::date))::int AS a, count(*)::int AS n
                  FROM (${reached}) r2 JOIN users u2 ON u2.id = r2.user_id
                 WHERE u2.dob IS NOT NULL GROUP BY 1) x) AS ages
        FROM (${reached}) r JOIN users u ON u.id = r.user_id`),
  );
  const locations = rowsOf<{ name: string; n: number }>(
    await db.execute(sql`
      SELECT coalesce(nullif(u.current_location, ''), nullif(u.address, '')) AS name, count(*)::int AS n
        FROM (${reached}) r JOIN users u ON u.id = r.user_id
       WHERE coalesce(nullif(u.current_location, ''), nullif(u.address, '')) IS NOT NULL
       GROUP BY 1 ORDER BY n DESC, name LIMIT 5`),
  );
  const locatedTotal = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM (${reached}) r JOIN users u ON u.id = r.user_id
       WHERE coalesce(nullif(u.current_location, ''), nullif(u.address, '')) IS NOT NULL`),
  )[0].n;

  const ages = Object.entries(audience?.ages ?? {}).map(([a, n]) => ({ a: Number(a), n: Number(n) }));
  const agesTotal = ages.reduce((s, x) => s + x.n, 0);
  const male = Number(audience?.male ?? 0);
  const female = Number(audience?.female ?? 0);

  const reachFilter: SQL[] = [sql`u.deleted_at IS NULL`, sql`NOT u.is_admin`];
  if (campaign.target_gender && ['male', 'female'].includes(campaign.target_gender.toLowerCase())) {
    reachFilter.push(sql`lower(u.gender) = ${campaign.target_gender.toLowerCase()}`);
  }
  if (campaign.target_age_minimum) {
    reachFilter.push(sql`u.dob <= (current_date - make_interval(years => ${campaign.target_age_minimum}))`);
  }
  if (campaign.target_age_maximum) {
    reachFilter.push(
      sql`u.dob > (current_date - make_interval(years => ${campaign.target_age_maximum + 1}))`,
    );
  }
  const reach = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM users u WHERE ${sql.join(reachFilter, sql` AND `)}`),
  )[0].n;

  const impressions = count('impression');
  const clicks = count('click');
  const budget = Number(campaign.total_ad_budget);
  const insight: CampaignInsight = {
    bookmarks: count('bookmark'),
    clicks,
    comments: count('comment'),
    likes: count('like'),
    shares: count('share'),
    views: count('view'),
    social: { profile_views: count('profile_view'), follows: count('follow') },
    audience: {
      gender: { male: pct(male, male + female), female: pct(female, male + female) },
      age_range: AGE_RANGES.map((r) => ({
        age: r.age,
        percentage: pct(
          ages.filter((x) => x.a >= r.min && x.a <= r.max).reduce((s, x) => s + x.n, 0),
          agesTotal,
        ),
      })),
      location: locations.map((l) => ({ name: l.name, percentage: pct(Number(l.n), Number(locatedTotal)) })),
    },
    commerce: {
      impressions,
      views: count('view'),
      engagements: count('like') + count('comment') + count('share') + count('bookmark') + clicks,
      clicks,
      potential_reach: Number(reach),
    },
    budget: {
      budgetSpend: round2(spend),
      spendPercentage: budget > 0 ? round2((spend / budget) * 100) : 0,
      cost_per_impression: impressions > 0 ? round2(spend / impressions) : 0,
      cost_per_click: clicks > 0 ? round2(clickCost / clicks) : 0,
    },
  };
  const declines = rowsOf<{ decline_reason: string; created_at: Date | string; declined_by: string | null }>(
    await db.execute(sql`
      SELECT h.decline_reason, h.created_at, s.name AS declined_by
        FROM campaign_status_history h LEFT JOIN users s ON s.id = h.changed_by_id
       WHERE h.campaign_id = ${input.id} AND h.status = 'Declined' AND h.decline_reason IS NOT NULL
       ORDER BY h.created_at DESC, h.id DESC`),
  );
  return {
    insight,
    decline_history: declines.map((d) => ({
      decline_reason: d.decline_reason,
      created_at: new Date(d.created_at).toISOString(),
      declined_by: d.declined_by,
    })),
  };
}

// --- charges ---------------------------------------------------------------------------------

export async function listCharges(db: Db) {
  const rows = rowsOf<ChargeDbRow>(await db.execute(sql`SELECT * FROM campaign_charges ORDER BY goal`));
  return rows.map(presentCharge);
}

export async function createCharge(
  db: Db,
  input: { goal: string; cost_per_click: number; cost_per_view: number; min_daily_budget: number },
) {
  const rows = rowsOf<ChargeDbRow>(
    await db.execute(sql`
      INSERT INTO campaign_charges (goal, cost_per_click, cost_per_view, min_daily_budget)
      VALUES (${input.goal}, ${input.cost_per_click}, ${input.cost_per_view}, ${input.min_daily_budget})
      ON CONFLICT (goal) DO NOTHING RETURNING *`),
  );
  if (!rows[0]) {
    throw conflict(`goal: charges for ${input.goal} already exist; edit them instead`);
  }
  return presentCharge(rows[0]);
}

export async function updateCharge(
  db: Db,
  input: { id: number; cost_per_click?: number; cost_per_view?: number; min_daily_budget?: number },
) {
  const rows = rowsOf<ChargeDbRow>(
    await db.execute(sql`
      UPDATE campaign_charges SET
        cost_per_click = coalesce(${input.cost_per_click ?? null}::numeric, cost_per_click),
        cost_per_view = coalesce(${input.cost_per_view ?? null}::numeric, cost_per_view),
        min_daily_budget = coalesce(${input.min_daily_budget ?? null}::numeric, min_daily_budget),
        updated_at = now()
      WHERE id = ${input.id} RETURNING *`),
  );
  if (!rows[0]) {
    throw notFound('Campaign charge not found');
  }
  return presentCharge(rows[0]);
}

// --- calendar settings -----------------------------------------------------------------------

const scopeOf = (userId: number | null | undefined) =>
  userId ? sql`user_id = ${userId}` : sql`user_id IS NULL`;

export async function listSettings(
  db: Db,
  input: { start_date: string; end_date: string; user_id?: number },
) {
  if (input.end_date < input.start_date) {
    throw badRequest('end_date: must not be before start_date');
  }
  const rows = rowsOf<SettingDbRow>(
    await db.execute(sql`
      SELECT id, user_id, setting_key, setting_label, setting_value, date_from, date_to
        FROM campaign_settings
       WHERE ${scopeOf(input.user_id)}
         AND date_from >= ${dayStart(input.start_date)}::timestamptz
         AND date_from < ${dayAfter(input.end_date)}::timestamptz
       ORDER BY date_from, id`),
  );
  return rows.map(presentSetting);
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * Adds or edits the setting of one day. A day holds each type once and at most 4 settings; the
 * per-day lock makes the limit hold under concurrent saves too.
 */
export async function saveSetting(
  db: Db,
  input: {
    id?: number;
    date_from: string;
    date_to: string;
    setting_key: CampaignSettingType;
    setting_value: number;
    user_id?: number | null;
  },
) {
  const day = input.date_from.slice(0, 10);
  if (Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    throw badRequest('date_from: must be a date YYYY-MM-DD HH:mm:ss');
  }
  if (input.date_to.slice(0, 10) !== day) {
    throw badRequest('date_to: must be the same day as date_from');
  }
  if (day < todayUtc()) {
    throw badRequest('date_from: settings can only be added for today or later');
  }
  const userId = input.user_id ?? null;
  if (userId && CAMPAIGN_SETTING_GLOBAL_ONLY.includes(input.setting_key)) {
    throw badRequest(`setting_key: ${input.setting_key} cannot be set for a single user`);
  }
  const saved = await db.transaction(async (tx) => {
    if (userId) {
      const u = rowsOf(
        await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} AND deleted_at IS NULL`),
      );
      if (u.length === 0) {
        throw userNotFound();
      }
    }
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`campaign-settings:${userId ?? 0}:${day}`}))`,
    );
    if (input.id) {
      const own = rowsOf(
        await tx.execute(sql`SELECT 1 FROM campaign_settings WHERE id = ${input.id} AND ${scopeOf(userId)}`),
      );
      if (own.length === 0) {
        throw notFound('Campaign setting not found');
      }
    }
    const sameDay = rowsOf<{ id: number; setting_key: string }>(
      await tx.execute(sql`
        SELECT id, setting_key FROM campaign_settings
         WHERE ${scopeOf(userId)} AND date_from >= ${dayStart(day)}::timestamptz
           AND date_from < ${dayAfter(day)}::timestamptz AND id <> ${input.id ?? 0}`),
    );
    if (!input.id && sameDay.length >= CALENDAR_MAX_EVENTS_PER_DAY) {
      throw conflict(`A day holds at most ${CALENDAR_MAX_EVENTS_PER_DAY} settings`);
    }
    if (sameDay.some((s) => s.setting_key === input.setting_key)) {
      throw conflict(`setting_key: ${CAMPAIGN_SETTING_TYPES[input.setting_key]} is already set for ${day}`);
    }
    const label = CAMPAIGN_SETTING_TYPES[input.setting_key];
    const from = dayStart(day);
    const to = `${day}T23:59:59Z`;
    const rows = input.id
      ? await tx.execute(sql`
          UPDATE campaign_settings SET setting_key = ${input.setting_key}, setting_label = ${label},
                 setting_value = ${input.setting_value}, date_from = ${from}::timestamptz,
                 date_to = ${to}::timestamptz
           WHERE id = ${input.id}
           RETURNING id, user_id, setting_key, setting_label, setting_value, date_from, date_to`)
      : await tx.execute(sql`
          INSERT INTO campaign_settings (user_id, setting_key, setting_label, setting_value, date_from, date_to)
          VALUES (${userId}, ${input.setting_key}, ${label}, ${input.setting_value},
                  ${from}::timestamptz, ${to}::timestamptz)
          RETURNING id, user_id, setting_key, setting_label, setting_value, date_from, date_to`);
    return rowsOf<SettingDbRow>(rows)[0];
  });
  return presentSetting(saved);
}

export async function deleteSetting(db: Db, id: number) {
  const rows = rowsOf(await db.execute(sql`DELETE FROM campaign_settings WHERE id = ${id} RETURNING id`));
  if (rows.length === 0) {
    throw notFound('Campaign setting not found');
  }
}
