import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeOn, newPage, openBrowser, signIn, transitionsDone } from './harness';
import { everyRoute, type RouteUnderTest, settled } from './routes';

/** The laptop of issue 14. */
const LAPTOP = { width: 1366, height: 768 };
type Scheme = 'light' | 'dark';

let browser: Browser;
let routes: RouteUnderTest[];
beforeAll(async () => {
  browser = await openBrowser();
  // A representative matrix: every screen once (a route that draws a screen already listed with
  // other content, e.g. the seven other static pages in the same editor, is left out), each in
  // both schemes. The screenshots (shots.test.ts) still cover every route.
  routes = (await everyRoute()).filter((r) => !r.sameScreenAs);
});
afterAll(async () => {
  await browser?.close();
});

interface Finding {
  route: string;
  scheme: Scheme;
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Switches the system colour scheme (the app follows it by default) and waits for the page to repaint. */
async function useScheme(page: Page, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (s) => document.documentElement.getAttribute('data-mantine-color-scheme') === s,
    scheme,
  );
  await transitionsDone(page);
}

/**
 * The serious and critical axe violations of the page as it is now. The light scan runs every
 * WCAG 2.2 AA and best-practice rule; the dark one only the rules about colour, the only thing the
 * scheme changes (this halves the time).
 */
async function scan(page: Page, route: string, scheme: Scheme): Promise<Finding[]> {
  const axe = axeOn(page);
  const result = await (scheme === 'light'
    ? axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    : axe.withRules(['color-contrast', 'link-in-text-block'])
  ).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      route,
      scheme,
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      // What a person can find: the element's start and axe's reason.
      nodes: v.nodes.slice(0, 3).map((n) => `${n.html.slice(0, 160)} -> ${n.failureSummary ?? ''}`),
    }));
}

describe('accessibility: axe on every screen (issue 14)', () => {
  // One page: /login signed out, then every signed-in screen as the super admin, each scanned in
  // the light and the dark scheme (switched in place, as the app follows the system setting).
  it('finds no serious or critical violation, light and dark', { timeout: 1_800_000 }, async () => {
    const started = Date.now();
    const page = await newPage(browser, LAPTOP);
    const findings: Finding[] = [];
    const scanned: string[] = [];
    const both = async (route: string) => {
      for (const scheme of ['light', 'dark'] as const) {
        await useScheme(page, scheme);
        let found = await scan(page, route, scheme);
        if (found.length > 0) {
          // On a loaded CI machine a page can still be drawing (a loader, a chart's entry
          // animation); what a person would meet is the page once it has settled, so a finding
          // must still be there on a second scan.
          await settled(page);
          await page.waitForTimeout(1000);
          const first = found.map((f) => f.id).join(', ');
          found = await scan(page, route, scheme);
          scanned.push(`${route} ${scheme}: first scan found ${first}, rescanned`);
        }
        findings.push(...found);
        scanned.push(`${route} ${scheme}: ${found.length}`);
      }
    };

    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await both('/login');
    await useScheme(page, 'light');
    await signIn(page);
    for (const route of routes) {
      await page.goto(route.path);
      await page.getByTestId('user-menu').waitFor();
      await settled(page);
      await both(route.path);
    }
    console.info(
      `axe: ${scanned.length} scans in ${((Date.now() - started) / 1000).toFixed(1)} s\n${scanned.join('\n')}`,
    );
    // One line per finding first: CI's failure summary keeps only the assertion's first line.
    const oneLine = findings
      .map((f) => `${f.route} ${f.scheme} ${f.id}: ${(f.nodes[0] ?? '').replace(/\s+/g, ' ')}`)
      .join(' | ');
    expect(findings, `${oneLine}\n${JSON.stringify(findings, null, 2)}`).toEqual([]);
    await page.context().close();
  });
});
