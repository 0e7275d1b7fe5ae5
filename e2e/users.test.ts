import fs from 'node:fs';
import { calls } from '@admin/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApiToken,
  api,
  apiToken,
  createStaff,
  DESKTOP,
  e2eEnv,
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

const tag = `e2u${Date.now().toString(36)}`;

/** Platform users made through the API, named `${tag} <name>` so a search finds exactly them. */
async function makePlatformUsers(names: string[]) {
  const token = await adminApiToken();
  const made = [];
  for (const n of names) {
    const username = `${tag}_${n.toLowerCase()}`;
    const res = await api(token, calls.createUser, {
      name: `${tag} ${n}`,
      username,
      email: `${username}@example.com`,
      password: 'Platform-pass-1',
    });
    made.push(res.data);
  }
  return made;
}

const bodyRows = (page: Page) => page.locator('table tbody tr');
/** A column header by its exact text (sortable headers carry a sort icon in their name). */
const header = (page: Page, title: string) =>
  page.locator('thead th').filter({ hasText: new RegExp(`^\\s*${title.replace(/[.]/g, '\\.')}\\s*$`) });
const firstCell = async (page: Page, column: number) =>
  (await bodyRows(page).first().locator('td').nth(column).innerText()).trim();

describe('users list (issue 3)', () => {
  it('searches (debounced), sorts both ways, pages, adds a user and downloads the CSV', async () => {
    await makePlatformUsers(['Alpha', 'Bravo', 'Charlie']);
    const page = await newPage(browser, WIDE);
    await openSignedIn(page, '/users');
    for (const title of SPEC_COLUMNS.users.columns) {
      await header(page, title).waitFor();
    }
    // Paging: the demo has more than 10 platform users; page 2 shows rows 11-20.
    await page.getByText(/^1-10 of \d+$/).waitFor();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.getByText(/^11-20 of \d+$/).waitFor();
    await screenshot(page, 'users-list-1366');

    // Search: debounced, back to page 0, only our three, name ascending.
    await page.getByPlaceholder('Search by name or username').fill(tag);
    await page.getByText('1-3 of 3').waitFor();
    expect(await firstCell(page, 1)).toBe(`${tag} Alpha`);
    // Sorting by Name again toggles to descending.
    await header(page, 'Name').click();
    await expect.poll(() => firstCell(page, 1)).toBe(`${tag} Charlie`);
    await header(page, 'Name').click();
    await expect.poll(() => firstCell(page, 1)).toBe(`${tag} Alpha`);
    expect(await page.getByRole('link', { name: 'View Profile' }).count()).toBe(3);

    // Add New User: the spec's messages first, then success closes the popup and reloads.
    await page.getByRole('button', { name: 'Add New User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByRole('button', { name: 'Add User' }).click();
    for (const m of [
      'Name is required',
      'Username is required',
      'Email is required',
      'Password is required',
    ]) {
      await dialog.getByText(m, { exact: true }).waitFor();
    }
    await dialog.getByLabel(/^Name( \*)?$/).fill(`${tag} Delta`);
    await dialog.getByLabel(/^Username( \*)?$/).fill(`${tag}_delta`);
    await dialog.getByLabel(/^Email( \*)?$/).fill(`${tag}_delta@example.com`);
    await dialog.getByLabel(/^Password( \*)?$/).fill('Delta-pass-1');
    await dialog.getByLabel(/^Phone( \*)?$/).fill('+1 555 0100');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('User created successfully').waitFor();
    await page.getByText('1-4 of 4').waitFor();
    await page.getByRole('cell', { name: '+1 555 0100' }).waitFor();

    // CSV of the filtered list.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('users.csv');
    const file = await download.path();
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(
      'id,name,username,email,phone,device,device_app_version,last_interacted,created_at',
    );
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(
      ['Alpha', 'Bravo', 'Charlie', 'Delta'].map((n) => `${tag} ${n}`),
    );
    await page.context().close();
  });

  it('shows the list on a phone as cards, without sideways scrolling', async () => {
    const page = await newPage(browser, PHONE);
    await openSignedIn(page, '/users');
    await page.getByText(/^1-10 of \d+$/).waitFor();
    await screenshot(page, 'users-list-390');
    // The page does not scroll sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.context().close();
  });

  it('shows deleted and reported users with their extra columns', async () => {
    const page = await newPage(browser, WIDE);
    await openSignedIn(page, '/deleted-users');
    await header(page, 'Followers').waitFor();
    await header(page, 'Followings').waitFor();
    await bodyRows(page).first().waitFor();
    await screenshot(page, 'users-deleted-1366');
    await page.goto('/reported-users');
    for (const title of ['Image', 'Name', 'Email', 'Phone', 'Reported By', 'Reported Date']) {
      await header(page, title).waitFor();
    }
    await page.getByRole('link', { name: 'View Profile' }).first().waitFor();
    expect(await firstCell(page, 5)).toMatch(/^\d\d-\d\d-\d{4}$/);
    await screenshot(page, 'users-reported-1366');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'users-reported-390');
    await page.context().close();
  });
});

describe('backend users (issue 3)', () => {
  it('assigns a group in the popup and the Role badge shows it; adds a backend user', async () => {
    const staff = await createStaff({ name: `${tag} Backend Bea` });
    const page = await newPage(browser, DESKTOP);
    await openSignedIn(page, '/backend-users');
    await page.getByPlaceholder('Search by name, username or email').fill(staff.username);
    await page.getByText('1-1 of 1').waitFor();
    await page.getByText('No group').waitFor();
    const rows = page.locator('table tbody');
    expect(await rows.getByRole('link', { name: 'Permissions' }).getAttribute('href')).toBe(
      `/manage-user-permissions/${staff.id}`,
    );
    expect(await rows.getByRole('link', { name: 'View Profile' }).getAttribute('href')).toBe(
      `/user-profile/${staff.id}`,
    );
    await page.getByRole('button', { name: `Assign Group to ${staff.username}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Group' });
    await dialog.getByRole('checkbox', { name: 'Support' }).check();
    await dialog.getByRole('checkbox', { name: 'Marketing' }).check();
    await screenshot(page, 'users-backend-assign-1366');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('table tbody').getByText('Support', { exact: true }).waitFor();
    await page.locator('table tbody').getByText('Marketing', { exact: true }).waitFor();
    const token = await adminApiToken();
    const { users } = await api(token, calls.adminUsersList, { query: staff.username });
    expect(users[0].auth_user_group.map((g) => g.auth_group.name).sort()).toEqual(['Marketing', 'Support']);

    // Add New User from here makes a backend user.
    await page.getByRole('button', { name: 'Add New User' }).click();
    const add = page.getByRole('dialog', { name: 'Add New User' });
    await add.getByLabel(/^Name( \*)?$/).fill(`${tag} Backend Ben`);
    await add.getByLabel(/^Username( \*)?$/).fill(`${tag}_ben`);
    await add.getByLabel(/^Email( \*)?$/).fill(`${tag}_ben@example.com`);
    await add.getByLabel(/^Password( \*)?$/).fill('Ben-pass-123');
    await add.getByRole('button', { name: 'Add User' }).click();
    await add.waitFor({ state: 'hidden' });
    const made = await api(token, calls.adminUsersList, { query: `${tag}_ben` });
    expect(made.total_users).toBe(1);
    await page.getByPlaceholder('Search by name, username or email').fill('');
    await page.getByText(/^1-10 of \d+$/).waitFor();
    await screenshot(page, 'users-backend-1366');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'users-backend-390');
    await page.context().close();
  });

  it('a staff member with users_list only sees that, with disabled buttons, and the server refuses the rest', async () => {
    const staff = await createStaff({ permissions: ['users_list'] });
    const page = await newPage(browser, DESKTOP);
    await openSignedIn(page, '/users', staff);
    const nav = page.getByRole('navigation', { name: 'Main navigation' }).or(page.locator('nav')).first();
    await nav.getByRole('link', { name: 'Users', exact: true }).waitFor();
    await nav.getByRole('link', { name: 'Deleted Users' }).waitFor();
    for (const hidden of ['Backend Users', 'Reported users', 'Users Groups', 'Permissions']) {
      expect(await nav.getByRole('link', { name: hidden, exact: true }).count()).toBe(0);
    }
    await page.getByText(/^1-10 of \d+$/).waitFor();
    expect(await page.getByRole('button', { name: 'Add New User' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Download CSV' }).isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'View Profile' }).count()).toBe(0);
    await screenshot(page, 'users-limited-staff-1366');
    await page.goto('/backend-users');
    await page.getByText('You are not authorize to access this page').waitFor();

    const token = await apiToken(staff);
    await expect(api(token, calls.usersList, { page: 0 })).resolves.toMatchObject({ responseCode: 200 });
    const csv = await fetch(`${e2eEnv().baseUrl}/api/v2/users-list?format=csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.status).toBe(403);
    await expect(
      api(token, calls.createUser, {
        name: 'x',
        username: `${tag}_no`,
        email: `${tag}_no@example.com`,
        password: 'long-enough-pass',
      }),
    ).rejects.toThrow(/-> 403/);
    await expect(api(token, calls.adminUsersList, {})).rejects.toThrow(/-> 403/);
    await expect(api(token, calls.reportedUsers, {})).rejects.toThrow(/-> 403/);
    await page.context().close();
  });
});
