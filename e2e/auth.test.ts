import { calls, TEXTS } from '@admin/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCreds,
  api,
  createStaff,
  DESKTOP,
  newPage,
  openBrowser,
  PHONE,
  readMailed,
  readOtp,
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

describe('sign-in (spec 01 Login screens, sections 4 and 5)', () => {
  it('sends a visitor of a signed-in page to /login', async () => {
    const page = await newPage(browser);
    await page.goto('/users');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.context().close();
  });

  it('shows the required messages only after the first Login click', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.getByText('Username is required').count()).toBe(0);
    expect(await page.getByText('Password is required').count()).toBe(0);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await page.context().close();
  });

  it('refuses a wrong password with the server message and stays on /login', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('Username', { exact: true }).fill(adminCreds().username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await page.context().close();
  });

  it('signs the super admin in with the code from the outbox and lands on the dashboard', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await screenshot(page, 'login-1366');
    const { username, password, email } = adminCreds();
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    const since = Date.now();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/verify-otp');
    await page.getByText('Enter your OTP to login').waitFor();
    await page.getByText(/Time Remaining: 01:(29|30)/).waitFor();
    expect(await page.getByRole('button', { name: 'Resend' }).isDisabled()).toBe(true);
    await screenshot(page, 'otp-1366');

    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Otp is required').waitFor();
    await page.getByLabel('OTP', { exact: true }).fill('000000x');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').waitFor();

    const code = await readOtp(email, since);
    await page.getByLabel('OTP', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('tab', { name: 'Users and Searches' }).waitFor();
    await page.getByRole('tab', { name: 'Campaigns' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByText('Admin Panel').waitFor();
    await nav.getByText(/^v\d+\.\d+\.\d+/).waitFor();
    // The super admin sees every group of the sidebar.
    for (const label of [
      'Dashboard',
      'Signup Codes',
      'Campaign',
      'Users',
      'Posts',
      'Notifications',
      'Permissions',
      'APIs',
      'CMS Pages',
      'Settings',
    ]) {
      await nav.getByText(label, { exact: true }).first().waitFor();
    }
    await screenshot(page, 'dashboard-1366');
    await page.context().close();
  });

  it('sends a user holding only users_list to /users, with only that part of the sidebar', async () => {
    const staff = await createStaff({ permissions: ['users_list'] });
    const page = await newPage(browser);
    await signIn(page, staff);
    expect(new URL(page.url()).pathname).toBe('/users');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // The group of the current page is open.
    await nav.getByRole('link', { name: 'Deleted Users' }).waitFor();
    for (const hidden of [
      'Dashboard',
      'Signup Codes',
      'Posts',
      'Settings',
      'Backend Users',
      'Users Groups',
    ]) {
      expect(await nav.getByText(hidden, { exact: true }).count()).toBe(0);
    }
    // A page it may not see says so.
    await page.goto('/settings');
    await page.getByText('You do not have permission to view this content').waitFor();
    await page.context().close();
  });

  it("tells a user without any page 'You do not have permission to access any page'", async () => {
    const staff = await createStaff({ permissions: [] });
    const page = await newPage(browser);
    await signIn(page, staff);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByText('You do not have permission to access any page').waitFor();
    await page.context().close();
  });

  it('returns to the page the visitor asked for after signing in', async () => {
    const staff = await createStaff({ permissions: ['users_list', 'reported_users'] });
    const page = await newPage(browser);
    await page.goto('/reported-users');
    await page.waitForURL('**/login');
    await signIn(page, staff);
    expect(new URL(page.url()).pathname).toBe('/reported-users');
    await page.context().close();
  });

  it('signs out: the message shows, the token no longer works, signed-in pages go to /login', async () => {
    const page = await newPage(browser);
    await signIn(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Signout' }).click();
    await page.waitForURL('**/login');
    await page.getByText('You have logout successfully').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(api(token, calls.getLoginData)).rejects.toThrow(/401/);
    await page.goto('/users');
    await page.waitForURL('**/login');
    await page.context().close();
  });

  it('sends the user back to /login when the session is revoked elsewhere', async () => {
    const page = await newPage(browser);
    await signIn(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await api(token, calls.logout);
    await page.goto('/change-password');
    await page.waitForURL('**/login');
    await page.getByRole('alert').filter({ hasText: TEXTS.sessionEnded }).waitFor();
    await page.context().close();
  });

  it('resets a password with the exact texts and validates the email', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByText('New Password will be sent to your email address').waitFor();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await page.context().close();
  });

  it('after a reset, signs in with the mailed one-time password and must choose a new one first', async () => {
    const staff = await createStaff({ permissions: ['users_list'] });
    const page = await newPage(browser);
    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(staff.email);
    const since = Date.now();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'New Password will be sent to your email address' })
      .waitFor();
    const oneTime = await readMailed(staff.email, since, /One-time password: (\S+)/);
    await signIn(page, { ...staff, password: oneTime });
    await page.waitForURL('**/change-password');
    await page.getByText('Choose a new password to continue').waitFor();
    await screenshot(page, 'change-password-forced-1366');
    // Any other page leads back here until the password is changed.
    await page.goto('/users');
    await page.waitForURL('**/change-password');
    await page.getByLabel('Current Password', { exact: true }).fill(oneTime);
    await page.getByLabel('New Password', { exact: true }).fill('password1234');
    await page.getByLabel('Confirm Password', { exact: true }).fill('password1234');
    await page.getByRole('button', { name: 'Change' }).click();
    await page
      .getByText(/New Password is too easy to guess/)
      .first()
      .waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('Harbor-violet-canyon-27');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Harbor-violet-canyon-27');
    await page.getByRole('button', { name: 'Change' }).click();
    await page.waitForURL('**/users');
    await page.context().close();
  });

  it('changes the own password after the required checks', async () => {
    const staff = await createStaff({ permissions: ['users_list'] });
    const page = await newPage(browser);
    await signIn(page, staff);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await page.waitForURL('**/change-password');
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByText('Current is required').waitFor();
    await page.getByText('New Password is required').waitFor();
    await page.getByText('Confirm Password is required').waitFor();
    await screenshot(page, 'change-password-1366');
    await page.getByLabel('Current Password', { exact: true }).fill(staff.password);
    await page.getByLabel('New Password', { exact: true }).fill('Brand-new-pass-9');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Brand-new-pass-9');
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByRole('alert').or(page.locator('.mantine-Notification-root')).first().waitFor();
    await page.context().close();
    // The new password signs in.
    const again = await newPage(browser);
    await signIn(again, { ...staff, password: 'Brand-new-pass-9' });
    expect(new URL(again.url()).pathname).toBe('/users');
    await again.context().close();
  });
});

describe('phone width (390 px)', () => {
  it('hides the sidebar and opens it with the burger', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await screenshot(page, 'login-390');
    const { username, password, email } = adminCreds();
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    const since = Date.now();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/verify-otp');
    await screenshot(page, 'otp-390');
    await page.getByLabel('OTP', { exact: true }).fill(await readOtp(email, since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('tab', { name: 'Campaigns' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.isVisible()).toBe(false);
    await screenshot(page, 'dashboard-390');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await nav.getByText('Signup Codes').waitFor({ state: 'visible' });
    await screenshot(page, 'sidebar-open-390');
    await nav.getByRole('link', { name: 'Signup Codes' }).click();
    await page.waitForURL('**/signup-codes');
    await nav.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('keeps the sidebar open at 1366 px without a burger', async () => {
    const page = await newPage(browser, DESKTOP);
    await signIn(page);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: 'Toggle navigation' }).isVisible()).toBe(false);
    await page.context().close();
  });
});
