// What a campaign costs per goal (charges), edited by staff.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { conflict, notFound } from '../../http/errors';
import { type ChargeDbRow, presentCharge } from './presenters';

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
