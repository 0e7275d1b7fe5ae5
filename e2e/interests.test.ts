import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, DESKTOP, newPage, openBrowser, openSignedIn, PHONE, screenshot } from './harness';

/** Waits for the page to settle: a busy machine can take seconds to refetch. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 60_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('interests (issue 6)', () => {
  it('adds an interest, refuses an empty name, and deletes it after confirmation', async () => {
    const staff = await createStaff({
      permissions: [
        'campaign_interests',
        'campaign_interests_add',
        'campaign_interests_update',
        'campaign_interests_delete',
      ],
    });
    const page = await newPage(browser, DESKTOP);
    await openSignedIn(page, '/interest', staff);
    await page.locator('th', { hasText: 'Last Updated' }).first().waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Add Interest' });
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByText('Name is required').waitFor();
    const name = `E2E Interest ${Date.now().toString(36)}`;
    await form.getByLabel('Name').fill(name);
    await form.getByRole('button', { name: 'Add' }).click();
    await form.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await screenshot(page, 'interests-1366');

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete interest' });
    await confirm.getByText('Are you sure? Do you want to delete this interest?').waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await poll(() => page.getByRole('row').filter({ hasText: name }).count()).toBe(0);
  });

  it('disables delete for an interest used by campaigns, and fits a phone', async () => {
    const staff = await createStaff({ permissions: ['campaign_interests', 'campaign_interests_delete'] });
    const page = await newPage(browser, PHONE);
    await openSignedIn(page, '/interest', staff);
    // Below 768 px the list is cards.
    await page.getByRole('list', { name: 'Interests' }).waitFor();
    await poll(() => page.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'interests-390');
  });
});
