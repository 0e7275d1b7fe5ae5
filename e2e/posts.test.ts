import { calls } from '@admin/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApiToken,
  api,
  createStaff,
  DESKTOP,
  newPage,
  openBrowser,
  openSignedIn,
  PHONE,
  screenshot,
  WIDE,
} from './harness';
import { SPEC_COLUMNS } from './spec-columns';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A reported post on the first page of the list with at least two media items (demo data). */
async function pickReportedPost() {
  const token = await adminApiToken();
  const { posts } = await api(token, calls.reportedPosts, { page: 0, page_limit: 10 });
  const seen = new Set<number>();
  for (const row of posts) {
    if (seen.has(row.reported_post_id)) {
      continue;
    }
    seen.add(row.reported_post_id);
    const { data } = await api(token, calls.reportedPostDetails, { id: row.reported_post_id });
    if (data.media.length >= 2) {
      return data;
    }
  }
  throw new Error('no reported post with two media items on the first page of the demo data');
}

/** A table header cell by its title (sortable headers are buttons, not plain column headers). */
function header(page: Page, title: string) {
  return page.locator('thead th').filter({ hasText: new RegExp(`^${title}`) });
}

async function carouselPosition(page: Page) {
  return (await page.getByTestId('carousel-position').textContent())?.trim();
}

describe('reported posts and post details (issue 4)', () => {
  it('opens a reported post, steps through its carousel, sees each tab, deletes it and lands on the list without it', async () => {
    const post = await pickReportedPost();
    const n = post.media.length;
    const staff = await createStaff({
      permissions: ['reported_posts', 'post_details', 'delete_post', 'user_profile'],
    });
    const page = await newPage(browser, DESKTOP);
    await openSignedIn(page, '/reported-posts', staff);
    await page.getByRole('columnheader', { name: 'Reported By' }).waitFor();
    const link = page.locator(`a[href="/post-details/${post.id}"]`).first();
    await link.waitFor();
    await screenshot(page, 'posts-reported-list-1366');
    await link.click();
    await page.waitForURL(`**/post-details/${post.id}`);

    // The carousel wraps around both ways.
    await page.getByTestId('carousel-position').waitFor();
    await expect.poll(() => carouselPosition(page)).toBe(`1 / ${n}`);
    await page.getByRole('button', { name: 'Next media' }).click();
    await expect.poll(() => carouselPosition(page)).toBe(`2 / ${n}`);
    for (let i = 2; i <= n; i++) {
      await page.getByRole('button', { name: 'Next media' }).click();
    }
    await expect.poll(() => carouselPosition(page)).toBe(`1 / ${n}`);
    await page.getByRole('button', { name: 'Previous media' }).click();
    await expect.poll(() => carouselPosition(page)).toBe(`${n} / ${n}`);

    // About: the counters and, when the post has a location, the map with its marker.
    for (const label of [
      'Username',
      'Total Like',
      'Total Comments',
      'Total Clicks',
      'Total Views',
      'Total Shares',
      'Bookmarked',
      'Last Updated',
    ]) {
      await page.getByText(label, { exact: true }).waitFor();
    }
    await page.getByRole('link', { name: post.user.username }).waitFor();
    if (post.latitude !== null) {
      await page.locator('.leaflet-container').waitFor();
      await page.locator('path.post-location-marker').waitFor();
    }
    await screenshot(page, 'posts-details-about-1366');

    await page.getByRole('tab', { name: 'Reported By' }).click();
    const reported = page.getByRole('table');
    await header(page, 'Email').waitFor();
    await expect.poll(async () => await reported.locator('tbody tr').count()).toBeGreaterThan(0);
    await screenshot(page, 'posts-details-reported-by-1366');

    await page.getByRole('tab', { name: 'Viewed By' }).click();
    await page.getByRole('table').getByRole('columnheader', { name: 'Phone' }).waitFor();

    // Delete with confirmation, then back on the list without it.
    await page.getByRole('button', { name: 'Delete Post' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Do you want to delete this post?').waitFor();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL('**/reported-posts');
    await page.getByRole('columnheader', { name: 'Reported By' }).waitFor();
    await page.locator('table tbody tr').first().waitFor();
    // The list may first show its rows from before the delete, then the refetched ones.
    await expect.poll(() => page.locator(`a[href="/post-details/${post.id}"]`).count()).toBe(0);
    await expect(api(await adminApiToken(), calls.reportedPostDetails, { id: post.id })).rejects.toThrow(
      /404/,
    );
    await page.context().close();
  });

  it('shows the post details and the searches popup at phone width', async () => {
    const post = await pickReportedPost();
    const staff = await createStaff({ permissions: ['reported_posts', 'post_details', 'searches'] });
    const page = await newPage(browser, PHONE);
    await openSignedIn(page, `/post-details/${post.id}`, staff);
    await page.getByTestId('carousel-position').waitFor();
    await screenshot(page, 'posts-details-390', { fullPage: true });
    // Delete Post is disabled without delete_post.
    expect(await page.getByRole('button', { name: 'Delete Post' }).isDisabled()).toBe(true);

    await page.goto('/searches');
    // Below 768 px the list is cards.
    await page.getByRole('list', { name: 'Searches' }).getByRole('listitem').first().waitFor();
    await screenshot(page, 'searches-390');
    await page
      .getByRole('button', { name: /View image|Play video/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('img, video').first().waitFor();
    await screenshot(page, 'searches-popup-390');
    await page.context().close();
  });
});

describe('searches (issue 4)', () => {
  it('lists searches newest first, filters by type and plays raw_video in the popup', async () => {
    const staff = await createStaff({ permissions: ['searches', 'user_profile'] });
    const page = await newPage(browser, WIDE);
    await openSignedIn(page, '/searches', staff);
    for (const col of SPEC_COLUMNS.searches.columns) {
      await header(page, col).first().waitFor();
    }
    await page.locator('table tbody tr').first().waitFor();
    await screenshot(page, 'searches-1366');

    await page.locator('input[aria-label="Type"]').click();
    await page.getByRole('option', { name: 'raw_video' }).click();
    await expect
      .poll(async () => {
        const types = await page.locator('table tbody tr td:nth-child(4)').allTextContents();
        return types.length > 0 && types.every((t) => t.trim() === 'raw_video');
      })
      .toBe(true);
    await page.getByRole('button', { name: 'Play video' }).first().click();
    const video = page.getByRole('dialog').locator('video');
    await video.waitFor();
    expect(await video.getAttribute('width')).toBe('460');
    expect(await video.getAttribute('autoplay')).not.toBeNull();
    await screenshot(page, 'searches-video-popup-1366');
    await page.keyboard.press('Escape');

    // Username links to the profile.
    const username = page.locator('table tbody tr').first().getByRole('link');
    const href = await username.getAttribute('href');
    expect(href).toMatch(/^\/user-profile\/\d+$/);
    await page.context().close();
  });
});
