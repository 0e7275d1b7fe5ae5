import { campaignEvents, campaignStatusHistory, type campaigns } from '../../db/schema';
import { DECLINE_REASONS } from '../wordlists';
import type { CampaignPlan } from './campaign-plan';
import { DAY, type DemoContext, type DemoUser, HOUR, MINUTE } from './context';
import { insertMany } from './insert';

/** Status history: how each campaign got to where it is. */
export async function seedStatusHistory(
  ctx: DemoContext,
  plans: CampaignPlan[],
  campaignIds: number[],
  campaignRows: (typeof campaigns.$inferInsert)[],
  marketingStaff: (number | null)[],
): Promise<void> {
  const { rng, now } = ctx;
  const historyRows: (typeof campaignStatusHistory.$inferInsert)[] = [];
  plans.forEach((p, c) => {
    const id = campaignIds[c];
    const by = rng.pick(marketingStaff);
    const created = p.createdAt.getTime();
    const push = (
      status: string,
      t: number,
      declineReason: string | null = null,
      changedById: number | null = by,
    ) =>
      historyRows.push({
        campaignId: id,
        status,
        declineReason,
        changedById,
        createdAt: new Date(Math.min(t, now)),
      });
    push('Draft', created, null, null);
    if (p.status === 'Draft') {
      return;
    }
    push('Pending', created + 10 * MINUTE, null, null);
    if (p.status === 'Declined') {
      if (rng.chance(0.5)) {
        push('Declined', created + 6 * HOUR, rng.pick(DECLINE_REASONS));
        push('Pending', created + 20 * HOUR, null, null);
      }
      push('Declined', created + 26 * HOUR, campaignRows[c].declineReason ?? DECLINE_REASONS[0]);
      return;
    }
    if (p.status === 'Pending') {
      return;
    }
    push('Approved', Math.min(created + rng.int(2, 20) * HOUR, p.start - HOUR));
    if (p.status === 'Approved') {
      return;
    }
    push('Running', p.start, null, null);
    if (p.status === 'Paused') {
      push('Paused', p.stop);
    } else if (p.status === 'Completed') {
      push('Completed', p.stop, null, null);
    }
  });
  await insertMany(ctx.db, campaignStatusHistory, historyRows);
}

const EVENT_KINDS = [
  ['like', 30],
  ['comment', 8],
  ['share', 8],
  ['bookmark', 10],
  ['profile_view', 14],
  ['follow', 6],
] as const;

/**
 * Events: what happened each day a campaign ran, capped by its daily budget. Sets the total
 * budget of campaigns that ended or paused (in `campaignRows`) to what their spend needs.
 */
export async function seedCampaignEvents(
  ctx: DemoContext,
  plans: CampaignPlan[],
  campaignIds: number[],
  campaignRows: (typeof campaigns.$inferInsert)[],
  alive: DemoUser[],
  volume: number,
): Promise<void> {
  const { rng, now, at } = ctx;
  const eventRows: (typeof campaignEvents.$inferInsert)[] = [];
  const viewers = alive.filter((u) => u.lat !== null);
  plans.forEach((p, c) => {
    if (!['Running', 'Paused', 'Completed'].includes(p.status)) {
      return;
    }
    const id = campaignIds[c];
    const isVideo = campaignRows[c].type === 'raw_video';
    const totalBudget = Number(campaignRows[c].totalAdBudget);
    let spent = 0;
    for (let day = p.start; day < p.stop; day += DAY) {
      const dayEnd = Math.min(day + DAY, p.stop, now);
      const todayRun = now - day < DAY;
      const cap = p.overspendToday && todayRun ? p.perDay * 1.05 : p.perDay;
      let daySpent = 0;
      const impressions = Math.max(2, Math.round(rng.int(4, 12) * volume));
      for (let k = 0; k < impressions; k++) {
        const t = new Date(day + Math.floor(rng.next() * (dayEnd - day)));
        const viewer = rng.pick(viewers);
        eventRows.push({ campaignId: id, userId: viewer.id, kind: 'impression', cost: 0, createdAt: t });
        if (isVideo && rng.chance(0.55)) {
          const cost = p.goal === 'CPV' && daySpent + p.cpv <= cap ? p.cpv : 0;
          daySpent += cost;
          eventRows.push({ campaignId: id, userId: viewer.id, kind: 'view', cost, createdAt: t });
        }
        if (rng.chance(p.overspendToday && todayRun ? 0.9 : 0.12)) {
          const cost = p.goal === 'CPC' && daySpent + p.cpc <= cap ? p.cpc : 0;
          daySpent += cost;
          eventRows.push({ campaignId: id, userId: viewer.id, kind: 'click', cost, createdAt: t });
        }
        if (rng.chance(0.15)) {
          eventRows.push({
            campaignId: id,
            userId: viewer.id,
            kind: rng.weighted(EVENT_KINDS),
            cost: 0,
            createdAt: t,
          });
        }
      }
      if (p.overspendToday && todayRun && daySpent < p.perDay) {
        // make "Per day budget exceed" visible on the list: today's spend reaches the daily budget
        const cost = Number((p.perDay - daySpent + 0.5).toFixed(2));
        eventRows.push({
          campaignId: id,
          userId: rng.pick(viewers).id,
          kind: p.goal === 'CPC' ? 'click' : 'view',
          cost,
          createdAt: at(MINUTE),
        });
        daySpent += cost;
      }
      spent += daySpent;
    }
    if (p.budgetCompleted) {
      // this one ended because the budget ran out (remaining under $1)
      campaignRows[c].totalAdBudget = Number((spent + 0.4).toFixed(2));
    } else if (p.status === 'Completed' || p.status === 'Paused') {
      campaignRows[c].totalAdBudget = Math.max(totalBudget, Math.ceil(spent + 5));
    }
  });
  await insertMany(ctx.db, campaignEvents, eventRows, 2000);
}
