import { calls } from '@admin/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApiToken,
  api,
  DESKTOP,
  e2eEnv,
  openBrowser,
  PHONE,
  screenshot,
  signedInContext,
} from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const scheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

describe('dark mode (issue 14)', () => {
  it('follows the system setting by default, on the sign-in page and inside', async () => {
    const context = await browser.newContext({
      viewport: DESKTOP,
      baseURL: e2eEnv().baseUrl,
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await scheme(page)).toBe('dark');
    await screenshot(page, 'shell-login-1366-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(
      () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'light',
    );
    await context.close();
  });

  it('the user menu toggle chooses light, dark or system, and is remembered after a reload', async () => {
    const context = await signedInContext(browser, { viewport: DESKTOP, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('/users');
    await page.getByTestId('user-menu').click();
    const dark = page.getByRole('menuitemradio', { name: 'Dark' });
    expect(await page.getByRole('menuitemradio', { name: 'System' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await dark.click();
    expect(await scheme(page)).toBe('dark');
    expect(await dark.getAttribute('aria-checked')).toBe('true');
    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    expect(await scheme(page)).toBe('dark');
    await screenshot(page, 'shell-users-toggle-dark');
    // The choice wins over the system setting; 'System' follows it again.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    expect(await scheme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(
      () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
    );
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    expect(await scheme(page)).toBe('light');
    await context.close();
  });
});

describe('command palette (issue 14)', () => {
  it('Ctrl+K jumps to a page the staff member may open', async () => {
    const context = await signedInContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto('/users');
    await page.getByTestId('user-menu').waitFor();
    await page.keyboard.press('Control+K');
    const search = page.getByRole('textbox', { name: 'Search pages and users' });
    await search.waitFor();
    await search.fill('charges');
    await screenshot(page, 'shell-palette-pages-1366');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/campaign-charges');
    await context.close();
  });

  it('finds a user by name through the server (one debounced call) and opens the profile', async () => {
    const token = await adminApiToken();
    const { users } = await api(token, calls.usersList, { page_limit: 1 });
    const target = users[0];
    const context = await signedInContext(browser, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/users');
    await page.getByTestId('user-menu').waitFor();
    const lookups: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v2/user-lookup')) {
        lookups.push(new URL(r.url()).searchParams.get('query') ?? '');
      }
    });
    await page.getByTestId('palette-button').click();
    const search = page.getByRole('textbox', { name: 'Search pages and users' });
    await search.waitFor();
    // Fast typing as one burst of input events, a key at a time, in one task of the page: a busy
    // machine could space keys sent one by one further apart than the debounce.
    await search.evaluate((input: HTMLInputElement, name) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      for (let i = 1; i <= name.length; i++) {
        setValue?.call(input, name.slice(0, i));
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }, target.username);
    const result = page.getByRole('button', { name: `User ${target.name}` });
    await result.waitFor();
    // One call for the whole name, not one per key.
    expect(lookups).toEqual([target.username]);
    await screenshot(page, 'shell-palette-user-390');
    // Only users are listed: Enter opens the first one (issue 34, point 10).
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/user-profile/${target.id}`);
    await context.close();
  });
});
