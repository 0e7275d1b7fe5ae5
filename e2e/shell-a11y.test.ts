import { calls } from '@admin/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApiToken,
  api,
  inBothSchemes,
  newPage,
  openBrowser,
  openSignedIn,
  screenshot,
  signIn,
  seriousViolations as violations,
} from './harness';
import { listLoaded } from './list-checks';

const LAPTOP = { width: 1366, height: 768 };

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? el?.tagName ?? '';
  });

describe('where you are, and focus that stays (issue 34 point 4)', () => {
  it('tabs name the page, the record and the search term; a skip link leads to the content', async () => {
    const page = await newPage(browser, LAPTOP);
    await openSignedIn(page, '/users');
    await listLoaded(page);
    await expect.poll(() => page.title()).toBe('Users · Admin Panel');
    await page.getByPlaceholder('Search by name or username').fill('ann');
    await expect.poll(() => page.title()).toBe('Users: “ann” · Admin Panel');

    const token = await adminApiToken();
    const user = (await api(token, calls.usersList, { page_limit: 1 })).users[0];
    await page.goto(`/user-profile/${user?.id}`);
    await expect.poll(() => page.title()).toBe(`${user?.name} · User Profile · Admin Panel`);
    await page.goto('/no-such-page');
    await expect.poll(() => page.title()).toBe('Page not found · Admin Panel');

    // The first Tab stop skips the sidebar and the top bar.
    await page.goto('/signup-codes');
    await listLoaded(page);
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedName(page)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.context().close();
  });

  it('focus goes back to the pencil, the date picker, the menu button and the dialog trigger', async () => {
    const page = await newPage(browser, LAPTOP);
    await signIn(page);
    const token = await adminApiToken();
    const user = (await api(token, calls.usersList, { page_limit: 1 })).users[0];
    await page.goto(`/user-profile/${user?.id}`);
    await page.getByRole('button', { name: 'Edit Address' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedName(page)).toBe('Edit Address');
    await page.getByRole('button', { name: 'Edit Address' }).click();
    await page.getByRole('button', { name: 'Cancel Address' }).click();
    await expect.poll(() => focusedName(page)).toBe('Edit Address');

    await page.goto('/transactions');
    await listLoaded(page);
    await page.getByRole('button', { name: /^Date range: Select Date range/ }).click();
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect.poll(() => focusedName(page)).toMatch(/^Date range: \d\d-\d\d-\d{4} – \d\d-\d\d-\d{4}/);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).waitFor();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('user-menu');

    await page.goto('/users-groups');
    await listLoaded(page);
    const del = page.getByRole('button', { name: /^Delete / }).first();
    const delName = await del.getAttribute('aria-label');
    await del.click();
    const dialog = page.getByRole('dialog', { name: 'Delete Group' });
    await dialog.waitFor();
    // First focus on the safe choice; the close button has a name.
    await expect.poll(() => focusedName(page)).toBe('No');
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect.poll(() => focusedName(page)).toBe(delName);
    await page.context().close();
  });

  // Each opened state is scanned light, then dark switched in place (the state stays open).
  it('axe finds nothing serious in opened states, light and dark: menu, dialogs, chooser, palette, validation errors', async () => {
    const page = await newPage(browser, LAPTOP);
    await signIn(page);
    const found: string[] = [];
    const look = (state: string, shot?: string) =>
      inBothSchemes(page, async (scheme) => {
        if (shot) {
          await screenshot(page, `${shot}-1366-${scheme}`);
        }
        return violations(page, `${state} (${scheme})`, scheme);
      });

    await page.goto('/users');
    await listLoaded(page);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitemradio', { name: 'System' }).waitFor();
    found.push(...(await look('user menu', 'a11y-user-menu')));
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Columns of Users' }).click();
    await page.getByRole('dialog', { name: 'Columns of Users' }).waitFor();
    found.push(...(await look('column chooser')));
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Add New User' }).click();
    const add = page.getByRole('dialog', { name: 'Add New User' });
    await add.getByRole('button', { name: 'Add User' }).click();
    await add.getByText('Name is required', { exact: true }).waitFor();
    found.push(...(await look('add user errors', 'a11y-validation')));
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+k');
    await page
      .getByPlaceholder(/search/i)
      .last()
      .waitFor();
    await page.keyboard.press('ArrowDown');
    found.push(...(await look('palette')));
    await page.keyboard.press('Escape');

    await page.goto('/users-groups');
    await listLoaded(page);
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Delete Group' }).waitFor();
    found.push(...(await look('confirm dialog')));
    await page.keyboard.press('Escape');

    expect(found, found.join('\n')).toEqual([]);
    await page.context().close();
  });
});
