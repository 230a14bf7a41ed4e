/**
 * End-to-end: a five-digit balance in the phone's top bar, in every language (QA: after a big Spanish win
 * "1034,50 US$" ran 5 px past the right edge of a 360 px top bar, and e2e/phone-viewport.test.ts failed
 * now and then, as the win's amount came out).
 *
 * A guest plays a real round of 1,090.00 at a table (no Fortune bet; again after a push), so that the top bar's last
 * round is a four-digit win or loss ("+1035,50 $", "−1090 $") and its comp points four digits; then it is given play
 * money up to 99,999.99 (support/ledger.ts), the widest balance of a player who has not won a fortune: "$99,999.99",
 * "99 999,99 $" (ru, fr), "99.999,99 $" (de, es). On the phone sizes the client supports (360×740, the narrowest of
 * packages/web/README.md; 375×667; 667×375), signed in with the same session, in the lobby and then seated at the
 * table, in English, Russian and German (the switcher's): every item of the top
 * bar is inside the window and the bar, the page is no wider than the window, and the balance is whole — not
 * cut with "…", not clipped by the bar or anything around it. What gives way for it is a less important figure
 * (the comp points, then the last round). Screenshots:
 * artifacts/e2e/top-bar-balance-<lang>-<size>-<lobby|table>.png.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { LANGUAGES } from '../packages/web/src/app/i18n/index.js';
import { setBalance } from './support/ledger.js';
import { openPage } from './support/pages.js';
import { type RunningServer } from './support/server.js';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import { deal, placeBet, shot, shownRoundId, sitAt, speak, waitForResult } from './support/table-page.js';

let server: RunningServer;
let browser: Browser;

/** One house-banked table per language, up to 5,000.00 a hand, no Fortune bet (operations.md "Tables"). */
const tableOf = (lang: string) => `big-${lang}`;

beforeAll(async () => {
  const tables = LANGUAGES.map((lang) => ({ tableId: tableOf(lang), name: `Big ${lang}`, limits: { main: { minCents: 100, maxCents: 500_000 }, fortune: null } }));
  ({ server, browser } = await openSuite({ tables }));
}, SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

/** The bet of the round played: a win pays 1,035.50 after the 5% commission, a loss costs 1,090. */
const BET_CENTS = 109_000;

/** 99,999.99: five digits before the decimals. */
const BALANCE_CENTS = 9_999_999;

const SIZES = [
  { width: 360, height: 740 },
  { width: 375, height: 667 },
  { width: 667, height: 375 },
] as const;

/**
 * What is wrong with the top bar as it is now: an item (a child of the bar, or a figure) outside the window
 * or the bar, a page wider than the window, or a balance that is not whole (its digits, "…", or clipped by
 * an element around it that hides its overflow).
 */
async function topBarProblems(page: Page): Promise<string[]> {
  return page.evaluate((digits) => {
    const problems: string[] = [];
    const bar = document.querySelector('header.topbar');
    if (bar === null) return ['no top bar'];
    const barBox = bar.getBoundingClientRect();
    const right = Math.min(barBox.right, window.innerWidth);
    const scrollWidth = document.scrollingElement?.scrollWidth ?? Infinity;
    if (scrollWidth > window.innerWidth) problems.push(`the page is ${scrollWidth} px wide in a ${window.innerWidth} px window`);
    const name = (el: Element) => el.getAttribute('data-testid') ?? `${el.tagName.toLowerCase()}.${el.className}`;
    const item = (el: Element) => el.querySelector('[data-testid]')?.getAttribute('data-testid') ?? name(el);
    const items = [...Array.from(bar.children), ...Array.from(bar.querySelectorAll('.topbar__figures > *'))].filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).display !== 'contents';
    });
    for (const el of items) {
      const box = el.getBoundingClientRect();
      if (box.left < Math.max(0, barBox.left) - 0.5 || box.right > right + 0.5) {
        problems.push(`${item(el)} at ${box.left.toFixed(1)}–${box.right.toFixed(1)} is outside the bar's 0–${right.toFixed(1)}`);
      }
    }
    const balance = bar.querySelector('[data-testid="balance"]');
    if (balance === null) return [...problems, 'no balance'];
    const text = balance.textContent ?? '';
    if (text.replace(/\D/g, '') !== digits) problems.push(`the balance reads "${text}"`);
    const box = balance.getBoundingClientRect();
    if (box.width === 0) problems.push('the balance is not drawn');
    for (const el of [balance, ...Array.from(balance.querySelectorAll('*'))]) {
      if (el.scrollWidth > el.clientWidth + 0.5 && el.clientWidth > 0) problems.push(`the balance "${text}" is cut (${el.scrollWidth} px in ${el.clientWidth})`);
    }
    for (let up = balance.parentElement; up !== null; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible') continue;
      const clip = up.getBoundingClientRect();
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) {
        problems.push(`the balance "${text}" at ${box.left.toFixed(1)}–${box.right.toFixed(1)} is clipped by ${name(up)} (${clip.left.toFixed(1)}–${clip.right.toFixed(1)}, overflow-x ${style.overflowX})`);
      }
    }
    if (box.left < 0 || box.right > window.innerWidth + 0.5) problems.push(`the balance "${text}" at ${box.left.toFixed(1)}–${box.right.toFixed(1)} is outside the window`);
    return problems;
  }, String(BALANCE_CENTS));
}

/** Signs in a guest on `?lang=<lang>` at 360×740 and plays rounds of `BET_CENTS` at its table until one is not a push; returns its session token. */
async function playBigRound(lang: string, nickname: string): Promise<string> {
  const page = await openPage(browser, { viewport: SIZES[0], isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
  await page.goto(`${server.url}/?lang=${lang}`);
  await page.getByTestId('nickname').fill(nickname);
  await page.getByTestId('join').click();
  await page.locator('[data-testid^="table-"]').first().waitFor();
  setBalance(server, nickname, 5_000_000);
  await sitAt(page, tableOf(lang));
  await page.locator('[data-testid="balance"][data-cents="5000000"]').waitFor();
  let net = 0;
  for (let round = 0; round < 8 && net === 0; round++) {
    await placeBet(page, BET_CENTS);
    const previous = await shownRoundId(page);
    await deal(page);
    await page.getByTestId('house-way').click();
    net = (await waitForResult(page, previous)).netCents;
  }
  expect(net, 'eight pushes in a row').not.toBe(0);
  const token = await page.evaluate(() => window.localStorage.getItem('paigow.session'));
  await page.close();
  if (token === null) throw new Error('no session token');
  return token;
}

/** Opens the client at `size` (a phone) on `?lang=<lang>`, signed in with `token`. */
async function openSignedIn(lang: string, size: { width: number; height: number }, token: string): Promise<Page> {
  const page = await openPage(browser, { viewport: size, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
  await page.addInitScript((t) => window.localStorage.setItem('paigow.session', t), token);
  await page.goto(`${server.url}/?lang=${lang}`);
  return page;
}

/** The languages the five-digit balance is read in (the longest labels, and English): the others' top bar is the next test's. */
const BIG_ROUND_LANGUAGES = LANGUAGES.filter((lang) => ['en', 'ru', 'de'].includes(lang));

describe('a five-digit balance in the top bar on a phone', () => {
  // One four-digit round, its top bar then read in each language with the switcher (a round per language took a
  // minute more of CI's thirty; what is drawn depends on the language, not on the round it was played in).
  it(`${BIG_ROUND_LANGUAGES.join(', ')}: 99,999.99 whole after a four-digit round, every item of the top bar inside the window, in the lobby and at a table`, async () => {
    const nickname = 'Rich Ray';
    const token = await playBigRound('en', nickname);
    setBalance(server, nickname, BALANCE_CENTS);
    const failures: string[] = [];
    for (const size of SIZES) {
      const page = await openSignedIn('en', size, token);
      await page.locator(`[data-testid="balance"][data-cents="${BALANCE_CENTS}"]`).waitFor();
      for (const lang of BIG_ROUND_LANGUAGES) {
        await speak(page, lang);
        await shot(page, `top-bar-balance-${lang}-${size.width}x${size.height}-lobby`);
        failures.push(...(await topBarProblems(page)).map((p) => `${lang} ${size.width}×${size.height} lobby: ${p}`));
      }
      await sitAt(page, tableOf('en'));
      await page.locator(`[data-testid="balance"][data-cents="${BALANCE_CENTS}"]`).waitFor();
      await page.locator('[data-testid="last-round"]:not([data-net-cents=""]):not([data-net-cents="0"])').waitFor({ state: 'attached' });
      for (const lang of BIG_ROUND_LANGUAGES) {
        await speak(page, lang);
        await shot(page, `top-bar-balance-${lang}-${size.width}x${size.height}-table`);
        failures.push(...(await topBarProblems(page)).map((p) => `${lang} ${size.width}×${size.height} table: ${p}`));
      }
      await page.close();
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

/** Sets the comp points of the guest named `nickname`, as an operator's outside writer would (the server reads them when the player comes to a page). */
function setCompPoints(nickname: string, points: number): void {
  const db = new Database(join(server.dataDir, 'paigow.sqlite'));
  try {
    db.pragma('busy_timeout = 10000');
    const changed = db.prepare('update players set comp_points = ? where nickname = ?').run(points, nickname).changes;
    if (changed !== 1) throw new Error(`${changed} players are named ${nickname}`);
  } finally {
    db.close();
  }
}

/** The top bar's height and each figure's label or value drawn on more than one line ("Comp points" over two: +9 px). */
async function topBarLines(page: Page): Promise<{ height: number; drop: string; wrapped: string[] }> {
  return page.evaluate(() => {
    const bar = document.querySelector('header.topbar')!;
    const figures = bar.querySelector<HTMLElement>('.topbar__figures')!;
    const lines = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.bottom))).size;
    };
    const shown = Array.from(figures.querySelectorAll('.stat__short, .stat__value')).filter((el) => (el as HTMLElement).offsetParent !== null);
    return {
      height: Math.round(bar.getBoundingClientRect().height),
      drop: figures.dataset.drop ?? '',
      wrapped: shown.filter((el) => lines(el) > 1).map((el) => `"${el.textContent}" on ${lines(el)} lines`),
    };
  });
}

/**
 * A tester's: at 360 px a four-digit balance wrapped the "Comp points" label, the top bar 9 px taller. After a round of
 * 10.00 (a win, a loss or a push on the top bar), with 9,999 comp points and a balance of 12,345.67, then 99,999.99,
 * every figure's label and value is on one line and the top bar as high as with a three-digit balance.
 */
describe('the top bar on one line at 360 px', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: one line with 9,999 comp points and a five-digit balance`, async () => {
      const nickname = `Line ${lang}`;
      const page = await openPage(browser, { viewport: SIZES[0], isMobile: true, hasTouch: true, deviceScaleFactor: 2, reducedMotion: 'reduce' });
      await page.goto(`${server.url}/?lang=${lang}`);
      await page.getByTestId('nickname').fill(nickname);
      await page.getByTestId('join').click();
      await page.locator('[data-testid^="table-"]').first().waitFor();
      await sitAt(page, tableOf(lang));
      await placeBet(page, 1000);
      const previous = await shownRoundId(page);
      await deal(page);
      await page.getByTestId('house-way').click();
      await waitForResult(page, previous);
      const oneLine = (await topBarLines(page)).height;
      const failures: string[] = [];
      for (const cents of [1_234_567, BALANCE_CENTS]) {
        setBalance(server, nickname, cents);
        setCompPoints(nickname, 9_999);
        await page.reload();
        await page.locator(`[data-testid="balance"][data-cents="${cents}"]`).waitFor();
        await page.locator('[data-testid="comp-points"][data-points="9999"]').waitFor({ state: 'attached' });
        await page.locator('[data-testid="last-round"]:not([data-round-id=""])').waitFor({ state: 'attached' });
        await shot(page, `top-bar-line-${lang}-${cents}`);
        const shown = await topBarLines(page);
        if (shown.wrapped.length > 0 || shown.height > oneLine) failures.push(`${cents}: ${JSON.stringify(shown)} (one line: ${oneLine} px)`);
      }
      expect(failures).toEqual([]);
      await page.close();
    }, 120_000);
  }
});
