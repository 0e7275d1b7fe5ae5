import { calls } from '@admin/contract';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  apiToken,
  createStaff,
  DESKTOP,
  e2eEnv,
  openBrowser,
  PHONE,
  readOtp,
  screenshot,
  screenshotBothSchemes,
} from './harness';

/**
 * Passkeys in a real browser: Chromium's virtual authenticator (CDP WebAuthn domain) stands in
 * for a fingerprint reader. The app is reached as localhost: an IP address is not a valid RP ID.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const localBase = () => e2eEnv().baseUrl.replace('127.0.0.1', 'localhost');

async function pageWithAuthenticator(viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: localBase() });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}

async function passwordStep(page: Page, creds: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(creds.username);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/verify-otp');
}

describe('passkeys (issue 35)', () => {
  it('registers a passkey on /account and signs in with it instead of a mailed code', async () => {
    const staff = await createStaff({ permissions: ['users_list'] });
    const page = await pageWithAuthenticator();
    const since = Date.now();
    await passwordStep(page, staff);
    await page.getByLabel('OTP', { exact: true }).fill(await readOtp(staff.email, since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/users');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Security' }).click();
    await page.waitForURL('**/account');
    await page.getByRole('heading', { name: 'Passkeys' }).waitFor();
    await page.getByLabel('Name of the new passkey').fill('Virtual key');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor();
    expect(await codes.locator('code').count()).toBe(10);
    await screenshot(page, 'account-recovery-codes-1366-light');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByTestId('passkey-list').getByText('Virtual key').waitFor();
    await page.getByTestId('session-list').getByText('This device').waitFor();
    await screenshotBothSchemes(page, 'account-1366', { fullPage: true });

    // Sign out, then in again: the step after the password offers the passkey, no code is mailed.
    await page.goto('/logout');
    await page.waitForURL('**/login');
    await passwordStep(page, staff);
    await page.getByRole('button', { name: 'Use a passkey' }).waitFor();
    expect(await page.getByText('Time Remaining').count()).toBe(0);
    await screenshotBothSchemes(page, 'verify-passkey-1366', { fullPage: true });
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL('**/users');

    await page.goto('/account');
    await page.getByTestId('session-list').getByText('signed in with passkey').waitFor();
    await page.context().close();
  });

  it('the authenticator step and /account at phone width', async () => {
    const staff = await createStaff({ permissions: ['users_list'] });
    const token = await apiToken(staff);
    const setup = await api(token, calls.totpSetup, {});
    const code = () => TOTP.generate({ secret: Secret.fromBase32(setup.secret) });
    await api(token, calls.totpConfirm, { otp: code() });
    const page = await pageWithAuthenticator(PHONE);
    await passwordStep(page, staff);
    await page.getByLabel('Authenticator code').waitFor();
    await screenshotBothSchemes(page, 'verify-totp-390', { fullPage: true });
    // The code just used for confirming is spent; the next window's is taken (one step ahead).
    await page
      .getByLabel('Authenticator code')
      .fill(TOTP.generate({ secret: Secret.fromBase32(setup.secret), timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/users');
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Sessions' }).waitFor();
    await page.getByText('Recovery codes left: 10 of 10').waitFor();
    await screenshotBothSchemes(page, 'account-390', { fullPage: true });
    await page.context().close();
  });
});
