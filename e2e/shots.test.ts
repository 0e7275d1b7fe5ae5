import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { e2eEnv, openBrowser, PHONE, signedInContext, transitionsDone } from './harness';
import { everyRoute, type RouteUnderTest, settled } from './routes';

/**
 * Not a test: pictures of every route at 1366x768 and 390x844, light and dark, for a person to look
 * at. Runs only when asked:
 *   SHOTS=1 flock /tmp/e2e.lock npx vitest run --project e2e e2e/shots.test.ts
 * writes /tmp/shots/<route>-<width>-<scheme>.png (SHOTS_DIR to change; SHOTS_FULL=1 for whole pages).
 */
const DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
const LAPTOP = { width: 1366, height: 768 };

let browser: Browser;
let routes: RouteUnderTest[];
beforeAll(async () => {
  if (process.env.SHOTS) {
    browser = await openBrowser();
    routes = [{ name: 'login', path: '/login' }, ...(await everyRoute())];
  }
});
afterAll(async () => {
  await browser?.close();
});

async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction(
      (s) => document.documentElement.getAttribute('data-mantine-color-scheme') === s,
      scheme,
    );
    await transitionsDone(page);
    await page.screenshot({
      path: path.join(DIR, `${name}-${scheme}.png`),
      fullPage: process.env.SHOTS_FULL === '1',
    });
  }
}

describe.runIf(process.env.SHOTS)('screenshots of every route (run by hand)', () => {
  for (const viewport of [LAPTOP, PHONE]) {
    it(`every route at ${viewport.width} px, light and dark`, { timeout: 900_000 }, async () => {
      fs.mkdirSync(DIR, { recursive: true });
      const context = await signedInContext(browser, { viewport });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      for (const route of routes) {
        if (route.path === '/login') {
          const out = await browser.newPage({ viewport, baseURL: e2eEnv().baseUrl });
          await out.goto('/login');
          await out.getByRole('button', { name: 'Login' }).waitFor();
          await shoot(out, `login-${viewport.width}`);
          await out.close();
          continue;
        }
        await page.goto(route.path);
        await page.getByTestId('user-menu').waitFor();
        await settled(page);
        await shoot(page, `${route.name}-${viewport.width}`);
      }
      await context.close();
    });
  }
});
