import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, PHONE, signIn } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('shell (spec 01 Shell)', () => {
  it('shows a scroll-to-top button after 300 px of scrolling that takes the page back up', async () => {
    const page = await newPage(browser, { width: PHONE.width, height: 600 });
    await signIn(page);
    await page.getByRole('tab', { name: 'Users and Searches' }).waitFor();
    // Make sure the page is long enough whatever the dashboard shows.
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
    });
    const button = page.getByRole('button', { name: 'Scroll to top' });
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForFunction(() => window.scrollY === 200);
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 450));
    await button.waitFor();
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await button.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('Check for Updates clears caches and reloads the page', async () => {
    const page = await newPage(browser);
    await signIn(page);
    await page.evaluate(async () => {
      await caches.open('stale-v1');
      (window as unknown as { marker: number }).marker = 1;
    });
    await page.getByTestId('user-menu').click();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('menuitem', { name: 'Check for Updates' }).click();
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    expect(await page.evaluate(() => caches.keys())).toEqual([]);
    // Still signed in after the reload.
    await page.getByTestId('user-menu').waitFor();
    await page.context().close();
  });
});
