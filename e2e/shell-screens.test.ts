import fs from 'node:fs';
import path from 'node:path';
import { calls } from '@admin/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApiToken,
  api,
  createStaff,
  DESKTOP,
  e2eEnv,
  openBrowser,
  PHONE,
  screenshot,
  signedInContext,
} from './harness';
import { settled } from './routes';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(pathname: string, viewport = DESKTOP): Promise<Page> {
  const context = await signedInContext(browser, { viewport: viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(pathname);
  await page.getByTestId('user-menu').waitFor();
  return page;
}

describe('permission screens (issue 14)', () => {
  it('user permissions: rows grouped by area with labels, one Effective column', async () => {
    const token = await adminApiToken();
    const group = await api(token, calls.groupAdd, { name: `Effective ${Date.now().toString(36)}` });
    const { data: perms } = await api(token, calls.groupPermissions, { group_id: group.data.id });
    const searches = perms.find((p) => p.name === 'searches');
    await api(token, calls.groupPermissionToggle, {
      group_id: group.data.id,
      permission_id: searches?.id ?? 0,
    });
    const staff = await createStaff({ permissions: ['users_list'] });
    await api(token, calls.assignGroups, { user_id: staff.id, group_ids: [group.data.id] });

    const page = await open(`/manage-user-permissions/${staff.id}`);
    await page.getByRole('table', { name: 'Permissions' }).waitFor();
    for (const area of ['Dashboard', 'Users', 'Groups and permissions', 'Campaigns', 'Operations']) {
      await page
        .getByRole('rowheader', { name: area, exact: true })
        .or(page.getByRole('columnheader', { name: area, exact: true }))
        .first()
        .waitFor();
    }
    await page.getByText('See the users list').waitFor();
    expect(await page.getByTestId('effective-users_list').textContent()).toBe('Granted directly');
    expect(await page.getByTestId('effective-searches').textContent()).toBe(
      `Granted through group ${group.data.name}`,
    );
    expect(await page.getByTestId('effective-reported_posts').textContent()).toBe('Not granted');
    expect(await page.getByText('via group', { exact: false }).count()).toBe(0);
    await screenshot(page, 'shell-user-permissions-1366');

    // Granting directly changes what Effective says.
    await page.getByRole('button', { name: 'searches: NO', exact: true }).click();
    await page.getByRole('button', { name: 'searches: YES', exact: true }).waitFor();
    expect(await page.getByTestId('effective-searches').textContent()).toBe(
      `Granted directly and through group ${group.data.name}`,
    );
    // The filter finds rows by their readable label.
    await page.getByPlaceholder('Search Permission').fill('push notifications');
    await page.getByText('Send push notifications').waitFor();
    expect(await page.getByRole('button', { name: /: (YES|NO)$/ }).count()).toBe(1);
    await page.context().close();
  });
});

describe('API docs, money and thumbnails (issue 14)', () => {
  it('API docs tabs list the versions that exist, newest selected; none says so without a path', async () => {
    const dir = path.join(e2eEnv().dataDir, 'api-docs', 'search');
    fs.mkdirSync(dir, { recursive: true });
    const doc = (v: string) =>
      JSON.stringify({ openapi: '3.0.3', info: { title: `Search ${v}`, version: v }, paths: {} });
    fs.writeFileSync(path.join(dir, '1.0.0.json'), doc('1.0.0'));
    fs.writeFileSync(path.join(dir, '1.2.0.json'), doc('1.2.0'));

    const page = await open('/search-api-documentation');
    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).toEqual(['Version 1.2.0', 'Version 1.0.0']);
    expect(await page.getByRole('tab', { name: 'Version 1.2.0' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText('Search 1.2.0').first().waitFor();

    await page.goto('/mobile-api-documentation');
    await page.getByText('No version of this API document has been published yet.').waitFor();
    expect(await page.locator('body').textContent()).not.toMatch(/data directory|api-docs\/|\.json/);

    await page.goto('/api-documentation');
    await page.getByRole('tab', { name: 'Version 2.0.0' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(1);
    await page.context().close();
  });

  it('finance tables show exact amounts with two decimals', async () => {
    const page = await open('/transactions');
    await settled(page);
    const cells = await page.locator('table td').allTextContents();
    const money = cells.filter((c) => c.trim().startsWith('$'));
    expect(money.length).toBeGreaterThan(0);
    for (const m of money) {
      expect(m.trim()).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    }
    await page.goto('/campaign-list');
    await settled(page);
    const body = await page.locator('main').textContent();
    expect(body).not.toMatch(/\$\d+(\.\d)?[KMB]\b/);
    await page.context().close();
  });

  it('a bookmark whose media cannot load shows a typed placeholder, never a broken image', async () => {
    const token = await adminApiToken();
    const { users } = await api(token, calls.usersList, { page_limit: 1 });
    const page = await open(`/user-profile/${users[0].id}`, PHONE);
    // The stored media URLs are real; make them unreachable as a dead link or a video would be.
    await page.route('**/api/v2/favourites**', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: Record<string, unknown>[] };
      const base = body.data[0] ?? { id: 1, title: 'A bookmark', search_term: 'x', description: '' };
      body.data = [
        { ...base, id: 900001, type: 'raw_video', image: '/media/missing-video.mp4', title: 'A video' },
        { ...base, id: 900002, type: 'image', image: '/media/missing-image.jpg', title: 'An image' },
      ];
      (body as { total?: number }).total = 2;
      await route.fulfill({ response: res, json: body });
    });
    await page.getByRole('tab', { name: /Bookmarks|Favourites/ }).click();
    const placeholders = page.getByTestId('media-placeholder');
    await placeholders.nth(1).waitFor();
    expect(await placeholders.evaluateAll((els) => els.map((e) => e.getAttribute('data-media')))).toEqual([
      'video',
      'image',
    ]);
    expect(await page.locator('main img[src*="missing"]').count()).toBe(0);
    await screenshot(page, 'shell-bookmarks-placeholder-390');
    await page.context().close();
  });
});
