import { calls, TEXTS } from '@admin/contract';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApiToken,
  api,
  createStaff,
  newPage,
  openBrowser,
  openSignedIn,
  PHONE,
  screenshot,
  signIn,
} from './harness';

/** Issue 34 point 8: an ended session, drafts kept across the sign-in, missing records, pages past the end. */

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The page's session ends behind its back (as when it expires or is revoked elsewhere). */
async function endSession(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  await api(token, calls.logout);
}

/** /login after the session ended: the one notice, exactly, and nothing else alerting. */
async function expectEndedNotice(page: Page) {
  await page.waitForURL('**/login');
  const alert = page.getByRole('alert');
  await alert.waitFor();
  expect(((await alert.textContent()) ?? '').trim()).toBe(TEXTS.sessionEnded);
  // Every call still in flight also answered 401: none of them adds an alert of its own.
  await page.waitForLoadState('networkidle');
  expect(await page.getByRole('alert').count()).toBe(1);
  expect(await page.getByText(TEXTS.unauthorized).count()).toBe(0);
}

const keptDrafts = (page: Page) => page.evaluate(() => sessionStorage.getItem('keptDrafts'));

let counter = 0;
const tagOf = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

describe('a session that ends (issue 34 point 8)', () => {
  it("says 'Your session has ended. Sign in again.' once and brings the profile field's draft back", async () => {
    const staff = await createStaff({ permissions: ['users_list', 'user_profile', 'update_profile'] });
    const tag = tagOf();
    const target = await api(await adminApiToken(), calls.createUser, {
      name: `Draft Target ${tag}`,
      username: `draft_${tag}`,
      email: `draft_${tag}@example.com`,
      password: 'Target-pass-123',
      is_admin: false,
    });
    const id = target.data.id as number;
    const page = await newPage(browser);
    await openSignedIn(page, `/user-profile/${id}`, staff);
    await page.getByRole('button', { name: 'Edit Name' }).click();
    const draft = `Kept Draft ${tag}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(draft);
    await endSession(page);
    await page.getByRole('button', { name: 'Save Name' }).click();

    await expectEndedNotice(page);
    expect(await keptDrafts(page)).toContain(draft);
    await screenshot(page, 'session-ended-login-1366');

    await signIn(page, staff);
    await page.waitForURL(`**/user-profile/${id}`);
    const input = page.getByRole('textbox', { name: 'Name' });
    await input.waitFor();
    expect(await input.inputValue()).toBe(draft);
    await expect.poll(() => keptDrafts(page)).toBeNull();
    await page.getByRole('button', { name: 'Save Name' }).click();
    await page.getByTestId('value-name').filter({ hasText: draft }).waitFor();
    const saved = await api(await adminApiToken(), calls.userProfile, { id });
    expect(saved.userdetails.name).toBe(draft);
    // Restored once: a reload shows the saved value, not an editor.
    await page.reload();
    await page.getByTestId('value-name').filter({ hasText: draft }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Name' }).count()).toBe(0);
    await page.context().close();
  });

  it('reopens an open dialog with its draft after signing in, and never keeps a password', async () => {
    const staff = await createStaff({
      permissions: ['group_list', 'add_group', 'users_list', 'create_user'],
    });
    const tag = tagOf();
    const page = await newPage(browser);
    await signIn(page, staff);

    // A group's name in the Add New Group popup.
    await page.goto('/users-groups');
    await page.getByRole('button', { name: 'Add New Group' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add New Group' });
    const groupName = `Kept group ${tag}`;
    await dialog.getByLabel(/^Group Name( \*)?$/).fill(groupName);
    await endSession(page);
    await dialog.getByRole('button', { name: 'Add Group' }).click();
    await expectEndedNotice(page);
    await signIn(page, staff);
    await page.waitForURL('**/users-groups');
    dialog = page.getByRole('dialog', { name: 'Add New Group' });
    await dialog.waitFor();
    expect(await dialog.getByLabel(/^Group Name( \*)?$/).inputValue()).toBe(groupName);
    await dialog.getByRole('button', { name: 'Add Group' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const { groups } = await api(await adminApiToken(), calls.groupList, { query: groupName });
    expect(groups.map((g) => g.name)).toContain(groupName);

    // Add New User: the typed fields come back, the password is never stored.
    await page.goto('/users');
    await page.getByRole('button', { name: 'Add New User' }).click();
    dialog = page.getByRole('dialog', { name: 'Add New User' });
    const secret = `Never-Stored-${tag}`;
    await dialog.getByLabel(/^Name( \*)?$/).fill(`Kept User ${tag}`);
    await dialog.getByLabel(/^Username( \*)?$/).fill(`kept_${tag}`);
    await dialog.getByLabel(/^Email( \*)?$/).fill(`kept_${tag}@example.com`);
    await dialog.getByLabel(/^Password( \*)?$/).fill(secret);
    await endSession(page);
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expectEndedNotice(page);
    const stored = (await keptDrafts(page)) ?? '';
    expect(stored).toContain(`kept_${tag}`);
    expect(stored).not.toContain(secret);
    expect(stored.toLowerCase()).not.toContain('password');
    await signIn(page, staff);
    await page.waitForURL('**/users');
    dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.waitFor();
    expect(await dialog.getByLabel(/^Name( \*)?$/).inputValue()).toBe(`Kept User ${tag}`);
    expect(await dialog.getByLabel(/^Username( \*)?$/).inputValue()).toBe(`kept_${tag}`);
    expect(await dialog.getByLabel(/^Password( \*)?$/).inputValue()).toBe('');
    await page.context().close();
  });

  it('shows the notice at phone width too', async () => {
    const staff = await createStaff({ permissions: ['users_list'] });
    const page = await newPage(browser, PHONE);
    await openSignedIn(page, '/users', staff);
    await page.waitForLoadState('networkidle');
    await endSession(page);
    await page.reload();
    await expectEndedNotice(page);
    await screenshot(page, 'session-ended-login-390');
    await page.context().close();
  });
});

describe('drafts of the other forms across a sign-in (issue 34 point 8)', () => {
  it("brings back the static page editor's, Assign Group's, the calendar form's and the decline reason's drafts", {
    timeout: 300_000,
  }, async () => {
    const token = await adminApiToken();
    const tag = tagOf();
    const page = await newPage(browser);
    await signIn(page);
    /** Ends the session behind the page's back, `act` makes a call (401), then signs in again. */
    const acrossSignIn = async (act: () => Promise<void>, path: string) => {
      await endSession(page);
      await act();
      await expectEndedNotice(page);
      expect(await keptDrafts(page)).toBeTruthy();
      await signIn(page);
      await page.waitForURL((url) => url.pathname === path);
    };

    // The static page editor: the typed paragraph is back, unsaved, and saves.
    const cmsKey = 'understanding-your-insight';
    const original = (await api(token, calls.getSettings, { data_key: cmsKey })).data?.data ?? '';
    await page.goto(`/${cmsKey}`);
    const content = page.getByRole('textbox', { name: 'Page content' });
    await content.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    const line = `Kept paragraph ${tag}`;
    await page.keyboard.type(line);
    await page.getByText('Unsaved changes').waitFor();
    await acrossSignIn(() => page.getByRole('button', { name: 'Save' }).first().click(), `/${cmsKey}`);
    await content.getByText(line).waitFor();
    await page.getByText('Unsaved changes').waitFor();
    await expect.poll(() => keptDrafts(page)).toBeNull();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Page saved successfully').waitFor();
    expect((await api(token, calls.getSettings, { data_key: cmsKey })).data?.data).toContain(line);
    if (original) {
      await api(token, calls.saveSettings, { data_key: cmsKey, data: original });
    }

    // Assign Group: the popup opens again for the same member with the ticked group.
    const group = (await api(token, calls.groupAdd, { name: `Kept Group ${tag}` })).data;
    const member = await createStaff({ name: `Assign Target ${tag}` });
    await page.goto(`/backend-users?q=${member.username}`);
    await page.getByRole('button', { name: `Assign Group to ${member.username}` }).click();
    let dialog = page.getByRole('dialog', { name: 'Assign Group' });
    await dialog.getByRole('checkbox', { name: group.name }).check();
    await acrossSignIn(() => dialog.getByRole('button', { name: 'Save' }).click(), '/backend-users');
    dialog = page.getByRole('dialog', { name: 'Assign Group' });
    await dialog.getByText(`Groups of ${member.name} (${member.username})`).waitFor();
    expect(await dialog.getByRole('checkbox', { name: group.name }).isChecked()).toBe(true);
    await expect.poll(() => keptDrafts(page)).toBeNull();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const assigned = (await api(token, calls.adminUsersList, { query: member.username })).users[0];
    expect(assigned?.auth_user_group.map((g) => g.auth_group.id)).toEqual([group.id]);

    // The calendar's Add New Setting form, seven months ahead: back on its month with the type and value.
    await page.goto('/campaign-calender-settings');
    const month = dayjs().startOf('month').add(7, 'month');
    for (let i = 0; i < 7; i++) {
      await page.getByRole('button', { name: 'Next month' }).click();
    }
    await page.getByRole('heading', { name: month.format('MMMM YYYY') }).waitFor();
    const day = month.date(11).format('MM-DD-YYYY');
    await page.getByRole('button', { name: `Add setting on ${day}` }).click();
    dialog = page.getByRole('dialog', { name: 'Add New Setting' });
    await dialog.getByPlaceholder('Select type').click();
    await page.getByRole('option', { name: 'Ads Per Day', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Value' }).fill('3');
    await acrossSignIn(
      () => dialog.getByRole('button', { name: 'Add' }).click(),
      '/campaign-calender-settings',
    );
    dialog = page.getByRole('dialog', { name: 'Add New Setting' });
    await dialog.waitFor();
    await page.getByRole('heading', { name: month.format('MMMM YYYY') }).waitFor();
    expect(await dialog.getByLabel('Date').inputValue()).toBe(day);
    expect(await dialog.getByPlaceholder('Select type').inputValue()).toBe('Ads Per Day');
    expect(await dialog.getByRole('textbox', { name: 'Value' }).inputValue()).toBe('3');
    await expect.poll(() => keptDrafts(page)).toBeNull();
    // Left without saving (a platform-wide setting).
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Leave' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A campaign's status popup on the list: its customer expanded, Declined and the reason back.
    const campaign = (await api(token, calls.campaignsList, { page_limit: 1 })).data[0];
    await page.goto('/campaign-list');
    await page.getByLabel('Customer', { exact: true }).fill(campaign.username);
    await page.waitForURL(/customer=/);
    await page.getByRole('table', { name: 'Customers' }).getByRole('row').nth(1).click();
    await page
      .getByRole('button', { name: new RegExp(`: change status of ${campaign.campaign_name}$`) })
      .first()
      .click();
    const statusDialog = page.getByRole('dialog', { name: `Status of ${campaign.campaign_name}` });
    await statusDialog.locator('input[aria-label="Status"]').click();
    await page.getByRole('option', { name: 'Declined', exact: true }).click();
    await statusDialog.getByRole('button', { name: 'Change Status' }).click();
    dialog = page.getByRole('dialog', { name: 'Decline Reason' });
    const reason = `Kept reason ${tag}`;
    await dialog.getByLabel('Reason').fill(reason);
    await acrossSignIn(() => dialog.getByRole('button', { name: 'Decline' }).click(), '/campaign-list');
    await dialog.waitFor();
    expect(await dialog.getByLabel('Reason').inputValue()).toBe(reason);
    expect(await statusDialog.locator('input[aria-label="Status"]').inputValue()).toBe('Declined');
    await expect.poll(() => keptDrafts(page)).toBeNull();
    await page.context().close();
  });
});

/** Each record page with an id that names nothing: its text, and where Back goes. */
const MISSING = [
  { url: '/user-profile/999999999', text: 'User 999999999 does not exist', back: 'Users', to: '/users' },
  {
    url: '/manage-user-permissions/999999999',
    text: 'Backend user 999999999 does not exist',
    back: 'Backend Users',
    to: '/backend-users',
  },
  {
    url: '/manage-group-permissions?group=999999999',
    text: 'Group 999999999 does not exist',
    back: 'Users Groups',
    to: '/users-groups',
  },
  {
    url: '/post-details/999999999',
    text: 'Post 999999999 does not exist',
    back: 'Reported Posts',
    to: '/reported-posts',
  },
  {
    url: '/campaign-details/999999999',
    text: 'Campaign 999999999 does not exist',
    back: 'Campaign List',
    to: '/campaign-list',
  },
  { url: '/user-profile/abc', text: 'User abc does not exist', back: 'Users', to: '/users' },
];

describe('a missing record (issue 34 point 8)', () => {
  it("says '{thing} {id} does not exist' once, with the way back to its list and no retry", async () => {
    const page = await newPage(browser);
    await signIn(page);
    for (const m of MISSING) {
      await page.goto(m.url);
      await page.getByRole('heading', { name: m.text }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByText(m.text).count(), m.url).toBe(1);
      expect(await page.getByRole('alert').count(), m.url).toBe(0);
      expect(await page.getByText('Something went wrong').count(), m.url).toBe(0);
      expect(await page.getByRole('button', { name: 'Retry' }).count(), m.url).toBe(0);
      expect(await page.title()).toBe(`${m.text} · Admin Panel`);
      await page.getByRole('link', { name: `Back to ${m.back}` }).click();
      await page.waitForURL((url) => url.pathname === m.to);
    }
    await page.context().close();
  });

  it('looks right at 1366 and 390', async () => {
    for (const [viewport, tag] of [
      [undefined, '1366'],
      [PHONE, '390'],
    ] as const) {
      const page = await newPage(browser, viewport);
      await openSignedIn(page, '/user-profile/999999999');
      await page.getByRole('heading', { name: 'User 999999999 does not exist' }).waitFor();
      await screenshot(page, `missing-record-${tag}`);
      await page.context().close();
    }
  });
});

describe('a page past the end (issue 34 point 8)', () => {
  it('clamps to the last page in place of the address, so Back leaves the list instead of clamping again', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, '/users');
    await page.getByText(/^1-10 of \d+$/).waitFor();
    await page.goto('/users?page=9999');
    const total = Number(((await page.getByText(/^\d+-\d+ of \d+$/).textContent()) ?? '').split(' of ')[1]);
    const last = Math.ceil(total / 10);
    await page.waitForURL(new RegExp(`page=${last}(&|$)`));
    await page.getByText(new RegExp(`^${(last - 1) * 10 + 1}-${total} of ${total}$`)).waitFor();
    expect(await page.getByText(TEXTS.noRecords).count()).toBe(0);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/users' && !url.searchParams.has('page'));
    await page.getByText(/^1-10 of \d+$/).waitFor();
    await page.context().close();
  });
});
