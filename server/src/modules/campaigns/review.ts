// One campaign's details and staff's review of it: status changes and approval.
import type { calls, InputOf } from '@admin/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { auditChanges, readAfterCommit } from '../../http/audit';
import { conflict, notFound } from '../../http/errors';
import { loadCampaign } from './campaign-row';
import { presentCampaign, presentCampaignDetail } from './presenters';

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
  return readAfterCommit(async () => presentCampaign(await loadCampaign(db, input.id), now));
}

/** Approves a campaign: the flag, and the status when it was waiting or declined. */
export async function approveCampaign(db: Db, id: number, staffId: number, now: Date) {
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
  return readAfterCommit(async () => presentCampaign(await loadCampaign(db, id), now));
}
