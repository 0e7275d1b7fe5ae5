import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedUrls, posts } from '../../db/schema';
import { callApi, calls, makeUser, setupTestApp, type TestEnv } from '../../test/harness';

let env: TestEnv;
let staff: Awaited<ReturnType<typeof makeUser>>;
let owner: Awaited<ReturnType<typeof makeUser>>;
const at = (d: string) => new Date(`${d}T10:00:00Z`);

beforeAll(async () => {
  env = await setupTestApp();
  staff = await makeUser(env.db, { permissions: ['failed_urls'] });
  owner = await makeUser(env.db, { platform: true, values: { avatar: '/media/a.png' } });
  const [post] = await env.db.insert(posts).values({ userId: owner.id, title: 't' }).returning();
  await env.db.insert(failedUrls).values([
    {
      postId: post.id,
      url: 'https://news.example/a',
      host: 'news.example',
      deviceType: 'ios',
      deviceOs: 'iOS 17.5',
      createdAt: at('2030-05-01'),
    },
    {
      postId: post.id,
      url: 'https://news.example/b',
      host: 'news.example',
      scrapByScript: true,
      failedInEnrichment: true,
      createdAt: at('2030-05-02'),
      lastRetriedAt: at('2030-05-03'),
    },
    {
      userId: owner.id,
      url: 'https://shop.example/c',
      host: 'shop.example',
      scrapByScript: true,
      createdAt: at('2030-05-03'),
      resolvedAt: at('2030-05-04'),
    },
    { url: 'https://old.example/d', host: 'old.example', createdAt: at('2030-04-01') },
  ]);
});
afterAll(async () => {
  await env?.close();
});

describe('GET failed-urls', () => {
  it('lists every failed link newest first with its user and flags, and totalCount', async () => {
    const res = await callApi(env.app, calls.failedUrls, {}, staff.token);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(4);
    expect(res.body.data.map((r: { url: string }) => r.url)).toEqual([
      'https://shop.example/c',
      'https://news.example/b',
      'https://news.example/a',
      'https://old.example/d',
    ]);
    expect(res.body.data[0]).toMatchObject({
      post: { id: null, user: { id: owner.id, username: owner.username, avatar: '/media/a.png' } },
      failed_in_curl: 1,
      scrap_by_script: 1,
      failed_in_enrichment: 0,
      resolved_at: '2030-05-04T10:00:00.000Z',
    });
    expect(res.body.data[2]).toMatchObject({ device_type: 'ios', device_os: 'iOS 17.5', resolved_at: null });
    expect(res.body.data[3].post.user).toBeNull();
  });

  it("filters to 'Failed In Enrichment Service' and pages", async () => {
    const res = await callApi(env.app, calls.failedUrls, { failedType: 'enrichment' }, staff.token);
    expect(res.body.totalCount).toBe(1);
    expect(res.body.data[0]).toMatchObject({ url: 'https://news.example/b', failed_in_enrichment: 1 });
    const page = await callApi(env.app, calls.failedUrls, { page: 1, page_limit: 3 }, staff.token);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.totalCount).toBe(4);
  });

  it('sorts by a date that may be empty with the empty ones last, either way, and by id', async () => {
    const urls = async (input: Record<string, unknown>) =>
      (await callApi(env.app, calls.failedUrls, input, staff.token)).body.data.map((r: { url: string }) =>
        r.url.slice(-1),
      );
    expect(await urls({ order_by: 'last_retried_at', direction: 'desc' })).toEqual(['b', 'd', 'c', 'a']);
    expect(await urls({ order_by: 'last_retried_at', direction: 'asc' })).toEqual(['b', 'a', 'c', 'd']);
    expect(await urls({ order_by: 'resolved_at', direction: 'asc' })).toEqual(['c', 'a', 'b', 'd']);
    expect(await urls({ order_by: 'created_at', direction: 'asc' })).toEqual(['d', 'a', 'b', 'c']);
    expect(await urls({ order_by: 'id', direction: 'desc' })).toEqual(['d', 'c', 'b', 'a']);
  });

  it('refuses a bad filter or sort naming the field', async () => {
    const res = await callApi(env.app, calls.failedUrls, { failedType: 'curl' }, staff.token);
    expect(res.status).toBe(400);
    expect(res.body.responseMessage).toMatch(/^failedType:/);
    const sort = await callApi(env.app, calls.failedUrls, { order_by: 'url; drop' }, staff.token);
    expect(sort.body.responseMessage).toMatch(/^order_by:/);
  });
});

describe('GET failed-urls-frequency', () => {
  it('ranks hosts in the range with their share of all failures', async () => {
    const res = await callApi(
      env.app,
      calls.failedUrlsFrequency,
      { start_date: '2030-05-01', end_date: '2030-05-31' },
      staff.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalCount: 2,
      data: [
        { failed_host: 'news.example', total_metas: 3, host_search_count: 2, frequency: 66.67 },
        { failed_host: 'shop.example', total_metas: 3, host_search_count: 1, frequency: 33.33 },
      ],
    });
    const all = await callApi(env.app, calls.failedUrlsFrequency, {}, staff.token);
    expect(all.body.totalCount).toBe(3);
    const search = await callApi(env.app, calls.failedUrlsFrequency, { keyword: 'SHOP' }, staff.token);
    expect(search.body.data).toEqual([
      { failed_host: 'shop.example', total_metas: 4, host_search_count: 1, frequency: 25 },
    ]);
    const beyond = await callApi(env.app, calls.failedUrlsFrequency, { page: 5 }, staff.token);
    expect(beyond.body).toMatchObject({ data: [], totalCount: 3 });
  });

  it('refuses reversed or malformed dates', async () => {
    const res = await callApi(
      env.app,
      calls.failedUrlsFrequency,
      { start_date: '2030-05-09', end_date: '2030-05-01' },
      staff.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.responseMessage).toBe('end_date: must not be before start_date');
    const bad = await callApi(env.app, calls.failedUrlsFrequency, { start_date: 'yesterday' }, staff.token);
    expect(bad.body.responseMessage).toBe('start_date: must be a date YYYY-MM-DD');
  });

  it('both calls need a session and failed_urls', async () => {
    const other = await makeUser(env.db, { permissions: ['users_list'] });
    for (const call of [calls.failedUrls, calls.failedUrlsFrequency]) {
      expect((await callApi(env.app, call, {})).status).toBe(401);
      expect((await callApi(env.app, call, {}, other.token)).status).toBe(403);
    }
  });
});
