import type { Db } from '../../db/client';
import { ADVERTISERS, CITIES, CTA_BUTTONS } from '../wordlists';
import { arr, exec, expand, one, pickSql, platformUserRange, ri, rnd } from './sql';

/** Adds `count` campaigns owned by platform users; answers the first and last new id. */
export async function addCampaigns(db: Db, count: number): Promise<[number, number] | null> {
  const { lo, hi } = await platformUserRange(db);
  if (lo === null || hi === null) {
    return null;
  }
  const statuses = expand([
    ['Running', 20],
    ['Completed', 18],
    ['Pending', 14],
    ['Approved', 10],
    ['Paused', 10],
    ['Declined', 10],
    ['Draft', 8],
  ] as const);
  const out = await one<{ lo: number | null; hi: number | null }>(
    db,
    `WITH ins AS (
       INSERT INTO campaigns (user_id, campaign_name, ad_set_name, status, type, goal, target_gender,
         target_age_minimum, target_age_maximum, location_type, target_region, creative_ad_title, creative_ad_url,
         creative_ad_description, creative_ad_button_name, creative_ad_button_color, creative_ad_button_text_color,
         creative_ad_media_path, thumb_url, payment_type, ad_start, ad_end, total_ad_budget, per_day_budget,
         cost_per_click, cost_per_view, is_approved, decline_reason, created_at, updated_at)
       SELECT u.id, product || ' #' || g, 'Valley ' || (18 + g % 20) || '+', status,
         CASE WHEN ${rnd('g', 'vt')} < 0.25 THEN 'raw_video' ELSE 'image' END,
         CASE WHEN ${rnd('g', 'gl')} < 0.7 THEN 'CPC' ELSE 'CPV' END,
         ${pickSql(['all', 'all', 'male', 'female'], 'g', 'tg')}, 18, 54, 'regional',
         jsonb_build_array(jsonb_build_object('location', ${pickSql(
           CITIES.map((c) => `${c.name}, CA`),
           'g',
           'rg',
         )})),
         product || ' near you', 'https://' || site || '/offer?c=' || g, brand || ': ' || product,
         ${pickSql(
           CTA_BUTTONS.map((b) => b.name),
           'g',
           'cta',
         )}, '#2563eb', '#ffffff', NULL, NULL, 'card',
         start, start + dur * interval '1 day', per_day * dur, per_day, 0.45, 0.05,
         status IN ('Approved', 'Running', 'Paused', 'Completed'),
         CASE WHEN status = 'Declined' THEN 'The landing page does not match the ad content.' END,
         start - interval '2 days', start - interval '1 day'
       FROM (
         SELECT g, ${lo} + ${ri('g', 'cu', hi - lo + 1)} AS uid,
           ${pickSql(statuses, 'g', 'cs')} AS status,
           1 + ${ri('g', 'ca', ADVERTISERS.length)} AS ai,
           5 * (2 + ${ri('g', 'pd', 28)}) AS per_day,
           7 + ${ri('g', 'du', 30)} AS dur,
           now() - ${rnd('g', 'cst')} * interval '170 days' AS start
         FROM generate_series(1, ${count}) g
       ) s
       CROSS JOIN LATERAL (SELECT (${arr(ADVERTISERS.map((a) => a.product))})[ai] AS product,
         (${arr(ADVERTISERS.map((a) => a.brand))})[ai] AS brand,
         (${arr(ADVERTISERS.map((a) => a.site))})[ai] AS site) a
       JOIN users u ON u.id = s.uid
       RETURNING id)
     SELECT min(id)::int AS lo, max(id)::int AS hi FROM ins`,
  );
  return out.lo !== null && out.hi !== null ? [out.lo, out.hi] : null;
}

/** Adds `count` events to the campaigns clo..chi that ran, and their spend. */
export async function addCampaignEvents(
  db: Db,
  count: number,
  [clo, chi]: [number, number],
  batch: number,
): Promise<void> {
  const kinds = expand([
    ['impression', 60],
    ['view', 12],
    ['click', 10],
    ['like', 6],
    ['comment', 2],
    ['share', 2],
    ['bookmark', 3],
    ['profile_view', 4],
    ['follow', 1],
  ] as const);
  for (let start = 1; start <= count; start += batch) {
    const end = Math.min(count, start + batch - 1);
    await exec(
      db,
      `INSERT INTO campaign_events (campaign_id, user_id, kind, cost, created_at)
       SELECT c.id, c.user_id, kind,
         CASE WHEN kind = 'click' THEN c.cost_per_click WHEN kind = 'view' THEN c.cost_per_view ELSE 0 END,
         c.ad_start + (least(c.ad_end, now()) - c.ad_start) * ${rnd('g', 'et')}
       FROM (SELECT g, ${clo} + ${ri('g', 'ec', chi - clo + 1)} AS cid, ${pickSql(kinds, 'g', 'ek')} AS kind
             FROM generate_series(${start}, ${end}) g) s
       JOIN campaigns c ON c.id = s.cid
       WHERE c.status IN ('Running', 'Paused', 'Completed')`,
    );
  }
  await exec(
    db,
    `UPDATE campaigns c SET spent_on_view = s.v, spent_on_click = s.k
     FROM (SELECT campaign_id, coalesce(sum(cost) FILTER (WHERE kind = 'view'), 0) AS v,
                  coalesce(sum(cost) FILTER (WHERE kind = 'click'), 0) AS k
           FROM campaign_events WHERE campaign_id BETWEEN ${clo} AND ${chi} GROUP BY campaign_id) s
     WHERE c.id = s.campaign_id`,
  );
}

/** Adds `count` transactions of existing campaigns over the last year. */
export async function addTransactions(db: Db, count: number, batch: number): Promise<void> {
  const { lo, hi } = await one<{ lo: number | null; hi: number | null }>(
    db,
    'SELECT min(id)::int AS lo, max(id)::int AS hi FROM campaigns',
  );
  if (lo === null || hi === null) {
    return;
  }
  for (let start = 1; start <= count; start += batch) {
    const end = Math.min(count, start + batch - 1);
    await exec(
      db,
      `INSERT INTO transactions (user_id, campaign_id, amount, transaction_type, stripe_transaction_id, created_at)
       SELECT c.user_id, c.id, round((10 + ${rnd('g', 'ta')} * 990)::numeric, 2),
         CASE WHEN ${rnd('g', 'tt')} < 0.7 THEN 'debit' ELSE 'credit' END,
         CASE WHEN ${rnd('g', 'tt')} < 0.7 THEN 'ch_3' ELSE 're_3' END || substr(md5(g::text || 'tx'), 1, 23),
         now() - ${rnd('g', 'tc')} * interval '365 days'
       FROM (SELECT g, ${lo} + ${ri('g', 'tcid', hi - lo + 1)} AS cid FROM generate_series(${start}, ${end}) g) s
       JOIN campaigns c ON c.id = s.cid`,
    );
  }
}
