// Seeding at scale: every row is made by PostgreSQL itself (INSERT ... SELECT over generate_series),
// so a million users take seconds of SQL rather than a million JavaScript objects. "Random" values
// come from hashtext() of the row number and a salt: deterministic, no setseed() needed.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/sql';
import {
  ADVERTISERS,
  APP_VERSIONS,
  CITIES,
  CTA_BUTTONS,
  FEMALE_NAMES,
  LAST_NAMES,
  MALE_NAMES,
  OS_VERSIONS,
  SEARCH_TYPES,
  STREETS,
  TOPICS,
} from './data';
import { SCALE_AVATARS, TOPIC_VARIANTS } from './media';

export interface ScaleOptions {
  /** Platform users to add. */
  users?: number;
  /** Searches to add, spread over all platform users. */
  searches?: number;
  /** Campaigns to add, owned by platform users. */
  campaigns?: number;
  /** Campaign events to add, spread over the new campaigns and the last 180 days. */
  campaignEvents?: number;
  /** Transactions to add, for existing campaigns. */
  transactions?: number;
  /** Followers to give one user (the first new user), for the followers list at scale. */
  followersOfOneUser?: number;
  /** Follows each new user makes (default 3). */
  followsPerUser?: number;
  /** VACUUM the loaded tables after a big load (default true); set false when called inside a transaction. */
  vacuum?: boolean;
  /** Rows a statement inserts at most (default 100000). */
  batch?: number;
  log?: (m: string) => void;
}

export interface ScaleResult {
  /** First and last id of the users added (null when none). */
  userRange: [number, number] | null;
  /** The user who got `followersOfOneUser` followers. */
  popularUserId: number | null;
  timings: Record<string, number>;
}

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (list: readonly (string | number)[]) =>
  `ARRAY[${list.map((v) => (typeof v === 'number' ? String(v) : q(v))).join(',')}]`;

/** A number in [0, 1) drawn from `expr` and a salt. */
const rnd = (expr: string, salt: string) =>
  `((hashtext((${expr})::text || ${q(`:${salt}`)}) & 2147483647)::float8 / 2147483648.0)`;
/** An integer in [0, n). */
const ri = (expr: string, salt: string, n: number) =>
  `((hashtext((${expr})::text || ${q(`:${salt}`)}) & 2147483647) % ${n})`;
/** One element of a literal array. */
const pickSql = (list: readonly (string | number)[], expr: string, salt: string) =>
  `(${arr(list)})[1 + ${ri(expr, salt, list.length)}]`;

/** Expands weights into a list, so a uniform pick is a weighted pick. */
function expand<T>(entries: readonly (readonly [T, number])[]): T[] {
  return entries.flatMap(([v, w]) => Array<T>(w).fill(v));
}

async function exec(db: Db, text: string): Promise<number> {
  const res = (await db.execute(sql.raw(text))) as { rowCount?: number | null; affectedRows?: number };
  return Number(res.rowCount ?? res.affectedRows ?? 0);
}

async function one<T>(db: Db, text: string): Promise<T> {
  return rowsOf<T>(await db.execute(sql.raw(text)))[0];
}

/**
 * Runs a bulk load with the tables' secondary indexes dropped, then builds them again in one
 * sorted pass each (much faster than updating trigram and btree indexes row by row) and refreshes
 * the planner's statistics. Indexes behind constraints (primary keys) stay: the load relies on them.
 */
export async function withIndexesDeferred<T>(
  db: Db,
  tables: string[],
  load: (tx: Db) => Promise<T>,
): Promise<T> {
  // One transaction: DDL is transactional in PostgreSQL, so a load that dies leaves the indexes as they were.
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const list = tables.map((t) => q(t)).join(',');
    const indexes = rowsOf<{ name: string; def: string }>(
      await tx.execute(
        sql.raw(`
        SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename IN (${list})
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`),
      ),
    );
    for (const ix of indexes) {
      await exec(tx, `DROP INDEX "${ix.name}"`);
    }
    // Every row is made by joining existing rows, so foreign-key checks (a locked lookup per
    // reference) only cost time; a superuser may skip them for this transaction.
    const [{ su }] = rowsOf<{ su: boolean }>(
      await tx.execute(sql.raw('SELECT rolsuper AS su FROM pg_roles WHERE rolname = current_user')),
    );
    if (su) {
      await exec(tx, 'SET LOCAL session_replication_role = replica');
    }
    const result = await load(tx);
    // Triggers were off (replica role): the lists' counters are recounted from the tables.
    await exec(tx, 'SELECT list_counts_refresh()');
    for (const ix of indexes) {
      await exec(tx, ix.def);
    }
    await exec(tx, `ANALYZE ${tables.map((t) => `"${t}"`).join(', ')}`);
    return result;
  });
}

/**
 * Adds rows at scale. Every option is a count of new rows; omitted ones add nothing. Big loads
 * (from 20000 rows) run with secondary indexes deferred.
 */
export async function seedScale(db: Db, opts: ScaleOptions): Promise<ScaleResult> {
  // Tables that get many rows load with their secondary indexes deferred.
  const BIG = 20_000;
  const tables = [
    ...((opts.users ?? 0) >= BIG ? ['users', 'devices', 'follows'] : []),
    ...((opts.searches ?? 0) >= BIG ? ['searches'] : []),
    ...((opts.campaigns ?? 0) >= BIG ? ['campaigns'] : []),
    ...((opts.campaignEvents ?? 0) >= BIG ? ['campaign_events'] : []),
    ...((opts.transactions ?? 0) >= BIG ? ['transactions'] : []),
  ];
  if (tables.length > 0) {
    const started = Date.now();
    const result = await withIndexesDeferred(db, tables, (tx) => seedScaleRows(tx, opts));
    result.timings.indexes = Date.now() - started - Object.values(result.timings).reduce((a, b) => a + b, 0);
    opts.log?.(
      `scale seed: indexes of ${tables.join(', ')} rebuilt and analysed in ${result.timings.indexes} ms`,
    );
    if (opts.vacuum !== false) {
      // Sets the visibility map, so counts and sorted pages can use index-only scans from the start.
      const t = Date.now();
      await exec(db, `VACUUM ${tables.map((x) => `"${x}"`).join(', ')}`);
      result.timings.vacuum = Date.now() - t;
      opts.log?.(`scale seed: vacuum in ${result.timings.vacuum} ms`);
    }
    return result;
  }
  return seedScaleRows(db, opts);
}

async function seedScaleRows(db: Db, opts: ScaleOptions): Promise<ScaleResult> {
  const log = opts.log ?? (() => {});
  const batch = opts.batch ?? 100_000;
  const timings: Record<string, number> = {};
  let mark = Date.now();
  const lap = (name: string) => {
    timings[name] = Date.now() - mark;
    log(`scale seed: ${name} in ${timings[name]} ms`);
    mark = Date.now();
  };
  let userRange: [number, number] | null = null;
  let popularUserId: number | null = null;

  const nUsers = opts.users ?? 0;
  if (nUsers > 0) {
    const { tag } = await one<{ tag: number }>(db, 'SELECT coalesce(max(id), 0)::int AS tag FROM users');
    const first = [...MALE_NAMES, ...FEMALE_NAMES];
    const cities = expand(CITIES.map((c) => [c, c.weight] as const));
    let lo: number | null = null;
    let hi = 0;
    for (let start = 1; start <= nUsers; start += batch) {
      const end = Math.min(nUsers, start + batch - 1);
      const g = `(${tag} + g)`;
      const out = rowsOf<{ lo: number; hi: number }>(
        await db.execute(
          sql.raw(`
        WITH ins AS (
          INSERT INTO users (name, username, email, phone, avatar, gender, dob, address, current_location,
            latitude, longitude, is_suspended, is_advertise_enabled, last_interacted, deleted_at, created_at, updated_at)
          SELECT fn || ' ' || ln,
            lower(fn) || '.' || lower(ln) || '.' || n,
            lower(fn) || '.' || lower(ln) || '.' || n || '@example.net',
            CASE WHEN ${rnd('n', 'ph')} < 0.9 THEN '+1 (' || area || ') 555-' || lpad((n % 10000)::text, 4, '0') END,
            CASE WHEN ${rnd('n', 'av')} < 0.85 THEN '/media/avatars/scale-' || (n % ${SCALE_AVATARS}) || '.svg' END,
            CASE WHEN fi < ${MALE_NAMES.length} THEN 'male' ELSE 'female' END,
            (date '1968-01-01' + (${ri('n', 'dob', 40 * 365)}) * interval '1 day')::date,
            (100 + n % 9800) || ' ' || street || ', ' || city || ', CA ' || zip,
            CASE WHEN located THEN city || ', CA' END,
            CASE WHEN located THEN lat + (${rnd('n', 'la')} - 0.5) * 0.14 END,
            CASE WHEN located THEN lng + (${rnd('n', 'lo')} - 0.5) * 0.14 END,
            ${rnd('n', 'su')} < 0.01,
            ${rnd('n', 'ad')} < 0.05,
            created + (now() - created) * (1 - power(${rnd('n', 'li')}, 3)),
            CASE WHEN ${rnd('n', 'de')} < 0.02 THEN now() - ${rnd('n', 'dd')} * interval '60 days' END,
            created, created
          FROM (
            SELECT ${g} AS n,
              ${ri(g, 'fn', first.length)} AS fi,
              (${arr(first)})[1 + ${ri(g, 'fn', first.length)}] AS fn,
              ${pickSql(LAST_NAMES, g, 'ln')} AS ln,
              ${rnd(g, 'loc')} < 0.93 AS located,
              now() - power(${rnd(g, 'cr')}, 1.4) * interval '720 days' AS created,
              c AS ci
            FROM generate_series(${start}, ${end}) g,
              LATERAL (SELECT 1 + ${ri(g, 'city', cities.length)} AS c) l
          ) s,
          LATERAL (SELECT (${arr(cities.map((c) => c.name))})[ci] AS city,
                          (${arr(cities.map((c) => c.zip))})[ci] AS zip,
                          (${arr(cities.map((c) => c.area))})[ci] AS area,
                          (${arr(cities.map((c) => c.lat))})[ci]::float8 AS lat,
                          (${arr(cities.map((c) => c.lng))})[ci]::float8 AS lng,
                          ${pickSql(STREETS, 's.n', 'st')} AS street) c
          RETURNING id)
        SELECT min(id)::int AS lo, max(id)::int AS hi FROM ins`),
        ),
      );
      lo = lo ?? out[0].lo;
      hi = out[0].hi;
      log(`scale seed: users ${end}/${nUsers}`);
    }
    userRange = [lo!, hi];
    lap('users');

    // Devices: one each, a second for some.
    const osA = OS_VERSIONS.android;
    const osI = OS_VERSIONS.ios;
    for (let a = lo!; a <= hi; a += batch) {
      const b = Math.min(hi, a + batch - 1);
      await exec(
        db,
        `INSERT INTO devices (user_id, device_type, device_os, app_version, push_token, last_used_at, created_at)
         SELECT u.id, t.type,
           CASE WHEN t.type = 'android' THEN ${pickSql(osA, 'u.id + k', 'os')} ELSE ${pickSql(osI, 'u.id + k', 'os')} END,
           CASE WHEN t.type = 'android' THEN ${pickSql(APP_VERSIONS.android, 'u.id + k', 'ap')} ELSE ${pickSql(APP_VERSIONS.ios, 'u.id + k', 'ap')} END,
           md5(u.id::text || k) || ':APA91b' || md5(k || u.id::text) || md5(u.id::text),
           coalesce(u.last_interacted, u.created_at) - (k - 1) * interval '30 days',
           u.created_at
         FROM users u
         CROSS JOIN generate_series(1, 2) k
         CROSS JOIN LATERAL (SELECT CASE WHEN ${rnd('u.id + k', 'dt')} < 0.55 THEN 'android' ELSE 'ios' END AS type) t
         WHERE u.id BETWEEN ${a} AND ${b} AND (k = 1 OR ${rnd('u.id', 'd2')} < 0.15)`,
      );
    }
    lap('devices');

    // Follows: each new user follows a few others among the new ones, low ids more popular.
    const per = opts.followsPerUser ?? 3;
    const span = hi - lo! + 1;
    const contiguous = span === nUsers;
    if (per > 0 && span > 1) {
      for (let a = lo!; a <= hi; a += batch) {
        const b = Math.min(hi, a + batch - 1);
        await exec(
          db,
          contiguous
            ? // The new ids have no gaps: targets are computed, pairs made unique by sorting, no lookups.
              `INSERT INTO follows (follower_id, following_id, created_at)
               SELECT DISTINCT ON (f.id, x.t) f.id, x.t,
                 f.created_at + (now() - f.created_at) * ${rnd("f.id || '-' || k", 'fc')}
               FROM users f
               CROSS JOIN generate_series(1, ${per}) k
               CROSS JOIN LATERAL (SELECT ${lo} + floor(power(${rnd("f.id || '-' || k", 'ft')}, 2) * ${span})::int AS t) x
               WHERE f.id BETWEEN ${a} AND ${b} AND x.t <> f.id`
            : `INSERT INTO follows (follower_id, following_id, created_at)
               SELECT f.id, t.id, greatest(f.created_at, t.created_at) + (now() - greatest(f.created_at, t.created_at)) * ${rnd("f.id || '-' || k", 'fc')}
               FROM users f
               CROSS JOIN generate_series(1, ${per}) k
               JOIN users t ON t.id = ${lo} + floor(power(${rnd("f.id || '-' || k", 'ft')}, 2) * ${span})::int
               WHERE f.id BETWEEN ${a} AND ${b} AND t.id <> f.id
               ON CONFLICT DO NOTHING`,
        );
      }
    }
    if (opts.followersOfOneUser && opts.followersOfOneUser > 0) {
      popularUserId = lo!;
      await exec(
        db,
        `INSERT INTO follows (follower_id, following_id, created_at)
         SELECT u.id, ${popularUserId}, now() - ${rnd('u.id', 'pf')} * interval '365 days'
         FROM users u WHERE u.id BETWEEN ${lo} AND ${hi} AND u.id <> ${popularUserId}
         ORDER BY u.id LIMIT ${opts.followersOfOneUser}
         ON CONFLICT DO NOTHING`,
      );
    }
    await refreshFollowCounters(db);
    lap('follows');
  }

  if (opts.searches && opts.searches > 0) {
    const { lo, hi } = await one<{ lo: number | null; hi: number | null }>(
      db,
      'SELECT min(id)::int AS lo, max(id)::int AS hi FROM users WHERE NOT is_admin',
    );
    if (lo !== null && hi !== null) {
      const types = expand(SEARCH_TYPES);
      const suffixes = ['', '', '', ' near me', ' today', ' reviews', ' photos', ' 2026', ' open now'];
      for (let start = 1; start <= opts.searches; start += batch) {
        const end = Math.min(opts.searches, start + batch - 1);
        await exec(
          db,
          `INSERT INTO searches (user_id, search_term, website, type, title, description, image, thumb_url, deleted_at, created_at, updated_at)
           SELECT u.id, term || suffix, site, type, title, descr,
             CASE WHEN type IN ('video', 'raw_video') THEN '/media/posts/' || slug || '-video.svg'
                  ELSE '/media/posts/' || slug || '-' || v || '.svg' END,
             CASE WHEN type IN ('video', 'raw_video') THEN '/media/posts/' || slug || '-video.svg'
                  ELSE '/media/posts/' || slug || '-' || v || '.svg' END,
             CASE WHEN ${rnd('g', 'sd')} < 0.04 THEN created + interval '1 day' END,
             created, created
           FROM (
             SELECT g, ${lo} + ${ri('g', 'su', hi - lo + 1)} AS uid,
               1 + ${ri('g', 'tp', TOPICS.length)} AS ti,
               ${pickSql(types, 'g', 'ty')} AS type,
               ${pickSql(suffixes, 'g', 'sx')} AS suffix,
               ${ri('g', 'va', TOPIC_VARIANTS)} AS v,
               now() - power(${rnd('g', 'sc')}, 1.3) * interval '180 days' AS created
             FROM generate_series(${start}, ${end}) g
           ) s
           CROSS JOIN LATERAL (SELECT
             (${arr(TOPICS.map((t) => t.term))})[ti] AS term,
             (${arr(TOPICS.map((t) => t.website))})[ti] AS site,
             (${arr(TOPICS.map((t) => t.title))})[ti] AS title,
             (${arr(TOPICS.map((t) => t.description))})[ti] AS descr,
             (${arr(TOPICS.map((t) => t.slug))})[ti] AS slug) t
           JOIN users u ON u.id = s.uid`,
        );
      }
    }
    lap('searches');
  }

  let newCampaigns: [number, number] | null = null;
  if (opts.campaigns && opts.campaigns > 0) {
    const { lo, hi } = await one<{ lo: number | null; hi: number | null }>(
      db,
      'SELECT min(id)::int AS lo, max(id)::int AS hi FROM users WHERE NOT is_admin',
    );
    if (lo !== null && hi !== null) {
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
             FROM generate_series(1, ${opts.campaigns}) g
           ) s
           CROSS JOIN LATERAL (SELECT (${arr(ADVERTISERS.map((a) => a.product))})[ai] AS product,
             (${arr(ADVERTISERS.map((a) => a.brand))})[ai] AS brand,
             (${arr(ADVERTISERS.map((a) => a.site))})[ai] AS site) a
           JOIN users u ON u.id = s.uid
           RETURNING id)
         SELECT min(id)::int AS lo, max(id)::int AS hi FROM ins`,
      );
      if (out.lo !== null && out.hi !== null) {
        newCampaigns = [out.lo, out.hi];
      }
    }
    lap('campaigns');
  }

  if (opts.campaignEvents && opts.campaignEvents > 0 && newCampaigns) {
    const [clo, chi] = newCampaigns;
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
    for (let start = 1; start <= opts.campaignEvents; start += batch) {
      const end = Math.min(opts.campaignEvents, start + batch - 1);
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
    lap('campaign events');
  }

  if (opts.transactions && opts.transactions > 0) {
    const { lo, hi } = await one<{ lo: number | null; hi: number | null }>(
      db,
      'SELECT min(id)::int AS lo, max(id)::int AS hi FROM campaigns',
    );
    if (lo !== null && hi !== null) {
      for (let start = 1; start <= opts.transactions; start += batch) {
        const end = Math.min(opts.transactions, start + batch - 1);
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
    lap('transactions');
  }

  return { userRange, popularUserId, timings };
}

/** Makes followers_count and followings_count equal the follows rows, touching only rows that differ. */
export async function refreshFollowCounters(db: Db): Promise<void> {
  await exec(
    db,
    `WITH fr AS (SELECT following_id AS id, count(*)::int AS n FROM follows GROUP BY 1),
          fg AS (SELECT follower_id AS id, count(*)::int AS n FROM follows GROUP BY 1)
     UPDATE users u SET followers_count = coalesce(fr.n, 0), followings_count = coalesce(fg.n, 0)
     FROM users x LEFT JOIN fr ON fr.id = x.id LEFT JOIN fg ON fg.id = x.id
     WHERE u.id = x.id AND (u.followers_count <> coalesce(fr.n, 0) OR u.followings_count <> coalesce(fg.n, 0))`,
  );
}
