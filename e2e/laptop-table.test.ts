/**
 * End-to-end: what a new player found at the table on a 1366×768 laptop (QA).
 *
 * - After a round, the banker's title and its "Last round" / "Your last round" tag are clear of the
 *   win/lose badges over the banker's hands (the high hand's badge covered the tag by 4 px), in every
 *   language (each tag's words differ in length). Then the player's own seat shows its whole name (20 characters) with
 *   a main and a Fortune bet: it read "Lucky T… $100 + $25 Fortune".
 * - Keyboard: from the "Fairness audit of all rounds" link, each Tab moves the focus on (to a control whose
 *   focus is drawn, to a named region, or out of the page), never back to the control it left; a scroll
 *   region of the side column that takes the focus is a named region with its focus drawn.
 * Screenshots: artifacts/e2e/laptop-<lang>-result.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { LobbyTable } from '@paigow/protocol';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import { VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import { type RunningServer } from './support/server.js';
import { deal, houseTable, placeBet, shot, shownRoundId, signIn, sitAt, waitForResult } from './support/table-page.js';

let server: RunningServer;
let browser: Browser;
let tables: LobbyTable[];

beforeAll(async () => ({ server, browser, tables } = await openSuite()), SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

/** Plays one round by House Way and waits for the banker's seven cards face up. */
async function playRound(page: Page, first: boolean): Promise<void> {
  if (first) await placeBet(page, 500);
  else {
    await page.getByTestId('rebet').click();
    await page.locator('[data-testid="bet-stack"][data-cents="500"]').waitFor();
  }
  const previous = await shownRoundId(page);
  await deal(page);
  await page.getByTestId('house-way').click();
  await waitForResult(page, previous);
  await page.locator('[data-testid="dealer-card"][data-card]').nth(6).waitFor();
  await page.locator('[data-testid="dealer-high-mark"]').waitFor();
}

/** The pairs of a banker's badge and the banker's title or last-round tag whose boxes intersect (px). */
async function badgeOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const boxes = (selector: string) =>
      Array.from(document.querySelectorAll(selector)).map((el) => ({ name: `${selector} "${(el.textContent ?? '').trim()}"`, r: el.getBoundingClientRect() }));
    const out: string[] = [];
    for (const mark of boxes('.zone--banker .mark')) {
      for (const other of [...boxes('.zone--banker .last-round-tag'), ...boxes('.zone--banker .zone__title')]) {
        const w = Math.min(mark.r.right, other.r.right) - Math.max(mark.r.left, other.r.left);
        const h = Math.min(mark.r.bottom, other.r.bottom) - Math.max(mark.r.top, other.r.top);
        if (w > 0 && h > 0) out.push(`${mark.name} over ${other.name} by ${w.toFixed(1)}×${h.toFixed(1)}`);
      }
    }
    return out;
  });
}

describe('the table on a 1366×768 laptop', () => {
  it('keeps the banker\'s win/lose badges off its title and last-round tag, in every language; the own seat whole', async () => {
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop, reducedMotion: 'reduce' });
    const nickname = 'Badge Bo Twentyfolds'; // 20 characters, the most a nickname has
    await signIn(page, server.url, nickname);
    await sitAt(page, houseTable(tables, 0, 500).tableId);
    const problems: string[] = [];
    for (const [round, lang] of (['en', 'fr', 'de', 'ru', 'es'] as const).entries()) {
      await page.getByTestId('language').selectOption(lang);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await playRound(page, round === 0);
      await page.getByTestId('last-round-tag').waitFor();
      await shot(page, `laptop-${lang}-result`);
      problems.push(...(await badgeOverlaps(page)).map((p) => `${lang}: ${p}`));
    }
    expect(problems).toEqual([]);
    // The next bet with a Fortune bet: the player's own seat shows the whole name beside it.
    await placeBet(page, 2500);
    await page.getByTestId('chips-to-fortune').click();
    await page.getByTestId('chip-5').click();
    const seat = page.locator('[data-testid^="seat-"][data-mine="true"][data-fortune-cents="500"]');
    await seat.waitFor();
    const shown = await seat.evaluate((el) => {
      const name = el.querySelector<HTMLElement>('.seat__name')!;
      // What is drawn: not the "(you)" only a screen reader hears (.visually-hidden).
      const drawn = Array.from(name.childNodes, (node) => (node instanceof HTMLElement && node.classList.contains('visually-hidden') ? '' : node.textContent)).join('');
      return { name: drawn, cut: name.scrollWidth > name.clientWidth || el.scrollWidth > el.clientWidth };
    });
    expect(shown, 'the own seat').toEqual({ name: nickname, cut: false });
    await page.close();
  }, 240_000);

  it('moves the focus on at each Tab from the fairness audit link, drawn wherever it goes', async () => {
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop, reducedMotion: 'reduce' });
    await signIn(page, server.url, 'Tab Tia');
    await sitAt(page, houseTable(tables, 1, 500).tableId);
    await playRound(page, true);
    await page.getByTestId('history-row').first().waitFor();
    await page.getByTestId('fairness-audit-link').focus();
    await page.keyboard.press('Tab'); // a keyboard user's focus (the link was focused by the test)
    await page.keyboard.press('Shift+Tab');
    const steps: string[] = [];
    let left = false;
    for (let i = 0; i < 12 && !left; i++) {
      const before = await page.evaluateHandle(() => document.activeElement);
      await page.keyboard.press('Tab');
      // The focus keeper answers a lost focus a task later: let it act before looking.
      await page.waitForTimeout(50);
      const step = await page.evaluate((prev) => {
        const el = document.activeElement;
        if (!el || el === document.body || !document.hasFocus()) return { where: 'out of the page', same: false, drawn: true, named: true, top: true };
        const style = getComputedStyle(el);
        const control = el.matches('a[href], button, input, select, textarea, summary');
        return {
          where: `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}.${el.className}`,
          same: el === prev,
          drawn: el.matches(':focus-visible') && ((style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'),
          named: control || (el.getAttribute('role') !== null && (el.getAttribute('aria-label') ?? '') !== ''),
          top: el.closest('.topbar') !== null,
        };
      }, before);
      steps.push(step.where);
      expect(step.same, `Tab ${i + 1} left the focus on ${step.where} (${steps.join(' → ')})`).toBe(false);
      expect(step.drawn, `Tab ${i + 1}: no focus drawn on ${step.where}`).toBe(true);
      expect(step.named, `Tab ${i + 1}: ${step.where} takes the focus with no role and name`).toBe(true);
      left = step.top || step.where === 'out of the page';
    }
    expect(left, `the focus never left the side column: ${steps.join(' → ')}`).toBe(true);
    await page.close();
  }, 120_000);
});
