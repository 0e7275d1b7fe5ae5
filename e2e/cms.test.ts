import { calls } from '@admin/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApiToken,
  api,
  createStaff,
  DESKTOP,
  e2eEnv,
  newPage,
  openBrowser,
  openSignedIn,
  PHONE,
  screenshot,
} from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('static page editor (issue 4)', () => {
  it('edits and saves a page with heading, font size, alignment and an image, and sees it after a reload and on /pages', async () => {
    const staff = await createStaff({ permissions: ['view_static_pages', 'update_static_pages'] });
    const page = await newPage(browser, DESKTOP);
    await openSignedIn(page, '/child-safety-policy', staff);
    const editor = page.locator('.ProseMirror');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('Keeping children safe');
    await page.getByRole('button', { name: 'Heading 2' }).click();
    await page.getByRole('button', { name: 'Align text: center' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.getByLabel('Font size').selectOption('32px');
    await page.keyboard.type('Large print rules');
    await page.getByRole('button', { name: 'Insert image by URL' }).click();
    await page.getByLabel('Image URL').fill('/default-avatar.svg');
    await page.getByLabel('Description (alt text)').fill('A default avatar');
    await page.getByRole('button', { name: 'Insert image', exact: true }).click();
    await screenshot(page, 'cms-editor-1366');

    // Save at the bottom works like Save at the top.
    const saves = page.getByRole('button', { name: 'Save' });
    expect(await saves.count()).toBe(2);
    await saves.last().click();
    await page.getByText('Page saved successfully').waitFor();

    await page.reload();
    await page.locator('.ProseMirror h2').filter({ hasText: 'Keeping children safe' }).waitFor();
    expect(await page.locator('.ProseMirror h2').getAttribute('style')).toContain('text-align: center');
    expect(
      await page.locator('.ProseMirror span[style*="font-size"]').first().getAttribute('style'),
    ).toContain('32px');
    await page.locator('.ProseMirror img[src="/default-avatar.svg"][alt="A default avatar"]').waitFor();

    const pub = await page.context().newPage();
    await pub.goto('/pages/child-safety-policy');
    await pub.getByRole('heading', { name: 'Keeping children safe' }).waitFor();
    await pub.getByText('Large print rules').waitFor();
    await screenshot(pub, 'cms-public-page-1366');
    await page.context().close();
  });

  it('shows the sanitized result of unsafe HTML after a reload', async () => {
    const token = await adminApiToken();
    await api(token, calls.saveSettings, {
      data_key: 'advertising-guidelines',
      data:
        '<h3>Ad rules</h3><p onmouseover="window.__xss=1">Hover me</p><img src="x" onerror="window.__xss=2">' +
        '<script>window.__xss=3</script><a href="javascript:window.__xss=4">bad link</a>',
    });
    const staff = await createStaff({ permissions: ['view_static_pages', 'update_static_pages'] });
    const page = await newPage(browser, DESKTOP);
    await openSignedIn(page, '/advertising-guidelines', staff);
    await page.locator('.ProseMirror h3').filter({ hasText: 'Ad rules' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Page saved successfully').waitFor();
    await page.reload();
    await page.locator('.ProseMirror').getByText('Hover me').hover();
    const html = await page.locator('.ProseMirror').innerHTML();
    expect(html).not.toMatch(/onmouseover|onerror|<script|javascript:/i);
    // The image came without a description: it is kept as decorative, never without an alt.
    expect(html).toMatch(/<img[^>]* alt=""/);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    const res = await fetch(`${e2eEnv().baseUrl}/pages/advertising-guidelines`);
    const body = await res.text();
    expect(body).toContain('<h3>Ad rules</h3>');
    expect(body).not.toMatch(/onmouseover|onerror|<script>window|javascript:/i);
    await page.context().close();
  });

  it('keeps a table through the editor: Payment Terms saved unchanged still has its price table', async () => {
    const staff = await createStaff({ permissions: ['view_static_pages', 'update_static_pages'] });
    const page = await newPage(browser, DESKTOP);
    await openSignedIn(page, '/payment_terms', staff);
    const header = page.locator('.ProseMirror table th').filter({ hasText: 'Typical price' });
    await header.waitFor();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Page saved successfully').waitFor();
    await page.reload();
    await header.waitFor();
    expect(await page.locator('.ProseMirror table td').filter({ hasText: 'CPC' }).count()).toBe(1);
    const body = await (await fetch(`${e2eEnv().baseUrl}/pages/payment_terms`)).text();
    expect(body).toMatch(/<table>.*<th>(<p>)?Typical price/s);
    await page.context().close();
  });

  it('lets a viewer read but not save, and fits a phone', async () => {
    const staff = await createStaff({ permissions: ['view_static_pages'] });
    const page = await newPage(browser, PHONE);
    await openSignedIn(page, '/faq', staff);
    await page.locator('.ProseMirror').waitFor();
    expect(await page.locator('.ProseMirror').getAttribute('contenteditable')).toBe('false');
    const saves = page.getByRole('button', { name: 'Save' });
    expect(await saves.first().isDisabled()).toBe(true);
    await screenshot(page, 'cms-viewer-390', { fullPage: true });
    await page.context().close();
  });
});
