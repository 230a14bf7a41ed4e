/**
 * End-to-end: three faults testers found on the table screen, in Chromium.
 *
 * - Notices never cover the felt's actions: on a phone (360×740, 390×844) a notice at the window's bottom covered
 *   Clear, Undo and Double for seconds. Each size plays a round (a full felt: the result, the hands), then lets the
 *   1 s bet timer give its bets back three times (three notices, `notice/bet-returned`): the notices' box meets no button
 *   of the spots, the controls (chips, Clear, Undo, Double, Deal, Rebet) or the bank, enabled or not; the notices are
 *   still a polite live region of `status` messages, and × closes one. (The laptop's corner and the landscape phone's
 *   column passed before the fix: left out for CI's 30 minutes.)
 *   Screenshots: artifacts/e2e/toasts-<size>.png.
 * - A fresh seat says why Rebet and Rebet ×2 are disabled in words on the page (a phone shows no tooltip), both
 *   buttons described by them, and the phone table stays on one screen (360×740 in German, 390×844 in English).
 * - A low hand half set survives a closed tab: the player moves a card into its low hand, closes the tab, opens the
 *   site again in the same browser and goes back to its seat in the same round: the card is still in the low hand.
 *   Once the round is over, nothing of it is left in the browser's storage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import { openPage, openTabs } from './support/pages.js';
import { type RunningServer } from './support/server.js';
import { deal, placeBet, shot, shownRoundId, signIn, sitAt, waitForResult } from './support/table-page.js';
import { STAGE_IDS, expectOnOneScreen } from './support/viewport.js';
import { de } from '../packages/web/src/app/i18n/de.js';
import { en } from '../packages/web/src/app/i18n/en.js';

let server: RunningServer;
let browser: Browser;

const LIMITS = { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 100, maxCents: 2_500 } };
/** Tables whose bets go back 1 s after the first chip unless Deal is pressed (one per window size), and plain ones. */
const QUICK_BETS = ['quick-1', 'quick-2', 'quick-3', 'quick-4'];
const PLAIN = ['plain-1', 'plain-2', 'plain-3'];

beforeAll(async () => {
  const configured = [
    ...QUICK_BETS.map((tableId) => ({ tableId, name: tableId, seats: 6, limits: LIMITS, timers: { betMs: 1_000 } })),
    ...PLAIN.map((tableId) => ({ tableId, name: tableId, seats: 6, limits: LIMITS })),
  ];
  ({ server, browser } = await openSuite({ tables: configured }));
}, SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

interface Covered {
  /** The notices' box (the live region). */
  readonly toasts: { top: number; bottom: number; left: number; right: number };
  /** The buttons of the spots, the controls and the bank, by test id (enabled or not: a bet comes and goes in a second here). */
  readonly buttons: string[];
  /** Those the notices' box meets, with both boxes. */
  readonly covered: string[];
}

/** The buttons of the felt's spots, controls and bank (enabled or not) the notices' box meets (not the notices' own). */
async function coveredButtons(page: Page): Promise<Covered> {
  return page.evaluate(() => {
    const t = document.querySelector('.toasts')!.getBoundingClientRect();
    const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>('.felt :is(.middle, .controls, .bank-controls) button')).filter(
      (b) => b.closest('.toasts') === null && b.getBoundingClientRect().height > 0,
    );
    const covered = buttons.flatMap((b) => {
      const r = b.getBoundingClientRect();
      const meets = r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top;
      return meets ? [`${b.dataset.testid ?? b.className} at y ${Math.round(r.top)}–${Math.round(r.bottom)}`] : [];
    });
    return { toasts: { top: t.top, bottom: t.bottom, left: t.left, right: t.right }, buttons: buttons.map((b) => b.dataset.testid ?? b.className), covered };
  });
}

const SIZES = [
  { name: 'phone-360', viewport: { width: 360, height: 740 }, phone: true, lang: 'de', table: QUICK_BETS[0]! },
  { name: 'phone-390', viewport: { width: 390, height: 844 }, phone: true, lang: 'de', table: QUICK_BETS[1]! },
] as const;

describe('notices over the table', () => {
  for (const size of SIZES) {
    it(`cover none of the spots, chips, bet tools or actions at ${size.viewport.width}×${size.viewport.height}`, async () => {
      const page = await openPage(browser, { viewport: size.viewport, isMobile: size.phone, hasTouch: size.phone, reducedMotion: 'reduce' });
      await signIn(page, `${server.url}/?lang=${size.lang}`, `Toast ${size.name}`);
      await sitAt(page, size.table);
      // A round played: the felt full (the result, both hands), the controls as low as they go.
      await placeBet(page, 500);
      const previous = await shownRoundId(page);
      await deal(page);
      await page.getByTestId('house-way').click();
      await waitForResult(page, previous);
      // The bet timer gives the bets back three times, 1 s apart: three notices at once (each stays 9 s).
      const returned = page.locator('[data-testid="notice"][data-code="notice/bet-returned"]');
      for (let n = 1; n <= 3; n++) {
        await placeBet(page, 500);
        await page.locator('[data-testid="bet-stack"][data-cents="0"]').waitFor();
      }
      await expect.poll(() => returned.count(), { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      const where = await coveredButtons(page);
      const shown = await returned.count();
      expect(shown, 'the notices still show').toBeGreaterThanOrEqual(2);
      expect(where.buttons).toEqual(expect.arrayContaining(['bet-clear', 'bet-undo', 'bet-double', 'deal', 'rebet', 'chip-5']));
      await shot(page, `toasts-${size.name}`);
      expect(where.covered, `the notices (${JSON.stringify(where.toasts)}) cover`).toEqual([]);
      expect(where.toasts.top, 'the notices are inside the window').toBeGreaterThanOrEqual(0);
      expect(where.toasts.bottom).toBeLessThanOrEqual(size.viewport.height);
      // Still told to a screen reader, and closed by ×.
      expect(await page.locator('.toasts').getAttribute('aria-live')).toBe('polite');
      expect(await returned.first().getAttribute('role')).toBe('status');
      await returned.last().getByTestId('notice-close').click();
      await expect.poll(() => returned.count(), { timeout: 5_000 }).toBeLessThan(shown);
      await page.close();
    }, 120_000);
  }
});

/** Rebet's and Rebet ×2's state and the words saying why, as a touch player reads them (drawn, and describing each). */
async function rebetReason(page: Page): Promise<{ rebet: boolean; double: boolean; shown: string | null; describes: string[] }> {
  return page.evaluate(() => {
    const reason = document.querySelector<HTMLElement>('[data-testid="rebet-reason"]');
    const box = reason?.getBoundingClientRect();
    const shown = reason && box && box.width > 0 && box.height > 0 && getComputedStyle(reason).visibility !== 'hidden' ? reason.textContent : null;
    const button = (id: string) => document.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)!;
    const describes = ['rebet', 'bet-double'].filter((id) => reason !== null && (button(id).getAttribute('aria-describedby') ?? '').split(' ').includes(reason.id));
    return { rebet: button('rebet').disabled, double: button('bet-double').disabled, shown, describes };
  });
}

describe('a fresh seat on a phone', () => {
  const cases = [
    { viewport: { width: 360, height: 740 }, lang: 'de', catalog: de, table: PLAIN[0]! },
    { viewport: { width: 390, height: 844 }, lang: 'en', catalog: en, table: PLAIN[1]! },
  ] as const;
  for (const c of cases) {
    it(`says why Rebet and Rebet ×2 are disabled without a hover, on one screen (${c.viewport.width}×${c.viewport.height}, ${c.lang})`, async () => {
      const page = await openPage(browser, { viewport: c.viewport, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
      await signIn(page, `${server.url}/?lang=${c.lang}`, `Fresh ${c.lang}`);
      await sitAt(page, c.table);
      const fresh = await rebetReason(page);
      expect(fresh).toMatchObject({ rebet: true, double: true, describes: ['rebet', 'bet-double'] });
      expect(fresh.shown).toContain(c.catalog.table.rebet);
      expect(fresh.shown).toContain(c.catalog.bets.rebetDouble);
      await shot(page, `rebet-reason-fresh-${c.lang}-${c.viewport.width}`);
      await expectOnOneScreen(page, c.viewport, [...STAGE_IDS.betting, 'rebet', 'bet-double', 'rebet-reason']);
      // A chip on the felt: Rebet is beside the point, the line goes.
      await placeBet(page, 500);
      expect(await page.getByTestId('rebet-reason').count()).toBe(0);
      await page.close();
    }, 120_000);
  }
});

/** The browser's kept low hands (localStorage keys). */
async function keptLows(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.startsWith('paigow.low.')));
}

describe('a low hand half set', () => {
  it('is still there after the tab is closed and the table opened again in the same round, and gone after it', async () => {
    const tabs = await openTabs(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    const first = await tabs.tab();
    await signIn(first, `${server.url}/?lang=en`, 'Draft Dora');
    await sitAt(first, PLAIN[2]!);
    await placeBet(first, 500);
    const cards = await deal(first);
    const moved = cards[0]!;
    await first.locator(`[data-testid="player-card"][data-card="${moved}"]`).click();
    const low = (page: Page) => page.locator('[data-testid="low-hand"] [data-testid="player-card"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    await expect.poll(() => low(first)).toEqual([moved]);
    // The tab is closed; the same browser opens the site again and goes back to its seat.
    const again = await tabs.tab();
    await first.close();
    await again.goto(server.url);
    await again.getByTestId('seat-return-button').click();
    await again.locator('[data-testid="role"][data-role="player"]').waitFor();
    await expect.poll(() => again.getByTestId('player-card').count(), { timeout: 10_000 }).toBe(7);
    expect(await low(again)).toEqual([moved]);
    // Kept once, under this player's key.
    expect(await keptLows(again)).toHaveLength(1);
    await shot(again, 'draft-after-closed-tab');
    // The round over (House Way sets the hand), nothing of it is kept.
    await again.getByTestId('house-way').click();
    await again.getByTestId('result').waitFor();
    await expect.poll(() => keptLows(again)).toEqual([]);
    await tabs.close();
  }, 120_000);
});
