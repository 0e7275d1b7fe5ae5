import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { moderationCases, postReports, posts, userReports } from '../../db/schema';
import { makeUser } from '../../test/harness';

/** A post by a new platform user (or `authorId`), reported by `reporters` new platform users. */
export async function reportedPost(
  db: Db,
  reporters: number,
  opts: { authorId?: number; reason?: string } = {},
) {
  const authorId = opts.authorId ?? (await makeUser(db, { platform: true, name: 'Reported Author' })).id;
  const [post] = await db
    .insert(posts)
    .values({ userId: authorId, title: `Reported post ${Math.random().toString(36).slice(2)}` })
    .returning();
  for (let i = 0; i < reporters; i++) {
    const by = await makeUser(db, { platform: true, name: `Reporter ${i}` });
    await db
      .insert(postReports)
      .values({ postId: post.id, reportedById: by.id, reason: opts.reason ?? 'Spam' });
  }
  return { post, authorId, caseId: await openCaseOf(db, 'post', post.id) };
}

/** A platform user reported by `reporters` others. */
export async function reportedUser(db: Db, reporters: number) {
  const target = await makeUser(db, { platform: true, name: 'Reported User' });
  for (let i = 0; i < reporters; i++) {
    const by = await makeUser(db, { platform: true, name: `User reporter ${i}` });
    await db
      .insert(userReports)
      .values({ reportedUserId: target.id, reportedById: by.id, reason: 'Harassment' });
  }
  return { user: target, caseId: await openCaseOf(db, 'user', target.id) };
}

async function openCaseOf(db: Db, type: 'post' | 'user', targetId: number): Promise<number> {
  const [row] = await db
    .select({ id: moderationCases.id })
    .from(moderationCases)
    .where(
      and(
        eq(moderationCases.targetType, type),
        eq(moderationCases.targetId, targetId),
        ne(moderationCases.status, 'decided'),
      ),
    );
  return row?.id ?? 0;
}
