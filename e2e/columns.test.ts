import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, openSignedIn, screenshot } from './harness';
import { listLoaded } from './list-checks';
import { headers, SPEC_COLUMNS } from './spec-columns';

/**
 * The rail, density and column chooser (issue 34). Every list's columns at 1366x768 are checked on
 * lists.test.ts's visit of each list (SPEC_COLUMNS).
 */

/** The most common laptop (issue 34). */
const LAPTOP = { width: 1366, height: 768 };

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('rail, density and column chooser, remembered (issue 34)', () => {
  it('the sidebar folds to an icon rail, rows go comfortable, columns hide and move; all kept after reload; Reset', async () => {
    const page = await newPage(browser, LAPTOP);
    await openSignedIn(page, '/users');
    await listLoaded(page);
    const table = page.getByRole('table', { name: 'Users', exact: true });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });

    // Icon rail: pages are named icon links, a group opens a menu of its pages.
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByText('Signup Codes', { exact: true }).count()).toBe(0);
    const navWidth = await nav.evaluate((el) => el.getBoundingClientRect().width);
    expect(navWidth).toBeLessThan(100);

    // Density: compact by default, a pressed toggle.
    const density = page.getByRole('button', { name: 'Compact rows' });
    await expect(density.getAttribute('aria-pressed')).resolves.toBe('true');
    await density.click();
    await expect.poll(() => density.getAttribute('aria-pressed')).toBe('false');
    await expect(table.getAttribute('data-density')).resolves.toBe('comfortable');

    // Column chooser: hide Email, move Phone to the front.
    await page.getByRole('button', { name: 'Columns of Users' }).click();
    const chooser = page.getByRole('dialog', { name: 'Columns of Users' });
    await chooser.getByRole('checkbox', { name: 'Email' }).uncheck();
    for (let i = 0; i < 4; i++) {
      await chooser.getByRole('button', { name: 'Move Phone up' }).click();
    }
    await page.keyboard.press('Escape');
    // Focus goes back to the button that opened the chooser.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Columns of Users');
    const changed = ['Phone', 'Image', 'Name', 'Username', 'OS Version'];
    await expect.poll(async () => (await headers(page, 'Users')).slice(0, 5)).toEqual(changed);
    expect(await headers(page, 'Users')).not.toContain('Email');

    // Everything is remembered across a reload; another list keeps its own columns.
    await page.reload();
    await listLoaded(page);
    await expect.poll(async () => (await headers(page, 'Users')).slice(0, 5)).toEqual(changed);
    await expect(table.getAttribute('data-density')).resolves.toBe('comfortable');
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await screenshot(page, 'columns-rail-chosen-1366');
    await page.goto('/deleted-users');
    await listLoaded(page);
    expect((await headers(page, 'Deleted users')).slice(0, 4)).toEqual([
      'Image',
      'Name',
      'Username',
      'Email',
    ]);

    // A group of the rail opens its pages as a menu.
    await nav.getByRole('button', { name: 'Users' }).click();
    await page.getByRole('menuitem', { name: 'Backend Users' }).click();
    await page.waitForURL('**/backend-users');

    // Reset gives the list's own columns back.
    await page.goto('/users');
    await listLoaded(page);
    await page.getByRole('button', { name: 'Columns of Users' }).click();
    await page
      .getByRole('dialog', { name: 'Columns of Users' })
      .getByRole('button', { name: 'Reset' })
      .click();
    await page.keyboard.press('Escape');
    await expect.poll(() => headers(page, 'Users')).toEqual(SPEC_COLUMNS.users.columns);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await nav.getByText('Signup Codes', { exact: true }).waitFor();
    await page.context().close();
  });
});
