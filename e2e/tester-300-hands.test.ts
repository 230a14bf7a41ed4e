/**
 * End-to-end: what a tester found over ~300 hands, with the built server and web client in Chromium.
 *
 * - A Russian copy mark («Ничья (банку)», not the push's «Ничья») fits over a hand on a phone (375×667)
 *   and a laptop (1366×768): one line, inside the window, the result still on one screen.
 * - The side panel's "Last round at this table" shows each player's bet whole in Russian, German and French
 *   ("Ben · Ставка 10…" lost the amount), at 1366×768 and on a phone.
 * - The coach, trainer and daily pages have the site header (language, help, balance); the trainer shows
 *   its cards sorted as the table does.
 * - The verify page says only "no such round" for an unknown round id, and marks the player's own seat.
 * - The house-way lab's headings go in order (axe `heading-order`).
 * Screenshots go to artifacts/e2e/tester-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import { openPage } from './support/pages.js';
import { VIEWPORTS } from './support/browser.js';
import type { RunningServer } from './support/server.js';
import { deal, dealWithFortune, placeBet, shot, shownRoundId, signIn, sitAt, waitForResult } from './support/table-page.js';
import { PHONE_SIZES, STAGE_IDS, expectOnOneScreen } from './support/viewport.js';
import { axeViolations } from './support/a11y.js';
import { CATALOGS } from '../packages/web/src/app/i18n/index.js';
import { sortForDisplay } from '../packages/web/src/table-ui/model.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openSuite()), SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

const TEST_TIMEOUT_MS = 240_000;
const PHONE = PHONE_SIZES.portrait;

/** Sits at `tableId`, bets `cents`, deals and plays House Way; waits for the result and the banker's cards. */
async function playOneRound(page: Page, tableId: string, cents: number): Promise<string> {
  await sitAt(page, tableId);
  await placeBet(page, cents);
  const previous = await shownRoundId(page);
  await deal(page);
  await page.getByTestId('house-way').click();
  const shown = await waitForResult(page, previous);
  await page.locator('[data-testid="dealer-card"][data-card]').nth(6).waitFor();
  return shown.roundId;
}

describe('a copy in Russian', () => {
  for (const [name, size, isMobile] of [
    ['phone', PHONE, true],
    ['laptop', VIEWPORTS.laptop, false],
  ] as const) {
    it(`fits its mark over the hands at ${size.width}×${size.height} (${name})`, async () => {
      const page = await openPage(browser, { viewport: size, isMobile, hasTouch: isMobile });
      await signIn(page, `${server.url}/?lang=ru`, `Копия ${name}`);
      await playOneRound(page, 'table-1', 500);
      // Every mark on the felt drawn as a copy, in the catalog's words (a copy comes when the deal gives one).
      const copy = CATALOGS.ru.mark.copy;
      const marks = await page.evaluate((text) => {
        const all = Array.from(document.querySelectorAll<HTMLElement>('.hand > .mark'));
        for (const mark of all) {
          mark.textContent = text;
          mark.className = 'mark mark--copy';
          mark.style.animation = 'none';
        }
        return all.map((mark) => {
          const box = mark.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(mark);
          const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
          return { left: box.left, right: box.right, top: box.top, bottom: box.bottom, lines };
        });
      }, copy);
      expect(marks.length).toBeGreaterThanOrEqual(4);
      await shot(page, `tester-ru-copy-${name}`);
      for (const [i, m] of marks.entries()) {
        expect(m.lines, `mark ${i} on one line`).toBe(1);
        expect(m.left, `mark ${i} inside the window`).toBeGreaterThanOrEqual(0);
        expect(m.right, `mark ${i} inside the window`).toBeLessThanOrEqual(size.width);
        for (const [j, o] of marks.entries()) {
          if (j <= i) continue;
          const overlap = m.left < o.right && o.left < m.right && m.top < o.bottom && o.top < m.bottom;
          expect(overlap, `marks ${i} and ${j} overlap`).toBe(false);
        }
      }
      if (name === 'phone') await expectOnOneScreen(page, PHONE, STAGE_IDS.result);
      await page.close();
    }, TEST_TIMEOUT_MS);
  }
});

describe('the side panel\'s last round at this table', () => {
  it('shows each player\'s bet whole in Russian, German and French, on a laptop and a phone', async () => {
    // Ben plays a round of 10.00 and stays seated; each reader sits down after it and reads the last round.
    const ben = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(ben, server.url, 'Ben');
    // With a Fortune bet: its line ("· Mise 10 $ · Fortune 5 $ : aucune combinaison −5 $") ran past the side column's
    // edge at 1366×680 in French (a tester's).
    await sitAt(ben, 'table-2');
    const previous = await dealWithFortune(ben, 1_000);
    await ben.getByTestId('house-way').click();
    const { roundId } = await waitForResult(ben, previous);
    for (const lang of ['ru', 'de', 'fr'] as const) {
      for (const [name, size, isMobile] of [
        ['laptop', VIEWPORTS.laptop, false],
        ['phone', PHONE, true],
      ] as const) {
        const page = await openPage(browser, { viewport: size, isMobile, hasTouch: isMobile });
        await signIn(page, `${server.url}/?lang=${lang}`, `Reader ${lang} ${name}`);
        await sitAt(page, 'table-2');
        if (name === 'phone') await page.getByTestId('side-toggle').click();
        const panel = page.locator(`[data-testid="last-round-panel"][data-round-id="${roundId}"]`);
        await panel.waitFor();
        await panel.scrollIntoViewIfNeeded();
        // Whatever Ben's result, the longest result text a row can show (a win of four figures with the Fortune bet).
        const net = CATALOGS[lang].roundPlayer.pushNet.replace('{{amount}}', '+1 234,50 $');
        const win = CATALOGS[lang].roundPlayer.win.replace('{{amount}}', '1 234,50 $');
        await panel.locator('.history-row__net').evaluateAll((els, text) => els.forEach((el) => (el.textContent = text)), net.length > win.length ? net : win);
        await shot(page, `tester-last-round-${lang}-${name}`);
        const rows = await panel.getByTestId('round-player').evaluateAll((els) =>
          els.map((row) => {
            const panelBox = row.closest('[data-testid="last-round-panel"]')!.getBoundingClientRect();
            // The cards' spoken names are clipped to nothing on purpose (a11y.css .visually-hidden): not a cut.
            const cut = Array.from(row.querySelectorAll<HTMLElement>('*'))
              .filter((el) => !el.classList.contains('visually-hidden') && getComputedStyle(el).overflow !== 'visible' && el.scrollWidth > el.clientWidth + 1)
              .map((el) => `${el.className}: ${el.textContent ?? ''} (${el.scrollWidth} px in ${el.clientWidth} px)`);
            const bet = row.querySelector<HTMLElement>('[data-testid="round-player-bet"]');
            const box = bet?.getBoundingClientRect() ?? null;
            return {
              text: row.textContent ?? '',
              cut,
              bet: bet?.textContent ?? null,
              fortune: row.querySelector('[data-testid="round-player-fortune"]') !== null,
              inside: box !== null && box.right <= panelBox.right + 0.5 && box.left >= panelBox.left - 0.5 && box.width > 0,
            };
          }),
        );
        const where = `${lang} ${name}`;
        const benRow = rows.find((r) => r.text.includes('Ben'));
        expect(benRow, where).toBeDefined();
        expect(benRow!.cut, where).toEqual([]);
        expect(benRow!.bet, where).toMatch(/10/);
        expect(benRow!.fortune, `${where}: the Fortune bet's line`).toBe(true);
        expect(benRow!.inside, `${where}: the bet inside the panel`).toBe(true);
        await page.getByTestId('leave').click().catch(() => undefined);
        await page.close();
      }
    }
    await ben.close();
  }, 600_000);
});

describe('the coach, trainer and daily pages', () => {
  it('have the site header (language, help, balance), and the trainer sorts its cards as the table does', async () => {
    // No sign-in: the trainer still has the language switcher and Help.
    const guest = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await guest.goto(`${server.url}/#/trainer`);
    await guest.getByTestId('trainer-page').waitFor();
    for (const id of ['language', 'help-open']) expect(await guest.locator(`header.topbar [data-testid="${id}"]`).count(), `trainer: ${id}`).toBe(1);
    for (let i = 0; i < 4; i++) {
      const hand = guest.locator('[data-testid="trainer-hand"][data-cards*=" "]');
      await hand.waitFor();
      const shown = await guest.getByTestId('trainer-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-card') ?? ''));
      expect(shown).toHaveLength(7);
      expect(shown, 'trainer cards in the table\'s order').toEqual(sortForDisplay(shown));
      const before = await hand.getAttribute('data-cards');
      await guest.getByTestId('trainer-next').click();
      await guest.waitForFunction((was) => document.querySelector('[data-testid="trainer-hand"]')?.getAttribute('data-cards') !== was, before);
    }
    await guest.close();

    const page = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(page, `${server.url}/?lang=de`, 'Header Hal');
    for (const [route, testid] of [
      ['coach', 'coach-page'],
      ['trainer', 'trainer-page'],
      ['daily', 'daily-page'],
    ] as const) {
      await page.goto(`${server.url}/?lang=de#/${route}`);
      await page.getByTestId(testid).waitFor();
      for (const id of ['language', 'help-open', 'balance']) {
        expect(await page.locator(`header.topbar [data-testid="${id}"]`).count(), `${route}: ${id}`).toBe(1);
      }
      await shot(page, `tester-header-${route}`);
    }
    await page.close();
  }, TEST_TIMEOUT_MS);
});

describe('the verify page', () => {
  it('says only that an unknown round does not exist', async () => {
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await page.goto(`${server.url}/#/verify/no-such-round`);
    await page.locator('[data-testid="verify-status"][data-verified="error"]').waitFor();
    const text = (await page.getByTestId('verify-page').textContent()) ?? '';
    expect(text).toContain(CATALOGS.en.verify.unknown.replace('{{roundId}}', 'no-such-round'));
    expect(text).not.toContain('recomputed');
    await page.close();
  }, TEST_TIMEOUT_MS);

  it('marks the player\'s own seat when opened from the history', async () => {
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(page, `${server.url}/?lang=ru`, 'Verify Vi');
    const roundId = await playOneRound(page, 'table-4', 100);
    const row = page.locator(`[data-testid="history-row"][data-round-id="${roundId}"]`);
    await row.waitFor();
    const [verify] = await Promise.all([page.context().waitForEvent('page'), row.getByTestId('history-verify').click()]);
    await verify.locator('[data-testid="verify-status"][data-verified="yes"]').waitFor();
    const seats = await verify.locator('.verify-facts dt').allTextContents();
    const mine = seats.filter((s) => s.includes(CATALOGS.ru.table.youMark));
    expect(mine, seats.join(' | ')).toHaveLength(1);
    expect(mine[0]).toMatch(/^Место \d+ \(вы\)$/);
    await shot(verify, 'tester-verify-you');
    await verify.close();
    await page.close();
  }, TEST_TIMEOUT_MS);
});

describe('the house-way lab', () => {
  it('has its headings in order (axe heading-order)', async () => {
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop, bypassCSP: true });
    await page.goto(`${server.url}/#/house-way-lab`);
    await page.getByTestId('lab-share').waitFor();
    expect(await axeViolations(page, ['heading-order'])).toEqual([]);
    await page.close();
  }, TEST_TIMEOUT_MS);
});
