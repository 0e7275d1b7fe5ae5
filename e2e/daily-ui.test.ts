import { calls } from '@admin/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApiToken,
  api,
  createStaff,
  DESKTOP,
  inBothSchemes,
  openBrowser,
  PHONE,
  screenshot,
  screenshotBothSchemes,
  seriousViolations,
  signedInContext,
  transitionsDone,
  useScheme,
} from './harness';

/** The smaller things of a working day (issue 34 point 10). */

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page signed in as the super admin at a viewport, in the light scheme (useScheme switches it). */
async function adminPage(viewport: { width: number; height: number }) {
  const context = await signedInContext(browser, { viewport, colorScheme: 'light' });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return page;
}

let made = 0;
/** A platform user of this test run. */
async function platformUser(name = 'Daily Person') {
  const tag = `${Date.now().toString(36)}${(made++).toString(36)}`;
  const created = await api(await adminApiToken(), calls.createUser, {
    name: `${name} ${tag}`,
    username: `daily_${tag}`,
    email: `daily_${tag}@example.com`,
    password: 'Daily-pass-1234',
    is_admin: false,
  });
  return { id: created.data.id, name: `${name} ${tag}`, username: `daily_${tag}` };
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) {
    throw new Error(`${locator} has no box`);
  }
  return box;
}

/** No sideways scroll of the page itself. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('alerts and the top bar (issue 34 point 10)', () => {
  it('a success alert appears at the bottom, over none of the tabs, the title, the top bar or the saved row', {
    timeout: 300_000,
  }, async () => {
    const person = await platformUser('Toast Person');
    for (const [viewport, tag] of [
      [DESKTOP, '1366'],
      [PHONE, '390'],
    ] as const) {
      const page = await adminPage(viewport);
      await page.goto(`/user-profile/${person.id}`);
      await page.getByTestId('value-address').waitFor();
      await page.getByRole('button', { name: 'Edit Address', exact: true }).click();
      await page.getByRole('textbox', { name: 'Address' }).fill(`1 Alert Street ${tag}`);
      await page.getByRole('button', { name: 'Save Address' }).click();
      const alert = page.locator('.mantine-Notification-root', {
        hasText: 'Profile has been updated successfully',
      });
      await alert.waitFor();
      // The pointer on it holds it open (it closes after 4 s) while it is measured; hover waits
      // until it has stopped sliding in.
      await alert.hover();
      await page
        .getByTestId('value-address')
        .filter({ hasText: `1 Alert Street ${tag}` })
        .waitFor();
      await transitionsDone(page);
      const toast = await boxOf(alert);
      expect(toast.y + toast.height).toBeLessThanOrEqual(viewport.height);
      expect(toast.y).toBeGreaterThan(viewport.height / 2);
      const covered: Locator[] = [
        page.getByRole('banner'),
        page.getByRole('tablist'),
        page.getByRole('heading', { level: 1, name: 'User Profile' }),
        page.getByRole('button', { name: 'Edit Address', exact: true }),
        page.getByTestId('value-address'),
      ];
      for (const control of covered) {
        if (await control.isVisible()) {
          expect(overlap(toast, await boxOf(control)), `${control}`).toBe(false);
        }
      }
      // Clear of the scroll-to-top button too (scrolled by script: the pointer stays on the alert).
      await page.evaluate(() => {
        document.body.style.minHeight = '3000px';
        window.scrollTo(0, 600);
      });
      const up = page.getByRole('button', { name: 'Scroll to top' });
      await up.waitFor();
      await transitionsDone(page);
      expect(overlap(await boxOf(alert), await boxOf(up))).toBe(false);
      await screenshot(page, `daily-alert-${tag}`);
      await page.context().close();
    }
  });

  it('at 390 px the top bar shows the whole user menu button, and it opens the menu', async () => {
    const page = await adminPage(PHONE);
    await page.goto('/users');
    const button = page.getByRole('button', { name: /user menu$/ });
    await button.waitFor();
    const box = await boxOf(button);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    // Nothing of it is cut off: the button's own content fits its box.
    expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await button.click();
    const signout = page.getByRole('menuitem', { name: 'Signout' });
    await signout.waitFor();
    const item = await boxOf(signout);
    expect(item.x + item.width).toBeLessThanOrEqual(PHONE.width);
    await screenshotBothSchemes(page, 'daily-top-bar-390');
    await page.keyboard.press('Escape');
    await signout.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

/**
 * A bar label's WCAG contrast on its bar and on the card beside it (translucent backgrounds laid
 * over what is under them), and whether the whole label is drawn.
 */
function barLabel(label: Locator) {
  return label.evaluate((el) => {
    const parse = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const over = (top: number[], under: number[]) => {
      const a = top[3] ?? 1;
      return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a));
    };
    /** The colour painted behind an element: its own and its ancestors' backgrounds laid over each other. */
    const backdrop = (start: Element | null): number[] => {
      const layers: number[][] = [];
      for (let e = start; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c.length && (c[3] ?? 1) > 0) {
          layers.push(c);
          if ((c[3] ?? 1) >= 1) {
            break;
          }
        }
      }
      return layers.reduceRight<number[]>((under, top) => over(top, under), [255, 255, 255]);
    };
    const lum = (rgb: number[]) => {
      const [r, g, b] = rgb.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const text = parse(getComputedStyle(el).color);
    const row = el.closest('li') as HTMLElement;
    const fill = row.querySelector('[class*="fill"]') as HTMLElement;
    const track = el.parentElement as HTMLElement;
    const labelBox = el.getBoundingClientRect();
    const trackBox = track.getBoundingClientRect();
    return {
      // The letters over the bar, and those beside it on the card.
      onBar: ratio(text, backdrop(fill)),
      onCard: ratio(text, backdrop(track)),
      // Nothing of the label is cut: it fits its row and is not clipped.
      whole: el.scrollWidth <= el.clientWidth + 1 && labelBox.right <= trackBox.right + 1,
      name: el.textContent,
    };
  });
}

describe('dashboard and relative times (issue 34 point 10)', () => {
  it('Top countries labels keep every letter readable on the bar and beside it, dark and light', {
    timeout: 300_000,
  }, async () => {
    const page = await adminPage(DESKTOP);
    await page.goto('/');
    const list = page.getByRole('list', { name: 'Top countries' });
    // The widget's own call may be slow on a busy machine.
    await list.getByRole('listitem').first().waitFor({ timeout: 120_000 });
    await list.scrollIntoViewIfNeeded();
    const rows = await list.getByRole('listitem').all();
    expect(rows.length).toBeGreaterThan(0);
    // The same dashboard, dark then light (switched in place: the app follows the system).
    for (const scheme of ['dark', 'light'] as const) {
      await useScheme(page, scheme);
      for (const row of rows) {
        const found = await barLabel(row.locator('span').first());
        expect(found.name?.length).toBeGreaterThan(0);
        expect(found.whole, `${found.name} is cut`).toBe(true);
        expect(found.onBar, `${found.name} on its bar (${scheme})`).toBeGreaterThanOrEqual(4.5);
        expect(found.onCard, `${found.name} beside its bar (${scheme})`).toBeGreaterThanOrEqual(4.5);
      }
      await screenshot(page, `daily-top-countries-1366-${scheme}`);
    }
    await page.context().close();
  });

  it('a relative time shows its date and time on hover and on keyboard focus, and names it', async () => {
    const exact = /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/;
    const page = await adminPage(DESKTOP);
    await page.goto('/users?sort=last_interacted&dir=desc');
    const time = page.locator('time').filter({ hasText: /ago/ }).first();
    await time.waitFor();
    // Keyboard: it is a Tab stop and its tooltip opens on focus.
    await time.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await time.evaluate((el) => el === document.activeElement)).toBe(true);
    const tip = page.getByRole('tooltip');
    await tip.waitFor();
    const shown = (await tip.textContent())?.trim() ?? '';
    expect(shown).toMatch(exact);
    // Its accessible name carries both: '3 minutes ago, 11-27-2026 15:26:13'.
    const name = (await time.textContent()) ?? '';
    expect(name).toMatch(/ago, \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(name.endsWith(shown)).toBe(true);
    expect(await time.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await screenshot(page, 'daily-relative-time-focus-1366');
    await page.keyboard.press('Tab');
    await tip.waitFor({ state: 'detached' });

    // Hover, on the profile's 'Last active time' (the same component).
    const person = (
      await api(await adminApiToken(), calls.usersList, {
        order_by: 'last_interacted',
        direction: 'desc',
        page_limit: 1,
      })
    ).users[0];
    await page.goto(`/user-profile/${person.id}`);
    const last = page.locator('time').filter({ hasText: /ago/ }).first();
    await last.waitFor();
    await last.hover();
    await tip.waitFor();
    expect((await tip.textContent())?.trim()).toMatch(exact);
    await page.context().close();
  });
});

describe('the profile tab strip (issue 34 point 10)', () => {
  it("a staff member's profile shows its whole tab strip at 1366x768, without sideways scroll", {
    timeout: 300_000,
  }, async () => {
    const laptop = { width: 1366, height: 768 };
    const staff = await createStaff({ name: 'Tab Strip Staff' });
    for (const [viewport, tag] of [
      [laptop, '1366'],
      [PHONE, '390'],
    ] as const) {
      const page = await adminPage(viewport);
      await page.goto(`/user-profile/${staff.id}?tab=security`);
      const list = page.getByRole('tablist');
      await list.getByRole('tab', { name: 'Security', selected: true }).waitFor();
      await page.getByTestId('staff-factors').waitFor();
      if (tag === '1366') {
        // A staff member's profile has the most tabs: the super admin sees all twelve.
        expect(await list.getByRole('tab').allTextContents()).toEqual([
          'About',
          'Direct Message',
          'Followers',
          'Following',
          'Campaigns',
          'Searches',
          'Bookmarks',
          'Conversation',
          'Ad Settings',
          'Activity',
          'Moderation',
          'Security',
        ]);
        const strip = await list.evaluate((el) => {
          const viewportEl = el.closest('.mantine-ScrollArea-viewport') as HTMLElement;
          return {
            scrollWidth: viewportEl.scrollWidth,
            clientWidth: viewportEl.clientWidth,
            right: viewportEl.getBoundingClientRect().right,
          };
        });
        expect(strip.scrollWidth).toBeLessThanOrEqual(strip.clientWidth);
        const last = await boxOf(list.getByRole('tab').last());
        expect(last.x + last.width).toBeLessThanOrEqual(strip.right + 0.5);
      }
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      // The scheme changes colours only: the same page, light then dark.
      if (tag === '1366') {
        const found = await inBothSchemes(page, async (scheme) => {
          await screenshot(page, `daily-profile-tabs-${tag}-${scheme}`);
          return seriousViolations(page, `staff profile, Security (${scheme})`, scheme);
        });
        expect(found, found.join('\n')).toEqual([]);
      } else {
        await screenshotBothSchemes(page, `daily-profile-tabs-${tag}`);
      }
      await page.context().close();
    }
  });
});

describe('the dialogs that keep drafts and the code delete dialog: axe and a look (issue 34 point 10)', () => {
  // One walk per width; each state is looked at light, then dark switched in place.
  it('axe finds nothing serious in Assign Group, Delete Code, the calendar form, Decline Reason and the page editor, light and dark', {
    timeout: 300_000,
  }, async () => {
    const token = await adminApiToken();
    const campaign = (await api(token, calls.campaignsList, { page_limit: 1 })).data[0];
    const found: string[] = [];
    for (const [viewport, tag] of [
      [DESKTOP, '1366'],
      [PHONE, '390'],
    ] as const) {
      const page = await adminPage(viewport);
      /** axe at 1366 (the states are the same at 390), a screenshot at both widths. */
      const look = async (state: string) => {
        if (tag === '390') {
          await screenshotBothSchemes(page, `daily-${state}-${tag}`);
          return;
        }
        found.push(
          ...(await inBothSchemes(page, async (scheme) => {
            await screenshot(page, `daily-${state}-${tag}-${scheme}`);
            return seriousViolations(page, `${state} (${scheme})`, scheme);
          })),
        );
      };

      await page.goto('/backend-users');
      await page
        .getByRole('button', { name: /^Assign Group to / })
        .first()
        .click();
      const assign = page.getByRole('dialog', { name: 'Assign Group' });
      await assign.getByRole('checkbox').first().waitFor();
      await look('assign-groups');
      await page.keyboard.press('Escape');
      await assign.waitFor({ state: 'detached' });

      // 'Are you sure?' once: the title names the act, the body asks.
      await page.goto('/signup-codes');
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      const remove = page.getByRole('dialog', { name: 'Delete Code' });
      await remove.getByText('Are you sure? Do you want to delete this code?', { exact: true }).waitFor();
      expect(await remove.getByText(/are you sure/i).count()).toBe(1);
      await look('code-delete');
      await page.keyboard.press('Escape');
      await remove.waitFor({ state: 'detached' });

      await page.goto('/campaign-calender-settings');
      await page.getByRole('button', { name: 'Next month' }).click();
      await page
        .getByRole('button', { name: /^Add setting on / })
        .first()
        .click();
      const form = page.getByRole('dialog', { name: 'Add New Setting' });
      await form.getByRole('button', { name: 'Add' }).click();
      await form.getByText('Type is required', { exact: true }).waitFor();
      await look('calendar-form-errors');
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'detached' });

      await page.goto(`/campaign-details/${campaign.id}`);
      await page.locator('input[aria-label="Status"]').click();
      await page.getByRole('option', { name: 'Declined', exact: true }).click();
      await page.getByRole('button', { name: 'Change Status' }).click();
      const decline = page.getByRole('dialog', { name: 'Decline Reason' });
      await decline.getByRole('button', { name: 'Decline' }).click();
      await decline.getByText('Please add a reason', { exact: true }).waitFor();
      await look('decline-reason-errors');
      await page.keyboard.press('Escape');
      await decline.waitFor({ state: 'detached' });

      await page.goto('/understanding-your-insight');
      await page.getByRole('textbox', { name: 'Page content' }).waitFor();
      await look('page-editor');
      await page.context().close();
    }
    expect(found, found.join('\n')).toEqual([]);
  });
});
