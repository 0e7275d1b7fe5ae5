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

let browser: Browser;
/** A demo user with followers and a location (the busiest of the first 100 users). */
let star: { id: number; name: string };

beforeAll(async () => {
  browser = await openBrowser();
  const token = await adminApiToken();
  const { users } = await api(token, calls.usersList, { page_limit: 100 });
  const best = [...users].sort((a, b) => b.followers_count - a.followers_count)[0];
  star = { id: best.id, name: best.name };
});
afterAll(async () => {
  await browser?.close();
});

let userCounter = 0;
/** A platform user of this test alone, made through the API. */
async function makeAppUser() {
  const token = await adminApiToken();
  const tag = `${Date.now().toString(36)}${(userCounter++).toString(36)}`;
  const created = await api(token, calls.createUser, {
    name: `Profile Target ${tag}`,
    username: `target_${tag}`,
    email: `target_${tag}@example.com`,
    password: 'Target-pass-123',
    is_admin: false,
  });
  return { id: created.data.id as number, name: `Profile Target ${tag}` };
}

/** A row's shown value on the About tab. */
const shownValue = (page: Page, field: string) => page.getByTestId(`value-${field}`);

describe('user profile (spec 01 User profile)', () => {
  it('opens a profile on the About tab with fields, device and the map marker', async () => {
    for (const [viewport, tag] of [
      [DESKTOP, '1366'],
      [PHONE, '390'],
    ] as const) {
      const page = await newPage(browser, viewport);
      await openSignedIn(page, `/user-profile/${star.id}`);
      await page.getByRole('heading', { name: 'User Profile' }).waitFor();
      await expect(shownValue(page, 'name').textContent()).resolves.toBe(star.name);
      for (const tab of ['About', 'Direct Message', 'Followers', 'Following', 'Bookmarks', 'Ad Settings']) {
        await page.getByRole('tab', { name: tab, exact: true }).waitFor({ state: 'attached' });
      }
      await page.getByText('Last active time').waitFor();
      await page.getByText('OS Version').waitFor();
      // The marker is an inline SVG: it shows whether or not map tiles can load here.
      await page.locator('.leaflet-marker-icon').waitFor();
      await screenshot(page, `profile-about-${tag}`, { fullPage: true });
      await page.context().close();
    }
  });

  it('edits one field with the pencil and the tick, and the value is saved after a reload', async () => {
    const target = await makeAppUser();
    const page = await newPage(browser);
    await openSignedIn(page, `/user-profile/${target.id}`);
    await shownValue(page, 'name').waitFor();

    await page.getByRole('button', { name: 'Edit Name' }).click();
    const input = page.getByRole('textbox', { name: 'Name' });
    await input.fill('');
    // An empty value shows the spec's message and hides the tick.
    await page.getByText('Name is required').waitFor();
    expect(await page.getByRole('button', { name: 'Save Name' }).count()).toBe(0);

    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/v2/update-profile')) {
        sent.push(req.postData() ?? '');
      }
    });
    await input.fill('Renamed Target');
    await page.getByRole('button', { name: 'Save Name' }).click();
    await page.getByText('Profile has been updated successfully').waitFor();
    expect(sent.map((b) => JSON.parse(b))).toEqual([{ id: target.id, name: 'Renamed Target' }]);

    await page.getByRole('button', { name: 'Edit Gender' }).click();
    await page.locator('#profile-gender').click();
    await page.getByRole('option', { name: 'female' }).click();
    await page.getByRole('button', { name: 'Save Gender' }).click();
    await expect.poll(() => shownValue(page, 'gender').textContent(), { timeout: 60_000 }).toBe('female');

    await page.reload();
    await expect(shownValue(page, 'name').textContent()).resolves.toBe('Renamed Target');
    await expect(shownValue(page, 'gender').textContent()).resolves.toBe('female');
    await page.context().close();
  });

  it('suspends the account and shows the red banner, then lifts the suspension', async () => {
    const target = await makeAppUser();
    const page = await newPage(browser);
    await openSignedIn(page, `/user-profile/${target.id}`);
    await page.getByRole('button', { name: 'Suspend Account' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('This account has been suspended').waitFor();
    await screenshot(page, 'profile-suspended-1366');
    await page.reload();
    await page.getByText('This account has been suspended').waitFor();

    await page.getByRole('button', { name: 'Unsuspend Account' }).click();
    await page.getByText('Account suspension has been revoked successfully').waitFor();
    await page.getByRole('button', { name: 'Suspend Account' }).waitFor();
    expect(await page.getByText('This account has been suspended').count()).toBe(0);
    const token = await adminApiToken();
    const { userdetails } = await api(token, calls.userProfile, { id: target.id });
    expect(userdetails.is_suspended).toBe(false);
    await page.context().close();
  });

  it('checks the app password popup before sending anything', async () => {
    const target = await makeAppUser();
    const page = await newPage(browser);
    await openSignedIn(page, `/user-profile/${target.id}`);
    let sent = 0;
    page.on('request', (req) => {
      if (req.url().includes('/api/v2/change-app-password')) {
        sent++;
      }
    });
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Password is required').waitFor();
    await dialog.getByText('Password confirmation is required').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill('New-app-pass-1');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Password confirmation is required').waitFor();
    expect(await dialog.getByText('Password is required').count()).toBe(0);
    expect(sent).toBe(0);

    await dialog.getByLabel('Confirm Password').fill('New-app-pass-1');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('App password has been changed successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(sent).toBe(1);
    await page.context().close();
  });

  it('searches the followers tab and links to each profile', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, `/user-profile/${star.id}`);
    await page.getByRole('tab', { name: 'Followers' }).click();
    const table = page.getByRole('table', { name: 'Followers' });
    const firstRow = table.locator('tbody tr').first();
    await firstRow.getByRole('link', { name: 'View Profile' }).waitFor();
    const username = (await firstRow.locator('td').nth(2).textContent())?.trim() ?? '';
    expect(username).not.toBe('');

    const search = page.getByPlaceholder('Search by name, username or email');
    await search.fill(username);
    await expect
      .poll(
        async () => (await table.locator('tbody tr td:nth-child(3)').allTextContents()).map((t) => t.trim()),
        {
          timeout: 60_000,
        },
      )
      .toEqual([username]);
    await screenshot(page, 'profile-followers-1366');

    await search.fill('no-such-follower-zzz');
    await page.getByText('Sorry, no matching records found').waitFor();

    await search.fill(username);
    await table.locator('tbody tr').first().getByRole('link', { name: 'View Profile' }).click();
    await page.waitForURL(/\/user-profile\/\d+$/);
    await expect(shownValue(page, 'username').textContent()).resolves.toBe(username);
    await page.context().close();
  });

  it("lists a user's bookmarks with the spec's columns, newest first", async () => {
    const token = await adminApiToken();
    const { users } = await api(token, calls.usersList, { page_limit: 50 });
    let owner: { id: number; total: number; first: string | null } | null = null;
    for (const u of users) {
      const res = await api(token, calls.favourites, { userId: u.id });
      if (res.total > 0) {
        owner = { id: u.id, total: res.total, first: res.data[0].title };
        break;
      }
    }
    expect(owner).not.toBeNull();
    const page = await newPage(browser, WIDE);
    await openSignedIn(page, `/user-profile/${owner?.id}?tab=bookmarks`);
    const table = page.getByRole('table', { name: 'Bookmarks' });
    await table.locator('tbody tr').first().waitFor();
    const headers = (await table.locator('thead th').allTextContents()).map((t) => t.trim());
    expect(headers).toEqual(['S.No.', 'Image', 'Search Term', 'Type', 'Title', 'Description']);
    expect(await table.locator('tbody tr').count()).toBe(Math.min(10, owner?.total ?? 0));
    await expect(table.locator('tbody tr').first().locator('td').nth(4).textContent()).resolves.toBe(
      owner?.first ?? '',
    );
    // Below 768 px the bookmarks are cards.
    await page.setViewportSize(PHONE);
    await page.getByRole('list', { name: 'Bookmarks' }).getByRole('listitem').first().waitFor();
    await screenshot(page, 'profile-bookmarks-390', { fullPage: true });
    await page.context().close();
  });

  it('turns advertising and automatic follow on and off', async () => {
    const target = await makeAppUser();
    const page = await newPage(browser);
    await openSignedIn(page, `/user-profile/${target.id}`);
    await page.getByRole('button', { name: 'Enable Advertise' }).click();
    await page.getByText('Advertising has been enabled').waitFor();
    await page.getByRole('button', { name: 'Add Automatic Follow' }).click();
    await page.getByText('Automatic follow has been enabled').waitFor();
    await page.getByRole('button', { name: 'Disable Advertise' }).waitFor();
    await page.getByRole('button', { name: 'Remove Automatic Follow' }).waitFor();
    const token = await adminApiToken();
    const on = (await api(token, calls.userProfile, { id: target.id })).userdetails;
    expect([on.is_advertise_enabled, on.auto_follow]).toEqual([true, true]);

    await page.getByRole('button', { name: 'Disable Advertise' }).click();
    await page.getByText('Advertising has been disabled').waitFor();
    await page.getByRole('button', { name: 'Remove Automatic Follow' }).click();
    await page.getByText('Automatic follow has been disabled').waitFor();
    const off = (await api(token, calls.userProfile, { id: target.id })).userdetails;
    expect([off.is_advertise_enabled, off.auto_follow]).toEqual([false, false]);
    await page.context().close();
  });

  it("lists the user's own searches on the Searches tab", async () => {
    const token = await adminApiToken();
    const { users } = await api(token, calls.usersList, { page_limit: 50 });
    let owner: { id: number; total: number; first: string } | null = null;
    for (const u of users) {
      const res = await api(token, calls.searches, { user_id: u.id });
      if (res.total > 0) {
        owner = { id: u.id, total: res.total, first: res.data[0].search_term };
        break;
      }
    }
    if (!owner) {
      throw new Error('the demo data has no user with searches');
    }
    const page = await newPage(browser);
    await openSignedIn(page, `/user-profile/${owner.id}`);
    await page.getByRole('tab', { name: 'Searches', exact: true }).click();
    const table = page.getByRole('table', { name: 'Searches' });
    await table.getByText(owner.first, { exact: true }).first().waitFor();
    expect(await table.locator('tbody tr').count()).toBe(Math.min(10, owner.total));
    await screenshot(page, 'profile-searches-1366');
    await page.context().close();
  });

  it('shows a limited staff member disabled buttons and only the tabs they may see', async () => {
    // users_list gives them a landing page after sign-in.
    const staff = await createStaff({ permissions: ['users_list', 'user_profile', 'following'] });
    const page = await newPage(browser, PHONE);
    await openSignedIn(page, `/user-profile/${star.id}`, staff);
    await shownValue(page, 'name').waitFor();
    for (const name of ['Change Password', 'Suspend Account', 'Edit Name']) {
      await expect(page.getByRole('button', { name }).first().isDisabled()).resolves.toBe(true);
    }
    await page.getByRole('tab', { name: 'Following' }).waitFor({ state: 'attached' });
    expect(await page.getByRole('tab', { name: 'Followers' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Bookmarks' }).count()).toBe(0);
    // Without users_locations there is no map.
    expect(await page.locator('.leaflet-container').count()).toBe(0);
    await screenshot(page, 'profile-limited-390', { fullPage: true });
    await page.context().close();
  });
});
