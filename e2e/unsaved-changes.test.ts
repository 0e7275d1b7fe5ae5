import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, openBrowser, signedInContext } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string): Promise<Page> {
  const context = await signedInContext(browser, { viewport: DESKTOP });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(path);
  await page.getByTestId('user-menu').waitFor();
  return page;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

describe('unsaved-changes guard (issue 14)', () => {
  it('the CMS editor asks before leaving with unsaved text: Stay keeps it, Leave goes', async () => {
    const page = await open('/');
    // Arrive in the app (not a fresh load) so that Back stays inside it.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByText('CMS Pages', { exact: true }).click();
    await nav.getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL('**/faq');
    const editor = page.locator('.ProseMirror');
    await editor.click();
    await page.keyboard.type(' Draft sentence not saved.');
    await page.getByText('Unsaved changes').waitFor();

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await dialog(page).waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/faq');
    expect(await editor.textContent()).toContain('Draft sentence not saved.');

    // Back is guarded too.
    await page.goBack();
    await dialog(page).waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe('/faq');

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.context().close();
  });

  it('reloading with unsaved changes asks the browser to confirm (beforeunload)', async () => {
    const page = await open('/faq');
    await page.locator('.ProseMirror').click();
    await page.keyboard.type(' x');
    await page.getByText('Unsaved changes').waitFor();
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      });
    });
    // A page must have had a user gesture for beforeunload to prompt: the typing above is one.
    void page.reload().catch(() => undefined);
    expect(await asked).toBe('beforeunload');
    await page.context().close();
  });

  it('a popup form with typed input asks before closing; an untouched one closes at once', async () => {
    const page = await open('/users-groups');
    await page.getByRole('button', { name: /Add/ }).first().click();
    const popup = page.getByRole('dialog').first();
    await popup.waitFor();
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /Add/ }).first().click();
    await page.getByLabel('Group Name').fill('Half typed group');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    expect(await page.getByLabel('Group Name').inputValue()).toBe('Half typed group');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Leave' }).click();
    await popup.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('Escape pressed right after typing, before React has rendered again, still asks', async () => {
    const page = await open('/users-groups');
    await page.getByRole('button', { name: /Add/ }).first().click();
    const popup = page.getByRole('dialog').first();
    await popup.waitFor();
    // The typing commits in a microtask; the Escape comes right after it, in the same task, so no
    // effect React would run later (after a paint or in a task of its own) can be waited for.
    await page.getByLabel('Group Name').evaluate(async (input: HTMLInputElement) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(input, 'Typed then Escape');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await dialog(page).waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    expect(await page.getByLabel('Group Name').inputValue()).toBe('Typed then Escape');
    await page.context().close();
  });

  it('the widget arranger asks before leaving with an unsaved order', async () => {
    const page = await open('/dashboard-widgets/POST');
    await page
      .getByRole('button', { name: /^(Add|Remove) / })
      .first()
      .click();
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await dialog(page).waitFor();
    await page.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.context().close();
  });
});
