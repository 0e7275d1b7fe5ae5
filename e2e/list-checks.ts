import type { Page } from 'playwright-core';

/** Waits until a list has answered (rows, cards or the empty text) and its loader has gone. */
export async function listLoaded(page: Page) {
  await page
    .locator('main tbody tr, main [role="listitem"]')
    .or(page.getByText('Sorry, no matching records found'))
    .first()
    .waitFor({ timeout: 60_000 });
  await page
    .locator('.mantine-LoadingOverlay-root')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

/**
 * Sideways overflow of the page and of every table in the main area, and any cut button or badge
 * text: what a person would have to scroll sideways to see.
 */
function overflow(page: Page) {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const problems: string[] = [];
    if (doc.scrollWidth > doc.clientWidth) {
      problems.push(`page ${doc.scrollWidth} > ${doc.clientWidth}`);
    }
    for (const t of document.querySelectorAll('main table')) {
      const box = t.parentElement as HTMLElement;
      // A table inside the CMS editor's own scroll box is content, not layout; from 1366 px a list
      // too wide scrolls inside its own frame (data-scrolls) with its name and actions kept in view.
      if (t.closest('.tableWrapper') || box.hasAttribute('data-scrolls')) {
        continue;
      }
      if (t.scrollWidth > box.clientWidth + 1) {
        problems.push(`table ${t.getAttribute('aria-label')} ${t.scrollWidth} > ${box.clientWidth}`);
      }
    }
    const cut = document.querySelectorAll(
      'main .mantine-Button-label, main .mantine-Badge-label, main [role="listitem"]',
    );
    for (const el of cut) {
      const e = el as HTMLElement;
      if (e.scrollWidth > e.clientWidth + 1) {
        problems.push(`cut: '${e.textContent?.slice(0, 40)}' ${e.scrollWidth} > ${e.clientWidth}`);
      }
    }
    return problems;
  });
}

/**
 * The overflow problems once the layout has settled: a table fits its columns after measuring
 * itself (a resize observer, then a render), which a busy machine can take a moment to finish.
 */
export async function settledOverflow(page: Page): Promise<string[]> {
  const deadline = Date.now() + 30_000;
  let problems = await overflow(page);
  while (problems.length > 0 && Date.now() < deadline) {
    await page.waitForTimeout(200);
    problems = await overflow(page);
  }
  return problems;
}
