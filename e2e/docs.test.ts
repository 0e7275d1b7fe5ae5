import { TEXTS } from '@admin/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, DESKTOP, newPage, openBrowser, openSignedIn, PHONE, screenshot } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('API documentation (issue 4)', () => {
  it('keeps Swagger UI and the editor out of the first visit', async () => {
    const page = await newPage(browser, DESKTOP);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') {
        scripts.push(r.url());
      }
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /swagger|page-editor|tiptap/i.test(s))).toEqual([]);
    await page.context().close();
  });

  it('runs a call from Swagger UI with the signed-in token; only published versions get a tab', async () => {
    const staff = await createStaff({ permissions: ['api_documentation', 'searches'] });
    const page = await newPage(browser, DESKTOP);
    await openSignedIn(page, '/api-documentation', staff);
    expect(await page.getByRole('tab', { name: 'Version 2.0.0' }).getAttribute('aria-selected')).toBe('true');
    // Operations are grouped by area, collapsed: open Searches.
    await page.locator('#operations-tag-Searches').click({ timeout: 60_000 });
    const op = page.locator('#operations-Searches-searches');
    await op.waitFor();
    await screenshot(page, 'docs-admin-1366');
    await op.locator('.opblock-summary').first().click();
    const tryIt = op.getByRole('button', { name: 'Try it out' });
    if (await tryIt.count()) {
      await tryIt.click();
    }
    const sent = page.waitForRequest((r) => r.url().includes('/api/v2/searches'));
    await op.getByRole('button', { name: 'Execute' }).click();
    const request = await sent;
    expect(request.headers().authorization).toMatch(/^Bearer \S+/);
    const status = op.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor();
    expect((await status.textContent())?.trim()).toBe('200');
    await screenshot(page, 'docs-admin-executed-1366');

    // Only published versions get a tab (issue 14): here the generated admin 2.0.0 alone.
    expect(await page.getByRole('tab', { name: /^Version / }).allTextContents()).toEqual(['Version 2.0.0']);
    await page.context().close();
  });

  it('shows the missing-document message on the mobile page at phone width', async () => {
    const staff = await createStaff({ permissions: ['api_documentation'] });
    const page = await newPage(browser, PHONE);
    await openSignedIn(page, '/mobile-api-documentation', staff);
    await page.getByText('No version of this API document has been published yet.').waitFor();
    await screenshot(page, 'docs-mobile-missing-390');
    await page.goto('/api-documentation');
    await page.locator('#operations-tag-Searches').waitFor({ timeout: 60_000 });
    await screenshot(page, 'docs-admin-390');
    await page.context().close();
  });

  it('tells a user without api_documentation they are not authorized', async () => {
    const staff = await createStaff({ permissions: ['searches'] });
    const page = await newPage(browser, DESKTOP);
    await openSignedIn(page, '/search-api-documentation', staff);
    await page.getByText(TEXTS.notAuthorizedPage).waitFor();
    await page.context().close();
  });
});
