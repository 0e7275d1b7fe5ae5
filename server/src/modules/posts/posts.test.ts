import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMedia, postReports, posts, postViews } from '../../db/schema';
import { callApi, calls, makeUser, setupTestApp, type TestEnv } from '../../test/harness';

let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp();
});
afterAll(async () => {
  await env?.close();
});

async function makePost(values: Partial<typeof posts.$inferInsert> = {}) {
  const author = await makeUser(env.db, { platform: true, name: 'Post Author' });
  const [post] = await env.db
    .insert(posts)
    .values({
      userId: author.id,
      title: `Post ${Math.random().toString(36).slice(2)}`,
      website: 'example.com',
      type: 'image',
      latitude: 36.7,
      longitude: -119.4,
      likeCount: 5,
      viewsCount: 9,
      ...values,
    })
    .returning();
  await env.db.insert(postMedia).values([
    { postId: post.id, type: 'raw_video', image: '/media/b.mp4', title: 'first', position: 0 },
    { postId: post.id, type: 'image', image: '/media/a.png', title: 'second', position: 1 },
  ]);
  return { post, author };
}

async function report(postId: number, name: string, at = new Date()) {
  const reporter = await makeUser(env.db, { platform: true, name });
  await env.db.insert(postReports).values({ postId, reportedById: reporter.id, createdAt: at });
  return reporter;
}

describe('reported-posts', () => {
  it('lists reports of live posts newest first with the reporter, and searches by title', async () => {
    const staff = await makeUser(env.db, { permissions: ['reported_posts'] });
    const { post } = await makePost({ title: 'Zebra crossing reported' });
    const older = await report(post.id, 'Older Reporter', new Date('2026-01-01T00:00:00Z'));
    const newer = await report(post.id, 'Newer Reporter', new Date('2026-02-01T00:00:00Z'));
    const res = await callApi(env.app, calls.reportedPosts, { query: 'Zebra crossing' }, staff.token);
    expect(res.status).toBe(200);
    expect(res.body.total_posts).toBe(2);
    expect(res.body.posts.map((p: { reported_by_id: number }) => p.reported_by_id)).toEqual([
      newer.id,
      older.id,
    ]);
    expect(res.body.posts[0]).toMatchObject({
      reported_post_id: post.id,
      // The first image, even though a video comes first.
      image: '/media/a.png',
      title: 'Zebra crossing reported',
      website: 'example.com',
      reportedBy: 'Newer Reporter',
      created_at: '2026-02-01T00:00:00.000Z',
    });
  });

  it('sorts by website with the posts without one last, either way', async () => {
    const staff = await makeUser(env.db, { permissions: ['reported_posts'] });
    for (const [title, website] of [
      ['Kestrel one', 'b.example'],
      ['Kestrel two', null],
      ['Kestrel three', 'a.example'],
    ] as const) {
      const { post } = await makePost({ title, website });
      await report(post.id, `Reporter of ${title}`);
    }
    const titles = async (direction: string) =>
      (
        await callApi(
          env.app,
          calls.reportedPosts,
          { query: 'Kestrel', order_by: 'website', direction },
          staff.token,
        )
      ).body.posts.map((p: { title: string }) => p.title);
    expect(await titles('asc')).toEqual(['Kestrel three', 'Kestrel one', 'Kestrel two']);
    expect(await titles('desc')).toEqual(['Kestrel one', 'Kestrel three', 'Kestrel two']);
  });

  it('pages on the server', async () => {
    const staff = await makeUser(env.db, { permissions: ['reported_posts'] });
    const { post } = await makePost({ title: 'Paged unicorn post' });
    for (let i = 0; i < 3; i++) {
      await report(post.id, `Pager ${i}`);
    }
    const res = await callApi(
      env.app,
      calls.reportedPosts,
      { query: 'Paged unicorn', page: 1, page_limit: 2 },
      staff.token,
    );
    expect(res.body.total_posts).toBe(3);
    expect(res.body.posts).toHaveLength(1);
  });

  it('refuses an unknown order_by and a page_limit over 100', async () => {
    const staff = await makeUser(env.db, { permissions: ['reported_posts'] });
    const a = await callApi(env.app, calls.reportedPosts, { order_by: 'password' }, staff.token);
    expect(a.status).toBe(400);
    expect(a.body.responseMessage).toMatch(/^order_by:/);
    const b = await callApi(env.app, calls.reportedPosts, { page_limit: 101 }, staff.token);
    expect(b.status).toBe(400);
    expect(b.body.responseMessage).toMatch(/^page_limit:/);
  });

  it('needs a session and reported_posts', async () => {
    expect((await callApi(env.app, calls.reportedPosts, {})).status).toBe(401);
    const other = await makeUser(env.db, { permissions: ['searches'] });
    expect((await callApi(env.app, calls.reportedPosts, {}, other.token)).status).toBe(403);
  });
});

describe('reported-post-details', () => {
  it('answers the post with media in order, author and counters', async () => {
    const staff = await makeUser(env.db, { permissions: ['post_details'] });
    const { post, author } = await makePost();
    await report(post.id, 'Someone');
    const res = await callApi(env.app, calls.reportedPostDetails, { id: post.id }, staff.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: post.id,
      user: { id: author.id, username: author.username },
      like_count: 5,
      views_count: 9,
      reports_count: 1,
      latitude: 36.7,
      longitude: -119.4,
    });
    expect(res.body.data.media.map((m: { type: string }) => m.type)).toEqual(['raw_video', 'image']);
  });

  it('refuses a missing or non-numeric id', async () => {
    const staff = await makeUser(env.db, { permissions: ['post_details'] });
    const res = await callApi(env.app, calls.reportedPostDetails, { id: 'abc' }, staff.token);
    expect(res.status).toBe(400);
    expect(res.body.responseMessage).toMatch(/^id:/);
    expect((await callApi(env.app, calls.reportedPostDetails, {}, staff.token)).status).toBe(400);
  });

  it('answers 404 for an unknown post', async () => {
    const staff = await makeUser(env.db, { permissions: ['post_details'] });
    const res = await callApi(env.app, calls.reportedPostDetails, { id: 99_999_999 }, staff.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ responseCode: 404, responseMessage: 'Post not found' });
  });

  it('needs a session and post_details', async () => {
    const { post } = await makePost();
    expect((await callApi(env.app, calls.reportedPostDetails, { id: post.id })).status).toBe(401);
    const other = await makeUser(env.db, { permissions: ['reported_posts'] });
    expect((await callApi(env.app, calls.reportedPostDetails, { id: post.id }, other.token)).status).toBe(
      403,
    );
  });
});

describe('reported-by and viewed-by', () => {
  it('list the people once each, name ascending by default, paged', async () => {
    const staff = await makeUser(env.db, { permissions: ['post_details'] });
    const { post } = await makePost();
    const b = await report(post.id, 'Bravo Reporter');
    const a = await report(post.id, 'Alpha Reporter');
    await env.db.insert(postReports).values({ postId: post.id, reportedById: a.id });
    const res = await callApi(env.app, calls.reportedBy, { id: post.id }, staff.token);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((r: { id: number }) => r.id)).toEqual([a.id, b.id]);

    const viewer1 = await makeUser(env.db, { platform: true, name: 'Zulu Viewer' });
    const viewer2 = await makeUser(env.db, { platform: true, name: 'Mike Viewer' });
    await env.db.insert(postViews).values([
      { postId: post.id, userId: viewer1.id },
      { postId: post.id, userId: viewer1.id },
      { postId: post.id, userId: viewer2.id },
    ]);
    const views = await callApi(env.app, calls.viewedBy, { id: post.id, page_limit: 1 }, staff.token);
    expect(views.body.total).toBe(2);
    expect(views.body.data).toHaveLength(1);
    expect(views.body.data[0]).toMatchObject({ id: viewer2.id, name: 'Mike Viewer' });
    const desc = await callApi(env.app, calls.viewedBy, { id: post.id, direction: 'desc' }, staff.token);
    expect(desc.body.data[0].id).toBe(viewer1.id);
  });

  it('refuses bad input, unknown posts, no session and no permission', async () => {
    const staff = await makeUser(env.db, { permissions: ['post_details'] });
    for (const call of [calls.reportedBy, calls.viewedBy]) {
      const bad = await callApi(env.app, call, { id: 1, order_by: 'phone' }, staff.token);
      expect(bad.status).toBe(400);
      expect(bad.body.responseMessage).toMatch(/^order_by:/);
      expect((await callApi(env.app, call, { id: 99_999_999 }, staff.token)).status).toBe(404);
      expect((await callApi(env.app, call, { id: 1 })).status).toBe(401);
      const other = await makeUser(env.db, { permissions: ['reported_posts'] });
      expect((await callApi(env.app, call, { id: 1 }, other.token)).status).toBe(403);
    }
  });
});

describe('delete-post', () => {
  it('soft-deletes: the row stays with deleted_at, the post leaves the list and details answer 404', async () => {
    const staff = await makeUser(env.db, { permissions: ['delete_post', 'reported_posts', 'post_details'] });
    const { post } = await makePost({ title: 'Doomed quokka post' });
    await report(post.id, 'Reporter');
    const before = await callApi(env.app, calls.reportedPosts, { query: 'Doomed quokka' }, staff.token);
    expect(before.body.total_posts).toBe(1);

    // The id travels in the query string, as the spec says.
    const res = await env.app.inject({
      method: 'DELETE',
      url: `/api/v2/delete-post?id=${post.id}`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ responseCode: 200, responseMessage: 'Post deleted successfully' });
    const [row] = await env.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row.deletedAt).toBeInstanceOf(Date);

    const after = await callApi(env.app, calls.reportedPosts, { query: 'Doomed quokka' }, staff.token);
    expect(after.body).toMatchObject({ posts: [], total_posts: 0 });
    expect((await callApi(env.app, calls.reportedPostDetails, { id: post.id }, staff.token)).status).toBe(
      404,
    );
    expect((await callApi(env.app, calls.reportedBy, { id: post.id }, staff.token)).status).toBe(404);
    expect((await callApi(env.app, calls.deletePost, { id: post.id }, staff.token)).status).toBe(404);
  });

  it('refuses a bad id, no session and no permission, and changes nothing', async () => {
    const { post } = await makePost();
    const staff = await makeUser(env.db, { permissions: ['delete_post'] });
    const bad = await callApi(env.app, calls.deletePost, { id: -3 }, staff.token);
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toMatch(/^id:/);
    expect((await callApi(env.app, calls.deletePost, { id: post.id })).status).toBe(401);
    const other = await makeUser(env.db, { permissions: ['post_details', 'reported_posts'] });
    expect((await callApi(env.app, calls.deletePost, { id: post.id }, other.token)).status).toBe(403);
    const [row] = await env.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row.deletedAt).toBeNull();
  });

  it('lets a super admin delete', async () => {
    const { post } = await makePost();
    const boss = await makeUser(env.db, { superAdmin: true });
    expect((await callApi(env.app, calls.deletePost, { id: post.id }, boss.token)).status).toBe(200);
  });
});
