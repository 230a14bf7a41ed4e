/**
 * End-to-end: the notices cover no control (tester: a notice in the bottom right corner covered the side column's
 * fairness link until it was closed).
 *
 * On a laptop (1366×768, the side column beside the felt) two players play a round at a table whose decision timer
 * is 2 s, and neither sets its hand: each is told the house set its hand and that it left the table (notices in the
 * bottom right corner, 9 and 20 s, the second with "Sit again"). The round's two players fill the side column's
 * "This round at the table", which brings the fairness panel down to the corner. With the notices showing, the
 * side column ends above them, and the "Fairness audit" link, scrolled into the column's view as a click would, is
 * the element at its own centre (`elementFromPoint`); so is every other control of the column in view.
 * Screenshot: artifacts/e2e/toasts-laptop.png.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import { VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import { type RunningServer } from './support/server.js';
import { placeBet, shot, signIn, sitAt } from './support/table-page.js';

let server: RunningServer;
let browser: Browser;
const tablesDir = mkdtempSync(join(tmpdir(), 'paigow-e2e-tables-'));

/** One house-banked table whose players have 2 s to set their hands (operations.md "Tables"). */
const QUICK = 'quick';

beforeAll(async () => {
  const tablesFile = join(tablesDir, 'tables.json');
  writeFileSync(
    tablesFile,
    JSON.stringify({
      tables: [{ tableId: QUICK, name: 'Quick', seats: 6, limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 100, maxCents: 2_500 } }, timers: { decisionMs: 2_000 } }],
    }),
  );
  ({ server, browser } = await openSuite({ tablesFile }));
}, SUITE_SETUP_MS);
afterAll(async () => {
  await closeSuite({ server, browser });
  rmSync(tablesDir, { recursive: true, force: true });
});

/** The side column's controls in its view and the window whose centre is not themselves (what covers each), and where the column and the notices are. */
async function coveredControls(page: Page): Promise<{ covered: string[]; sideBottom: number; toastsTop: number }> {
  return page.evaluate(() => {
    const side = document.querySelector('aside.side')!.getBoundingClientRect();
    const toasts = document.querySelector('.toasts')!.getBoundingClientRect();
    const name = (el: Element | null) => (el === null ? 'nothing' : `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}.${el.className}`);
    const covered: string[] = [];
    for (const el of Array.from(document.querySelectorAll('aside.side :is(a[href], button, input, select, textarea, [tabindex="0"])'))) {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (r.width === 0 || y < side.top || y > side.bottom || y > window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit === null || !el.contains(hit)) covered.push(`${name(el)} "${el.textContent?.trim().slice(0, 30)}" at (${Math.round(x)}, ${Math.round(y)}) under ${name(hit)}`);
    }
    return { covered, sideBottom: side.bottom, toastsTop: toasts.top };
  });
}

describe('notices on a laptop', () => {
  it('leave the side column\'s fairness link and its other controls clickable while they show', async () => {
    const other = await openPage(browser, { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    await signIn(other, server.url, 'Other Olga');
    await sitAt(other, QUICK);
    await placeBet(other, 500);
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop, reducedMotion: 'reduce' });
    await signIn(page, server.url, 'Toast Tom');
    await sitAt(page, QUICK);
    await placeBet(page, 500);
    // Both seated with a bet: the round is dealt once both have pressed Deal, with both in it.
    await other.getByTestId('deal').click();
    await page.getByTestId('deal').click();
    // Neither sets its hand: 2 s later the house sets both and both leave the table, told so in the corner.
    await page.locator('[data-testid="notice"][data-code="notice/left-table"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('sit-again').waitFor();
    await page.getByTestId('last-round-panel').waitFor();

    const link = page.getByTestId('fairness-audit-link');
    await link.evaluate((a) => a.scrollIntoView({ block: 'nearest' }));
    // The link is the element at its centre (not a notice over it): a click there opens the audit.
    await expect
      .poll(() => link.evaluate((a) => {
        const r = a.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return a.contains(hit) ? 'the link' : `${hit?.tagName.toLowerCase()}.${hit?.className} "${hit?.textContent?.trim().slice(0, 40)}"`;
      }), { timeout: 3_000 })
      .toBe('the link');
    await shot(page, 'toasts-laptop');
    const where = await coveredControls(page);
    expect(where.covered).toEqual([]);
    expect(where.sideBottom, 'the side column ends above the notices').toBeLessThanOrEqual(where.toastsTop);
    // The notices still show while this is so (the one asking to sit again stays 20 s).
    expect(await page.getByTestId('sit-again').isVisible()).toBe(true);
    await page.close();
    await other.close();
  }, 120_000);
});
