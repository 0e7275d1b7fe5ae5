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
} from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Support, as issue 11 tells it, plus every other switch of the About tab. */
const SUPPORT = [
  'users_list',
  'user_profile',
  'update_profile',
  'change_app_password',
  'suspend_account',
  'enable_advertise',
  'manage_autofollow',
];
const BUTTONS = [/^Change Password$/, /Suspend Account$/, /(Enable|Disable) Advertise$/, /Automatic Follow$/];
const PENCILS = [
  'Name',
  'Gender',
  'Email',
  'Username',
  'Phone',
  'Date of Birth',
  'Address',
  'Current Location',
];

async function controls(page: Page) {
  return [
    ...BUTTONS.map((name) => page.getByRole('button', { name })),
    ...PENCILS.map((label) => page.getByRole('button', { name: `Edit ${label}`, exact: true })),
  ];
}

/**
 * Hovers a control and reads the tooltip: a `disabled` button gets no pointer events, so its
 * wrapper; a refused one that stays focusable (`aria-disabled`, the pencils) itself.
 */
async function tooltipOf(page: Page, control: ReturnType<Page['getByRole']>) {
  await page.mouse.move(0, 0);
  await page.getByRole('tooltip').waitFor({ state: 'detached' });
  const disabled = await control.evaluate((el) => (el as HTMLButtonElement).disabled);
  await (disabled ? control.locator('xpath=..') : control).hover();
  const tip = page.getByRole('tooltip');
  await tip.waitFor();
  return tip.textContent();
}

describe('ranks in the browser (issue 11: who may act on whom; docs/security.md)', () => {
  it('a Support member finds every edit control of the super admin’s profile disabled, saying why', async () => {
    const token = await adminApiToken();
    const boss = (await api(token, calls.getLoginData, {})).user;
    const support = await createStaff({ permissions: SUPPORT, name: 'Support Sam' });
    for (const [viewport, tag] of [
      [DESKTOP, '1366'],
      [PHONE, '390'],
    ] as const) {
      const page = await newPage(browser, viewport);
      await openSignedIn(page, `/user-profile/${boss.id}`, support);
      await page.getByRole('heading', { name: 'User Profile' }).waitFor();
      await page.getByTestId('value-name').waitFor();
      for (const control of await controls(page)) {
        expect(await control.isDisabled()).toBe(true);
      }
      await expect(tooltipOf(page, page.getByRole('button', { name: 'Change Password' }))).resolves.toBe(
        'Only a super admin can change a super admin account',
      );
      await expect(
        tooltipOf(page, page.getByRole('button', { name: 'Edit Email', exact: true })),
      ).resolves.toBe('Only a super admin can change a super admin account');
      await screenshot(page, `ranks-support-on-super-admin-${tag}`);
      await page.context().close();
    }
  });

  it('the same Support member may edit a platform user, and not another staff member', async () => {
    const token = await adminApiToken();
    const support = await createStaff({ permissions: SUPPORT });
    const colleague = await createStaff({ permissions: ['users_list'] });
    const tag = Date.now().toString(36);
    const platform = await api(token, calls.createUser, {
      name: `Ranks Platform ${tag}`,
      username: `ranks_platform_${tag}`,
      email: `ranks_platform_${tag}@example.com`,
      password: 'Platform-pass-123',
      is_admin: false,
    });
    const page = await newPage(browser, DESKTOP);
    await openSignedIn(page, `/user-profile/${platform.data.id}`, support);
    await page.getByTestId('value-name').waitFor();
    for (const control of await controls(page)) {
      expect(await control.isDisabled()).toBe(false);
    }
    await page.goto(`/user-profile/${colleague.id}`);
    await page.getByText(`@${colleague.username}`).first().waitFor();
    for (const control of await controls(page)) {
      expect(await control.isDisabled()).toBe(true);
    }
    await expect(tooltipOf(page, page.getByRole('button', { name: /Suspend Account$/ }))).resolves.toBe(
      'Only a super admin can change a staff account',
    );
    await page.context().close();
  });
});
