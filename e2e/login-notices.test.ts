import { TEXTS } from '@admin/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, e2eEnv, newPage, openBrowser, signIn } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** After a reload of /login, none of the arrival messages is on the page. */
async function reloadShowsNone(page: Page) {
  await page.reload();
  await page.getByRole('button', { name: 'Login' }).waitFor();
  for (const text of [TEXTS.loggedOut, TEXTS.noPermissionAnyPage, TEXTS.unauthorized, TEXTS.sessionEnded]) {
    expect(await page.getByText(text).count(), text).toBe(0);
  }
  expect(await page.getByRole('alert').count()).toBe(0);
}

describe('login page messages (issue 17 items 2 and 3)', () => {
  it("shows 'You have logout successfully' once: a reload of /login shows nothing", async () => {
    const page = await newPage(browser);
    await signIn(page);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Signout' }).click();
    await page.waitForURL('**/login');
    await page.getByText(TEXTS.loggedOut).waitFor();
    await reloadShowsNone(page);
    await page.context().close();
  });

  it("shows 'You do not have permission to access any page' once", async () => {
    const staff = await createStaff({ permissions: [] });
    const page = await newPage(browser);
    await signIn(page, staff);
    await page.getByText(TEXTS.noPermissionAnyPage).waitFor();
    await reloadShowsNone(page);
    await page.context().close();
  });

  it("a session that ends says why (spec 01 section 8): the server's message on /login, once", async () => {
    const staff = await createStaff({ permissions: ['users_list'] });
    const page = await newPage(browser);
    await signIn(page, staff);
    // The session ends behind the app's back (as when it expires or is revoked elsewhere).
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const { baseUrl } = e2eEnv();
    await fetch(`${baseUrl}/api/v2/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const probe = await fetch(`${baseUrl}/api/v2/users-list`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(probe.status).toBe(401);
    // The server says the session ended (issue 34 point 8), not that a permission is missing.
    expect(((await probe.json()) as { responseMessage?: string }).responseMessage).toBe(TEXTS.sessionEnded);

    await page.goto('/users');
    await page.waitForURL('**/login');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe(TEXTS.sessionEnded);
    // The calls still in flight answer 401 too; none of them adds a red alert of its own.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('alert').count()).toBe(1);
    await reloadShowsNone(page);
    await page.context().close();
  });
});
