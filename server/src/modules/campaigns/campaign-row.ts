// What the campaign files share: one campaign read whole, and the UTC day bounds of date filters.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { notFound } from '../../http/errors';
import { CampaignDbRow } from './presenters';

/** The start of a UTC day, and the start of the day after (for inclusive end dates). */
export const dayStart = (d: string) => `${d}T00:00:00Z`;
export const dayAfter = (d: string) => {
  const t = new Date(`${d}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString();
};

export const SELECT_CAMPAIGN = sql`c.*, u.username, u.name AS customer_name,
  (SELECT coalesce(json_agg(json_build_object('name', i.name) ORDER BY i.name), '[]'::json)
     FROM campaign_interests ci JOIN interests i ON i.id = ci.interest_id
    WHERE ci.campaign_id = c.id) AS interest`;

export async function loadCampaign(db: Db, id: number): Promise<CampaignDbRow> {
  const rows = rowsOf(
    CampaignDbRow,
    await db.execute(sql`
      SELECT ${SELECT_CAMPAIGN}, u.email AS customer_email, u.avatar AS customer_avatar
        FROM campaigns c JOIN users u ON u.id = c.user_id WHERE c.id = ${id}`),
  );
  if (!rows[0]) {
    throw notFound('Campaign not found');
  }
  return rows[0];
}
