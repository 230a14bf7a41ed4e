/**
 * End-to-end: the table in the players' languages (issue 14 points 1, 2, 4 and 5), with the built
 * server and the web client in Chromium. In each of en, de, ru, fr, es and the pseudo-locale a guest
 * signs in and plays a round on a phone with the keyboard alone (Tab, Enter, Space: a chip, Deal, the
 * house way's low hand card by card, Split) at 375×667, and in de, fr, ru and the pseudo-locale (the longest texts)
 * at 667×375 too, with a Fortune bet (the fullest felt), every stage on one screen with no vertical or horizontal scrolling
 * (e2e/support/viewport.ts expectOnOneScreen; at 667×375 the Hint panel open too, its setting used and played with
 * Split, which has the focus), then
 * a round at laptop size with the mouse (chips, Deal, House Way). In every language but English no
 * English word is left on screen (text and accessible names): a word of the English catalog that the
 * language's own catalog does not use; in the pseudo-locale no plain Latin word at all. The switcher
 * changes the language, the browser remembers it, and the account keeps it for the next browser.
 * Screenshots of every language at each size: artifacts/e2e/lang-<lang>-<phone|phone-landscape|laptop>-<stage>.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import type { Browser, Page } from 'playwright-core';
import { formatCard, houseWay, parseHand } from '@paigow/engine';
import { CATALOGS, LANGUAGES, PSEUDO_LANGUAGE } from '../packages/web/src/app/i18n/index.js';
import { byId, focusedTestid, press, tabTo } from './support/a11y.js';
import { VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import { type RunningServer } from './support/server.js';
import { deal, horizontalOverflow, placeBet, playerCards, shot, shownRoundId, sitAt, waitForResult } from './support/table-page.js';
import { PHONE_SIZES, STAGE_IDS, expectOnOneScreen } from './support/viewport.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openSuite()), SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

const TEST_TIMEOUT_MS = 180_000;

/**
 * The languages also played on a landscape phone: the longest texts (German, French, Russian, the pseudo-locale),
 * where the short window is tightest (French overflowed most with the Hint open). English plays whole rounds there in
 * phone-viewport.test.ts, and Spanish shows its results there in phone-result-text.test.ts; a round each here took
 * about ten more seconds of the suite's thirty minutes.
 */
// Landscape in the longest language and the pseudo-language only: the others' landscape fit is phone-viewport.test.ts's,
// and each phone size more costs CI's 30 minutes.
const LANDSCAPE_LANGUAGES: readonly string[] = ['de', PSEUDO_LANGUAGE];

/** The guest's nickname: no word of any language's catalog. */
const NICKNAME = 'Kiki';

/** Signs in a guest on `?lang=<lang>` with the mouse and waits for the lobby. */
async function signInIn(page: Page, lang: string, nickname: string): Promise<void> {
  await page.goto(`${server.url}/?lang=${lang}`);
  await page.getByTestId('nickname').fill(nickname);
  await page.getByTestId('join').click();
  await page.locator('[data-testid^="table-"]').first().waitFor();
}

/** Every word (three letters or more, lower case) of a catalog's texts, placeholders left out. */
function catalogWords(tree: unknown, into = new Set<string>()): Set<string> {
  for (const value of Object.values(tree as Record<string, unknown>)) {
    if (typeof value === 'string') {
      for (const w of value.replace(/\{\{[^}]*\}\}/g, ' ').toLowerCase().split(/[^\p{L}]+/u)) if (w.length >= 3) into.add(w);
    } else if (typeof value === 'object' && value !== null) {
      catalogWords(value, into);
    }
  }
  return into;
}

const ENGLISH_WORDS = catalogWords(CATALOGS.en);

/** The words on screen: the text a player reads and the accessible names (`aria-label`). */
async function screenWords(page: Page): Promise<string[]> {
  const text = await page.evaluate(() =>
    [document.body.innerText, ...Array.from(document.querySelectorAll('[aria-label]'), (el) => el.getAttribute('aria-label') ?? '')].join('\n'),
  );
  return [...new Set(text.match(/(?<![\p{L}\d])\p{L}{3,}(?![\p{L}\d])/gu) ?? [])];
}

/**
 * The English left on screen in `lang`: in the pseudo-locale every plain Latin word (it has none of its
 * own) but the brand and the switcher's language names; otherwise every word of the English catalog
 * that the language's own catalog does not use (so "Flush", "Full House", "Fortune" or "Table" in
 * French stay allowed).
 */
async function englishLeft(page: Page, lang: string): Promise<string[]> {
  const words = (await screenWords(page)).filter((w) => w !== NICKNAME);
  if (lang === PSEUDO_LANGUAGE) return words.filter((w) => /^[A-Za-z]+$/.test(w) && !['Pai', 'Gow', 'English', 'Deutsch'].includes(w));
  const own = catalogWords(CATALOGS[lang as keyof typeof CATALOGS]);
  return words.filter((w) => ENGLISH_WORDS.has(w.toLowerCase()) && !own.has(w.toLowerCase()));
}

/**
 * What a longer language cuts or breaks (the screenshots' faults, issue 14 "Done when"): a link drawn as
 * a button (`a.btn`, the lobby's Lab, Coach, Training and Daily links) whose pill breaks over two lines
 * (more than one box), the banker's name with the last-round tag cut ("DERNIÈRE MANC…"), and a figure of
 * the top bar cut (the last round's net or the balance, "+19,…": a label may end in an ellipsis, money
 * never; its text wider than its box). Names each one found.
 */
async function cutOrBroken(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...Array.from(document.querySelectorAll('a.btn'))
      .filter((el) => el.getClientRects().length > 1)
      .map((el) => `pill over ${el.getClientRects().length} lines: ${el.textContent ?? ''}`),
    ...Array.from(document.querySelectorAll<HTMLElement>('.zone__title strong:has([data-testid="last-round-tag"])'))
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `banker and last-round tag cut: ${el.textContent ?? ''}`),
    ...Array.from(document.querySelectorAll<HTMLElement>('.stat__value:has([data-testid="last-round"]), .stat__value[data-testid="balance"]'))
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map((el) => `top-bar figure cut: ${el.textContent ?? ''} (${el.scrollWidth} px in ${el.clientWidth} px)`),
  ]);
}

/** Asserts no English is left on screen in `lang` (nothing to check in English itself). */
async function expectNoEnglish(page: Page, lang: string, where: string): Promise<void> {
  if (lang !== 'en') expect(await englishLeft(page, lang), `English left in ${lang} (${where})`).toEqual([]);
}

/** Leaves the table for the lobby (so no seat is left held for the next test) and closes the page. */
async function leave(page: Page): Promise<void> {
  await page.getByTestId('leave').click();
  await page.getByTestId('table-table-1').waitFor();
  await page.close();
}

/**
 * Moves the focus to the chip `testid` with the keyboard: Tab to the chips, then the arrow keys along
 * them (a toolbar with one Tab stop), or Tab where each chip is a stop of its own; fails unless its focus
 * is visible.
 */
async function chooseChip(page: Page, testid: string): Promise<void> {
  await tabTo(page, '[data-testid^="chip-"]:not([disabled])');
  for (let i = 0; i < 8; i++) {
    const at = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    if (at === testid) break;
    await page.keyboard.press('ArrowRight');
    if ((await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))) === at) await page.keyboard.press('Tab');
  }
  expect((await tabTo(page, byId(testid), 1)).visible, `visible focus on ${testid}`).toBe(true);
}

/**
 * On a phone (`orientation`), with the keyboard alone: signs in, sits at table-1, bets a 5 chip on the
 * main bet and one on the Fortune bet (the longest result banner), deals, moves the house way's low hand
 * card by card (in landscape: opens the Hint and uses its setting) and splits; every stage on one screen,
 * no English left, a screenshot each.
 */
async function playOnPhoneByKeyboard(lang: string, orientation: keyof typeof PHONE_SIZES): Promise<void> {
  const size = PHONE_SIZES[orientation];
  const page = await openPage(browser, { viewport: size, isMobile: true, hasTouch: true, reducedMotion: 'reduce', bypassCSP: true });
  const name = `lang-${lang}-phone${orientation === 'portrait' ? '' : `-${orientation}`}`;
  await page.goto(`${server.url}/?lang=${lang}`);
  await page.getByTestId('nickname').waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang === PSEUDO_LANGUAGE ? 'en-XA' : lang);
  await tabTo(page, byId('nickname'));
  await page.keyboard.type(NICKNAME);
  await press(page, byId('join'));
  await page.getByTestId('table-table-1').waitFor();
  await shot(page, `${name}-0-lobby`);
  await expectNoEnglish(page, lang, 'phone lobby');
  expect(await horizontalOverflow(page), `${lang} phone lobby`).toBe(0);
  expect(await cutOrBroken(page), `${lang} phone lobby`).toEqual([]);

  await press(page, byId('table-table-1'));
  await page.locator('[data-testid="role"][data-role="player"]').waitFor();
  await chooseChip(page, 'chip-5');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="bet-stack"][data-cents="500"]').waitFor();
  await press(page, byId('chips-to-fortune'));
  await chooseChip(page, 'chip-5');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="fortune-stack"][data-cents="500"]').waitFor();
  await shot(page, `${name}-1-betting`);
  await expectOnOneScreen(page, size, STAGE_IDS.betting);
  await expectNoEnglish(page, lang, 'phone, betting');

  const before = await shownRoundId(page);
  await press(page, byId('deal'));
  await page.locator('[data-testid="high-hand"][data-count="7"]').waitFor();
  await page.locator('[data-testid="dealer-card"]').nth(6).waitFor();
  await shot(page, `${name}-2-dealt`);
  await expectOnOneScreen(page, size, STAGE_IDS.dealt);
  await expectNoEnglish(page, lang, 'phone, dealt');
  if (orientation === 'landscape') {
    // The Hint panel fits the short window too, under the actions, with the hands, the timer and the balance
    // (a player's finding: it ended 58 to 147 px below a 375 px window, and scrolling to it hid the top bar).
    await press(page, byId('hint'));
    await page.locator('[data-testid="hint-panel"][data-state="ready"]').waitFor();
    await shot(page, `${name}-2b-hint`);
    await expectOnOneScreen(page, size, ['hint-panel', 'hint-use', 'split', 'house-way', 'hint', 'high-hand', 'low-hand', 'timer', 'balance']);
    await expectNoEnglish(page, lang, 'phone, hint');
    // "Use this setting" only arranges the cards: the panel says Split plays them, and the focus is on Split (a player
    // took the arranged hand for played and its decision timer ran out).
    await press(page, byId('hint-use'));
    await page.getByTestId('hint-arranged').waitFor();
    expect(await focusedTestid(page), 'the focus after Use this setting').toBe('split');
    expect((await tabTo(page, byId('split'), 1)).visible, 'visible focus on Split').toBe(true);
    await shot(page, `${name}-2c-arranged`);
    await expectOnOneScreen(page, size, ['hint-panel', 'hint-arranged', 'split', 'high-hand', 'low-hand', 'timer', 'balance']);
    await expectNoEnglish(page, lang, 'phone, hint used');
    await page.keyboard.press('Enter');
  } else {
    const hand = parseHand(await playerCards(page));
    if (!hand.ok) throw new Error(hand.error.message);
    for (const card of houseWay(hand.value).low.map(formatCard)) {
      await press(page, `[data-testid="high-hand"] [data-testid="player-card"][data-card="${card}"]`, 'Space');
      await page.locator(`[data-testid="low-hand"] [data-card="${card}"]`).waitFor();
    }
    await press(page, byId('split'));
  }
  await waitForResult(page, before);
  await page.locator('[data-testid="dealer-card"][data-card]').nth(6).waitFor();
  await shot(page, `${name}-3-result`);
  await expectOnOneScreen(page, size, STAGE_IDS.result);
  await expectNoEnglish(page, lang, 'phone, result');
  expect(await cutOrBroken(page), `${lang} phone result`).toEqual([]);
  // The coach's grade comes a moment later, in the empty bet total's place: still one screen, in the language.
  await page.locator('[data-testid="result-grade"][data-state="graded"]').waitFor({ timeout: 90_000 });
  await shot(page, `${name}-3b-graded`);
  await expectOnOneScreen(page, size, [...STAGE_IDS.result, 'result-grade']);
  await expectNoEnglish(page, lang, 'phone, graded');
  await leave(page);
}

/**
 * At laptop size with the mouse: signs in, sits at table-2, bets, deals and plays the house way; the page
 * never scrolls sideways, no English left, a screenshot of the lobby, the dealt hand and the result.
 */
async function playOnLaptop(lang: string): Promise<void> {
  const page = await openPage(browser, { viewport: VIEWPORTS.laptop });
  const name = `lang-${lang}-laptop`;
  await signInIn(page, lang, NICKNAME);
  await shot(page, `${name}-0-lobby`);
  await expectNoEnglish(page, lang, 'laptop lobby');
  expect(await cutOrBroken(page), `${lang} laptop lobby`).toEqual([]);
  await sitAt(page, 'table-2');
  const before = await shownRoundId(page);
  await placeBet(page, 500);
  await deal(page);
  await shot(page, `${name}-2-dealt`);
  expect(await horizontalOverflow(page), `${lang} laptop dealt`).toBe(0);
  await expectNoEnglish(page, lang, 'laptop, dealt');
  await page.getByTestId('house-way').click();
  await waitForResult(page, before);
  await shot(page, `${name}-3-result`);
  expect(await horizontalOverflow(page), `${lang} laptop result`).toBe(0);
  expect(await cutOrBroken(page), `${lang} laptop result`).toEqual([]);
  // The house way explains the setting in the language.
  const explained = { de: /^Art des Hauses: .*(hohe|niedrige)n? Hand/, ru: /^House Way: .*[а-яё]+ рук/ }[lang];
  if (explained) expect(await page.getByTestId('house-way-explanation').first().textContent()).toMatch(explained);
  await expectNoEnglish(page, lang, 'laptop, result');
  await page.locator('[data-testid="result-grade"][data-state="graded"]').waitFor({ timeout: 90_000 });
  await expectNoEnglish(page, lang, 'laptop, graded');
  await leave(page);
}

describe('the table in the players\' languages (issue 14)', () => {
  it('looks for the words of the English catalog', () => {
    expect(ENGLISH_WORDS.size).toBeGreaterThan(300);
    for (const word of ['table', 'deal', 'split', 'banker', 'hand']) expect(ENGLISH_WORDS.has(word), word).toBe(true);
  });

  for (const lang of [...LANGUAGES, PSEUDO_LANGUAGE]) {
    const landscape = LANDSCAPE_LANGUAGES.includes(lang);
    it(`plays a round in ${lang} on a phone (${landscape ? 'both sizes' : 'portrait'}) with the keyboard alone and at laptop size, no English left`, async () => {
      await playOnPhoneByKeyboard(lang, 'portrait');
      if (landscape) await playOnPhoneByKeyboard(lang, 'landscape');
      await playOnLaptop(lang);
    }, TEST_TIMEOUT_MS);
  }

  it('switches language with the switcher, remembers it in the browser and in the account', async () => {
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signInIn(page, 'en', 'Switcher Sam');
    await page.goto(server.url); // no ?lang= from here on
    await page.locator('[data-testid^="table-"]').first().waitFor();
    await page.getByTestId('language').selectOption('fr');
    await page.getByText('Tables').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await page.reload();
    await page.locator('[data-testid^="table-"]').first().waitFor();
    expect(await page.getByTestId('language').inputValue()).toBe('fr');
    // The account keeps it: a fresh browser with the same session token speaks French.
    const token = await page.evaluate(() => localStorage.getItem('paigow.session') ?? '');
    await expect.poll(async () => (await (await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { player: { language: string } }).toMatchObject({ player: { language: 'fr' } });
    const fresh = await openPage(browser, { viewport: VIEWPORTS.laptop, locale: 'de-DE' });
    await fresh.goto(server.url);
    await fresh.evaluate((value) => localStorage.setItem('paigow.session', value), token);
    await fresh.reload();
    await fresh.locator('[data-testid^="table-"]').first().waitFor();
    await expect.poll(() => fresh.evaluate(() => document.documentElement.lang)).toBe('fr');
  }, TEST_TIMEOUT_MS);

  it('saves a choice in the switcher even of the language the address names, and the address names none after it', async () => {
    // The account speaks German (the browser's language, saved at the first visit).
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop, locale: 'de-DE' });
    await page.goto(server.url);
    await page.getByTestId('nickname').fill('Lingua Lou');
    await page.getByTestId('join').click();
    await page.locator('[data-testid^="table-"]').first().waitFor();
    const token = await page.evaluate(() => localStorage.getItem('paigow.session') ?? '');
    const accountLanguage = async () =>
      ((await (await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { player: { language: string | null } }).player.language;
    await expect.poll(accountLanguage).toBe('de');
    // A link names French: the visit speaks French and the account stays German.
    await page.goto(`${server.url}/?lang=fr#/`);
    await page.locator('[data-testid^="table-"]').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    // The player picks German, then French: French, picked, is the account's now (it was left German).
    await page.getByTestId('language').selectOption('de');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.getByTestId('language').selectOption('fr');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await expect.poll(accountLanguage, { timeout: 5_000 }).toBe('fr');
    expect(new URL(page.url()).searchParams.has('lang'), 'the address keeps ?lang= after a pick').toBe(false);
    await page.reload();
    await page.locator('[data-testid^="table-"]').first().waitFor();
    expect(await page.getByTestId('language').inputValue()).toBe('fr');
    await page.close();
  }, TEST_TIMEOUT_MS);
});
