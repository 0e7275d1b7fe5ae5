import { bookmarks, postLikes, postMedia, postReports, posts, postViews, searches } from '../../db/schema';
import { TOPIC_VARIANTS, topicImageUrl, topicThumbUrl } from '../media';
import { REPORT_REASONS, SEARCH_TYPES, TOPICS } from '../wordlists';
import { DAY, type DemoContext, type DemoPost, type DemoUser } from './context';
import { insertIds, insertMany } from './insert';

/** Posts of the living users with their media, reports, views, likes and bookmarks. */
export async function seedPosts(ctx: DemoContext, alive: DemoUser[]): Promise<DemoPost[]> {
  const { rng, now, after } = ctx;
  const postSeeds: Omit<DemoPost, 'id'>[] = [];
  const postRows: (typeof posts.$inferInsert)[] = [];
  for (const u of alive) {
    const k = Math.floor(rng.next() ** 1.8 * 9);
    for (let j = 0; j < k; j++) {
      const topic = rng.pick(TOPICS);
      const isVideo = rng.chance(0.15);
      const createdAt = after(new Date(Math.max(u.createdAt.getTime(), now - 240 * DAY)));
      postSeeds.push({ user: u, topic, createdAt });
      postRows.push({
        userId: u.id,
        title: topic.title,
        description: topic.description,
        website: topic.website,
        searchTerm: topic.term,
        type: isVideo ? 'raw_video' : 'image',
        latitude: u.lat === null ? null : u.lat + rng.gauss() * 0.01,
        longitude: u.lng === null ? null : u.lng + rng.gauss() * 0.01,
        commentCount: rng.int(0, 40),
        clicksCount: rng.int(0, 240),
        sharesCount: rng.int(0, 35),
        deletedAt: rng.chance(0.03) ? after(createdAt) : null,
        createdAt,
        updatedAt: after(createdAt),
      });
    }
  }
  const postIds = await insertIds(ctx.db, posts, postRows);
  const demoPosts: DemoPost[] = postSeeds.map((p, i) => ({ ...p, id: postIds[i] }));
  await seedPostMedia(ctx, demoPosts, postRows);
  await seedPostReports(ctx, demoPosts, alive);
  await seedPostEngagement(ctx, demoPosts, alive);
  return demoPosts;
}

/** One to four pictures per post; a video post's first is the video. */
async function seedPostMedia(
  ctx: DemoContext,
  demoPosts: DemoPost[],
  postRows: (typeof posts.$inferInsert)[],
) {
  const { rng, video } = ctx;
  const mediaRows: (typeof postMedia.$inferInsert)[] = [];
  demoPosts.forEach((p, i) => {
    const k = rng.int(1, 4);
    const first = rng.int(0, TOPIC_VARIANTS - 1);
    for (let j = 0; j < k; j++) {
      const isVideo = postRows[i].type === 'raw_video' && j === 0;
      mediaRows.push({
        postId: p.id,
        type: isVideo ? (video ? 'raw_video' : 'image') : 'image',
        image: isVideo ? ctx.videoOrThumb(p.topic) : topicImageUrl(p.topic, (first + j) % TOPIC_VARIANTS),
        title: j === 0 ? p.topic.title : `${p.topic.title} (${j + 1}/${k})`,
        position: j,
      });
    }
  });
  await insertMany(ctx.db, postMedia, mediaRows);
}

async function seedPostReports(ctx: DemoContext, demoPosts: DemoPost[], alive: DemoUser[]) {
  const { rng, after } = ctx;
  const reportRows: (typeof postReports.$inferInsert)[] = [];
  for (const p of rng.sample(demoPosts, Math.max(3, Math.round(demoPosts.length * 0.08)))) {
    for (const by of rng.sample(alive, rng.int(1, 5))) {
      if (by.id !== p.user.id) {
        reportRows.push({
          postId: p.id,
          reportedById: by.id,
          reason: rng.pick(REPORT_REASONS),
          createdAt: after(p.createdAt),
        });
      }
    }
  }
  await insertMany(ctx.db, postReports, reportRows);
}

/** Views of each post; some viewers like or bookmark it. */
async function seedPostEngagement(ctx: DemoContext, demoPosts: DemoPost[], alive: DemoUser[]) {
  const { rng, after } = ctx;
  const viewRows: (typeof postViews.$inferInsert)[] = [];
  const likeRows: (typeof postLikes.$inferInsert)[] = [];
  const bookmarkRows: (typeof bookmarks.$inferInsert)[] = [];
  for (const p of demoPosts) {
    for (const viewer of rng.sample(alive, Math.floor(rng.next() ** 1.5 * 22))) {
      const seen = after(p.createdAt);
      viewRows.push({ postId: p.id, userId: viewer.id, createdAt: seen });
      if (rng.chance(0.4)) {
        likeRows.push({ postId: p.id, userId: viewer.id, createdAt: seen });
      }
      if (rng.chance(0.12)) {
        bookmarkRows.push({ postId: p.id, userId: viewer.id, createdAt: seen });
      }
    }
  }
  await insertMany(ctx.db, postViews, viewRows);
  await insertMany(ctx.db, postLikes, likeRows);
  await insertMany(ctx.db, bookmarks, bookmarkRows);
}

/** Search history of every user (deleted ones too) over the last 180 days. */
export async function seedSearches(ctx: DemoContext, all: DemoUser[]): Promise<void> {
  const { rng, now, after } = ctx;
  const searchRows: (typeof searches.$inferInsert)[] = [];
  for (const u of all) {
    const k = Math.floor(rng.next() ** 1.6 * 25);
    for (let j = 0; j < k; j++) {
      const topic = rng.pick(TOPICS);
      const type = rng.weighted(SEARCH_TYPES);
      const createdAt = after(new Date(Math.max(u.createdAt.getTime(), now - 180 * DAY)));
      const variant = rng.int(0, TOPIC_VARIANTS - 1);
      const isVideo = type === 'video' || type === 'raw_video';
      searchRows.push({
        userId: u.id,
        searchTerm: rng.chance(0.7)
          ? topic.term
          : `${topic.term} ${rng.pick(['near me', 'today', 'reviews', 'photos', '2026', 'open now'])}`,
        website: topic.website,
        type,
        title: topic.title,
        description: topic.description,
        image:
          type === 'raw_video'
            ? ctx.videoOrThumb(topic)
            : isVideo
              ? topicThumbUrl(topic)
              : topicImageUrl(topic, variant),
        thumbUrl: isVideo ? topicThumbUrl(topic) : topicImageUrl(topic, variant),
        deletedAt: rng.chance(0.05) ? after(createdAt) : null,
        createdAt,
        updatedAt: rng.chance(0.2) ? after(createdAt) : createdAt,
      });
    }
  }
  await insertMany(ctx.db, searches, searchRows);
}
