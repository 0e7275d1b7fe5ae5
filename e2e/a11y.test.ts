import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, openBrowser, PHONE, screenshot } from './harness';
import { everyRoute, type RouteUnderTest, settled, signedInContext } from './routes';

let browser: Browser;
let routes: RouteUnderTest[];
beforeAll(async () => {
  browser = await openBrowser();
  routes = await everyRoute();
});
afterAll(async () => {
  await browser?.close();
});

interface Finding {
  route: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Every route, signed in as the super admin, scanned with axe-core in one colour scheme: no serious
 * or critical violation. Screenshots of each route at 1366 and 390 px are taken on the way.
 */
async function scanAll(scheme: 'light' | 'dark'): Promise<Finding[]> {
  const findings: Finding[] = [];
  const contexts: [string, BrowserContext][] = [
    ['1366', await signedInContext(browser, DESKTOP, scheme)],
    ['390', await signedInContext(browser, PHONE, scheme)],
  ];
  for (const [width, context] of contexts) {
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    for (const route of routes) {
      await page.goto(route.path);
      await page.getByTestId('user-menu').waitFor();
      await settled(page);
      expect(
        await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
      ).toBe(scheme);
      await screenshot(page, `shell-${route.name}-${width}-${scheme}`);
      if (width !== '1366') {
        continue;
      }
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        // Map tiles and Swagger's own markup are third-party drawings; their text is checked elsewhere.
        .exclude('.leaflet-tile-pane')
        .analyze();
      for (const v of result.violations) {
        if (v.impact === 'serious' || v.impact === 'critical') {
          findings.push({
            route: route.path,
            id: v.id,
            impact: v.impact,
            help: v.help,
            targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
          });
        }
      }
    }
    await context.close();
  }
  return findings;
}

describe('accessibility: axe on every route (issue 14)', () => {
  it('finds no serious or critical violation in light mode', { timeout: 600_000 }, async () => {
    const findings = await scanAll('light');
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
  });

  it('finds no serious or critical violation in dark mode', { timeout: 600_000 }, async () => {
    const findings = await scanAll('dark');
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
  });
});
