import { calls } from '@admin/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApiToken, api, newPage, openBrowser, openSignedIn, PHONE, screenshot, signIn } from './harness';
import { listLoaded, settledOverflow } from './list-checks';
import { CAMPAIGN_COLUMNS, headers, SPEC_COLUMNS, specTable } from './spec-columns';

/** The laptop of issue 14: 1366x768 with the sidebar open. */
const LAPTOP = { width: 1366, height: 768 };

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every list screen, with a name for its screenshots (profile and post ids filled in below). */
async function listRoutes(): Promise<{ name: string; url: string }[]> {
  const token = await adminApiToken();
  const users = (await api(token, calls.usersList, { page_limit: 100, order_by: 'name', direction: 'asc' }))
    .users;
  const social = [...users].sort((a, b) => b.followers_count - a.followers_count)[0];
  const customer = (await api(token, calls.campaignUsers, { page_limit: 1 })).data[0];
  const post = (await api(token, calls.reportedPosts, {})).posts[0];
  const routes = [
    { name: 'users', url: '/users' },
    { name: 'deleted-users', url: '/deleted-users' },
    { name: 'reported-users', url: '/reported-users' },
    { name: 'backend-users', url: '/backend-users' },
    { name: 'groups', url: '/users-groups' },
    { name: 'reported-posts', url: '/reported-posts' },
    { name: 'searches', url: '/searches' },
    { name: 'failed-urls', url: '/failed-urls' },
    { name: 'frequently-used-urls', url: '/frequently-used-urls' },
    { name: 'campaign-list', url: '/campaign-list' },
    { name: 'deleted-campaigns', url: '/deleted-campaigns' },
    { name: 'campaign-charges', url: '/campaign-charges' },
    { name: 'transactions', url: '/transactions' },
    { name: 'signup-codes', url: '/signup-codes' },
    { name: 'interests', url: '/interest' },
    { name: 'notifications', url: '/notifications' },
    { name: 'profile-followers', url: `/user-profile/${social.id}?tab=followers` },
    { name: 'profile-following', url: `/user-profile/${social.id}?tab=following` },
    { name: 'profile-bookmarks', url: `/user-profile/${social.id}?tab=bookmarks` },
    { name: 'profile-searches', url: `/user-profile/${social.id}?tab=searches` },
  ];
  if (customer) {
    routes.push({ name: 'profile-campaigns', url: `/user-profile/${customer.id}?tab=campaigns` });
  }
  if (post) {
    routes.push({ name: 'post-reported-by', url: `/post-details/${post.reported_post_id}` });
  }
  return routes;
}

/**
 * Visits routes at 1366x768 and 390x844: overflow problems found, by route and width, and at 1366
 * the header of each list the spec gives columns for (SPEC_COLUMNS, issue 34), by route.
 */
async function checkRoutes(routes: { name: string; url: string }[]) {
  const page = await newPage(browser, LAPTOP);
  await signIn(page);
  const found: Record<string, string[]> = {};
  const columns: Record<string, string[]> = {};
  for (const route of routes) {
    await page.setViewportSize(LAPTOP);
    await page.goto(route.url);
    if (route.name === 'post-reported-by') {
      await page.getByRole('tab', { name: 'Reported By' }).click();
    }
    await listLoaded(page);
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).resolves.toBe(true);
    found[`${route.name}-1366`] = await settledOverflow(page);
    const spec = specTable(route.name);
    if (spec) {
      await page.getByRole('table', { name: spec.table, exact: true }).waitFor();
      columns[route.name] = await headers(page, spec.table);
    }
    await screenshot(page, `lists-${route.name}-1366`);
    if (route.name === 'campaign-list') {
      // The expanded customer shows their campaigns inside the row, still without sideways scroll.
      await page.getByRole('table', { name: 'Customers' }).locator('tbody tr').first().click();
      await page.getByRole('table', { name: 'Campaigns' }).locator('tbody tr').first().waitFor();
      found['campaign-list-expanded-1366'] = await settledOverflow(page);
      columns.campaigns = await headers(page, CAMPAIGN_COLUMNS.table);
      await screenshot(page, 'lists-campaign-list-expanded-1366');
    }

    await page.setViewportSize(PHONE);
    await listLoaded(page);
    expect(await page.locator('main table').count(), route.name).toBe(0);
    found[`${route.name}-390`] = await settledOverflow(page);
    await screenshot(page, `lists-${route.name}-390`);
  }
  await page.context().close();
  return { overflow: Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0)), columns };
}

/** The spec's columns of the routes' lists, as checkRoutes reads them. */
function specColumnsOf(routes: { name: string }[]): Record<string, string[]> {
  const expected: Record<string, string[]> = {};
  for (const { name } of routes) {
    const spec = specTable(name);
    if (spec) {
      expected[name] = spec.columns;
    }
    if (name === 'campaign-list') {
      expected.campaigns = CAMPAIGN_COLUMNS.columns;
    }
  }
  return expected;
}

describe('lists fit the screen (issue 14)', () => {
  let routes: { name: string; url: string }[] = [];
  beforeAll(async () => {
    routes = await listRoutes();
  });

  // At 1366x768 with the sidebar open no list scrolls sideways, no button or badge is cut and the
  // header shows the spec's columns; below 768 px every list is cards, again without sideways scrolling.
  for (const part of [0, 1, 2]) {
    it(`lists part ${part + 1} of 3 fit at 1366 with the spec's columns and are cards at 390`, {
      timeout: 240_000,
    }, async () => {
      const mine = routes.filter((_, i) => i % 3 === part);
      const { overflow, columns } = await checkRoutes(mine);
      expect(overflow).toEqual({});
      expect(columns).toEqual(specColumnsOf(mine));
    });
  }

  it('visits every list the spec gives columns for', () => {
    const visited = routes.map((r) => r.name);
    expect(Object.keys(SPEC_COLUMNS).filter((name) => !visited.includes(name))).toEqual([]);
  });

  it('a card shows the row fields then its actions; columns that do not fit are in the details', async () => {
    const page = await newPage(browser, PHONE);
    await openSignedIn(page, '/backend-users');
    const card = page.getByRole('list', { name: 'Backend users' }).getByRole('listitem').first();
    await card.waitFor();
    await card.getByText('Name', { exact: true }).waitFor();
    await card.getByRole('button', { name: /^Assign Group to / }).waitFor();
    await card.getByRole('link', { name: 'View Profile' }).waitFor();
    // Sorting without headers.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('email');
    await page.waitForURL(/sort=email/);

    // On the laptop, Users moves its least important columns into the row's details.
    await page.setViewportSize(LAPTOP);
    await page.goto('/users');
    const row = page.getByRole('table', { name: 'Users' }).locator('tbody tr').first();
    await row.waitFor();
    const headers = await page.getByRole('table', { name: 'Users' }).locator('thead th').allInnerTexts();
    expect(headers.map((h) => h.trim())).toContain('Name');
    expect(headers.map((h) => h.trim())).toContain('Profile');
    const moved = ['Phone', 'OS Version', 'App Version'].filter(
      (h) => !headers.map((x) => x.trim()).includes(h),
    );
    if (moved.length > 0) {
      await row.getByRole('button', { name: 'Show details' }).click();
      await expect(
        row.getByRole('button', { name: 'Hide details' }).getAttribute('aria-expanded'),
      ).resolves.toBe('true');
      const details = page.locator('tbody tr').nth(1);
      for (const h of moved) {
        await details.getByText(h, { exact: true }).waitFor();
      }
    }
    await page.context().close();
  });
});

describe('list state in the address (issue 14)', () => {
  it('page, size, sort, direction and search survive reload, a pasted link and Back', async () => {
    const page = await newPage(browser, LAPTOP);
    await openSignedIn(page, '/users');
    const table = page.getByRole('table', { name: 'Users' });
    await table.locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL(/[?&]page=2/);
    await page.getByText(/^11-20 of \d+$/).waitFor();
    await table.getByRole('button', { name: 'Email' }).click();
    await page.waitForURL(/sort=email/);
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('25');
    await page.waitForURL(/size=25/);
    await page.getByPlaceholder('Search by name or username').fill('a');
    await page.waitForURL(/q=a/);
    const url = page.url();
    const header = table.getByRole('columnheader', { name: 'Email' });
    await expect(header.getAttribute('aria-sort')).resolves.toBe('ascending');

    await page.reload();
    await table.locator('tbody tr').first().waitFor();
    expect(page.url()).toBe(url);
    await expect(page.getByPlaceholder('Search by name or username').inputValue()).resolves.toBe('a');
    await expect(header.getAttribute('aria-sort')).resolves.toBe('ascending');
    await expect(page.getByRole('combobox', { name: 'Rows per page' }).inputValue()).resolves.toBe('25');

    // Back: the search goes, then the page size, the sort, the page.
    await page.goBack();
    await expect.poll(() => page.getByPlaceholder('Search by name or username').inputValue()).toBe('');
    await page.goBack();
    await expect.poll(() => page.getByRole('combobox', { name: 'Rows per page' }).inputValue()).toBe('10');
    await page.goBack();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('none');
    await page.getByText(/^11-20 of \d+$/).waitFor();

    // A pasted link in a fresh tab.
    const other = await page.context().newPage();
    await other.goto('/users?page=2&sort=created_at&dir=desc');
    await other.getByText(/^11-20 of \d+$/).waitFor();
    await expect(
      other.getByRole('columnheader', { name: 'Member since' }).getAttribute('aria-sort'),
    ).resolves.toBe('descending');

    // Filters too: the searches type.
    await other.goto('/searches?type=video');
    await expect(other.getByRole('combobox', { name: 'Type' }).inputValue()).resolves.toBe('video');
    await page.context().close();
  });

  it('profile tabs are history entries: Back returns to the previous tab, then leaves the profile', async () => {
    const page = await newPage(browser, LAPTOP);
    await openSignedIn(page, '/users');
    await page.getByRole('link', { name: 'View Profile' }).first().click();
    await page.getByRole('tab', { name: 'About' }).waitFor();
    await page.getByRole('tab', { name: 'Followers' }).click();
    await page.waitForURL(/tab=followers/);
    await page.getByRole('tab', { name: 'Bookmarks' }).click();
    await page.waitForURL(/tab=bookmarks/);
    await page.goBack();
    await page.waitForURL(/tab=followers/);
    await expect(page.getByRole('tab', { name: 'Followers' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    await page.goBack();
    await expect
      .poll(() => page.getByRole('tab', { name: 'About' }).getAttribute('aria-selected'))
      .toBe('true');
    await page.goBack();
    await page.waitForURL(/\/users$/);
    await page.context().close();
  });
});

describe('a failed list call (issue 14)', () => {
  it('keeps the last rows, shows the error with Retry and never the empty text', async () => {
    const page = await newPage(browser, LAPTOP);
    await openSignedIn(page, '/users');
    const table = page.getByRole('table', { name: 'Users' });
    await table.locator('tbody tr').first().waitFor();
    const firstPage = await table.locator('tbody tr').first().innerText();
    let fail = true;
    await page.route(new RegExp(`/${calls.usersList.path}\\?`), (route) =>
      fail
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"responseCode":500}' })
        : route.continue(),
    );
    await page.getByRole('button', { name: '2', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await alert.waitFor();
    await screenshot(page, 'lists-failed-call-1366');
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    await expect(table.locator('tbody tr').first().innerText()).resolves.toBe(firstPage);
    expect(await page.getByText('Sorry, no matching records found').count()).toBe(0);

    fail = false;
    await alert.getByRole('button', { name: /retry|try again/i }).click();
    await alert.waitFor({ state: 'detached' });
    await page.getByText(/^11-20 of \d+$/).waitFor();
    await page.context().close();
  });
});

describe('keyboard (issue 14)', () => {
  it('sortable headers sort with Enter and Space and carry aria-sort', async () => {
    const page = await newPage(browser, LAPTOP);
    await openSignedIn(page, '/users-groups');
    const table = page.getByRole('table', { name: 'Groups' });
    await table.locator('tbody tr').first().waitFor();
    const header = table.getByRole('columnheader', { name: 'Group Name' });
    await expect(header.getAttribute('aria-sort')).resolves.toBe('none');
    await table.getByRole('button', { name: 'Group Name' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await page.keyboard.press('Space');
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await page.waitForURL(/sort=name&dir=asc|dir=asc&sort=name/);
    await page.context().close();
  });

  it('sidebar groups are buttons reachable with Tab that say whether they are open', async () => {
    const page = await newPage(browser, LAPTOP);
    await openSignedIn(page, '/signup-codes');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const group of ['Campaign', 'Users', 'Posts', 'APIs', 'CMS Pages']) {
      await expect(
        nav.getByRole('button', { name: group, exact: true }).getAttribute('aria-expanded'),
      ).resolves.toBe('false');
    }
    // Tab from the top reaches the Users group; Enter opens it, Space closes it.
    await page.locator('body').focus();
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Users');
    }
    expect(reached).toBe(true);
    const users = nav.getByRole('button', { name: 'Users', exact: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => users.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Backend Users' }).waitFor();
    await page.keyboard.press('Space');
    await expect.poll(() => users.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });
});
