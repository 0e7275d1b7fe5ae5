import type { CampaignInsight, calls, InputOf } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { dbTime, rowsOf } from '../../db/sql';
import { dayAfter, dayStart, loadCampaign } from './campaign-row';

const AGE_RANGES: { age: string; min: number; max: number }[] = [
  { age: '13-17', min: 13, max: 17 },
  { age: '18-24', min: 18, max: 24 },
  { age: '25-34', min: 25, max: 34 },
  { age: '35-44', min: 35, max: 44 },
  { age: '45-54', min: 45, max: 54 },
  { age: '55-64', min: 55, max: 64 },
  { age: '65+', min: 65, max: 200 },
];

const Count = z.object({ n: z.number() });
const KindRow = z.object({ kind: z.string(), n: z.number(), cost: z.number() });
const Audience = z.object({
  male: z.number(),
  female: z.number(),
  // Age in years: users of that age.
  ages: z.record(z.string(), z.number()).nullable(),
});
const Location = z.object({ name: z.string(), n: z.number() });
const Decline = z.object({
  decline_reason: z.string(),
  created_at: dbTime,
  declined_by: z.string().nullable(),
});

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Insight of a campaign from its events in [start_date, end_date] (whole days, UTC): counters by
 * kind, the audience of the users it reached (gender, age from date of birth, location), spend,
 * and every decline with who made it.
 */
export async function campaignInsights(db: Db, input: InputOf<typeof calls.campaignInsights>) {
  const campaign = await loadCampaign(db, input.id);
  const range: SQL[] = [sql`e.campaign_id = ${input.id}`];
  if (input.start_date) {
    range.push(sql`e.created_at >= ${dayStart(input.start_date)}::timestamptz`);
  }
  if (input.end_date) {
    range.push(sql`e.created_at < ${dayAfter(input.end_date)}::timestamptz`);
  }
  const where = sql.join(range, sql` AND `);
  const kinds = rowsOf(
    KindRow,
    await db.execute(sql`
      SELECT e.kind, count(*)::int AS n, coalesce(sum(e.cost), 0)::float8 AS cost
        FROM campaign_events e WHERE ${where} GROUP BY e.kind`),
  );
  const count = (k: string) => Number(kinds.find((r) => r.kind === k)?.n ?? 0);
  const spend = kinds.reduce((s, r) => s + Number(r.cost), 0);
  const clickCost = Number(kinds.find((r) => r.kind === 'click')?.cost ?? 0);

  const reached = sql`SELECT DISTINCT e.user_id FROM campaign_events e WHERE ${where} AND e.user_id IS NOT NULL`;
  const [audience] = rowsOf(
    Audience,
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE lower(u.gender) = 'male')::int AS male,
             count(*) FILTER (WHERE lower(u.gender) = 'female')::int AS female,
             (SELECT json_object_agg(a, n) FROM (
                SELECT date_part('year', age(u2.dob::date))::int AS a, count(*)::int AS n
                  FROM (${reached}) r2 JOIN users u2 ON u2.id = r2.user_id
                 WHERE u2.dob IS NOT NULL GROUP BY 1) x) AS ages
        FROM (${reached}) r JOIN users u ON u.id = r.user_id`),
  );
  const locations = rowsOf(
    Location,
    await db.execute(sql`
      SELECT coalesce(nullif(u.current_location, ''), nullif(u.address, '')) AS name, count(*)::int AS n
        FROM (${reached}) r JOIN users u ON u.id = r.user_id
       WHERE coalesce(nullif(u.current_location, ''), nullif(u.address, '')) IS NOT NULL
       GROUP BY 1 ORDER BY n DESC, name LIMIT 5`),
  );
  const locatedTotal = rowsOf(
    Count,
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
  const reach = rowsOf(
    Count,
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
  return { insight, decline_history: await declineHistory(db, input.id) };
}

/** Every decline of a campaign with who made it, newest first. */
async function declineHistory(db: Db, id: number) {
  const declines = rowsOf(
    Decline,
    await db.execute(sql`
      SELECT h.decline_reason, h.created_at, s.name AS declined_by
        FROM campaign_status_history h LEFT JOIN users s ON s.id = h.changed_by_id
       WHERE h.campaign_id = ${id} AND h.status = 'Declined' AND h.decline_reason IS NOT NULL
       ORDER BY h.created_at DESC, h.id DESC`),
  );
  return declines.map((d) => ({
    decline_reason: d.decline_reason,
    created_at: new Date(d.created_at).toISOString(),
    declined_by: d.declined_by,
  }));
}
