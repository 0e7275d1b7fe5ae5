import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticSettings } from '../../db/schema';
import { callApi, calls, makeUser, setupTestApp, type TestEnv } from '../../test/harness';

let env: TestEnv;
let editor: Awaited<ReturnType<typeof makeUser>>;
let lastOctet = 1;
/** Each request from an address of its own unless told (the app trusts 127.0.0.1 as a proxy). */
const page = (name: string, headers: Record<string, string> = {}, address = `198.51.100.${lastOctet++}`) =>
  env.app.inject({
    method: 'GET',
    url: `/pages/${name}`,
    headers: { 'x-forwarded-for': address, ...headers },
  });

beforeAll(async () => {
  env = await setupTestApp({ env: { RATE_LIMIT_PAGES: '5', TRUST_PROXY: '127.0.0.1' } });
  editor = await makeUser(env.db, { superAdmin: true });
});
afterAll(async () => {
  await env?.close();
});

describe('GET /pages/{name} (issue 32)', () => {
  it('serves the stored HTML as it is: sanitised once, at save, not on every request', async () => {
    // A row marked sanitised is trusted as stored: this one shows that no request sanitises it again.
    await env.db
      .insert(staticSettings)
      .values({ dataKey: 'about', data: '<p>stored</p><template>kept as stored</template>', sanitized: true })
      .onConflictDoUpdate({
        target: staticSettings.dataKey,
        set: { data: '<p>stored</p><template>kept as stored</template>', sanitized: true },
      });
    expect((await page('about')).body).toContain('<template>kept as stored</template>');
    const saved = await callApi(
      env.app,
      calls.saveSettings,
      { data_key: 'about', data: '<p>new</p><script>alert(1)</script>' },
      editor.token,
    );
    expect(saved.status).toBe(200);
    const [row] = await env.db.select().from(staticSettings).where(eq(staticSettings.dataKey, 'about'));
    expect(row).toMatchObject({ data: '<p>new</p>', sanitized: true });
    expect((await page('about')).body).toContain('<p>new</p>');
  });

  it('answers with an ETag, 304 to If-None-Match, and a new ETag after a save', async () => {
    await callApi(env.app, calls.saveSettings, { data_key: 'faq', data: '<p>one</p>' }, editor.token);
    const first = await page('faq');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"faq-.+"$/);
    const again = await page('faq', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await page('faq', { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    await callApi(env.app, calls.saveSettings, { data_key: 'faq', data: '<p>two</p>' }, editor.token);
    const changed = await page('faq', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('<p>two</p>');
    expect(changed.headers.etag).not.toBe(etag);
    // A page never saved has a version too.
    const empty = await page('child-safety-policy');
    expect(
      (await page('child-safety-policy', { 'if-none-match': empty.headers.etag as string })).statusCode,
    ).toBe(304);
  });

  it('is limited per client address', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await page('faq', {}, '203.0.113.9')).statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await page('faq', {}, '203.0.113.10')).statusCode).toBe(200);
  });
});
