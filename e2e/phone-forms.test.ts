import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, DESKTOP, newPage, openBrowser, PHONE, screenshot, signIn } from './harness';
import { settledOverflow } from './list-checks';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The overflow problems of the page at both widths, with a screenshot of each. */
async function atBothWidths(page: Page, name: string): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const [width, viewport] of [
    [1366, DESKTOP],
    [390, PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    found[`${name}-${width}`] = await settledOverflow(page);
    await screenshot(page, `phone-forms-${name}-${width}`);
  }
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0));
}

// The screens that are not lists (issue 14): their tables fit a phone too, without sideways scrolling.
describe('forms and permission tables fit a phone (issue 14)', () => {
  it('settings, user and group permissions and a CMS page with a table have no sideways scroll', async () => {
    const staff = await createStaff({ permissions: ['users_list'] });
    const page = await newPage(browser, DESKTOP);
    await signIn(page);
    const found: Record<string, string[]> = {};

    await page.goto('/settings');
    await page.getByRole('table', { name: 'App Force Update When' }).waitFor();
    Object.assign(found, await atBothWidths(page, 'settings'));
    // On a phone the device's fields keep their names as visible labels.
    await expect(page.getByLabel('Android version').isVisible()).resolves.toBe(true);

    await page.setViewportSize(DESKTOP);
    await page.goto(`/manage-user-permissions/${staff.id}`);
    await page.getByRole('table', { name: 'Permissions' }).waitFor();
    Object.assign(found, await atBothWidths(page, 'user-permissions'));
    await expect(page.getByTestId('effective-users_list').isVisible()).resolves.toBe(true);

    await page.setViewportSize(DESKTOP);
    await page.goto('/manage-group-permissions');
    await page.getByPlaceholder('Select Group').click();
    // 'Select Group' is the placeholder: the first option is a group.
    await page.getByRole('option').first().click();
    await page.getByRole('table', { name: 'Permissions' }).waitFor();
    Object.assign(found, await atBothWidths(page, 'group-permissions'));

    await page.setViewportSize(DESKTOP);
    await page.goto('/payment_terms');
    await page.locator('.ProseMirror table').waitFor();
    Object.assign(found, await atBothWidths(page, 'payment-terms'));

    expect(found).toEqual({});
    await page.context().close();
  });
});
