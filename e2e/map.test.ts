import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaff,
  DESKTOP,
  newPage,
  openBrowser,
  openSignedIn,
  PHONE,
  screenshot,
  signIn,
} from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Marker titles on the map: '<n> users' for clusters, the name for single users. */
const markerTitles = (page: Page) =>
  page.locator('.leaflet-marker-icon').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));

/** Resolves with the bounds of the next users-locations call. */
function nextLocations(page: Page) {
  return page
    .waitForResponse((r) => r.url().includes('/api/v2/users-locations') && r.status() === 200)
    .then((r) => Object.fromEntries(new URL(r.url()).searchParams));
}

describe('users map (issue 7)', () => {
  it('shows clustered markers for the visible bounds, and they change as the map pans and zooms', async () => {
    const staff = await createStaff({ permissions: ['users_locations'] });
    const page = await newPage(browser, DESKTOP);
    await signIn(page, staff);
    const first = nextLocations(page);
    await page.goto('/geographical-users-count');
    const bounds = await first;
    expect(Number(bounds.zoom)).toBe(6);
    // centred around 36.78, -119.42
    expect((Number(bounds.sw_lat) + Number(bounds.ne_lat)) / 2).toBeCloseTo(36.78, 0);
    expect((Number(bounds.sw_lng) + Number(bounds.ne_lng)) / 2).toBeCloseTo(-119.42, 0);
    // Markers show even though no tile server is reachable from the test machine.
    await expect.poll(async () => (await markerTitles(page)).length, { timeout: 60_000 }).toBeGreaterThan(0);
    const before = await markerTitles(page);
    expect(before.some((t) => /^\d+ users$/.test(t))).toBe(true);
    await page.getByText(/^\S+ users in view$/).waitFor();
    await screenshot(page, 'users-map-1366');

    // Pan east with the keyboard (the map is focusable): new bounds are asked for.
    const panned = nextLocations(page);
    await page.locator('.leaflet-container').focus();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('ArrowRight');
    }
    const after = await panned;
    expect(Number(after.sw_lng)).toBeGreaterThan(Number(bounds.sw_lng));

    // Zoom in on the biggest cluster: it splits into smaller clusters or single users.
    const zoomed = nextLocations(page);
    await page.locator('.leaflet-control-zoom-in').click();
    expect(Number((await zoomed).zoom)).toBe(7);
    await expect
      .poll(async () => (await markerTitles(page)).join('|'), { timeout: 60_000 })
      .not.toBe(before.join('|'));
  });

  it('opens a single user with avatar and a link to the profile', async () => {
    const staff = await createStaff({ permissions: ['users_locations', 'user_profile'] });
    const page = await newPage(browser, DESKTOP);
    await openSignedIn(page, '/geographical-users-count', staff);
    await expect.poll(async () => (await markerTitles(page)).length, { timeout: 60_000 }).toBeGreaterThan(0);
    // Zoom in until some single users appear.
    let singles: string[] = [];
    for (let z = 0; z < 6 && singles.length === 0; z++) {
      const next = nextLocations(page);
      await page.locator('.leaflet-control-zoom-in').click();
      await next;
      await page.waitForLoadState('networkidle');
      singles = (await markerTitles(page)).filter((t) => t && !/^\d+ users$/.test(t));
    }
    expect(singles.length).toBeGreaterThan(0);
    await page.locator(`.leaflet-marker-icon[title="${singles[0]}"]`).first().click();
    const link = page.locator('.leaflet-popup').getByRole('link', { name: singles[0] });
    await link.waitFor();
    await page.locator('.leaflet-popup img').first().waitFor({ state: 'attached' });
    await link.click();
    await page.waitForURL(/\/user-profile\/\d+$/);
  });

  it('fits a phone', async () => {
    const staff = await createStaff({ permissions: ['users_locations'] });
    const page = await newPage(browser, PHONE);
    await openSignedIn(page, '/geographical-users-count', staff);
    await expect.poll(async () => (await markerTitles(page)).length, { timeout: 60_000 }).toBeGreaterThan(0);
    await screenshot(page, 'users-map-390');
  });
});
