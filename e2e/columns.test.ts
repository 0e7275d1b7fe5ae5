import { calls } from '@admin/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApiToken, api, newPage, openBrowser, openSignedIn, screenshot, signIn } from './harness';
import { listLoaded, settledOverflow } from './list-checks';

/** The most common laptop (issue 34). */
const LAPTOP = { width: 1366, height: 768 };

/** The spec's columns of every list (spec 01 section 2, spec 02 section 2), hidden ones left out. */
const SPEC: { name: string; url: string; table: string; columns: string[] }[] = [
  {
    name: 'users',
    url: '/users',
    table: 'Users',
    columns: [
      'Image',
      'Name',
      'Username',
      'Email',
      'Phone',
      'OS Version',
      'App Version',
      'Last active',
      'Member since',
      'Profile',
    ],
  },
  {
    name: 'deleted-users',
    url: '/deleted-users',
    table: 'Deleted users',
    columns: [
      'Image',
      'Name',
      'Username',
      'Email',
      'Phone',
      'OS Version',
      'App Version',
      'Last active',
      'Member since',
      'Followers',
      'Followings',
      'Profile',
    ],
  },
  {
    name: 'backend-users',
    url: '/backend-users',
    table: 'Backend users',
    columns: ['S.No.', 'Image', 'Name', 'Email', 'Phone', 'Role', 'Action'],
  },
  {
    name: 'reported-users',
    url: '/reported-users',
    table: 'Reported users',
    columns: ['Image', 'Name', 'Email', 'Phone', 'Reported By', 'Reported Date', 'Action'],
  },
  {
    name: 'reported-posts',
    url: '/reported-posts',
    table: 'Reported posts',
    columns: ['S.No.', 'Image', 'Title', 'Website', 'Reported By', 'Reported Date', 'View Details'],
  },
  {
    name: 'searches',
    url: '/searches',
    table: 'Searches',
    columns: [
      'Image',
      'Search Term',
      'Website',
      'Type',
      'Username',
      'Title',
      'Description',
      'Deleted',
      'Created At',
      'Updated At',
    ],
  },
  {
    name: 'groups',
    url: '/users-groups',
    table: 'Groups',
    columns: ['Group Name', 'Created At', 'Updated At', 'Action'],
  },
  {
    name: 'campaign-list',
    url: '/campaign-list',
    table: 'Customers',
    // Campaigns: the row's button that opens its campaigns.
    columns: ['Avatar', 'Name', 'Username', 'Email', 'Phone', 'Campaigns'],
  },
  {
    name: 'interests',
    url: '/interest',
    table: 'Interests',
    columns: ['Name', 'Created', 'Last Updated', 'Action'],
  },
  {
    name: 'transactions',
    url: '/transactions',
    table: 'Transactions',
    columns: [
      'Customer',
      'Campaign',
      'Amount',
      'Transaction Type',
      'Payment Provider Transaction Id',
      'Date',
    ],
  },
  {
    name: 'signup-codes',
    url: '/signup-codes',
    table: 'Signup codes',
    columns: ['S.No.', 'Code', 'Used Count', 'Created', 'Updated', 'Action'],
  },
  {
    name: 'frequently-used-urls',
    url: '/frequently-used-urls',
    table: 'Frequently used urls',
    columns: ['Host', 'Total Searches', 'Host Searched', 'Frequency (%)'],
  },
  {
    name: 'failed-urls',
    url: '/failed-urls',
    table: 'Failed urls',
    columns: [
      'User',
      'Url',
      'Device',
      'Failed In Curl',
      'Attempted In Enrichment',
      'Failed In Enrichment',
      'Created',
      'Resolved',
      'Retried',
    ],
  },
];

/** The campaign sub-table's columns (spec 02 Campaign list), hidden ones left out. */
const CAMPAIGN_COLUMNS = [
  'Ad set name',
  'Campaign Name',
  'Ad Title',
  'Created At',
  'Start Date',
  'End Date',
  'Total Days',
  'Status',
  'Action',
  'Total Budget',
  'View',
];

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The header texts of a table, in order (the visually hidden 'Details' header left out). */
function headers(page: Page, table: string): Promise<string[]> {
  return page
    .getByRole('table', { name: table, exact: true })
    .locator(':scope > thead th')
    .evaluateAll((ths) =>
      ths.map((th) => (th as HTMLElement).innerText.trim()).filter((t) => t !== '' && t !== 'Details'),
    );
}

/** The profile's tables (followers etc.) need ids from the demo data. */
async function profileLists() {
  const token = await adminApiToken();
  const users = (await api(token, calls.usersList, { page_limit: 100 })).users;
  const social = [...users].sort((a, b) => b.followers_count - a.followers_count)[0];
  const post = (await api(token, calls.reportedPosts, {})).posts[0];
  const people = ['Image', 'Name', 'Username', 'Email', 'Phone'];
  const follow = ['Profile Picture', 'Name', 'Username', 'Email', 'Phone', 'Action'];
  return [
    {
      name: 'followers',
      url: `/user-profile/${social?.id}?tab=followers`,
      table: 'Followers',
      columns: follow,
    },
    {
      name: 'following',
      url: `/user-profile/${social?.id}?tab=following`,
      table: 'Following',
      columns: follow,
    },
    {
      name: 'bookmarks',
      url: `/user-profile/${social?.id}?tab=bookmarks`,
      table: 'Bookmarks',
      columns: ['S.No.', 'Image', 'Search Term', 'Type', 'Title', 'Description'],
    },
    {
      name: 'reported-by',
      url: `/post-details/${post?.reported_post_id}`,
      table: 'Reported by',
      columns: people,
    },
  ];
}

describe('every spec column at 1366x768 (issue 34)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`every list shows the spec's columns in its header, no sideways page scroll (${scheme})`, async () => {
      const page = await newPage(browser, LAPTOP);
      await page.emulateMedia({ colorScheme: scheme });
      await signIn(page);
      await page.evaluate((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
      const found: Record<string, { headers: string[]; overflow: string[] }> = {};
      const expected: Record<string, { headers: string[]; overflow: string[] }> = {};
      for (const route of [...SPEC, ...(await profileLists())]) {
        await page.goto(route.url);
        if (route.name === 'reported-by') {
          await page.getByRole('tab', { name: 'Reported By' }).click();
        }
        await listLoaded(page);
        await page.getByRole('table', { name: route.table, exact: true }).waitFor();
        found[route.name] = {
          headers: await headers(page, route.table),
          overflow: (await settledOverflow(page)).filter((p) => p.startsWith('page') || p.startsWith('cut')),
        };
        expected[route.name] = { headers: route.columns, overflow: [] };
        await screenshot(page, `columns-${route.name}-1366-${scheme}`);
      }
      // The campaign sub-table inside an expanded customer row.
      await page.goto('/campaign-list');
      await page.getByRole('table', { name: 'Customers' }).locator('tbody tr').first().click();
      await page.getByRole('table', { name: 'Campaigns' }).locator('tbody tr').first().waitFor();
      found.campaigns = {
        headers: await headers(page, 'Campaigns'),
        overflow: (await settledOverflow(page)).filter((p) => p.startsWith('page')),
      };
      expected.campaigns = { headers: CAMPAIGN_COLUMNS, overflow: [] };
      await screenshot(page, `columns-campaigns-expanded-1366-${scheme}`);
      expect(found).toEqual(expected);
      await page.context().close();
    });
  }
});

describe('rail, density and column chooser, remembered (issue 34)', () => {
  it('the sidebar folds to an icon rail, rows go comfortable, columns hide and move; all kept after reload; Reset', async () => {
    const page = await newPage(browser, LAPTOP);
    await openSignedIn(page, '/users');
    await listLoaded(page);
    const table = page.getByRole('table', { name: 'Users', exact: true });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });

    // Icon rail: pages are named icon links, a group opens a menu of its pages.
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByText('Signup Codes', { exact: true }).count()).toBe(0);
    const navWidth = await nav.evaluate((el) => el.getBoundingClientRect().width);
    expect(navWidth).toBeLessThan(100);

    // Density: compact by default, a pressed toggle.
    const density = page.getByRole('button', { name: 'Compact rows' });
    await expect(density.getAttribute('aria-pressed')).resolves.toBe('true');
    await density.click();
    await expect.poll(() => density.getAttribute('aria-pressed')).toBe('false');
    await expect(table.getAttribute('data-density')).resolves.toBe('comfortable');

    // Column chooser: hide Email, move Phone to the front.
    await page.getByRole('button', { name: 'Columns of Users' }).click();
    const chooser = page.getByRole('dialog', { name: 'Columns of Users' });
    await chooser.getByRole('checkbox', { name: 'Email' }).uncheck();
    for (let i = 0; i < 4; i++) {
      await chooser.getByRole('button', { name: 'Move Phone up' }).click();
    }
    await page.keyboard.press('Escape');
    // Focus goes back to the button that opened the chooser.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Columns of Users');
    const changed = ['Phone', 'Image', 'Name', 'Username', 'OS Version'];
    await expect.poll(async () => (await headers(page, 'Users')).slice(0, 5)).toEqual(changed);
    expect(await headers(page, 'Users')).not.toContain('Email');

    // Everything is remembered across a reload; another list keeps its own columns.
    await page.reload();
    await listLoaded(page);
    await expect.poll(async () => (await headers(page, 'Users')).slice(0, 5)).toEqual(changed);
    await expect(table.getAttribute('data-density')).resolves.toBe('comfortable');
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await screenshot(page, 'columns-rail-chosen-1366');
    await page.goto('/deleted-users');
    await listLoaded(page);
    expect((await headers(page, 'Deleted users')).slice(0, 4)).toEqual([
      'Image',
      'Name',
      'Username',
      'Email',
    ]);

    // A group of the rail opens its pages as a menu.
    await nav.getByRole('button', { name: 'Users' }).click();
    await page.getByRole('menuitem', { name: 'Backend Users' }).click();
    await page.waitForURL('**/backend-users');

    // Reset gives the list's own columns back.
    await page.goto('/users');
    await listLoaded(page);
    await page.getByRole('button', { name: 'Columns of Users' }).click();
    await page
      .getByRole('dialog', { name: 'Columns of Users' })
      .getByRole('button', { name: 'Reset' })
      .click();
    await page.keyboard.press('Escape');
    await expect.poll(() => headers(page, 'Users')).toEqual(SPEC[0]?.columns);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await nav.getByText('Signup Codes', { exact: true }).waitFor();
    await page.context().close();
  });
});
