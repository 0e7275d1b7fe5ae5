// One campaign's details and staff's review of it: status changes and approval.
import type { calls, InputOf } from '@admin/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import { conflict, notFound } from '../../http/errors';
import { auditChanges } from '../../trail/record';
import { loadCampaign, SELECT_CAMPAIGN } from './campaign-row';
import { CampaignDbRow, presentCampaign, presentCampaignDetail } from './presenters';

export async function campaignDetails(db: Db, id: number, now: Date) {
  return presentCampaignDetail(await loadCampaign(db, id), now);
}

/**
 * Sets a status chosen by staff and records who did it and when. Approved marks the campaign
 * approved; Pending and Declined take the approval back; Declined keeps its reason.
 */
export async function changeCampaignStatus(
  db: Db,
  input: InputOf<typeof calls.campaignStatusChange>,
  staffId: number,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const found = await tx
      .select({
        deleted_at: campaigns.deletedAt,
        status: campaigns.status,
        decline_reason: campaigns.declineReason,
      })
      .from(campaigns)
      .where(eq(campaigns.id, input.id))
      .for('update');
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
  return presentCampaign(await loadCampaign(db, input.id), now);
}

/**
 * Approves a campaign: the flag, and the status when it was waiting or declined. One statement:
 * the row locked as it was, the UPDATE unless it is deleted or approved already, its history row,
 * and the campaign read back from the changed row.
 */
export async function approveCampaign(db: Db, id: number, staffId: number, now: Date) {
  const result = await db.execute(sql`
    WITH old AS (
           SELECT id, deleted_at IS NOT NULL AS was_deleted, is_approved AS was_approved, status AS was_status
             FROM campaigns WHERE id = ${id} FOR UPDATE),
         changed AS (
           UPDATE campaigns c SET is_approved = true, updated_at = now(),
                  status = CASE WHEN old.was_status IN ('Draft', 'Pending', 'Declined') THEN 'Approved'
                                ELSE old.was_status END
             FROM old WHERE c.id = old.id AND NOT old.was_deleted AND NOT old.was_approved
           RETURNING c.*),
         history AS (
           INSERT INTO campaign_status_history (campaign_id, status, changed_by_id)
           SELECT id, 'Approved', ${staffId}::int FROM changed)
    SELECT old.was_deleted, old.was_approved, old.was_status,
           ${SELECT_CAMPAIGN}, u.email AS customer_email, u.avatar AS customer_avatar
      FROM old LEFT JOIN changed c ON true LEFT JOIN users u ON u.id = c.user_id`);
  // The campaign's columns are there only when it was found and approved.
  const [row] = rowsOf(
    z.object({ was_deleted: z.boolean(), was_approved: z.boolean(), was_status: z.string() }),
    result,
  );
  if (!row) {
    throw notFound('Campaign not found');
  }
  if (row.was_deleted) {
    throw conflict('A deleted campaign cannot be approved');
  }
  if (row.was_approved) {
    throw conflict('Campaign is already approved');
  }
  const [campaign] = rowsOf(CampaignDbRow, result);
  auditChanges(
    { is_approved: false, status: row.was_status },
    { is_approved: true, status: campaign.status },
  );
  return presentCampaign(campaign, now);
}
