import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uncheckedRows } from '../../db/sql';
import type { Log } from '../../lib/log';
import { SCALE_AVATARS } from '../media';
import {
  APP_VERSIONS,
  CITIES,
  FEMALE_NAMES,
  LAST_NAMES,
  MALE_NAMES,
  OS_VERSIONS,
  STREETS,
} from '../wordlists';
import { arr, exec, expand, one, pickSql, ri, rnd } from './sql';

/** Adds `nUsers` platform users in statements of `batch` rows; answers the first and last new id. */
export async function addUsers(db: Db, nUsers: number, batch: number, log: Log): Promise<[number, number]> {
  const { tag } = await one<{ tag: number }>(db, 'SELECT coalesce(max(id), 0)::int AS tag FROM users');
  const first = [...MALE_NAMES, ...FEMALE_NAMES];
  const cities = expand(CITIES.map((c) => [c, c.weight] as const));
  let lo: number | null = null;
  let hi = 0;
  for (let start = 1; start <= nUsers; start += batch) {
    const end = Math.min(nUsers, start + batch - 1);
    const g = `(${tag} + g)`;
    const out = uncheckedRows<{ lo: number; hi: number }>(
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
    log.info({ users: end, of: nUsers }, 'scale seed: users');
  }
  return [lo!, hi];
}

/** Devices of the new users: one each, a second for some. */
export async function addDevices(db: Db, [lo, hi]: [number, number], batch: number): Promise<void> {
  const osA = OS_VERSIONS.android;
  const osI = OS_VERSIONS.ios;
  for (let a = lo; a <= hi; a += batch) {
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
}

/**
 * Follows: each new user follows a few others among the new ones, low ids more popular; with
 * `followersOfOneUser`, the first new user gets that many followers (answered as the popular user).
 */
export async function addFollows(
  db: Db,
  [lo, hi]: [number, number],
  opts: { nUsers: number; followsPerUser?: number; followersOfOneUser?: number; batch: number },
): Promise<number | null> {
  const { nUsers, batch } = opts;
  let popularUserId: number | null = null;
  const per = opts.followsPerUser ?? 3;
  const span = hi - lo + 1;
  const contiguous = span === nUsers;
  if (per > 0 && span > 1) {
    for (let a = lo; a <= hi; a += batch) {
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
    popularUserId = lo;
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
  return popularUserId;
}

/** Makes followers_count and followings_count equal the follows rows, touching only rows that differ. */
async function refreshFollowCounters(db: Db): Promise<void> {
  await exec(
    db,
    `WITH fr AS (SELECT following_id AS id, count(*)::int AS n FROM follows GROUP BY 1),
          fg AS (SELECT follower_id AS id, count(*)::int AS n FROM follows GROUP BY 1)
     UPDATE users u SET followers_count = coalesce(fr.n, 0), followings_count = coalesce(fg.n, 0)
     FROM users x LEFT JOIN fr ON fr.id = x.id LEFT JOIN fg ON fg.id = x.id
     WHERE u.id = x.id AND (u.followers_count <> coalesce(fr.n, 0) OR u.followings_count <> coalesce(fg.n, 0))`,
  );
}
