import { calls } from '@admin/contract';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApiToken,
  api,
  apiToken,
  createStaff,
  DESKTOP,
  newPage,
  openBrowser,
  openSignedIn,
  PHONE,
  screenshot,
  screenshotBothSchemes,
  signIn,
} from './harness';

/**
 * The Security tab of a staff member's profile (issue 35): a super admin sees their second factors
 * and sessions, ends the sessions and resets the factors (a lost phone), each after a confirmation;
 * a holder of user_permissions_update who is not a super admin finds both refused, with the reason.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A staff member signed in twice (two sessions) with an authenticator app set up. */
async function staffWithApp() {
  const staff = await createStaff({ permissions: ['users_list'] });
  const first = await apiToken(staff);
  const second = await apiToken(staff);
  const setup = await api(first, calls.totpSetup, {});
  await api(first, calls.totpConfirm, { otp: TOTP.generate({ secret: Secret.fromBase32(setup.secret) }) });
  return { staff, tokens: [first, second] };
}

/** Whether a token still opens a session. */
async function alive(token: string): Promise<boolean> {
  try {
    await api(token, calls.mySessions, {});
    return true;
  } catch (err) {
    expect(String(err)).toContain('401');
    return false;
  }
}

async function openSecurityTab(page: Page, userId: number) {
  await page.goto(`/user-profile/${userId}?tab=security`);
  await page.getByRole('tab', { name: 'Security' }).waitFor();
}

describe("a staff member's Security tab", () => {
  it('a super admin sees the factors and sessions, ends the sessions and resets the factors', async () => {
    const { staff, tokens } = await staffWithApp();
    const page = await newPage(browser, DESKTOP);
    await signIn(page);
    await openSecurityTab(page, staff.id);
    const factors = page.getByTestId('staff-factors');
    await factors.getByText('Set up', { exact: true }).waitFor();
    await factors.getByText('Recovery codes left: 10 of 10').waitFor();
    const sessions = page.getByTestId('staff-session-list');
    await expect.poll(() => sessions.getByText(/^Started /).count()).toBe(2);
    await screenshotBothSchemes(page, 'staff-security-1366', { fullPage: true });

    // End sessions: asked first; No keeps them.
    await page.getByRole('button', { name: 'End sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'End sessions' });
    await dialog.getByText(`End all 2 session(s) of ${staff.name}?`).waitFor();
    await screenshot(page, 'staff-security-end-sessions-1366-light');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await alive(tokens[0])).toBe(true);
    await page.getByRole('button', { name: 'End sessions' }).click();
    await dialog.getByRole('button', { name: 'End sessions' }).click();
    await sessions.getByText('Not signed in anywhere.').waitFor();
    expect(await alive(tokens[0])).toBe(false);
    expect(await alive(tokens[1])).toBe(false);

    // Reset second factors (a lost phone): the mailed code is the step after the password again.
    await page.getByRole('button', { name: 'Reset second factors' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset second factors' });
    await reset
      .getByText(`Remove the authenticator app of ${staff.name}, and their recovery codes?`)
      .waitFor();
    await reset.getByRole('button', { name: 'Remove' }).click();
    await factors.getByText('Not set up', { exact: true }).waitFor();
    await expect
      .poll(async () => page.getByRole('button', { name: 'Reset second factors' }).isDisabled())
      .toBe(true);
    const login = await api(null, calls.adminLogin, { username: staff.username, password: staff.password });
    expect(login.factors).toEqual(['email']);

    // The trail has both, by this super admin.
    const admin = await adminApiToken();
    const trail = await api(admin, calls.auditLog, { user_id: staff.id, page: 0, page_limit: 50 });
    const actions = trail.data.filter((e) => e.target_id === String(staff.id)).map((e) => e.action);
    expect(actions).toContain('user-sessions');
    expect(actions).toContain('user-second-factors');
    await page.context().close();
  });

  it('at phone width', async () => {
    const { staff } = await staffWithApp();
    const page = await newPage(browser, PHONE);
    await signIn(page);
    await openSecurityTab(page, staff.id);
    await page.getByTestId('staff-factors').getByText('Set up', { exact: true }).waitFor();
    await expect
      .poll(() =>
        page
          .getByTestId('staff-session-list')
          .getByText(/^Started /)
          .count(),
      )
      .toBe(2);
    await screenshotBothSchemes(page, 'staff-security-390', { fullPage: true });
    await page.getByRole('button', { name: 'Reset second factors' }).click();
    await page.getByRole('dialog', { name: 'Reset second factors' }).waitFor();
    await screenshot(page, 'staff-security-reset-390-light');
    await page.context().close();
  });

  it('ranks hold: a holder of user_permissions_update who is not a super admin is refused, with the reason', async () => {
    const { staff, tokens } = await staffWithApp();
    const holder = await createStaff({
      permissions: ['user_permissions_update', 'user_profile', 'users_list'],
    });
    const page = await newPage(browser, DESKTOP);
    await signIn(page, holder);
    await openSecurityTab(page, staff.id);
    await page.getByText('Only a super admin can change a staff account: their sessions').waitFor();
    const end = page.getByRole('button', { name: 'End sessions' });
    expect(await end.getAttribute('aria-disabled')).toBe('true');
    await end.focus();
    await page.getByRole('tooltip', { name: 'Only a super admin can change a staff account' }).waitFor();
    await end.click({ force: true });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshotBothSchemes(page, 'staff-security-refused-1366', { fullPage: true });
    expect(await alive(tokens[1])).toBe(true);

    // The server refuses too, whatever the page shows.
    const token = await apiToken(holder);
    await expect(api(token, calls.endUserSessions, { user_id: staff.id })).rejects.toThrow(/403/);
    await expect(api(token, calls.resetUserSecondFactors, { user_id: staff.id })).rejects.toThrow(/403/);
    await expect(api(token, calls.userSecurity, { user_id: staff.id })).rejects.toThrow(/403/);
    expect(await alive(tokens[1])).toBe(true);
    await page.context().close();
  });

  it('is not offered on a platform user’s profile, and points to /account on one’s own', async () => {
    const admin = await adminApiToken();
    const users = await api(admin, calls.usersList, { page: 0, page_limit: 1 });
    const page = await newPage(browser, DESKTOP);
    await openSignedIn(page, `/user-profile/${users.users[0].id}`);
    await page.getByRole('tab', { name: 'About' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Security' }).count()).toBe(0);
    const me = await api(admin, calls.getLoginData, {});
    await openSecurityTab(page, me.user.id);
    await page.getByRole('link', { name: 'Security page' }).click();
    await page.waitForURL('**/account');
    await page.context().close();
  });
});
