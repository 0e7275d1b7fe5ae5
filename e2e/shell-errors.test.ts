import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, DESKTOP, newPage, openBrowser, screenshot, signedInContext, signIn } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The interests page's own code chunk (Vite names chunks after their module). */
const INTERESTS_CHUNK = '**/assets/interests-page-*.js';

/** Opens the sidebar's Campaign group and follows its Interest link (an in-app navigation). */
async function openInterests(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByText('Campaign', { exact: true }).click();
  await nav.getByRole('link', { name: 'Interest', exact: true }).click();
}

async function signedInPage(): Promise<Page> {
  const context = await signedInContext(browser, { viewport: DESKTOP });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto('/users');
  await page.getByTestId('user-menu').waitFor();
  return page;
}

describe('errors that recover (issue 14)', () => {
  it('a page whose code fails once (a new deploy) reloads the app once and then shows', async () => {
    const page = await signedInPage();
    let blocked = 0;
    await page.route(INTERESTS_CHUNK, (route) => {
      if (blocked++ === 0) {
        return route.abort('failed');
      }
      return route.continue();
    });
    const reloaded = page.waitForEvent('load');
    await openInterests(page);
    await reloaded;
    await page.getByRole('heading', { name: 'Interest' }).first().waitFor();
    expect(blocked).toBeGreaterThanOrEqual(2);
    expect(page.url()).toMatch(/\/interest$/);
    expect(await page.evaluate(() => sessionStorage.getItem('chunkReloadAt'))).toMatch(/^\d+$/);
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    await page.context().close();
  });

  it('a page whose code keeps failing shows the error inside the shell with Retry, which recovers', async () => {
    const page = await signedInPage();
    await page.route(INTERESTS_CHUNK, (route) => route.abort('failed'));
    let loads = 0;
    page.on('load', () => loads++);
    await openInterests(page);
    const boundary = page.getByTestId('route-error');
    await boundary.waitFor();
    // One automatic reload, then the boundary, which never reloads by itself (no loop).
    expect(loads).toBe(1);
    await page.getByText('This page could not be loaded').waitFor();
    expect(await page.getByText('Hey developer').count()).toBe(0);
    // The shell stays: sidebar and user menu are still there and work.
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.getByTestId('user-menu').waitFor();
    await screenshot(page, 'shell-chunk-error-1366');
    await page.unroute(INTERESTS_CHUNK);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Interest' }).first().waitFor();
    expect(await boundary.count()).toBe(0);
    await page.context().close();
  });

  it('shows a banner while the server is unreachable, gone when it answers again', async () => {
    const page = await signedInPage();
    await page.route('**/api/v2/**', (route) => route.abort('connectionrefused'));
    await page.route('**/healthz', (route) =>
      route.fulfill({ status: 502, body: 'Bad Gateway', contentType: 'text/plain' }),
    );
    await page.getByRole('link', { name: 'Backend Users' }).click();
    const banner = page.getByTestId('connection-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('The server cannot be reached');
    await screenshot(page, 'shell-offline-banner-1366');
    await page.unroute('**/api/v2/**');
    await page.unroute('**/healthz');
    await banner.waitFor({ state: 'detached' });
    // The failed list is asked again once the server is back.
    await page.getByRole('table').first().waitFor();
    await page.context().close();
  });

  it('the access-denied notice offers a way back to the first page the person may open', async () => {
    const staff = await createStaff({ permissions: ['searches'] });
    const page = await newPage(browser);
    await signIn(page, staff);
    await page.waitForURL('**/searches');
    await page.goto('/users');
    await page.getByText('Access denied').waitFor();
    await screenshot(page, 'shell-access-denied-1366');
    await page.getByRole('link', { name: 'Back to my start page' }).click();
    await page.waitForURL('**/searches');
    await page.context().close();
  });
});
