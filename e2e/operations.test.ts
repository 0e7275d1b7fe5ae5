import { calls } from '@admin/contract';
import type { Browser } from 'playwright-core';
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
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('signup codes (issue 7)', () => {
  it('adds, edits and deletes a code', async () => {
    const staff = await createStaff({
      // signup codes are not in the spec's post-login page order: a page permission too, to sign in
      permissions: [
        'failed_urls',
        'sugnupcodes_index',
        'sugnupcodes_add',
        'sugnupcodes_edit',
        'sugnupcodes_delete',
      ],
    });
    const page = await newPage(browser, DESKTOP);
    await openSignedIn(page, '/signup-codes', staff);
    await page.getByRole('columnheader', { name: 'Action' }).waitFor();

    await page.getByRole('button', { name: 'Add New Code' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Code' });
    await add.getByRole('button', { name: 'Add' }).click();
    await add.getByText('Code is required').waitFor();
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    await add.getByLabel('Code').fill(code);
    await add.getByRole('button', { name: 'Add' }).click();
    await add.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: code });
    await row.waitFor();
    await screenshot(page, 'signup-codes-1366');

    await row.getByRole('button', { name: `Edit ${code}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Code' });
    await edit.getByLabel('Code').fill(`${code}-2`);
    await edit.getByRole('button', { name: 'Update' }).click();
    await edit.waitFor({ state: 'hidden' });
    const edited = page.getByRole('row').filter({ hasText: `${code}-2` });
    await edited.waitFor();

    await edited.getByRole('button', { name: `Delete ${code}-2` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Code' });
    await confirm.getByText('Are you sure? Do you want to delete this code?').waitFor();
    expect(await confirm.getByText(/Are you sure\?/).count()).toBe(1);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: code }).count(), { timeout: 60_000 })
      .toBe(0);
  });

  it('shows the list read-only without the add/edit/delete permissions, on a phone', async () => {
    const staff = await createStaff({ permissions: ['failed_urls', 'sugnupcodes_index'] });
    const page = await newPage(browser, PHONE);
    await openSignedIn(page, '/signup-codes', staff);
    // Below 768 px the list is cards.
    await page.getByRole('list', { name: 'Signup codes' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Add New Code' }).isDisabled()).toBe(true);
    await screenshot(page, 'signup-codes-390');
  });
});

describe('notifications (issue 7)', () => {
  it('refuses an incomplete form, then sends and watches the progress finish', async () => {
    const staff = await createStaff({ permissions: ['send_notifications'] });
    const page = await newPage(browser, DESKTOP);
    await openSignedIn(page, '/notifications', staff);
    await page.getByRole('button', { name: 'Send Notifications' }).click();
    await page.getByText('Please select users').waitFor();
    await page.getByText('Message is required').waitFor();

    await page.getByRole('combobox', { name: 'Users' }).click();
    await page.getByRole('option', { name: 'Android Users Only' }).click();
    // Undo within the countdown: nothing is sent and the text comes back.
    const undone = `E2E undone ${Date.now().toString(36)}`;
    await page.getByLabel('Message').fill(undone);
    await page.getByRole('button', { name: 'Send Notifications' }).click();
    const token = await adminApiToken();
    const { count } = await api(token, calls.notificationDevices, { occupants: 'android' });
    const ask = page.getByRole('dialog', { name: `Send to ${count.toLocaleString('en-US')} devices?` });
    await ask.getByText(undone).waitFor();
    // The safe choice has the first focus; the close button has a name.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await ask.getByRole('button', { name: 'Close dialog' }).waitFor();
    await ask.getByRole('button', { name: 'Send', exact: true }).click();
    const countdown = page
      .getByRole('status')
      .filter({ hasText: `Sending to ${count.toLocaleString('en-US')} devices in` });
    await countdown.waitFor();
    await screenshot(page, 'notifications-undo-1366');
    await countdown.getByRole('button', { name: 'Undo' }).click();
    await countdown.waitFor({ state: 'detached' });
    await expect(page.getByLabel('Message').inputValue()).resolves.toBe(undone);

    const message = `E2E push ${Date.now().toString(36)}`;
    await page.getByLabel('Message').fill(message);
    await page.getByRole('button', { name: 'Send Notifications' }).click();
    await page
      .getByRole('dialog', { name: /^Send to [\d,]+ devices\?$/ })
      .getByRole('button', { name: 'Send', exact: true })
      .click();
    const row = page.getByRole('row').filter({ hasText: message });
    await row.waitFor();
    // The worker delivers in the background; the history row ends 'done' with the counts.
    await row.getByText('done').waitFor({ timeout: 60_000 });
    const { data } = await api(token, calls.notificationsList, { page_limit: 20 });
    // The undone one was never queued (its countdown ended before this one's).
    expect(data.some((n) => n.message === undone)).toBe(false);
    const job = data.find((n) => n.message === message);
    expect(job).toMatchObject({ status: 'done', occupants: 'android' });
    expect(job?.total).toBeGreaterThan(0);
    expect((job?.delivered ?? 0) + (job?.failed ?? 0)).toBe(job?.total);
    await row.getByText(String(job?.delivered)).first().waitFor();
    await screenshot(page, 'notifications-1366', { fullPage: true });
  });

  it('shows the progress bar while a job runs', async () => {
    const staff = await createStaff({ permissions: ['send_notifications'] });
    const page = await newPage(browser, PHONE);
    await openSignedIn(page, '/notifications', staff);
    await page.getByRole('list', { name: 'Sent notifications' }).waitFor();
    await page.getByRole('combobox', { name: 'Users' }).click();
    await page.getByRole('option', { name: 'All Users' }).click();
    await page.getByLabel('Message').fill(`E2E all ${Date.now().toString(36)}`);
    await page.getByRole('button', { name: 'Send Notifications' }).click();
    await page
      .getByRole('dialog', { name: /^Send to [\d,]+ devices\?$/ })
      .getByRole('button', { name: 'Send', exact: true })
      .click();
    // Either the bar is caught while running, or the job already finished: both end in 'done'.
    await page
      .getByRole('progressbar', { name: 'Delivery progress' })
      .or(page.getByRole('listitem').filter({ hasText: 'E2E all' }).getByText('done'))
      .first()
      .waitFor();
    await page
      .getByRole('listitem')
      .filter({ hasText: 'E2E all' })
      .getByText('done')
      .waitFor({ timeout: 60_000 });
    await screenshot(page, 'notifications-390', { fullPage: true });
  });
});

describe('settings (issue 7)', () => {
  it('toggles the enrichment service and saves an app-version rule', async () => {
    const staff = await createStaff({ permissions: ['change_enrichment_settings', 'get_app_version'] });
    // Start from ON, so turning it off (the question) is what is tested.
    await api(await adminApiToken(), calls.changeEnrichmentSettings, {
      data_key: 'ENRICHMENT_SERVICE',
      data: '1',
    });
    const page = await newPage(browser, DESKTOP);
    await openSignedIn(page, '/settings', staff);
    const toggle = page.getByRole('switch', { name: 'Enrichment Service' });
    await toggle.waitFor();
    const before = await toggle.isChecked();
    await toggle.click({ force: true });
    if (before) {
      // Turning the service off asks first: No (the first focus) keeps it on.
      const ask = page.getByRole('dialog', { name: 'Turn the Enrichment Service off?' });
      await ask.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('No');
      await ask.getByRole('button', { name: 'No' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await toggle.isChecked()).toBe(true);
      await toggle.click({ force: true });
      await ask.getByRole('button', { name: 'Turn off' }).click();
    }
    await page.getByText(`Enrichment service turned ${before ? 'OFF' : 'ON'}`).waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(!before);
    const token = await adminApiToken();
    const enrichment = await api(token, calls.enrichmentSettings, { data_keys: 'ENRICHMENT_SERVICE' });
    expect(enrichment.data[0].data).toBe(before ? '0' : '1');

    await page.getByRole('textbox', { name: 'IOS version' }).fill('4.0.1');
    await page.getByRole('combobox', { name: 'IOS action' }).click();
    await page.getByRole('option', { name: 'Force Update' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('App version setting saved successfully').waitFor();
    const rules = await api(token, calls.appVersionSettings, {});
    expect(rules.data.find((r) => r.device_type === 'ios')).toMatchObject({
      app_version: '4.0.1',
      notify_for_update: 2,
    });
    const check = await api(null, calls.appVersionCheck, { device_type: 'ios', app_version: '3.9.9' });
    expect(check.data.notify_for_update).toBe(2);
    await screenshot(page, 'settings-1366');

    // put the enrichment switch back as it was
    await api(token, calls.changeEnrichmentSettings, {
      data_key: 'ENRICHMENT_SERVICE',
      data: before ? '1' : '0',
    });
  });

  it('shows the no-permission text for a part the user does not hold, on a phone', async () => {
    const staff = await createStaff({ permissions: ['get_app_version'] });
    const page = await newPage(browser, PHONE);
    await openSignedIn(page, '/settings', staff);
    await page.getByText('You do not have permission to view this content').waitFor();
    await page.getByRole('textbox', { name: 'Android version' }).waitFor();
    await screenshot(page, 'settings-390', { fullPage: true });
  });
});

describe('failed and frequently used urls (issue 7)', () => {
  it('filters failed urls to those failed in the enrichment service', async () => {
    const staff = await createStaff({ permissions: ['failed_urls'] });
    const page = await newPage(browser, WIDE);
    await openSignedIn(page, '/failed-urls', staff);
    await page.getByRole('columnheader', { name: 'Failed In Enrichment' }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    const token = await adminApiToken();
    const all = await api(token, calls.failedUrls, {});
    const only = await api(token, calls.failedUrls, { failedType: 'enrichment' });
    expect(only.totalCount).toBeLessThan(all.totalCount);
    await page.getByText(`of ${all.totalCount}`).waitFor();
    await screenshot(page, 'failed-urls-1366');

    await page.getByText('Failed In Enrichment Service').click();
    await page.getByText(`of ${only.totalCount}`).waitFor();
    const cells = await page.locator('tbody tr td:nth-child(6)').allInnerTexts();
    expect(cells.length).toBeGreaterThan(0);
    expect(new Set(cells)).toEqual(new Set(['Yes']));
  });

  it('lists hosts by frequency and searches by domain, on a phone', async () => {
    const staff = await createStaff({ permissions: ['failed_urls'] });
    const page = await newPage(browser, PHONE);
    await openSignedIn(page, '/frequently-used-urls', staff);
    // Below 768 px the list is cards.
    const hosts = page
      .getByRole('list', { name: 'Frequently used urls' })
      .locator('[data-field="failed_host"]');
    await hosts.first().waitFor();
    const host = ((await hosts.first().textContent()) ?? '').trim();
    await page.getByRole('textbox', { name: 'Search by domain' }).fill(host);
    await expect
      .poll(async () => (await hosts.allInnerTexts()).every((h) => h.includes(host)), {
        timeout: 60_000,
      })
      .toBe(true);
    await screenshot(page, 'frequently-used-urls-390', { fullPage: true });
  });
});
