import { MODERATION_REASONS } from '@admin/contract';
import { sql } from 'drizzle-orm';
import { postReports, userReports } from '../../db/schema';
import { sqlTime, uncheckedRows } from '../../db/sql';
import { Rng } from '../random';
import { REPORT_REASONS } from '../wordlists';
import { DAY, type DemoContext, type DemoPost, type DemoUser, HOUR, MINUTE } from './context';
import { insertMany } from './insert';

const NOTES = [
  'Checked the link: a known spam domain.',
  'Satire, not a threat.',
  'Same picture reposted from another account.',
  'Reporters disagree with the opinion; no rule broken.',
  null,
  null,
];

/**
 * The desk's queue (issue 36): more reports over posts and users, a few posts reported by a crowd,
 * and about a third of the cases decided by the demo moderators over the last week. Its own Rng,
 * so the steps before it keep their rows. Reports are filed into cases by the database's triggers.
 */
export async function seedModeration(ctx: DemoContext, alive: DemoUser[], demoPosts: DemoPost[]) {
  const rng = new Rng(36);
  const { db, now } = ctx;
  const live = demoPosts.filter((p) => !p.user.deleted);
  const reportAt = (from: Date) =>
    new Date(
      Math.max(from.getTime(), now - 30 * DAY) +
        rng.next() * (now - Math.max(from.getTime(), now - 30 * DAY)),
    );
  const postRows: (typeof postReports.$inferInsert)[] = [];
  const crowd = (p: DemoPost, k: number) => {
    for (const by of rng.sample(alive, Math.min(k, alive.length))) {
      if (by.id !== p.user.id) {
        postRows.push({
          postId: p.id,
          reportedById: by.id,
          reason: rng.pick(REPORT_REASONS),
          createdAt: reportAt(p.createdAt),
        });
      }
    }
  };
  for (const p of rng.sample(live, Math.min(8, live.length))) {
    crowd(p, rng.int(8, 30));
  }
  for (const p of rng.sample(live, Math.min(90, live.length))) {
    crowd(p, rng.int(1, 3));
  }
  postRows.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  await insertMany(db, postReports, postRows);
  const userRows: (typeof userReports.$inferInsert)[] = [];
  for (const bad of rng.sample(alive, Math.min(25, alive.length))) {
    for (const by of rng.sample(alive, rng.int(1, 6))) {
      if (by.id !== bad.id) {
        userRows.push({
          reportedUserId: bad.id,
          reportedById: by.id,
          reason: rng.pick(REPORT_REASONS),
          createdAt: reportAt(bad.createdAt),
        });
      }
    }
  }
  await insertMany(db, userReports, userRows);
  await decideSome(ctx, rng);
}

/** About a third of the open cases decided by the demo moderators (a few posts removed). */
async function decideSome({ db, now }: DemoContext, rng: Rng) {
  const moderators = uncheckedRows<{ id: number }>(
    await db.execute(
      sql`SELECT id FROM users WHERE username IN ('maria.moderator', 'kevin.moderator', 'aisha.moderator')`,
    ),
  ).map((m) => m.id);
  if (moderators.length === 0) {
    return;
  }
  const open = uncheckedRows<{
    id: number;
    target_type: 'post' | 'user';
    target_id: number;
    first: Date | string;
    n: number;
  }>(
    await db.execute(sql`SELECT id, target_type, target_id, first_report_at AS first, reporter_count AS n
      FROM moderation_cases WHERE status = 'open' ORDER BY id`),
  );
  let removed = 0;
  for (const c of open) {
    if (c.n >= 8 || rng.next() > 0.35) {
      continue;
    }
    const first = new Date(c.first).getTime();
    const decidedAt = new Date(
      Math.min(now - MINUTE, Math.max(first + 10 * MINUTE, now - rng.int(0, 7 * 24) * HOUR)),
    );
    const remove = c.target_type === 'post' && removed < 6 && rng.next() < 0.3;
    removed += remove ? 1 : 0;
    const by = rng.pick(moderators);
    const at = sqlTime(decidedAt);
    await db.execute(sql`
      UPDATE moderation_cases SET status = 'decided', decision = ${remove ? 'remove_post' : 'dismiss'},
             reason = ${rng.pick(MODERATION_REASONS)}, note = ${rng.pick(NOTES)}, decided_by_id = ${by},
             reviewer_id = ${by}, decided_at = ${at}, updated_at = ${at}
       WHERE id = ${c.id}`);
    await db.execute(
      c.target_type === 'post'
        ? sql`UPDATE post_reports SET resolved_at = ${at} WHERE case_id = ${c.id}`
        : sql`UPDATE user_reports SET resolved_at = ${at} WHERE case_id = ${c.id}`,
    );
    if (remove) {
      await db.execute(
        sql`UPDATE posts SET deleted_at = ${at}, updated_at = ${at} WHERE id = ${c.target_id}`,
      );
    }
  }
}
