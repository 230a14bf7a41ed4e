/**
 * End-to-end: a tester's layout and language faults (tablet, landscape phone, the house-way lab, sheets).
 *
 * - A 768×1024 tablet plays a Fortune round to its result with the whole table in the window, nothing scrolled
 *   (the chips, the Bet/Fortune switch, Clear, Undo and Rebet ×2 were below the bottom edge in de), in de and ru (the
 *   longest texts; one language at a time takes CI's time, and the others' texts are shorter).
 * - The sign-in page at 667×375: "Join as guest" inside the window in fr and de, without scrolling.
 * - The house-way lab in ru and de (the catalogs' completeness test checks every language's keys): no English method line, no raw card codes in the hands' tooltips;
 *   on a 360 px phone its tables fit the window or show that they scroll.
 * - The table's info sheet (a shared table, after a round) and Help at 667×375 in es: never wider than the window.
 * - A 360×740 phone: the house-way explanation's toggle and history's "Verify" are 24×24 targets with the table still on
 *   one screen; the verify page shows the hands as cards in text, not codes.
 * Screenshots: artifacts/e2e/faults-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { LobbyTable } from '@paigow/protocol';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import { openPage } from './support/pages.js';
import { type RunningServer } from './support/server.js';
import { dealWithFortune, placeBet, shot, shownRoundId, signIn, sitAt, waitForResult } from './support/table-page.js';
import { STAGE_IDS, expectInWindow, expectOnOneScreen } from './support/viewport.js';

let server: RunningServer;
let browser: Browser;
let tables: LobbyTable[];

beforeAll(async () => ({ server, browser, tables } = await openSuite()), SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

function fortuneTable(index: number): LobbyTable {
  const fitting = tables.filter((t) => !t.playerBanking && t.limits.fortune !== null && t.seatsTaken < t.seats);
  const table = fitting[index % Math.max(1, fitting.length)];
  if (!table) throw new Error(`no house-banked table with a Fortune bet in the lobby: ${JSON.stringify(tables)}`);
  return table;
}

describe('a 768×1024 tablet', () => {
  const size = { width: 768, height: 1024 };
  for (const [index, lang] of (['de', 'ru'] as const).entries()) {
    it(`${lang}: after a Fortune result the whole table is in the window, nothing scrolled`, async () => {
      const page = await openPage(browser, { viewport: size, hasTouch: true, reducedMotion: 'reduce' });
      await signIn(page, `${server.url}/?lang=${lang}`, `Tablet ${lang}`);
      await sitAt(page, fortuneTable(index + 2).tableId);
      const previous = await dealWithFortune(page, 1000);
      await page.getByTestId('house-way').click();
      await waitForResult(page, previous);
      await page.locator('[data-testid="dealer-card"][data-card]').nth(6).waitFor();
      await page.locator('[data-testid="result-line"][data-kind="fortune"]').waitFor();
      await shot(page, `faults-tablet-${lang}-result`);
      // The side column (fairness, history, pay table) is under the felt at this width: the page may go on below
      // the table, but the table itself is in the window and the page is not scrolled.
      const where = await page.evaluate(() => ({ y: window.scrollY, felt: document.querySelector('.felt')!.getBoundingClientRect().bottom, inner: window.innerHeight }));
      expect(where.y, 'scrollY').toBe(0);
      expect(where.felt, 'the felt ends below the window').toBeLessThanOrEqual(where.inner);
      await expectInWindow(page, size, [...STAGE_IDS.result, 'chip-1', 'chip-100', 'chips-to-fortune', 'chips-to-main', 'bet-clear', 'bet-undo', 'bet-double', 'rebet', 'deal']);
      await page.close();
    }, 180_000);
  }
});

describe('the sign-in page on a 667×375 landscape phone', () => {
  for (const lang of ['fr', 'de'] as const) {
    it(`${lang}: "Join as guest" is inside the window without scrolling`, async () => {
      const size = { width: 667, height: 375 };
      const page = await openPage(browser, { viewport: size, isMobile: true, hasTouch: true });
      await page.goto(`${server.url}/?lang=${lang}`);
      await page.getByTestId('join').waitFor();
      await shot(page, `faults-signin-${lang}-667x375`);
      await expectOnOneScreen(page, size, ['nickname', 'join']);
      await page.close();
    }, 60_000);
  }
});

describe('the house-way lab in another language', () => {
  // Words of the engine's English explanations and method line, and a card code ("Jd", "Ts", "Jk") standing alone.
  const ENGLISH = /\b(kept in the high hand|every hand set by|as paigow analyze|Straight flush|with the best low hand)\b/;
  const CODE = /(^|[\s(])([2-9TJQKA][shdc]|Jk)(?=[\s),.]|$)/;
  for (const lang of ['ru', 'de'] as const) {
    it(`${lang}: the method line and every hand's explanation in ${lang}, cards as the page shows them`, async () => {
      const page = await openPage(browser, { viewport: { width: 1366, height: 768 } });
      await page.goto(`${server.url}/?lang=${lang}#/house-way-lab`);
      await page.getByTestId('lab-share').waitFor();
      const method = (await page.getByTestId('lab-method').textContent()) ?? '';
      expect(method, 'the method line').not.toMatch(ENGLISH);
      const titles = await page.locator('[data-testid="lab-top"] td[title]').evaluateAll((cells) => cells.map((c) => c.getAttribute('title') ?? ''));
      expect(titles.length).toBeGreaterThan(50);
      expect(titles.filter((t) => ENGLISH.test(t) || CODE.test(t)).slice(0, 3), `English or raw card codes in the tooltips, e.g. ${titles[0]}`).toEqual([]);
      await page.close();
    }, 60_000);
  }

  it('on a 360 px phone a table wider than the page shows that it scrolls, and the page itself is not wider', async () => {
    const size = { width: 360, height: 740 };
    const page = await openPage(browser, { viewport: size, isMobile: true, hasTouch: true });
    await page.goto(`${server.url}/?lang=de#/house-way-lab`);
    await page.getByTestId('lab-share').waitFor();
    await shot(page, 'faults-lab-360');
    const tables = await page.locator('.lab-table-wrap').evaluateAll((boxes) =>
      boxes.map((box) => {
        const bar = box.parentElement?.querySelector('[data-testid="lab-table-scrollbar"]');
        const r = box.getBoundingClientRect();
        return { overflows: box.scrollWidth > box.clientWidth + 1, bar: bar instanceof HTMLElement && !bar.hidden && bar.getBoundingClientRect().width > 0, left: r.left, right: r.right };
      }),
    );
    expect(tables.length).toBeGreaterThan(0);
    for (const t of tables) {
      expect(t.left, 'the table box starts inside the window').toBeGreaterThanOrEqual(0);
      expect(t.right, 'the table box ends inside the window').toBeLessThanOrEqual(size.width);
      expect(!t.overflows || t.bar, `a table wider than its box has no visible scroll bar: ${JSON.stringify(t)}`).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.close();
  }, 60_000);
});

/** The widest right edge of `selector`'s element and its drawn descendants (px), and the window's width. */
async function rightmost(page: Page, selector: string): Promise<{ right: number; left: number; width: number; widest: string }> {
  return page.evaluate((sel) => {
    const root = document.querySelector(sel)!;
    let right = root.getBoundingClientRect().right;
    let left = root.getBoundingClientRect().left;
    let widest = sel;
    for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // What a scroll box holds past its edge is scrolled to, not cut: only what is drawn in the window counts.
      const clipped = el.parentElement?.closest('.lab-table-wrap, .help-table-wrap, .history');
      if (clipped && clipped !== el) continue;
      if (r.right > right) {
        right = r.right;
        widest = `${el.tagName}.${el.className} "${(el.textContent ?? '').slice(0, 30)}"`;
      }
      left = Math.min(left, r.left);
    }
    return { right, left, width: window.innerWidth, widest };
  }, selector);
}

describe('sheets on a 667×375 landscape phone in es', () => {
  it('the table info sheet after a round and Help are never wider than the window, Close whole', async () => {
    const size = { width: 667, height: 375 };
    const page = await openPage(browser, { viewport: size, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    // A shared table: another player in the round, so the sheet lists the round's players.
    const other = await openPage(browser, { viewport: { width: 1366, height: 768 } });
    const table = fortuneTable(7).tableId;
    await signIn(page, `${server.url}/?lang=es`, 'Hoja Esmeralda Grande');
    await signIn(other, server.url, 'Otra Jugadora Larga');
    await sitAt(page, table);
    await sitAt(other, table);
    await placeBet(page, 1000);
    await placeBet(other, 1000);
    const previous = await shownRoundId(page);
    for (const p of [page, other]) await p.getByTestId('deal').click();
    for (const p of [page, other]) await p.locator('[data-testid="high-hand"][data-count="7"]').waitFor();
    for (const p of [page, other]) await p.getByTestId('house-way').click();
    await waitForResult(page, previous);
    await page.getByTestId('side-toggle').click();
    await page.getByTestId('side-sheet').waitFor();
    // Once the next round takes bets, the sheet shows the players of the round just played ("En la mesa esta ronda").
    await page.locator('[data-testid="last-round-panel-title"]', { hasText: 'En la mesa esta ronda' }).waitFor({ timeout: 90_000 });
    await page.getByTestId('last-round-panel-title').scrollIntoViewIfNeeded();
    await shot(page, 'faults-sheet-es-667x375');
    const sheet = await rightmost(page, '[data-testid="side-sheet"]');
    expect(sheet.right, `the sheet is wider than the window: ${sheet.widest}`).toBeLessThanOrEqual(size.width);
    expect(sheet.left).toBeGreaterThanOrEqual(0);
    const close = await page.getByTestId('side-close').evaluate((b) => ({ scroll: b.scrollWidth, client: b.clientWidth, right: b.getBoundingClientRect().right }));
    expect(close.scroll, 'Close is cut').toBeLessThanOrEqual(close.client);
    expect(close.right).toBeLessThanOrEqual(size.width);
    await page.getByTestId('side-close').click();
    await page.getByTestId('help-open').first().click();
    await page.getByTestId('help-panel').waitFor();
    for (const section of ['hands', 'settlement', 'house-way', 'fortune', 'banking']) {
      const link = page.getByTestId(`help-nav-${section}`);
      if ((await link.count()) > 0) await link.click();
      await shot(page, `faults-help-es-667x375-${section}`);
      const help = await rightmost(page, '[data-testid="help-panel"]');
      expect(help.right, `Help (${section}) is wider than the window: ${help.widest}`).toBeLessThanOrEqual(size.width);
      const helpClose = await page.getByTestId('help-close').evaluate((b) => ({ scroll: b.scrollWidth, client: b.clientWidth, right: b.getBoundingClientRect().right }));
      expect(helpClose.scroll, 'Help\'s Close is cut').toBeLessThanOrEqual(helpClose.client);
      expect(helpClose.right).toBeLessThanOrEqual(size.width);
    }
    await other.close();
    await page.close();
  }, 180_000);
});

describe('tap targets and cards in text on a 360×740 phone', () => {
  it('the explanation toggle and history\'s Verify are 24×24 targets, the table still on one screen; the verify page shows cards, not codes', async () => {
    const size = { width: 360, height: 740 };
    const page = await openPage(browser, { viewport: size, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    await signIn(page, `${server.url}/?lang=es`, 'Toque es');
    await sitAt(page, fortuneTable(9).tableId);
    const previous = await dealWithFortune(page, 1000);
    await page.getByTestId('house-way').click();
    await waitForResult(page, previous);
    await page.locator('[data-testid="dealer-card"][data-card]').nth(6).waitFor();
    await expectOnOneScreen(page, size, [...STAGE_IDS.result]);
    for (const id of ['house-way-explanation', 'banker-explanation']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.height, `${id} ${JSON.stringify(box)}`).toBeGreaterThanOrEqual(24);
      expect(box!.width, id).toBeGreaterThanOrEqual(24);
    }
    await page.getByTestId('side-toggle').click();
    const verify = page.getByTestId('history-verify').first();
    await verify.waitFor();
    const link = await verify.boundingBox();
    expect(link!.height, `Verify ${JSON.stringify(link)}`).toBeGreaterThanOrEqual(24);
    expect(link!.width).toBeGreaterThanOrEqual(24);
    const href = await verify.getAttribute('href');
    const proof = await openPage(browser, { viewport: size, isMobile: true });
    await proof.goto(new URL(href!, server.url).toString());
    await proof.getByTestId('verify-hand').first().waitFor();
    const hands = await proof.getByTestId('verify-hand').allTextContents();
    expect(hands.length).toBeGreaterThan(1);
    for (const text of hands) expect(text, text).not.toMatch(/\bJk\b|\b[2-9TJQKA][shdc]\b/);
    expect(hands.join(' ')).toMatch(/[♠♥♦♣]/);
    await proof.close();
    await page.close();
  }, 180_000);
});
