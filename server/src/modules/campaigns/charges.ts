// What a campaign costs per goal (charges), edited by staff.
import type { calls, InputOf } from '@admin/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignCharges } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { presentCharge } from './presenters';

export async function listCharges(db: Db) {
  const rows = await db.select().from(campaignCharges).orderBy(campaignCharges.goal);
  return rows.map(presentCharge);
}

export async function createCharge(db: Db, input: InputOf<typeof calls.campaignChargesCreate>) {
  const [row] = await db
    .insert(campaignCharges)
    .values({
      goal: input.goal,
      costPerClick: input.cost_per_click,
      costPerView: input.cost_per_view,
      minDailyBudget: input.min_daily_budget,
    })
    .onConflictDoNothing({ target: campaignCharges.goal })
    .returning();
  if (!row) {
    throw conflict(`goal: charges for ${input.goal} already exist; edit them instead`);
  }
  return presentCharge(row);
}

export async function updateCharge(db: Db, input: InputOf<typeof calls.campaignChargesUpdate>) {
  // A price left out keeps its value.
  const [row] = await db
    .update(campaignCharges)
    .set({
      ...(input.cost_per_click === undefined ? {} : { costPerClick: input.cost_per_click }),
      ...(input.cost_per_view === undefined ? {} : { costPerView: input.cost_per_view }),
      ...(input.min_daily_budget === undefined ? {} : { minDailyBudget: input.min_daily_budget }),
      updatedAt: sql`now()`,
    })
    .where(eq(campaignCharges.id, input.id))
    .returning();
  if (!row) {
    throw notFound('Campaign charge not found');
  }
  return presentCharge(row);
}
