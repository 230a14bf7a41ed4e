/**
 * End-to-end, a player-banker tester's fault 10: while a round is dealt the banker's balance drops by the bets it covers
 * plus its fee, and came back after the reveal, with nothing on screen saying the money was only held. Beside the
 * balance, the top bar now says how much is held for the round, only while the round is dealt and only to the banker,
 * and on a phone it stays inside the bar with the balance whole.
 *
 * And a banker at another table: there the balance is less its bank's cover (`heldElsewhereCents`), which the top bar
 * now says beside it, on a 390×844 phone inside the bar and without making it taller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createI18n, formatMoney, LANGUAGES } from '../packages/web/src/app/i18n/index.js';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import { VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import type { RunningServer } from './support/server.js';
import { deal, intAttr, placeBet, shot, shownRoundId, signIn, sitAt, speak, waitForResult } from './support/table-page.js';

let server: RunningServer;
let browser: Browser;

/** A table where a player banks with no comp points needed, at a 5% fee. */
const BANK = 'bank';
/** A table the house banks. */
const HOUSE = 'house';
/** A table as `BANK` with the Fortune bet, for the four players and their banker below. */
const FOUR = 'four';

beforeAll(async () => {
  const bank = { tableId: BANK, name: 'Bank', seats: 6, playerBanking: true, bankerFeeBps: 500, bankMinCompPoints: 0, limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: null } };
  const house = { tableId: HOUSE, name: 'House', seats: 6, limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: null } };
  // With the Fortune bet: its players' seats say their bets at length ("100 $ + 5 $ Fortune"), as wide as a seat gets.
  const four = { ...bank, tableId: FOUR, name: 'Four', limits: { ...bank.limits, fortune: { minCents: 100, maxCents: 2_500 } } };
  ({ server, browser } = await openSuite({ tables: [bank, house, four] }));
}, SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

/** The top bar's children drawn past its edges (none should be). */
const outsideBar = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector('header.topbar')!.getBoundingClientRect();
    return Array.from(document.querySelectorAll('header.topbar *'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < bar.left - 0.5 || r.right > Math.min(bar.right, window.innerWidth) + 0.5);
      })
      .map((el) => el.getAttribute('data-testid') ?? el.className);
  });

describe("a banker's money held for the round", () => {
  it('says beside the balance what is held while the round is dealt, as much as the balance dropped, and nothing after', async () => {
    const banker = await openPage(browser, { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    await signIn(banker, server.url, 'Bea');
    await sitAt(banker, BANK);
    await banker.locator('[data-testid="take-bank"]:enabled').waitFor();
    await banker.getByTestId('take-bank').click();
    await banker.locator('[data-testid="role"][data-role="banker"]').waitFor();
    await banker.locator('[data-testid="approve"]:enabled').waitFor();
    await banker.getByTestId('approve').click();
    await banker.locator('[data-testid="approve"]:disabled').waitFor();
    expect(await banker.getByTestId('balance-held').count()).toBe(0);

    const player = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(player, server.url, 'Ada');
    await sitAt(player, BANK);
    const before = await intAttr(banker, 'balance', 'cents');
    const previous = await shownRoundId(player);
    await placeBet(player, 3000);
    await deal(player);
    // $30 covered and its 5% fee.
    await banker.locator('[data-testid="balance-held"][data-cents="3150"]').waitFor();
    expect(await banker.getByTestId('balance-held').textContent()).toBe('$31.50 held for this round');
    expect(before - (await intAttr(banker, 'balance', 'cents'))).toBe(3150);
    expect(await player.getByTestId('balance-held').count()).toBe(0);
    expect(await outsideBar(banker)).toEqual([]);
    await shot(banker, 'banker-held-phone');

    await player.getByTestId('house-way').click();
    await waitForResult(player, previous);
    await banker.getByTestId('balance-held').waitFor({ state: 'detached' });
    await banker.close();
    await player.close();
  }, 120_000);

  it("says at another table how much of the balance the player's bank holds, the phone's top bar no taller, in every language", async () => {
    const banker = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(banker, server.url, 'Cy');
    await sitAt(banker, BANK);
    const token = await banker.evaluate(() => window.localStorage.getItem('paigow.session'));
    if (token === null) throw new Error('no session token');
    // The same player on a phone at the house's table, in each language, before its bank holds anything and after.
    const phone = await openPage(browser, { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    await phone.addInitScript((t) => window.localStorage.setItem('paigow.session', t), token);
    const atHouse = async (lang: string) => {
      await phone.goto(`${server.url}/?lang=${lang}`);
      await sitAt(phone, HOUSE);
    };
    const barHeight = () => phone.evaluate(() => Math.round(document.querySelector('header.topbar')!.getBoundingClientRect().height));
    const before = new Map<string, number>();
    for (const lang of LANGUAGES) {
      await atHouse(lang);
      before.set(lang, await barHeight());
    }
    const whole = await intAttr(phone, 'balance', 'cents');
    expect(await phone.getByTestId('balance-held-elsewhere').count()).toBe(0);

    await banker.locator('[data-testid="take-bank"]:enabled').waitFor();
    await banker.getByTestId('take-bank').click();
    await banker.locator('[data-testid="approve"]:enabled').waitFor();
    await banker.getByTestId('approve').click();
    await banker.locator('[data-testid="approve"]:disabled').waitFor();

    const failures: string[] = [];
    for (const lang of LANGUAGES) {
      await atHouse(lang);
      const note = phone.getByTestId('balance-held-elsewhere');
      await note.waitFor();
      const held = await intAttr(phone, 'balance-held-elsewhere', 'cents');
      expect(held).toBeGreaterThan(0);
      expect(held + (await intAttr(phone, 'balance', 'cents'))).toBe(whole);
      expect(await note.textContent()).toBe(createI18n(lang).t('bank.heldElsewhere', { amount: formatMoney(lang, held) }));
      await shot(phone, `banker-held-elsewhere-${lang}-phone`);
      const outside = await outsideBar(phone);
      if (outside.length > 0) failures.push(`${lang}: outside the bar: ${outside.join(', ')}`);
      const height = await barHeight();
      if (height !== before.get(lang)) failures.push(`${lang}: the top bar ${height} px tall, ${before.get(lang)} px without the note`);
    }
    expect(failures).toEqual([]);
    await phone.close();
    await banker.close();
  }, 180_000);
});

/**
 * A player tester's: at 1280×900 a banker dealt against four players read "YOU Ca… BANKER", "OPPONENT Alice, Bob, Dave,
 * and E…", "COMP POIN… 960" (rules.md §5: the screen shows who you are, your opponent, your comp points). Its name,
 * its opponents and the comp points' label are now whole at 1280×900 in English and in German (the longest), and on a
 * 390×844 phone what the bar shows of them is not cut either. On a player's 390×844 phone, each with a main and a Fortune
 * bet, the seats' row shows at least the first four letters of every name in every language, the banker's too.
 */
describe("a player banker's top bar against four players", () => {
  it('shows its name, its opponents and the comp points whole', async () => {
    const players: Page[] = [];
    for (const name of ['Alice', 'Bob', 'Dave', 'Erin']) {
      const page = await openPage(browser, { viewport: { width: 900, height: 700 } });
      await signIn(page, server.url, name);
      await sitAt(page, FOUR);
      players.push(page);
    }
    const banker = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await signIn(banker, server.url, 'Carol');
    await sitAt(banker, FOUR);
    await banker.locator('[data-testid="take-bank"]:enabled').waitFor();
    await banker.getByTestId('take-bank').click();
    await banker.locator('[data-testid="approve"]:enabled').waitFor();
    await banker.getByTestId('approve').click();
    await banker.locator('[data-testid="approve"]:disabled').waitFor();
    for (const page of players) {
      await placeBet(page, 10_000);
      await page.getByTestId('chips-to-fortune').click();
      await page.getByTestId('chip-5').click();
      await page.locator('[data-testid="fortune-stack"][data-cents="500"]').waitFor();
    }
    for (const page of players) await page.getByTestId('deal').click();
    await banker.getByTestId('balance-held').waitFor();
    await banker.locator('[data-testid="opponent"]', { hasText: 'Erin' }).waitFor();

    const failures: string[] = [];
    for (const lang of ['en', 'de']) {
      await banker.getByTestId('language').selectOption(lang);
      await banker.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' });
      for (const size of [{ width: 1280, height: 900 }, VIEWPORTS.phone]) {
        await banker.setViewportSize(size);
        await banker.waitForTimeout(100);
        await shot(banker, `banker-four-${lang}-${size.width}x${size.height}`);
        failures.push(...(await cutFigures(banker)).map((f) => `${lang} ${size.width}×${size.height}: ${f}`));
        if (size.width === 1280) {
          // All there at a laptop's width: the name, each opponent, the comp points.
          const shown = await banker.evaluate(() => document.querySelector('header.topbar')!.textContent ?? '');
          for (const name of ['Carol', 'Alice', 'Bob', 'Dave', 'Erin']) if (!shown.includes(name)) failures.push(`${lang} 1280: no ${name} in the top bar`);
          if ((await banker.locator('[data-testid="comp-points"]').isVisible()) === false) failures.push(`${lang} 1280: no comp points`);
        }
      }
    }
    expect(failures).toEqual([]);

    // A player's seats' row on a 390×844 phone (a tester: in Russian the banker's seat read "G…", its tag beside the name
    // leaving it one letter): every player's name shows at least its first four letters, in every language.
    const phone = players[0]!;
    await phone.setViewportSize(VIEWPORTS.phone);
    await phone.waitForFunction((w) => window.innerWidth === w, VIEWPORTS.phone.width);
    const short: string[] = [];
    for (const lang of LANGUAGES) {
      await speak(phone, lang);
      await shot(phone, `banker-four-seats-${lang}-390x844`);
      short.push(...(await shortNames(phone)).map((n) => `${lang}: ${n}`));
    }
    expect(short).toEqual([]);
    await banker.close();
    for (const page of players) await page.close();
  }, 180_000);
});

/**
 * The taken seats whose name, cut with "…", shows fewer than its first four letters (measured in the name's font), each
 * with its width and the width those letters and the "…" need.
 */
function shortNames(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    return Array.from(document.querySelectorAll<HTMLElement>('.seat--taken .seat__name')).flatMap((el) => {
      if (el.scrollWidth <= el.clientWidth) return [];
      const name = el.firstChild?.textContent ?? '';
      ctx.font = getComputedStyle(el).font;
      const needs = ctx.measureText(`${name.slice(0, 4)}…`).width;
      return el.clientWidth < needs ? [`"${name}" in ${el.clientWidth} px, its first four letters need ${Math.ceil(needs)}`] : [];
    });
  });
}

/**
 * The top bar's "You", opponent and comp-points figures, label and value, that are drawn cut: an element of them, shown,
 * whose content is wider than its box (scrollWidth > clientWidth), as "…" draws it.
 */
function cutFigures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const stats = ['.stat--you', '.stat:has([data-testid="opponent"])', '.stat:has([data-testid="comp-points"])'];
    const out: string[] = [];
    for (const selector of stats) {
      const stat = document.querySelector(selector);
      if (stat === null || (stat as HTMLElement).offsetParent === null) continue;
      for (const el of [stat, ...Array.from(stat.querySelectorAll('*'))] as HTMLElement[]) {
        if (el.offsetParent === null || el.clientWidth === 0 || el.closest('.visually-hidden') !== null) continue;
        if (el.scrollWidth > el.clientWidth) out.push(`"${el.textContent}" (${el.className || el.tagName}) cut: ${el.scrollWidth} px in ${el.clientWidth}`);
      }
    }
    return out;
  });
}
