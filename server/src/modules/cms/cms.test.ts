import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticSettings } from '../../db/schema';
import { callApi, calls, makeUser, setupTestApp, type TestEnv } from '../../test/harness';

let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp();
});
afterAll(async () => {
  await env?.close();
});

describe('POST settings (static pages)', () => {
  it('sanitizes and stores the page, then GET and the public page answer the clean HTML', async () => {
    const editor = await makeUser(env.db, { permissions: ['update_static_pages', 'view_static_pages'] });
    const html =
      '<h1 style="text-align: center">About us</h1><p onclick="steal()">Hello <span style="font-size: 32px">big</span></p><script>alert(1)</script><a href="javascript:alert(1)">bad</a>';
    const res = await callApi(env.app, calls.saveSettings, { data_key: 'about', data: html }, editor.token);
    expect(res.status).toBe(200);
    const clean =
      '<h1 style="text-align:center">About us</h1><p>Hello <span style="font-size:32px">big</span></p><a>bad</a>';
    expect(res.body).toMatchObject({
      responseMessage: 'Page saved successfully',
      data: { data_key: 'about', data: clean },
    });
    const [row] = await env.db.select().from(staticSettings).where(eq(staticSettings.dataKey, 'about'));
    expect(row.data).toBe(clean);
    expect(row.updatedById).toBe(editor.id);

    const read = await callApi(env.app, calls.getSettings, { data_key: 'about' }, editor.token);
    expect(read.body.data).toMatchObject({ data_key: 'about', data: clean });

    const pub = await env.app.inject({ method: 'GET', url: '/pages/about' });
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['content-type']).toContain('text/html');
    expect(pub.body).toContain(clean);
    expect(pub.body).toContain('<title>About</title>');
    expect(pub.body).not.toContain('alert(1)');
  });

  it('overwrites on a second save', async () => {
    const editor = await makeUser(env.db, { permissions: ['update_static_pages'] });
    await callApi(env.app, calls.saveSettings, { data_key: 'term', data: '<p>v1</p>' }, editor.token);
    await callApi(env.app, calls.saveSettings, { data_key: 'term', data: '<p>v2</p>' }, editor.token);
    const rows = await env.db.select().from(staticSettings).where(eq(staticSettings.dataKey, 'term'));
    expect(rows.map((r) => r.data)).toEqual(['<p>v2</p>']);
  });

  it('refuses unknown keys (operational keys included), a missing body and too much HTML, writing nothing', async () => {
    const editor = await makeUser(env.db, { permissions: ['update_static_pages'] });
    const unknown = await callApi(
      env.app,
      calls.saveSettings,
      { data_key: 'nope', data: '<p>x</p>' },
      editor.token,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.responseMessage).toMatch(/^data_key: must be a static page key/);
    const ops = await callApi(
      env.app,
      calls.saveSettings,
      { data_key: 'ENRICHMENT_SERVICE', data: 'off' },
      editor.token,
    );
    expect(ops.status).toBe(400);
    const missing = await callApi(env.app, calls.saveSettings, { data_key: 'faq' }, editor.token);
    expect(missing.status).toBe(400);
    expect(missing.body.responseMessage).toBe('Data is required');
    const huge = await callApi(
      env.app,
      calls.saveSettings,
      { data_key: 'faq', data: 'x'.repeat(500_001) },
      editor.token,
    );
    expect(huge.status).toBe(400);
    expect(huge.body.responseMessage).toMatch(/^data: must be at most/);
    const rows = await env.db.select().from(staticSettings).where(eq(staticSettings.dataKey, 'faq'));
    expect(rows).toEqual([]);
  });

  it('needs a session and update_static_pages (view_static_pages is not enough)', async () => {
    const input = { data_key: 'privacy', data: '<p>x</p>' };
    expect((await callApi(env.app, calls.saveSettings, input)).status).toBe(401);
    const viewer = await makeUser(env.db, { permissions: ['view_static_pages'] });
    expect((await callApi(env.app, calls.saveSettings, input, viewer.token)).status).toBe(403);
    const rows = await env.db.select().from(staticSettings).where(eq(staticSettings.dataKey, 'privacy'));
    expect(rows).toEqual([]);
  });
});

describe('GET settings', () => {
  it('answers an empty page for a key never saved', async () => {
    const viewer = await makeUser(env.db, { permissions: ['view_static_pages'] });
    const res = await callApi(env.app, calls.getSettings, { data_key: 'child-safety-policy' }, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ data_key: 'child-safety-policy', data: '', updated_at: null });
  });

  it('answers the enrichment values for data_keys with change_enrichment_settings', async () => {
    await env.db
      .insert(staticSettings)
      .values({ dataKey: 'URL_MAX_RETRY', data: '7' })
      .onConflictDoUpdate({ target: staticSettings.dataKey, set: { data: '7' } });
    const ops = await makeUser(env.db, { permissions: ['change_enrichment_settings'] });
    const res = await callApi(
      env.app,
      calls.getSettings,
      { data_keys: 'ENRICHMENT_SERVICE,URL_MAX_RETRY' },
      ops.token,
    );
    expect(res.status).toBe(200);
    // The settings area may fill values never saved with its defaults; a saved one is answered as is.
    expect(Object.keys(res.body.settings).sort()).toEqual(['ENRICHMENT_SERVICE', 'URL_MAX_RETRY']);
    expect(res.body.settings.URL_MAX_RETRY).toBe('7');
    // Each half needs its own permission.
    expect((await callApi(env.app, calls.getSettings, { data_key: 'faq' }, ops.token)).status).toBe(403);
    const viewer = await makeUser(env.db, { permissions: ['view_static_pages'] });
    expect(
      (await callApi(env.app, calls.getSettings, { data_keys: 'URL_MAX_RETRY' }, viewer.token)).status,
    ).toBe(403);
  });

  it('refuses unknown keys, neither or both of data_key and data_keys', async () => {
    const boss = await makeUser(env.db, { superAdmin: true });
    const cases: [Record<string, string>, RegExp][] = [
      [{ data_key: 'secrets' }, /^data_key:/],
      [{ data_keys: 'ADMIN_PASSWORD' }, /^data_keys/],
      [{}, /give either data_key or data_keys/],
      [{ data_key: 'faq', data_keys: 'URL_MAX_RETRY' }, /give either/],
    ];
    for (const [input, message] of cases) {
      const res = await callApi(env.app, calls.getSettings, input, boss.token);
      expect(res.status).toBe(400);
      expect(res.body.responseMessage).toMatch(message);
    }
  });

  it('needs a session and one of the permissions', async () => {
    expect((await callApi(env.app, calls.getSettings, { data_key: 'faq' })).status).toBe(401);
    const other = await makeUser(env.db, { permissions: ['searches'] });
    expect((await callApi(env.app, calls.getSettings, { data_key: 'faq' }, other.token)).status).toBe(403);
  });
});

describe('GET /pages/{name}', () => {
  it('serves a never-saved page with a placeholder, and 404 for unknown names', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/pages/advertising-guidelines' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('This page has no content yet.');
    const missing = await env.app.inject({ method: 'GET', url: '/pages/..%2Fetc' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Page not found');
  });

  it('sanitizes a row written by another tool once, on its first read, and stores it back', async () => {
    await env.db
      .insert(staticSettings)
      .values({ dataKey: 'payment_terms', data: '<p>ok</p><script>alert(1)</script>' })
      .onConflictDoNothing();
    const res = await env.app.inject({ method: 'GET', url: '/pages/payment_terms' });
    expect(res.body).toContain('<p>ok</p>');
    expect(res.body).not.toContain('<script>alert');
    const [row] = await env.db
      .select()
      .from(staticSettings)
      .where(eq(staticSettings.dataKey, 'payment_terms'));
    expect(row).toMatchObject({ data: '<p>ok</p>', sanitized: true });
  });
});
