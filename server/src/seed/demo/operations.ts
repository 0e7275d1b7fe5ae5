import { type devices, failedUrls, notifications, signupCodes } from '../../db/schema';
import { FAILED_HOSTS, OS_VERSIONS, SIGNUP_CODES } from '../wordlists';
import { DAY, type DemoContext, type DemoPost, type DemoUser, HOUR, MINUTE, SECOND } from './context';
import { insertMany } from './insert';

export async function seedSignupCodes(ctx: DemoContext): Promise<void> {
  const { rng, at, after } = ctx;
  await ctx.db
    .insert(signupCodes)
    .values(
      SIGNUP_CODES.map((code) => {
        const created = at(rng.int(30, 400) * DAY);
        return {
          code,
          usedCount: Math.floor(rng.next() ** 2 * 400),
          createdAt: created,
          updatedAt: rng.chance(0.3) ? after(created) : created,
        };
      }),
    )
    .onConflictDoNothing();
}

/** Push notifications already sent, their totals from the devices. */
export async function seedNotifications(
  ctx: DemoContext,
  deviceRows: (typeof devices.$inferInsert)[],
): Promise<void> {
  const deviceCount = (os?: string) => deviceRows.filter((d) => !os || d.deviceType === os).length;
  const notificationRows: (typeof notifications.$inferInsert)[] = [
    ['ALL', 'New in Swis: save searches into collections! Update the app to try it.', 40],
    ['android', 'Android users: version 3.9.0 fixes video playback. Please update.', 15],
    ['ios', 'Heat advisory this weekend: find cooling centers near you in Swis.', 3],
  ].map(([occupants, message, daysAgo]) => {
    const total = deviceCount(occupants === 'ALL' ? undefined : String(occupants));
    const failed = Math.floor(total * 0.02);
    const started = ctx.at(Number(daysAgo) * DAY);
    return {
      occupants: String(occupants),
      message: String(message),
      status: 'done',
      total,
      delivered: total - failed,
      failed,
      cursor: total,
      createdById: ctx.superAdminId,
      createdAt: started,
      startedAt: started,
      finishedAt: new Date(started.getTime() + 40 * SECOND),
    };
  });
  await insertMany(ctx.db, notifications, notificationRows);
}

/** Links the app failed to open over the last 90 days, some resolved, some retried. */
export async function seedFailedUrls(
  ctx: DemoContext,
  alive: DemoUser[],
  demoPosts: DemoPost[],
): Promise<void> {
  const { rng, now, at } = ctx;
  const failedRows: (typeof failedUrls.$inferInsert)[] = [];
  const failedCount = Math.max(20, Math.round(alive.length * 0.6));
  for (let i = 0; i < failedCount; i++) {
    const host = rng.weighted(FAILED_HOSTS);
    const post = demoPosts.length && rng.chance(0.6) ? rng.pick(demoPosts) : null;
    const user = post?.user ?? rng.pick(alive);
    const createdAt = at(Math.floor(rng.next() ** 1.3 * 90 * DAY));
    const type = rng.chance(0.55) ? 'android' : 'ios';
    const scrap = rng.chance(0.65);
    const failedInEnrichment = scrap && rng.chance(0.4);
    const r = rng.next();
    const resolvedAt =
      failedInEnrichment || r < 0.4
        ? null
        : r < 0.65
          ? createdAt
          : new Date(Math.min(now, createdAt.getTime() + rng.int(1, 96) * HOUR));
    const path = rng.pick(['p', 'reel', 'watch', 'status', 'article', 'video', 'pin']);
    failedRows.push({
      postId: post?.id ?? null,
      userId: user.id,
      url: `https://www.${host}/${path}/${rng.token(11)}`,
      host,
      deviceType: type,
      deviceOs: rng.pick(OS_VERSIONS[type]),
      failedInCurl: rng.chance(0.9),
      scrapByScript: scrap,
      failedInEnrichment,
      createdAt,
      resolvedAt,
      lastRetriedAt: scrap ? new Date(Math.min(now, createdAt.getTime() + rng.int(1, 240) * MINUTE)) : null,
    });
  }
  await insertMany(ctx.db, failedUrls, failedRows);
}
