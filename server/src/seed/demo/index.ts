import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uncheckedRows } from '../../db/sql';
import { syncPermissions } from '../bootstrap';
import { mediaWriter, writeSharedMedia } from '../media';
import { Rng } from '../random';
import { STAFF } from '../wordlists';
import { seedAnalytics } from './analytics';
import { seedCampaignSettings, seedTransactions } from './billing';
import { seedCampaigns } from './campaigns';
import { seedChat, seedDirectMessages } from './chat';
import { demoContext } from './context';
import { seedModeration } from './moderation';
import { seedFailedUrls, seedNotifications, seedSignupCodes } from './operations';
import { seedPosts, seedSearches } from './posts';
import { seedSettings } from './settings';
import { seedStaff } from './staff';
import { seedDevices, seedFollows, seedUserReports, seedUsers } from './users';

export interface DemoSummary {
  users: number;
  staff: number;
  superAdminId: number | null;
  timings: Record<string, number>;
  /** The generated password of each demo staff account (shown once, see demo-accounts.ts). */
  staffPasswords: { username: string; password: string }[];
}

/**
 * The believable data every screen shows on a first start: `count` platform users with devices,
 * follows, posts, searches, chats and reports; staff in groups; campaigns in every status with
 * their events; settings, pages and operational data. Deterministic apart from timestamps,
 * which are relative to now.
 */
export async function seedRichDemo(db: Db, opts: { users: number; mediaDir: string }): Promise<DemoSummary> {
  // The steps below draw from one Rng in turn: reordering them changes every row after the move.
  const rng = new Rng(20_260_101);
  const now = Date.now();
  const timings: Record<string, number> = {};
  let mark = Date.now();
  const lap = (name: string) => {
    timings[name] = Date.now() - mark;
    mark = Date.now();
  };
  const media = mediaWriter(opts.mediaDir);
  const { video } = writeSharedMedia(media);
  lap('media');

  await syncPermissions(db);
  const [admin] = uncheckedRows<{ id: number }>(
    await db.execute(sql`SELECT id FROM users WHERE is_sup_admin ORDER BY id LIMIT 1`),
  );
  const superAdminId = admin?.id ?? null;
  const ctx = demoContext({ db, rng, now, media, superAdminId, video });

  const { staffPasswords, staffId } = await seedStaff(ctx);
  lap('staff');
  const people = await seedUsers(ctx, opts.users);
  const { all, alive } = people;
  lap('users');
  // Event volumes (campaign events, analytics) follow the user count, so a small test seed stays quick.
  const volume = Math.max(0.15, Math.min(1, alive.length / 300));
  const deviceRows = await seedDevices(ctx, people);
  lap('devices');
  await seedFollows(ctx, alive);
  lap('follows');
  const demoPosts = await seedPosts(ctx, alive);
  lap('posts');
  await seedSearches(ctx, all);
  lap('searches');
  await seedUserReports(ctx, alive);
  await seedChat(ctx, alive, demoPosts);
  lap('chat');
  await seedDirectMessages(ctx, alive);
  await seedSettings(ctx, staffId);
  lap('messages+settings');
  const campaigns = await seedCampaigns(ctx, alive, staffId, volume);
  lap('campaigns');
  await seedCampaignSettings(ctx, campaigns);
  await seedTransactions(ctx, campaigns);
  await seedSignupCodes(ctx);
  await seedNotifications(ctx, deviceRows);
  await seedFailedUrls(ctx, alive, demoPosts);
  lap('settings+tx+urls');
  await seedAnalytics(ctx, alive, volume);
  lap('analytics');
  await seedModeration(ctx, alive, demoPosts);
  lap('moderation');
  await refreshCounters(db);
  lap('counters');
  await media.flush();
  return { users: opts.users, staff: STAFF.length, superAdminId, timings, staffPasswords };
}

/** Counters that must match the rows: followers and followings, post likes, views and bookmarks. */
async function refreshCounters(db: Db): Promise<void> {
  await db.execute(sql`
    UPDATE users u SET followers_count = coalesce(f.n, 0), followings_count = coalesce(g.n, 0)
    FROM users x
    LEFT JOIN (SELECT following_id AS id, count(*)::int AS n FROM follows GROUP BY 1) f ON f.id = x.id
    LEFT JOIN (SELECT follower_id AS id, count(*)::int AS n FROM follows GROUP BY 1) g ON g.id = x.id
    WHERE u.id = x.id AND (u.followers_count <> coalesce(f.n, 0) OR u.followings_count <> coalesce(g.n, 0))`);
  await db.execute(sql`
    UPDATE posts p SET
      like_count = (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id),
      views_count = (SELECT count(*) FROM post_views v WHERE v.post_id = p.id),
      bookmarks_count = (SELECT count(*) FROM bookmarks b WHERE b.post_id = p.id)`);
}
