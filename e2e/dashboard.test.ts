import { calls, WIDGET_CATALOGUE } from '@admin/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  apiToken,
  createStaff,
  DESKTOP,
  newPage,
  openBrowser,
  openSignedIn,
  PHONE,
  screenshot,
} from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ALL_WIDGET_PERMISSIONS = [
  'dashboard_data',
  'google_analytics',
  'google_analytics_graph',
  'top_searches',
  'failed_urls',
  'users_locations',
  'campaign_analytics',
  'transaction_history',
];

/** The widget calls the dashboard makes, by path, with their start_date. */
function watchWidgetCalls(page: Page) {
  const seen: { path: string; start: string | null; end: string | null }[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    const path = url.pathname.replace('/api/v2/', '');
    if (
      [
        'dashboard-data',
        'google-analytics',
        'google-analytics-graph',
        'top-searches',
        'failed-urls-graph',
        'failed-urls-frequency',
      ].includes(path)
    ) {
      seen.push({ path, start: url.searchParams.get('start_date'), end: url.searchParams.get('end_date') });
    }
  });
  return seen;
}

const sectionTitles = (page: Page) =>
  page.locator('section[aria-label]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

describe('dashboard (issue 7)', () => {
  it('shows the saved widgets with data, and a preset reloads every widget with the new range', async () => {
    const staff = await createStaff({ permissions: ALL_WIDGET_PERMISSIONS });
    const token = await apiToken(staff);
    await api(token, calls.saveDashboardWidget, {
      type: 'POST',
      widget_json: JSON.stringify(WIDGET_CATALOGUE.POST.filter((w) => w.id !== 'MapComp')),
    });
    await api(token, calls.saveDashboardWidget, {
      type: 'ADS',
      widget_json: JSON.stringify(WIDGET_CATALOGUE.ADS),
    });
    const page = await newPage(browser, DESKTOP);
    const seen = watchWidgetCalls(page);
    await openSignedIn(page, '/', staff);
    await expect
      .poll(() => sectionTitles(page), { timeout: 60_000 })
      .toEqual([
        'Swis Analytics',
        'Google Analytics',
        'Google Analytics Graph',
        'Top Searches',
        'Popular Searches',
        'Failed Urls Graph',
        'Failed Urls',
      ]);
    // every widget finishes loading on its own
    await expect.poll(() => page.locator('section[aria-busy="true"]').count(), { timeout: 60_000 }).toBe(0);
    await page.getByRole('table', { name: 'Top Searches table' }).waitFor();
    await screenshot(page, 'dashboard-1366', { fullPage: true });
    const firstStart = seen.find((s) => s.path === 'dashboard-data')?.start;
    expect(firstStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    seen.length = 0;
    await page.getByRole('button', { name: 'Date range' }).click();
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => new Set(seen.map((s) => s.path)).size, { timeout: 60_000 }).toBe(6);
    const starts = new Set(seen.map((s) => s.start));
    expect(starts.size).toBe(1);
    const [start] = [...starts];
    expect(start).not.toBe(firstStart);
    const days = (Date.parse(seen[0].end as string) - Date.parse(start as string)) / 86_400_000;
    expect(days).toBe(6);
    await expect.poll(() => page.locator('section[aria-busy="true"]').count(), { timeout: 60_000 }).toBe(0);

    await page.getByRole('tab', { name: 'Campaigns' }).click();
    await expect
      .poll(() => sectionTitles(page), { timeout: 60_000 })
      .toEqual(['Campaign Analytics', 'Ads Transactions']);
    await expect.poll(() => page.locator('section[aria-busy="true"]').count(), { timeout: 60_000 }).toBe(0);
    await page.setViewportSize(PHONE);
    await page.getByRole('tab', { name: 'Users and Searches' }).click();
    await expect.poll(() => page.locator('section[aria-busy="true"]').count(), { timeout: 60_000 }).toBe(0);
    await screenshot(page, 'dashboard-390', { fullPage: true });
  });

  it("offers 'Manage Your Dashboard' when no widget is saved, and fits a phone", async () => {
    const staff = await createStaff({ permissions: ['dashboard_data'] });
    const page = await newPage(browser, PHONE);
    await openSignedIn(page, '/', staff);
    await page.getByRole('link', { name: 'Manage Your Dashboard' }).click();
    await page.waitForURL('**/dashboard-widgets/POST');
    await page.getByRole('heading', { name: 'Available widgets' }).waitFor();
    await screenshot(page, 'dashboard-widgets-390', { fullPage: true });
  });

  it('arranges widgets with the mouse and the keyboard, saves, and the dashboard follows', async () => {
    const staff = await createStaff({ permissions: ['dashboard_data', 'top_searches', 'google_analytics'] });
    const page = await newPage(browser, DESKTOP);
    await openSignedIn(page, '/dashboard-widgets/POST', staff);
    const available = page.getByRole('list', { name: 'Available widgets' });
    const selected = page.getByRole('list', { name: 'Selected widgets' });
    await available.getByText('Top Searches').waitFor();
    expect(await available.getByRole('listitem').count()).toBe(4);

    // Mouse: drag Top Searches from Available into Selected.
    const handle = page.getByRole('button', { name: 'Drag Top Searches' });
    const from = await handle.boundingBox();
    const to = await selected.boundingBox();
    if (!from || !to) {
      throw new Error('no layout');
    }
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    await page.mouse.up();
    await selected.getByText('Top Searches').waitFor();
    await page
      .getByText('Top Searches dropped in Selected widgets.', { exact: true })
      .waitFor({ state: 'attached' });

    // Keyboard: move Swis Analytics across with the arrow keys, then above Top Searches.
    // Each key waits for the drag-and-drop live announcement before the next one.
    const announced = (text: string) => page.getByText(text, { exact: true }).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Drag Swis Analytics' }).focus();
    await page.keyboard.press('Space');
    await announced('Swis Analytics is in Available widgets.');
    await page.keyboard.press('ArrowRight');
    await announced('Swis Analytics is in Selected widgets.');
    await page.keyboard.press('Space');
    await announced('Swis Analytics dropped in Selected widgets.');
    await selected.getByText('Swis Analytics').waitFor();
    await page.getByRole('button', { name: 'Drag Swis Analytics' }).focus();
    await page.keyboard.press('Space');
    await announced('Swis Analytics is in Selected widgets.');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect
      .poll(() => selected.getByRole('listitem').allInnerTexts(), { timeout: 60_000 })
      .toEqual(['Swis Analytics', 'Top Searches']);
    await screenshot(page, 'dashboard-widgets-1366');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Dashboard widgets saved successfully').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Dashboard' }).click();
    await expect
      .poll(() => sectionTitles(page), { timeout: 60_000 })
      .toEqual(['Swis Analytics', 'Top Searches']);

    // The saved order survives a reload.
    await page.reload();
    await expect
      .poll(() => sectionTitles(page), { timeout: 60_000 })
      .toEqual(['Swis Analytics', 'Top Searches']);
  });
});
