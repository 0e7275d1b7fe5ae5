import { calls } from '@admin/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  createStaff,
  DESKTOP,
  newPage,
  openBrowser,
  PHONE,
  screenshot,
  screenshotBothSchemes,
  signIn,
} from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const FULL = [
  'moderation_desk',
  'delete_post',
  'suspend_account',
  'user_profile',
  'post_details',
  'reported_posts',
];

const rows = (page: Page) => page.getByTestId('queue-row');
const selectedId = async (page: Page) =>
  Number(await page.locator('[data-testid="queue-row"][data-selected]').getAttribute('data-case-id'));

async function openDesk(page: Page) {
  await page.goto('/moderation');
  await page.getByRole('heading', { name: 'Moderation', exact: true }).waitFor();
  await rows(page).first().waitFor();
  await page.getByTestId('live-badge').filter({ hasText: 'Live' }).waitFor();
}

describe('moderation desk (issue 36)', () => {
  it('works a case from the keyboard: J opens and claims, D and a number choose, Enter decides, U undoes', async () => {
    const staff = await createStaff({ permissions: FULL, name: 'Keyboard Moderator' });
    const page = await newPage(browser, DESKTOP);
    await signIn(page, staff);
    await openDesk(page);
    // Moderation is the first entry of the sidebar's Posts group.
    const posts = page.getByRole('navigation').getByText('Moderation', { exact: true });
    await posts.waitFor();

    await page.keyboard.press('?');
    await page
      .getByRole('dialog', { name: 'Keyboard shortcuts' })
      .getByText('Confirm the decision')
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'detached' });

    await page.keyboard.press('j');
    await page.getByTestId('case-view').waitFor();
    const first = await selectedId(page);
    await page.getByText('You are reviewing').first().waitFor();
    await page.keyboard.press('j');
    await expect.poll(() => selectedId(page)).not.toBe(first);
    await page.keyboard.press('k');
    await expect.poll(() => selectedId(page)).toBe(first);

    await page.keyboard.press('d');
    await page.keyboard.press('2');
    const dismiss = page.getByTestId('decision-panel').getByRole('button', { name: /^Dismiss/ });
    expect(await dismiss.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: new RegExp(`Undo case #${first}`) }).waitFor();
    await expect
      .poll(
        async () =>
          await rows(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-case-id')))),
      )
      .not.toContain(first);
    const decided = await apiAs(staff, calls.moderationCase, { id: first });
    expect(decided.data).toMatchObject({ status: 'decided', decision: 'dismiss', reason: 'harassment' });

    await page.keyboard.press('u');
    await expect
      .poll(async () => (await apiAs(staff, calls.moderationCase, { id: first })).data.status)
      .toBe('in_review');
    await page.getByTestId('case-status').filter({ hasText: 'In review' }).waitFor();
    await screenshot(page, 'moderation-desk-1366-light');
    await page.context().close();
  });

  it('keeps two desks in step: a claim shows on the other desk, a decision takes the case off it with a notice', async () => {
    const maria = await createStaff({ permissions: FULL, name: 'Maria Desk' });
    const kevin = await createStaff({ permissions: FULL, name: 'Kevin Desk' });
    const a = await newPage(browser, DESKTOP);
    const b = await newPage(browser, DESKTOP);
    await signIn(a, maria);
    await signIn(b, kevin);
    await openDesk(a);
    await openDesk(b);

    // A case nobody holds (the other tests claim cases of the same queue).
    const { cases } = await apiAs(maria, calls.moderationCases, { status: 'open', page_limit: 1 });
    const id = cases[0].id;
    await a.locator(`[data-testid="queue-row"][data-case-id="${id}"]`).getByRole('button').click();
    await a.getByTestId('case-view').getByText('You are reviewing').waitFor();
    const rowAtB = b.locator(`[data-testid="queue-row"][data-case-id="${id}"]`);
    await rowAtB.getByText('Maria Desk is reviewing').waitFor();

    // Kevin opens it too: he sees who holds it and may not decide it unless he takes it over.
    await rowAtB.getByRole('button').click();
    await b.getByTestId('claim-alert').getByText('Maria Desk is reviewing this case').waitFor();

    await a.keyboard.press('d');
    await a.keyboard.press('6');
    const decidedAt = Date.now();
    await a.keyboard.press('Enter');
    // No reload and no polling on the desk: the socket's event takes the case off Kevin's queue.
    await rowAtB.waitFor({ state: 'detached' });
    const took = Date.now() - decidedAt;
    await b.getByTestId('desk-notice').getByText(`Maria Desk decided case #${id}: Dismiss`).waitFor();
    console.log(`[moderation] decision reached the other desk after ${took} ms (includes the decision call)`);
    await a.context().close();
    await b.context().close();
  });

  it('looks right at 1366 and 390, light and dark', async () => {
    const staff = await createStaff({ permissions: FULL, name: 'Screenshot Moderator' });
    for (const [viewport, width] of [
      [DESKTOP, 1366],
      [PHONE, 390],
    ] as const) {
      const page = await newPage(browser, viewport);
      await signIn(page, staff);
      await openDesk(page);
      await screenshotBothSchemes(page, `moderation-queue-${width}`, { fullPage: true });
      await page.keyboard.press('j');
      await page.getByTestId('case-view').waitFor();
      await screenshotBothSchemes(page, `moderation-case-${width}`, { fullPage: true });
      await page.context().close();
    }
  });
});
