import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eEnv, newPage, openBrowser } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('first visit (stays light)', () => {
  it('loads under 250 KB of gzipped JavaScript on /login, served compressed and cached', async () => {
    const page = await newPage(browser);
    const scripts = new Map<string, { encoding: string | undefined; cache: string | undefined }>();
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.pathname.endsWith('.js')) {
        const h = r.headers();
        scripts.set(url.pathname, { encoding: h['content-encoding'], cache: h['cache-control'] });
      }
    });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    let gz = 0;
    let raw = 0;
    for (const p of scripts.keys()) {
      const body = fs.readFileSync(path.join(e2eEnv().webDist, p));
      raw += body.length;
      gz += gzipSync(body, { level: 9 }).length;
    }
    console.info(
      `login first visit: ${scripts.size} JS files, ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzipped`,
    );
    expect(scripts.size).toBeGreaterThan(0);
    expect(gz).toBeLessThan(250 * 1024);
    for (const [p, h] of scripts) {
      if (p.startsWith('/assets/')) {
        expect(h.encoding, p).toMatch(/br|gzip/);
        expect(h.cache, p).toContain('immutable');
      } else {
        // The tiny unhashed boot script (/color-scheme.js, dark mode before the app loads) is
        // revalidated, so a deploy reaches it; it is below the compression threshold.
        expect(h.cache, p).toContain('no-cache');
      }
    }
    await page.context().close();
  });
});
