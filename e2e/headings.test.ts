import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, newPage, openBrowser, signedInContext } from './harness';
import { everyRoute, settled } from './routes';

/** Issue 34 point 10: heading levels that do not skip (WCAG 1.3.1, 2.4.6). */

const LAPTOP = { width: 1366, height: 768 };

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The app's headings as a screen reader lists them (level and text), hidden ones left out. The text
 * inside the static page editor is the page being edited (its own document, often with its own h1),
 * not the app's outline: it is left out too.
 */
function outline(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"]')]
      .filter(
        (h) =>
          h.checkVisibility({ visibilityProperty: true }) &&
          !h.closest('[aria-hidden="true"], [contenteditable]'),
      )
      .map((h) => ({
        // role="heading" without aria-level is a level 2 heading.
        level: Number(h.getAttribute('aria-level') ?? /^H(\d)$/.exec(h.tagName)?.[1] ?? 2),
        text: (h.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60),
      })),
  );
}

/** Where the outline skips: a first heading that is not h1, or a heading more than one level below the one before. */
function skips(headings: { level: number; text: string }[]): string[] {
  const found: string[] = [];
  headings.forEach((h, i) => {
    const before = headings[i - 1];
    if (!before && h.level !== 1) {
      found.push(`starts with h${h.level} '${h.text}'`);
    } else if (before && h.level > before.level + 1) {
      found.push(`h${before.level} '${before.text}' then h${h.level} '${h.text}'`);
    }
  });
  return found;
}

/** What is wrong with the page's outline now, each fault prefixed with where it is. */
async function outlineFaults(page: Page, where: string): Promise<string[]> {
  await settled(page);
  const headings = await outline(page);
  const ones = headings.filter((h) => h.level === 1).length;
  return [...skips(headings), ...(ones === 1 ? [] : [`${ones} h1`])].map((s) => `${where}: ${s}`);
}

describe('heading levels (issue 34 point 10)', () => {
  it('every route, and every tab of a staff profile, starts with one h1 and never skips a level', {
    timeout: 900_000,
  }, async () => {
    const found: string[] = [];
    // Signed out: the sign-in pages.
    const out = await newPage(browser, LAPTOP);
    for (const path of ['/login', '/forgot-password']) {
      await out.goto(path);
      found.push(...(await outlineFaults(out, path)));
    }
    await out.context().close();

    const context = await signedInContext(browser, { viewport: LAPTOP });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    // Every screen of everyRoute() (a route drawing a screen already listed with other content, e.g.
    // the seven other static pages, is left out) and the two pages it does not list.
    const paths = [
      ...(await everyRoute()).filter((r) => !r.sameScreenAs).map((r) => r.path),
      '/account',
      '/moderation',
    ];
    for (const path of paths) {
      await page.goto(path);
      found.push(...(await outlineFaults(page, path)));
    }
    // A staff member's profile shows every tab (Security, Activity…): each tab's own headings.
    const staff = await createStaff({ name: 'Heading Staff' });
    await page.goto(`/user-profile/${staff.id}`);
    await page.getByRole('tab', { name: 'Security' }).waitFor();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs.length).toBeGreaterThan(8);
    for (const tab of tabs) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      found.push(...(await outlineFaults(page, `staff profile, ${tab}`)));
    }
    expect(found, found.join('\n')).toEqual([]);
    await context.close();
  });
});
