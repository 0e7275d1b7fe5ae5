import { LIST_TOTAL_CAP } from '@admin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searches } from '../../db/schema';
import { callApi, calls, makeUser, setupTestApp, sql, type TestEnv } from '../../test/harness';

let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp();
});
afterAll(async () => {
  await env?.close();
});

const tag = () => Math.random().toString(36).slice(2, 10);

async function addSearch(userId: number, term: string, type: string, at: string, deleted = false) {
  const [row] = await env.db
    .insert(searches)
    .values({
      userId,
      searchTerm: term,
      type,
      website: 'example.org',
      title: `Title of ${term}`,
      description: 'A description',
      image: '/media/s.png',
      thumbUrl: '/media/s-thumb.png',
      createdAt: new Date(at),
      updatedAt: new Date(at),
      deletedAt: deleted ? new Date(at) : null,
    })
    .returning();
  return row;
}

describe('searches', () => {
  it('lists newest first with the username, deleted ones included with their date', async () => {
    const staff = await makeUser(env.db, { permissions: ['searches'] });
    const user = await makeUser(env.db, { platform: true });
    const t = tag();
    const old = await addSearch(user.id, `${t} old`, 'image', '2026-01-01T00:00:00Z');
    const gone = await addSearch(user.id, `${t} gone`, 'raw_video', '2026-03-01T00:00:00Z', true);
    const mid = await addSearch(user.id, `${t} mid`, 'image', '2026-02-01T00:00:00Z');
    const res = await callApi(env.app, calls.searches, { query: t }, staff.token);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.total_is_lower_bound).toBe(false);
    expect(res.body.data.map((s: { id: number }) => s.id)).toEqual([gone.id, mid.id, old.id]);
    expect(res.body.data[0]).toMatchObject({
      userId: user.id,
      username: user.username,
      search_term: `${t} gone`,
      type: 'raw_video',
      deleted_at: '2026-03-01T00:00:00.000Z',
      thumb_url: '/media/s-thumb.png',
    });
    expect(res.body.data[1].deleted_at).toBeNull();
  });

  it('filters by user and by type, with totals under the same filter', async () => {
    const staff = await makeUser(env.db, { permissions: ['searches'] });
    const a = await makeUser(env.db, { platform: true });
    const b = await makeUser(env.db, { platform: true });
    await addSearch(a.id, 'one', 'image', '2026-01-01T00:00:00Z');
    await addSearch(a.id, 'two', 'raw_video', '2026-01-02T00:00:00Z');
    await addSearch(b.id, 'three', 'raw_video', '2026-01-03T00:00:00Z');
    const mine = await callApi(env.app, calls.searches, { user_id: a.id }, staff.token);
    expect(mine.body.total).toBe(2);
    expect(mine.body.data.every((s: { userId: number }) => s.userId === a.id)).toBe(true);
    const videos = await callApi(env.app, calls.searches, { user_id: a.id, type: 'raw_video' }, staff.token);
    expect(videos.body.total).toBe(1);
    expect(videos.body.data[0].search_term).toBe('two');
    const page = await callApi(
      env.app,
      calls.searches,
      { user_id: a.id, page: 1, page_limit: 1 },
      staff.token,
    );
    expect(page.body.data.map((s: { search_term: string }) => s.search_term)).toEqual(['one']);
    const asc = await callApi(env.app, calls.searches, { user_id: a.id, direction: 'asc' }, staff.token);
    expect(asc.body.data[0].search_term).toBe('one');
  });

  it('answers 404 for the searches of a user who does not exist', async () => {
    const staff = await makeUser(env.db, { permissions: ['searches'] });
    const res = await callApi(env.app, calls.searches, { user_id: 2_000_000_000 }, staff.token);
    expect(res.status).toBe(404);
    expect(res.body.responseMessage).toBe('User not found');
  });

  it('answers an exact total up to LIST_TOTAL_CAP (1,000) matches and the cap with the lower-bound flag beyond', async () => {
    const staff = await makeUser(env.db, { permissions: ['searches'] });
    const user = await makeUser(env.db, { platform: true });
    await env.db.execute(sql`
      INSERT INTO searches (user_id, search_term, type, created_at, updated_at)
      SELECT ${user.id}, 'bulk ' || g, CASE WHEN g <= 30 THEN 'news' ELSE 'image' END,
             now() - g * interval '1 minute', now()
      FROM generate_series(1, ${LIST_TOTAL_CAP + 50}) g`);
    await env.db.execute(sql`ANALYZE searches`);
    const small = await callApi(env.app, calls.searches, { user_id: user.id, type: 'news' }, staff.token);
    expect(small.body).toMatchObject({ total: 30, total_is_lower_bound: false });
    const big = await callApi(env.app, calls.searches, { user_id: user.id }, staff.token);
    expect(big.status).toBe(200);
    expect(big.body).toMatchObject({ total: LIST_TOTAL_CAP, total_is_lower_bound: true });
    expect(big.body.data[0].search_term).toBe('bulk 1');
  });

  it('treats LIKE wildcards in the query literally', async () => {
    const staff = await makeUser(env.db, { permissions: ['searches'] });
    const res = await callApi(env.app, calls.searches, { query: '%_%' }, staff.token);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(0);
  });

  it('refuses bad filters naming the field', async () => {
    const staff = await makeUser(env.db, { permissions: ['searches'] });
    for (const [input, field] of [
      [{ user_id: 'me' }, 'user_id'],
      [{ type: 'DROP TABLE' }, 'type'],
      [{ order_by: 'username' }, 'order_by'],
      [{ page: -1 }, 'page'],
    ] as const) {
      const res = await callApi(env.app, calls.searches, input, staff.token);
      expect(res.status).toBe(400);
      expect(res.body.responseMessage).toMatch(new RegExp(`^${field}:`));
    }
  });

  it('needs a session and searches', async () => {
    expect((await callApi(env.app, calls.searches, {})).status).toBe(401);
    const other = await makeUser(env.db, { permissions: ['reported_posts'] });
    expect((await callApi(env.app, calls.searches, {}, other.token)).status).toBe(403);
    const viaGroup = await makeUser(env.db, { groupPermissions: ['searches'] });
    expect((await callApi(env.app, calls.searches, {}, viaGroup.token)).status).toBe(200);
  });
});
