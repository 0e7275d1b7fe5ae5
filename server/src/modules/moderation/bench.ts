// What bench/moderation-bench.ts uses of the desk: a session to call it with, and a load of
// reports and cases made with generate_series (the triggers are passed by: each report names its case).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uncheckedRows } from '../../db/sql';

export { createSession as benchSession } from '../auth';

const REASONS = `ARRAY['spam','harassment','nudity','violence','misinformation','other']`;

/**
 * `users` platform users with `posts` posts, and reports over them: `perPost` per post and
 * `perUser` per user, each target one case; a quarter of the cases open (the queue), the rest
 * decided. Answers the number of reports made.
 */
export async function loadModerationReports(
  db: Db,
  opts: { users: number; posts: number; perPost: number; perUser: number; deciderId: number },
): Promise<number> {
  await db.execute(sql`INSERT INTO users (name, username, email)
    SELECT 'Bench member ' || g, 'mb_' || g, 'mb_' || g || '@example.com' FROM generate_series(1, ${opts.users}) g`);
  const [{ lo, hi }] = uncheckedRows<{ lo: number; hi: number }>(
    await db.execute(sql`SELECT min(id) AS lo, max(id) AS hi FROM users WHERE username LIKE 'mb\\_%'`),
  );
  const n = hi - lo + 1;
  await db.execute(sql`INSERT INTO posts (user_id, title, website)
    SELECT ${lo} + (g * 7919) % ${n}, 'Bench post ' || g, 'example.com' FROM generate_series(1, ${opts.posts}) g`);
  const decided = sql`CASE WHEN x.open THEN NULL ELSE x.t0 + interval '5 hours' END`;
  await db.execute(sql`
    INSERT INTO moderation_cases (target_type, target_id, author_id, status, reason, first_report_at,
        last_report_at, report_count, reporter_count, decision, decided_at, decided_by_id, reviewer_id)
    SELECT 'post', p.id, p.user_id, CASE WHEN x.open THEN 'open' ELSE 'decided' END,
           (${sql.raw(REASONS)})[1 + p.id % 6], x.t0, x.t0 + interval '2 hours', ${opts.perPost}, ${opts.perPost},
           CASE WHEN x.open THEN NULL ELSE 'dismiss' END, ${decided},
           CASE WHEN x.open THEN NULL ELSE ${opts.deciderId}::int END, CASE WHEN x.open THEN NULL ELSE ${opts.deciderId}::int END
      FROM posts p, LATERAL (SELECT now() - random() * interval '60 days' AS t0, p.id % 4 = 0 AS open) x
     WHERE p.title LIKE 'Bench post %'`);
  await db.execute(sql`
    INSERT INTO moderation_cases (target_type, target_id, author_id, status, reason, first_report_at,
        last_report_at, report_count, reporter_count, decision, decided_at, decided_by_id, reviewer_id)
    SELECT 'user', u.id, u.id, CASE WHEN x.open THEN 'open' ELSE 'decided' END,
           (${sql.raw(REASONS)})[1 + u.id % 6], x.t0, x.t0 + interval '2 hours', ${opts.perUser}, ${opts.perUser},
           CASE WHEN x.open THEN NULL ELSE 'dismiss' END, ${decided},
           CASE WHEN x.open THEN NULL ELSE ${opts.deciderId}::int END, CASE WHEN x.open THEN NULL ELSE ${opts.deciderId}::int END
      FROM users u, LATERAL (SELECT now() - random() * interval '60 days' AS t0, u.id % 4 = 0 AS open) x
     WHERE u.id BETWEEN ${lo} AND ${hi}`);
  await db.execute(sql`
    INSERT INTO post_reports (post_id, reported_by_id, reason, created_at, case_id, resolved_at)
    SELECT c.target_id, ${lo} + (c.id::bigint * 104729 + i * 7919) % ${n}, 'Spam', c.first_report_at + i * interval '1 minute',
           c.id, c.decided_at
      FROM moderation_cases c, generate_series(1, c.report_count) i WHERE c.target_type = 'post'`);
  await db.execute(sql`
    INSERT INTO user_reports (reported_user_id, reported_by_id, reason, created_at, case_id, resolved_at)
    SELECT c.target_id, ${lo} + (c.id::bigint * 104729 + i * 7919) % ${n}, 'Harassment', c.first_report_at + i * interval '1 minute',
           c.id, c.decided_at
      FROM moderation_cases c, generate_series(1, c.report_count) i WHERE c.target_type = 'user'`);
  await db.execute(sql`VACUUM ANALYZE users, posts, moderation_cases, post_reports, user_reports`);
  return opts.posts * opts.perPost + opts.users * opts.perUser;
}

/** Puts cases the bench decided back in the queue, with their posts and reports. */
export async function reopenCases(db: Db, ids: number[]) {
  if (ids.length === 0) {
    return;
  }
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`UPDATE posts SET deleted_at = NULL WHERE id IN
    (SELECT target_id FROM moderation_cases WHERE id IN (${list}) AND target_type = 'post')`);
  await db.execute(sql`UPDATE moderation_cases SET status = 'open', decision = NULL, decided_at = NULL,
    decided_by_id = NULL, undo = NULL, reviewer_id = NULL, claim_expires_at = NULL WHERE id IN (${list})`);
  await db.execute(sql`UPDATE post_reports SET resolved_at = NULL WHERE case_id IN (${list})`);
}
