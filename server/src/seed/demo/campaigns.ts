import { sql } from 'drizzle-orm';
import { campaignCharges, campaignInterests, campaigns, interests } from '../../db/schema';
import { INTERESTS } from '../wordlists';
import { seedCampaignEvents, seedStatusHistory } from './campaign-activity';
import { type CampaignPlan, campaignRow, planCampaign } from './campaign-plan';
import { DAY, type DemoContext, type DemoUser } from './context';
import { insertIds, insertMany } from './insert';

export interface DemoCampaigns {
  advertisers: DemoUser[];
  plans: CampaignPlan[];
  /** The inserted rows, in the order of `plans` (total budgets as updated after the events). */
  campaignRows: (typeof campaigns.$inferInsert)[];
  campaignIds: number[];
}

/**
 * Interests, campaign charges, advertisers and their campaigns in every status, with status
 * history, events and the spend that follows from them.
 */
export async function seedCampaigns(
  ctx: DemoContext,
  alive: DemoUser[],
  staffId: Map<string, number>,
  volume: number,
): Promise<DemoCampaigns> {
  const { db, rng, at, after } = ctx;
  const interestIds = await insertIds(
    db,
    interests,
    INTERESTS.map((name) => {
      const created = at(rng.int(100, 500) * DAY);
      return { name, createdAt: created, updatedAt: rng.chance(0.3) ? after(created) : created };
    }),
  );
  // A few interests stay unused so they can be deleted on the Interest screen.
  const usableInterests = interestIds.slice(0, interestIds.length - 5);
  await db
    .insert(campaignCharges)
    .values([
      { goal: 'CPC', costPerClick: 0.45, costPerView: 0, minDailyBudget: 5 },
      { goal: 'CPV', costPerClick: 0, costPerView: 0.05, minDailyBudget: 5 },
    ])
    .onConflictDoNothing();

  const advertisers = rng.sample(
    alive.filter((u) => !u.suspended),
    Math.max(3, Math.min(15, Math.round(alive.length / 20))),
  );
  await db.execute(
    sql`UPDATE users SET is_advertise_enabled = true WHERE id IN (${sql.join(
      advertisers.map((a) => sql`${a.id}`),
      sql`, `,
    )})`,
  );
  const campaignCount = Math.max(14, Math.round(alive.length / 6));
  const marketingStaff = [
    staffId.get('daniel.marketing')!,
    staffId.get('sofia.marketing')!,
    ctx.superAdminId,
  ];
  const plans: CampaignPlan[] = [];
  const campaignRows: (typeof campaigns.$inferInsert)[] = [];
  const campaignInterestRows: { index: number; interestId: number }[] = [];
  for (let c = 0; c < campaignCount; c++) {
    const plan = planCampaign(ctx, c, plans);
    plans.push(plan);
    const owner = advertisers[c % advertisers.length];
    campaignRows.push(campaignRow(ctx, c, plan, owner, usableInterests, campaignInterestRows));
  }
  const campaignIds = await insertIds(db, campaigns, campaignRows, 500);
  await insertMany(
    db,
    campaignInterests,
    campaignInterestRows.map((r) => ({ campaignId: campaignIds[r.index], interestId: r.interestId })),
  );
  await seedStatusHistory(ctx, plans, campaignIds, campaignRows, marketingStaff);
  await seedCampaignEvents(ctx, plans, campaignIds, campaignRows, alive, volume);
  await updateSpend(ctx, plans, campaignIds, campaignRows);
  return { advertisers, plans, campaignRows, campaignIds };
}

/** The campaigns' spend from their events, and the total budgets the events changed. */
async function updateSpend(
  ctx: DemoContext,
  plans: CampaignPlan[],
  campaignIds: number[],
  campaignRows: (typeof campaigns.$inferInsert)[],
): Promise<void> {
  await ctx.db.execute(sql`
    UPDATE campaigns c SET
      spent_on_view = s.v, spent_on_click = s.k, today_spent = s.t
    FROM (
      SELECT campaign_id,
        coalesce(sum(cost) FILTER (WHERE kind = 'view'), 0) AS v,
        coalesce(sum(cost) FILTER (WHERE kind = 'click'), 0) AS k,
        coalesce(sum(cost) FILTER (WHERE created_at >= date_trunc('day', now())), 0) AS t
      FROM campaign_events GROUP BY campaign_id
    ) s
    WHERE s.campaign_id = c.id`);
  const budgets = plans.flatMap((p, c) =>
    p.status === 'Completed' || p.status === 'Paused'
      ? [sql`(${campaignIds[c]}::int, ${campaignRows[c].totalAdBudget}::numeric)`]
      : [],
  );
  if (budgets.length) {
    await ctx.db.execute(sql`
      UPDATE campaigns c SET total_ad_budget = v.budget
      FROM (VALUES ${sql.join(budgets, sql`, `)}) AS v(id, budget) WHERE v.id = c.id`);
  }
}
