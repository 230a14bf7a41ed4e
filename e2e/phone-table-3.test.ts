/**
 * End-to-end: a player tester's findings at the "Players bank" table and in the lobby.
 *
 * - The player-banked table (its extra "Be the banker / Why?" row) with a Fortune bet at 360×740 (a touch phone at
 *   twice the pixels), in every language (one player, each stage read in each language with the switcher): betting,
 *   setting with the Hint open, the result after a Fortune win (German's the longest banner) and the next betting phase
 *   over it, each on one screen with the bet tools and 24 px targets (testers: 744–753 px before the Bet/Fortune switch
 *   moved beside the chips).
 * - The Hint panel's × covers none of its options' names or expected values (it covered "EW +50,9 % ± 0,4 %" by 7 px).
 * - A touch player reads in words what a tooltip said: the Fortune bet on its seat ("$10 + $5 Fortune", not "F"),
 *   the coach's expected values behind the grade's words (`grade-why` → `grade-detail`).
 * - The Fortune spot's tooltip on an empty felt gives the real reason (no main bet yet), not "at its maximum".
 * - A tab closed mid-round: the lobby, opened again, leads back to the table, the hand still there (`seat-return`); while
 *   the first tab still plays there, a second tab's lobby says so, not that a lost connection keeps the seat (a
 *   player's finding).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { LobbyTable } from '@paigow/protocol';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import { openPage, openTabs } from './support/pages.js';
import { VIEWPORTS } from './support/browser.js';
import { type RunningServer } from './support/server.js';
import { deal, houseTable, placeBet, shot, shownRoundId, signIn, sitAt, speak, waitForResult } from './support/table-page.js';
import { STAGE_IDS, expectOnOneScreen } from './support/viewport.js';

let server: RunningServer;
let browser: Browser;
let tables: LobbyTable[];

beforeAll(async () => ({ server, browser, tables } = await openSuite()), SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

const PHONE = { width: 360, height: 740 };
const TOOLS = ['chips-to-main', 'chips-to-fortune', 'bet-clear', 'bet-undo', 'bet-double', 'rebet', 'take-bank'];

function playerBanked(): LobbyTable {
  const table = tables.find((t) => t.playerBanking && t.limits.fortune !== null);
  if (!table) throw new Error(`no player-banked table with the Fortune bet in the lobby: ${JSON.stringify(tables)}`);
  return table;
}

/** The smallest width and height among the visible buttons of the felt (its touch targets), with the smallest's id. */
async function smallestTarget(page: Page): Promise<{ size: number; which: string }> {
  return page.evaluate(() => {
    const buttons = Array.from(document.querySelectorAll<HTMLElement>('.felt button')).filter((b) => b.getBoundingClientRect().height > 0);
    let best = { size: Infinity, which: '' };
    for (const b of buttons) {
      const r = b.getBoundingClientRect();
      const size = Math.min(r.width, r.height);
      if (size < best.size) best = { size: Math.round(size * 10) / 10, which: b.dataset.testid ?? b.className };
    }
    return best;
  });
}

/** The Hint panel's × and every option name or expected value it overlaps (px of overlap each way). */
async function closeOverlaps(page: Page): Promise<{ close: { width: number; height: number }; overlaps: string[] }> {
  return page.evaluate(() => {
    const close = document.querySelector('[data-testid="hint-close"]')!.getBoundingClientRect();
    const overlaps = Array.from(document.querySelectorAll('.hint-option__ev, .hint-option__label')).flatMap((el) => {
      const r = el.getBoundingClientRect();
      const x = Math.min(close.right, r.right) - Math.max(close.left, r.left);
      const y = Math.min(close.bottom, r.bottom) - Math.max(close.top, r.top);
      return x > 0 && y > 0 ? [`"${el.textContent}" by ${x.toFixed(1)}×${y.toFixed(1)} px`] : [];
    });
    return { close: { width: close.width, height: close.height }, overlaps };
  });
}

/** What opens the reasons of a disabled "Be the banker" (`bank-why`) or the cost of an enabled one (`bank-cost-toggle`). */
async function bankToggle(page: Page): Promise<string> {
  return (await page.getByTestId('take-bank').isDisabled()) ? 'bank-why' : 'bank-cost-toggle';
}

/** The languages every stage is read in, German first (its Fortune banner is the longest). */
const LANGUAGES = ['de', 'es', 'ru', 'fr', 'en'] as const;

/**
 * Deals (a bet of 10 and a Fortune bet of 5 down), checks the dealt hand on one screen in every language (`hint`: with the
 * Hint panel open, its × clear of its text), sets the hand by House Way and waits for the revealed result; returns the
 * Fortune line's cents.
 */
async function playRound(page: Page, hint: boolean): Promise<number> {
  const previous = await shownRoundId(page);
  await deal(page);
  for (const lang of hint ? LANGUAGES : []) {
    await speak(page, lang);
    await expectOnOneScreen(page, PHONE, STAGE_IDS.dealt);
  }
  if (hint) {
    await page.getByTestId('hint').click();
    await page.locator('[data-testid="hint-panel"][data-state="ready"]').waitFor({ timeout: 90_000 });
  }
  for (const lang of hint ? LANGUAGES : []) {
    await speak(page, lang);
    await shot(page, `table3-${lang}-hint`);
    const hintClose = await closeOverlaps(page);
    expect(hintClose.overlaps, `${lang}: the Hint panel's × over its text`).toEqual([]);
    expect(Math.min(hintClose.close.width, hintClose.close.height), `${lang}: the ×'s target`).toBeGreaterThanOrEqual(24);
    await expectOnOneScreen(page, PHONE, ['hint-panel', 'hint-close', 'split', 'house-way', 'high-hand', 'low-hand']);
  }
  await page.getByTestId('house-way').click();
  await waitForResult(page, previous);
  await page.locator('[data-testid="dealer-card"][data-card]').nth(6).waitFor();
  return Number(await page.locator('[data-testid="result-line"][data-kind="fortune"]').getAttribute('data-cents'));
}

describe('the Players bank table with a Fortune bet on a 360×740 touch phone', () => {
  // One player, each stage read in every language with the top bar's switcher (a player per language took a minute
  // more of CI's thirty).
  it(`${LANGUAGES.join(', ')}: every phase on one screen, the Hint's × clear of its text, the seat's Fortune bet and the grade in words`, async () => {
    const table = playerBanked();
    const page = await openPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2, reducedMotion: 'reduce' });
    await signIn(page, server.url, 'Tres Tia');
    await sitAt(page, table.tableId);
    await placeBet(page, 1000);
    await page.getByTestId('chips-to-fortune').click();
    await page.getByTestId('chip-5').click();
    await page.locator('[data-testid="fortune-stack"][data-cents="500"]').waitFor();
    for (const lang of LANGUAGES) {
      await speak(page, lang);
      await shot(page, `table3-${lang}-1-betting`);
      await expectOnOneScreen(page, PHONE, [...STAGE_IDS.betting, ...TOOLS]);
      // The seat says "Fortune" (Spanish "Fortuna"), drawn whole inside its pill: a tap shows no tooltip for an "F".
      const seat = await page.locator('[data-testid^="seat-"][data-mine="true"] .seat__bet').evaluate((bet) => {
        const pill = bet.closest('.seat')!.getBoundingClientRect();
        const r = bet.getBoundingClientRect();
        return { text: bet.textContent ?? '', inside: r.left >= pill.left - 0.5 && r.right <= pill.right + 0.5 };
      });
      expect(seat.text, `${lang}: the seat's bets`).toMatch(lang === 'es' ? /\+ .*Fortuna$/ : /\+ .*Fortune$/);
      expect(seat.inside, `${lang}: the seat's bets inside the pill`).toBe(true);
    }

    // Round 1 with the Hint open; then rounds until a Fortune bet wins with the comp points to bank (the longest
    // banner, and an enabled "Be the banker" has its cost to say: a tester's 753 px).
    let fortuneCents = await playRound(page, true);
    const canBank = async () => !(await page.getByTestId('take-bank').isDisabled());
    for (let round = 2; (fortuneCents <= 0 || !(await canBank())) && round <= 40; round++) {
      await page.getByTestId('rebet').click();
      await page.locator('[data-testid="fortune-stack"][data-cents="500"]').waitFor();
      fortuneCents = await playRound(page, false);
    }
    expect(fortuneCents, 'a Fortune win in 40 rounds').toBeGreaterThan(0);
    expect(await canBank(), 'comp points to bank').toBe(true);
    await page.locator('[data-testid="result-grade"][data-state="graded"]').waitFor({ timeout: 90_000 });
    for (const lang of LANGUAGES) {
      await speak(page, lang);
      await shot(page, `table3-${lang}-2-result`);
      await expectOnOneScreen(page, PHONE, [...STAGE_IDS.result, 'result-grade', ...TOOLS, await bankToggle(page)]);
      const atResult = await smallestTarget(page);
      expect(atResult.size, `${lang}: the smallest target at the result (${atResult.which})`).toBeGreaterThanOrEqual(24);

      // The coach's figures behind its few words: a tap opens them on screen, a second closes them.
      await page.getByTestId('grade-why').tap();
      const detail = page.getByTestId('grade-detail');
      await detail.waitFor();
      expect(await detail.textContent(), `${lang}: the grade's figures`).toMatch(/%.*%.*%/);
      await expectOnOneScreen(page, PHONE, ['grade-detail', 'grade-why']);
      await shot(page, `table3-${lang}-3-grade`);
      await page.getByTestId('grade-why').tap();
      await detail.waitFor({ state: 'detached' });
    }

    // The next betting phase over the last round.
    await page.getByTestId('rebet').click();
    await page.locator('[data-testid="fortune-stack"][data-cents="500"]').waitFor();
    for (const lang of LANGUAGES) {
      await speak(page, lang);
      await shot(page, `table3-${lang}-4-next-betting`);
      await expectOnOneScreen(page, PHONE, [...STAGE_IDS.betting, ...TOOLS, await bankToggle(page)]);
      const betting = await smallestTarget(page);
      expect(betting.size, `${lang}: the smallest target betting again (${betting.which})`).toBeGreaterThanOrEqual(24);
    }
    // Off the table by the Lobby button (the bets taken off first: the room closes only then), so that the next test's
    // players deal without waiting for this one.
    await page.getByTestId('bet-clear').click();
    await page.locator('[data-testid="bet-stack"][data-cents="0"]').waitFor();
    await page.getByTestId('leave').click();
    await page.getByTestId(`table-${table.tableId}`).waitFor();
    await page.close();
  }, 600_000);
});

describe("the Fortune spot's tooltip at a laptop", () => {
  const needsMain = 'Place a main bet first: the Fortune bet goes with it.';
  it('gives the real reason on an empty felt, right after sitting down and after a round', async () => {
    const table = houseTable(tables.filter((t) => t.limits.fortune !== null), 2);
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(page, `${server.url}/?lang=en`, 'Tip Tess');
    await sitAt(page, table.tableId);
    expect(await page.getByTestId('fortune-stack').getAttribute('title')).toBe(needsMain);
    await placeBet(page, Math.max(500, table.limits.main.minCents));
    expect(await page.getByTestId('fortune-stack').getAttribute('title')).toMatch(/^Click to add a \$\d+ chip/);
    const previous = await shownRoundId(page);
    await deal(page);
    await page.getByTestId('house-way').click();
    await waitForResult(page, previous);
    expect(await page.getByTestId('fortune-stack').getAttribute('title')).toBe(needsMain);
    await page.getByTestId('leave').click();
    await page.close();
  }, 120_000);
});

describe('a tab closed mid-round', () => {
  it('leaves a way back in the lobby, which leads to the seat and its hand; the Lobby button forgets it', async () => {
    const table = houseTable(tables, 0);
    // One browser context: the closed tab's localStorage and session are the next tab's.
    const tabs = await openTabs(browser, { viewport: VIEWPORTS.laptop });
    const first = await tabs.tab();
    await signIn(first, `${server.url}/?lang=en`, 'Back Bo');
    // Nothing to go back to before sitting anywhere.
    expect(await first.getByTestId('seat-return').count()).toBe(0);
    await sitAt(first, table.tableId);
    await placeBet(first, Math.max(500, table.limits.main.minCents));
    const cards = await deal(first);
    // A second tab of the same browser while the first plays on: the lobby says the player plays there, and offers to
    // open the table here (it said "You were seated at … a moment ago. A seat is kept for 60 s after the connection is
    // lost.").
    const again = await tabs.tab();
    await again.goto(server.url);
    const banner = again.getByTestId('seat-return');
    await again.locator('[data-testid="seat-return"][data-kind="playing"]').waitFor();
    expect(await banner.getAttribute('data-table-id')).toBe(table.tableId);
    expect(await banner.textContent()).toContain(`You are playing at ${table.name} in another tab or window.`);
    expect(await banner.textContent()).not.toContain('connection');
    expect(await again.getByTestId('seat-return-button').textContent()).toBe('Open it here');
    // Meanwhile the lobby asks the server again every few seconds, no more: it asked GET /api/tables and /api/me in a
    // loop, about fifty times a second (its refresh was made anew by each player update its own refresh made).
    let asked = 0;
    again.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/tables') asked++;
    });
    await again.waitForTimeout(2_000);
    expect(asked, 'GET /api/tables in 2 s of an idle lobby').toBeLessThanOrEqual(1);
    // The first tab is closed: the lobby, asking again, turns to the seat kept after the lost connection.
    await first.close();
    await again.locator('[data-testid="seat-return"][data-kind="kept"]').waitFor();
    expect(await banner.textContent()).toContain(`You were seated at ${table.name} a moment ago.`);
    await shot(again, 'table3-seat-return-lobby');
    await again.getByTestId('seat-return-button').click();
    await again.locator('[data-testid="high-hand"][data-count="7"]').waitFor();
    await again.locator('[data-testid="role"][data-role="player"]').waitFor();
    const back = await again.getByTestId('player-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-card') ?? ''));
    expect([...back].sort()).toEqual([...cards].sort());
    await shot(again, 'table3-seat-return-table');
    await again.getByTestId('house-way').click();
    await again.getByTestId('result').waitFor();
    // Left by the Lobby button (standing up): the lobby has nothing to lead back to.
    await again.getByTestId('leave').click();
    await again.getByTestId(`table-${table.tableId}`).waitFor();
    expect(await again.getByTestId('seat-return').count()).toBe(0);
    await again.reload();
    await again.getByTestId(`table-${table.tableId}`).waitFor();
    expect(await again.getByTestId('seat-return').count()).toBe(0);
    await tabs.close();
  }, 120_000);
});
