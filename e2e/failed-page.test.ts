import { calls } from '@admin/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, openSignedIn, screenshot } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LAPTOP = { width: 1366, height: 768 };

describe('a failed page fetch (issue 34 point 7)', () => {
  it('never shows page 1 as page 2: dimmed and labelled with the error and Retry; offline says the server cannot be reached', async () => {
    const page = await newPage(browser, LAPTOP);
    await openSignedIn(page, '/users');
    const table = page.getByRole('table', { name: 'Users', exact: true });
    await table.locator('tbody tr').first().waitFor();
    const firstRow = await table.locator('tbody tr').first().innerText();
    await page.getByText(/^1-10 of \d+$/).waitFor();

    let fail = true;
    await page.route(new RegExp(`/${calls.usersList.path}\\?`), (route) =>
      fail
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"responseCode":500}' })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Next page' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await alert.waitFor();
    const label = page.getByRole('status').filter({ hasText: 'The rows below are page 1 as loaded before' });
    await label.waitFor();
    // The old rows are there but out of reach (inert) and the pager claims no range for them.
    await expect(table.locator('tbody tr').first().innerText()).resolves.toBe(firstRow);
    expect(await table.evaluate((t) => !!t.closest('[inert]'))).toBe(true);
    expect(await page.getByText(/^11-20 of \d+$/).count()).toBe(0);
    await screenshot(page, 'failed-page-previous-rows-1366');

    fail = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await alert.waitFor({ state: 'detached' });
    await page.getByText(/^11-20 of \d+$/).waitFor();
    expect(await label.count()).toBe(0);
    expect(await table.evaluate((t) => !!t.closest('[inert]'))).toBe(false);

    // Offline: the alert says the server cannot be reached, not 'Server Error'.
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Next page' }).click();
    const offline = page.getByRole('alert').filter({ hasText: 'No connection to the server' });
    await offline.waitFor();
    await offline.getByText('The server cannot be reached').waitFor();
    expect(await offline.getByText('Server Error').count()).toBe(0);
    await page
      .getByRole('status')
      .filter({ hasText: 'The rows below are page 2 as loaded before' })
      .waitFor();
    await screenshot(page, 'failed-page-offline-1366');
    await page.context().setOffline(false);
    await offline.getByRole('button', { name: 'Retry' }).click();
    await page.getByText(/^21-30 of \d+$/).waitFor();
    await page.context().close();
  });

  it('a page past the end shows the last page, never an empty list under the pager', async () => {
    const page = await newPage(browser, LAPTOP);
    await openSignedIn(page, '/users?page=9999');
    const total = await page
      .getByText(/^\d+-\d+ of \d+$/)
      .textContent()
      .then((t) => Number(t?.split(' of ')[1]));
    const lastPage = Math.ceil(total / 10);
    await page.waitForURL(new RegExp(`page=${lastPage}(&|$)`));
    await page.getByText(new RegExp(`^${(lastPage - 1) * 10 + 1}-${total} of ${total}$`)).waitFor();
    expect(await page.getByText('Sorry, no matching records found').count()).toBe(0);
    await page.context().close();
  });
});
