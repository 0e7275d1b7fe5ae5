import { calls } from '@admin/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApiToken,
  api,
  apiAs,
  createStaff,
  newPage,
  openBrowser,
  openSignedIn,
  PHONE,
  screenshot,
  screenshotBothSchemes,
  signedInContext,
  signIn,
} from './harness';
import { listLoaded, settledOverflow } from './list-checks';

/** The laptop of issue 14: 1366x768 with the sidebar open. */
const LAPTOP = { width: 1366, height: 768 };

let browser: Browser;
/** A staff member who renamed `target` through the profile screen (a real change). */
let actor: Awaited<ReturnType<typeof createStaff>>;
let target: { id: number; name: string };
const tag = Date.now().toString(36);
const renamed = `Audited ${tag}`;

beforeAll(async () => {
  browser = await openBrowser();
  const token = await adminApiToken();
  // A name sorting first, so the actor picker (first 100 staff by name) offers it; users_list gives
  // the staff member a page to land on after signing in.
  actor = await createStaff({
    permissions: ['users_list', 'user_profile', 'update_profile'],
    name: `AAA Auditor ${tag}`,
  });
  const created = await api(token, calls.createUser, {
    name: `Audit Target ${tag}`,
    username: `audit_target_${tag}`,
    email: `audit_target_${tag}@example.com`,
    password: 'Target-pass-123',
    is_admin: false,
  });
  target = { id: created.data.id, name: `Audit Target ${tag}` };

  const page = await newPage(browser);
  await openSignedIn(page, `/user-profile/${target.id}`, actor);
  await page
    .getByRole('button', { name: 'Edit Name' })
    .click({ timeout: 60_000 })
    .catch(async (err) => {
      await screenshot(page, 'audit-debug-edit');
      throw err;
    });
  await page.getByRole('textbox', { name: 'Name' }).fill(renamed);
  await page.getByRole('button', { name: 'Save Name' }).click();
  await page.getByText('Profile has been updated successfully').waitFor();
  await page.context().close();
});
afterAll(async () => {
  await browser?.close();
});

const table = (page: Page) => page.getByRole('table', { name: 'Audit log' });
/** The table's own rows (not the expanded rows, nor the Changes table inside them). */
const rows = (page: Page) =>
  table(page)
    .locator(':scope > tbody > tr')
    .filter({ hasNot: page.locator(':scope > td[colspan]') });

/** The Action column of the rows shown (the table's third column). */
async function actionsShown(page: Page): Promise<string[]> {
  return table(page).locator(':scope > tbody > tr > td:nth-child(3) code').allInnerTexts();
}

/** The Actor column of the rows shown (the table's second column). */
async function actorsShown(page: Page): Promise<string[]> {
  return (await table(page).locator(':scope > tbody > tr > td:nth-child(2)').allInnerTexts()).map((t) =>
    t.trim(),
  );
}

describe('audit log screen (issue 15)', () => {
  it('shows the real change, narrows by actor, action and date, keeps the filters across a reload', async () => {
    const page = await newPage(browser, LAPTOP);
    await openSignedIn(page, '/audit-log');
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
    await listLoaded(page);
    // The newest entries include the rename, by the actor, about the target.
    const entry = rows(page)
      .filter({ hasText: actor.username })
      .filter({ hasText: `user #${target.id}` });
    await entry.first().waitFor();
    expect(await entry.first().innerText()).toContain('update-profile');
    const unfiltered = await rows(page).count();
    expect(unfiltered).toBeGreaterThan(1);

    // Actor: only the actor's entries remain.
    await page.getByPlaceholder('Any actor').click();
    await page.getByPlaceholder('Any actor').fill(actor.username);
    await page.getByRole('option', { name: `${actor.name} (${actor.username})` }).click();
    await page.waitForURL(new RegExp(`actor_id=${actor.id}`));
    await listLoaded(page);
    // The actor's rename and their own sign-in (password and code accepted), nobody else's.
    await expect
      .poll(async () => [...(await actionsShown(page))].sort())
      .toEqual(['code-accepted', 'password-accepted', 'update-profile']);
    expect(new Set(await actorsShown(page))).toEqual(new Set([actor.username]));

    // Action: with the actor, still the rename; without it, only update-profile entries.
    await page.getByPlaceholder('Any action').click();
    await page.getByRole('option', { name: 'update-profile', exact: true }).click();
    await page.waitForURL(/action=update-profile/);
    await listLoaded(page);
    await expect.poll(() => actionsShown(page)).toEqual(['update-profile']);

    // Dates: today keeps the entry; the previous month has none.
    await page.getByRole('button', { name: 'Date range' }).click();
    await page.getByRole('button', { name: 'Today' }).click();
    await page.waitForURL(/start_date=\d{4}-\d{2}-\d{2}&end_date=\d{4}-\d{2}-\d{2}/);
    await listLoaded(page);
    await expect.poll(() => actionsShown(page)).toEqual(['update-profile']);

    // Everything survives a reload: the pickers show the filters and the rows stay narrowed.
    const url = page.url();
    await page.reload();
    await listLoaded(page);
    expect(page.url()).toBe(url);
    // The actor picker shows the name once its choices (the staff list, a query of its own) have loaded.
    await expect
      .poll(() => page.getByPlaceholder('Any actor').inputValue())
      .toBe(`${actor.name} (${actor.username})`);
    await expect.poll(() => page.getByPlaceholder('Any action').inputValue()).toBe('update-profile');
    await expect.poll(() => actionsShown(page)).toEqual(['update-profile']);

    // The row opens to show the field before and after, with where the call came from.
    await rows(page).first().click();
    const changes = page.getByRole('table', { name: 'Changes' });
    await changes.waitFor();
    const changed = changes.locator('tbody tr').filter({ hasText: 'name' }).first();
    expect((await changed.locator('td').allInnerTexts()).map((t) => t.trim())).toEqual([
      'name',
      target.name,
      renamed,
    ]);
    await page
      .getByText(/Address .* · Request /)
      .first()
      .waitFor();
    await screenshot(page, 'audit-log-expanded-1366');

    // A date range with nothing in it empties the list.
    const lastYear = new Date().getUTCFullYear() - 1;
    await page.goto(
      `/audit-log?actor_id=${actor.id}&start_date=${lastYear}-01-01&end_date=${lastYear}-01-31`,
    );
    await page.getByText('Sorry, no matching records found').waitFor();

    // The actor and the target link to their profiles.
    await page.goto(`/audit-log?actor_id=${actor.id}`);
    await listLoaded(page);
    await rows(page).first().getByRole('link', { name: actor.username }).click();
    await page.waitForURL(`**/user-profile/${actor.id}`);
    await page.goBack();
    await listLoaded(page);
    await rows(page)
      .first()
      .getByRole('link', { name: `user #${target.id}` })
      .click();
    await page.waitForURL(`**/user-profile/${target.id}`);
    await page.getByRole('heading', { name: 'User Profile' }).waitFor();
    await page.context().close();
  });

  it('fits 1366x768 and a phone (cards on the phone)', { timeout: 180_000 }, async () => {
    const found: Record<string, string[]> = {};
    const context = await signedInContext(browser, { viewport: LAPTOP });
    const page = await context.newPage();
    for (const [name, url] of [
      ['audit-log', '/audit-log'],
      ['activity', `/user-profile/${target.id}?tab=activity`],
    ] as const) {
      await page.setViewportSize(LAPTOP);
      await page.goto(url);
      await listLoaded(page);
      if (name === 'audit-log') {
        await rows(page).first().getByRole('button', { name: 'Show details' }).click();
        // Every opened entry ends with where the call came from, whatever it changed.
        await page
          .getByText(/^Address .* · Request /)
          .first()
          .waitFor();
      }
      found[`${name}-1366`] = await settledOverflow(page);
      await screenshotBothSchemes(page, `audit-${name}-1366`);
      await page.setViewportSize(PHONE);
      await listLoaded(page);
      expect(await page.locator('main table[aria-label="Audit log"]').count()).toBe(0);
      await page.getByRole('list', { name: 'Audit log' }).getByRole('listitem').first().waitFor();
      found[`${name}-390`] = await settledOverflow(page);
      await screenshotBothSchemes(page, `audit-${name}-390`, { fullPage: true });
    }
    await context.close();
    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0))).toEqual({});
  });
});

describe('profile Activity tab (issue 15)', () => {
  it('shows what the person did and what was done to them', async () => {
    const page = await newPage(browser, LAPTOP);
    await signIn(page);
    // What the actor did.
    await page.goto(`/user-profile/${actor.id}`);
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.waitForURL(/tab=activity/);
    await listLoaded(page);
    const did = rows(page)
      .filter({ hasText: 'update-profile' })
      .filter({ hasText: `user #${target.id}` });
    await did.first().waitFor();
    // What was done to the target: the rename by the actor, and its creation by the admin.
    await page.goto(`/user-profile/${target.id}?tab=activity`);
    await listLoaded(page);
    await rows(page)
      .filter({ hasText: 'update-profile' })
      .filter({ hasText: actor.username })
      .first()
      .waitFor();
    await rows(page).filter({ hasText: 'create-user' }).first().waitFor();
    for (const action of await actionsShown(page)) {
      expect(['update-profile', 'create-user']).toContain(action);
    }
    // The tab lists only this user: the actor picker is not offered.
    expect(await page.getByPlaceholder('Any actor').count()).toBe(0);
    await page.context().close();
  });

  it('is hidden without the audit_log permission, which the permission screen grants', async () => {
    const viewer = await createStaff({ permissions: ['users_list', 'user_profile'] });
    const page = await newPage(browser, LAPTOP);
    await openSignedIn(page, `/user-profile/${target.id}?tab=activity`, viewer);
    await page.getByRole('tab', { name: 'About', exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Activity' }).count()).toBe(0);
    // The server refuses the list too.
    await expect(apiAs(viewer, calls.auditLog, { user_id: target.id })).rejects.toThrow(/403/);

    // The permission screen offers audit_log like the others; granting it shows the tab.
    const admin = await newPage(browser, LAPTOP);
    await openSignedIn(admin, `/manage-user-permissions/${viewer.id}`);
    await admin.getByTestId('permissions-username').getByText(viewer.username).waitFor();
    await admin.getByPlaceholder('Search Permission').fill('audit');
    await admin.getByText("See the audit log and users' activity").first().waitFor();
    await admin.getByRole('button', { name: 'audit_log: NO', exact: true }).click();
    await admin.getByRole('button', { name: 'audit_log: YES', exact: true }).waitFor();
    await screenshot(admin, 'audit-permission-1366');
    await admin.context().close();
    await page.reload();
    await page.getByRole('tab', { name: 'Activity' }).waitFor();
    await page.context().close();
  });
});
