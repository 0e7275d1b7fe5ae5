import type { Db } from '../../db/client';
import { TOPIC_VARIANTS } from '../media';
import { SEARCH_TYPES, TOPICS } from '../wordlists';
import { arr, exec, expand, pickSql, platformUserRange, ri, rnd } from './sql';

/** Adds `count` searches spread over all platform users and the last 180 days. */
export async function addSearches(db: Db, count: number, batch: number): Promise<void> {
  const { lo, hi } = await platformUserRange(db);
  if (lo === null || hi === null) {
    return;
  }
  const types = expand(SEARCH_TYPES);
  const suffixes = ['', '', '', ' near me', ' today', ' reviews', ' photos', ' 2026', ' open now'];
  for (let start = 1; start <= count; start += batch) {
    const end = Math.min(count, start + batch - 1);
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
