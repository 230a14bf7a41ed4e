/**
 * End-to-end, a keyboard and screen-reader tester's faults: the "Leave the table now?" question is a modal (Tab and
 * Shift+Tab stay in it, the table behind is inert, Escape closes it wherever the focus is, and the focus goes back
 * to Lobby); the live region says the bet, the chips' spot and the low hand as the player changes them; a seated
 * player's seats are one Tab stop and a move to another seat asks first; and the
 * focus goes to the new screen's main heading after signing in, after Lobby with no bet down, and on the coach,
 * trainer, daily challenge and house-way lab pages (it fell to the page body).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { LobbyTable } from '@paigow/protocol';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import { VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import type { RunningServer } from './support/server.js';
import { byId, press, tabTo } from './support/a11y.js';
import { deal, houseTable, placeBet, shot, signIn, sitAt } from './support/table-page.js';
import { es } from '../packages/web/src/app/i18n/es.js';

let server: RunningServer;
let browser: Browser;
let tables: LobbyTable[];

beforeAll(async () => ({ server, browser, tables } = await openSuite()), SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);
const focusedH1 = (page: Page) => page.waitForFunction(() => document.activeElement?.tagName === 'H1', undefined, { timeout: 5_000 }).then(() => true, () => false);
const announced = (page: Page, text: string) =>
  page.waitForFunction((t) => document.querySelector('[data-testid="announcer"]')?.textContent === t, text, { timeout: 10_000 });

describe('keyboard and screen-reader faults', () => {
  it('holds the focus in the leave question, Escape closes it from anywhere and gives the focus back to Lobby', async () => {
    const table = houseTable(tables, 0, 500);
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(page, server.url, 'Modal');
    await sitAt(page, table.tableId);
    await placeBet(page, 500);
    await press(page, byId('leave'));
    await page.getByTestId('leave-dialog').waitFor();
    expect(await focused(page)).toBe('leave-stay');
    // Tab from the last button and Shift+Tab from the first stay in the dialog.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('leave-confirm');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('leave-stay');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('leave-confirm');
    // The table and the top bar behind are inert: "?" cannot be reached nor pressed.
    expect(await page.getByTestId('help-open').evaluate((el) => el.closest('[inert]') !== null)).toBe(true);
    expect(await page.getByTestId('deal').evaluate((el) => el.closest('[inert]') !== null)).toBe(true);
    // Escape with the focus outside the dialog (on the page body) still closes it, and the focus goes back to Lobby.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Escape');
    await page.getByTestId('leave-dialog').waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('leave');
    expect(await page.getByTestId('deal').evaluate((el) => el.closest('[inert]') === null)).toBe(true);
    // Escape from inside: the same.
    await page.keyboard.press('Enter');
    await page.getByTestId('leave-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('leave-dialog').waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('leave');
  }, 120_000);

  it('says the bet, the chips spot and the low hand as the player changes them', async () => {
    const table = houseTable(tables, 1, 500);
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(page, server.url, 'Sayer');
    await sitAt(page, table.tableId);
    await press(page, byId('chip-5'));
    await announced(page, 'Bet: $5.');
    await page.keyboard.press('Enter');
    await announced(page, 'Bet: $10.');
    if (table.limits.fortune) {
      await press(page, byId('chips-to-fortune'));
      await announced(page, 'Chips now go on: Fortune.');
      await press(page, byId('chips-to-main'));
      await announced(page, 'Chips now go on: Bet.');
    }
    const cards = await deal(page);
    await page.waitForFunction(() => document.querySelector('[data-testid="announcer"]')?.textContent?.startsWith('Your cards: ') === true);
    const names = await page.getByTestId('player-card').evaluateAll((els) => els.map((e) => [e.getAttribute('data-card'), e.getAttribute('aria-label')]));
    const name = (card: string) => names.find(([c]) => c === card)?.[1] ?? card;
    await press(page, `[data-testid="high-hand"] [data-testid="player-card"][data-card="${cards[0]}"]`);
    await announced(page, `Low hand: ${name(cards[0])}`);
    await press(page, `[data-testid="high-hand"] [data-testid="player-card"][data-card="${cards[1]}"]`);
    await page.waitForFunction(
      ([a, b]) => /^Low hand: .+ and .+$/.test(document.querySelector('[data-testid="announcer"]')?.textContent ?? '') &&
        [a, b].every((n) => document.querySelector('[data-testid="announcer"]')?.textContent?.includes(n ?? '')),
      [name(cards[0]), name(cards[1])],
    );
  }, 120_000);

  // A tester (es, laptop): after sitting, Tab went through every seat (six stops) before the bet, and Enter on one of them
  // on the way to the chips moved the player from seat 1 to seat 4 at once. The seats are one Tab stop (the arrow keys
  // between them, as in the chips' toolbar), and a seated player's move asks first.
  it('es: the seats are one Tab stop for a seated player, and moving to another seat asks first', async () => {
    // A table of its own: the house-banked ones are the other tests' (a player's round in play there held the bet back
    // until its timeout), so the table where players may bank (the house banks it until one does).
    const table = tables.find((t) => t.playerBanking && t.seats >= 3 && t.seatsTaken === 0 && t.limits.main.minCents <= 500);
    if (!table) throw new Error(`no empty table where players may bank, with three seats or more and a minimum of $5 at most: ${JSON.stringify(tables)}`);
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(page, `${server.url}/?lang=es`, 'Asiento');
    await sitAt(page, table.tableId);
    await placeBet(page, 500);
    const home = (await page.locator('[data-testid^="seat-"][data-mine="true"]').getAttribute('data-testid'))!;
    const mine = () => page.locator('[data-testid^="seat-"][data-mine="true"]').getAttribute('data-testid');
    await tabTo(page, byId(home));
    await page.keyboard.press('Tab');
    expect(await focused(page), 'Tab from the own seat leaves the seats').not.toMatch(/^seat-/);
    // The arrow keys reach a free seat; Enter there asks, with Stay focused, and nothing moves.
    await page.getByTestId(home).focus();
    await page.keyboard.press('ArrowRight');
    const other = (await focused(page))!;
    expect(other).toMatch(/^seat-\d$/);
    expect(other).not.toBe(home);
    const to = Number(other.slice('seat-'.length)) + 1;
    await page.keyboard.press('Enter');
    await page.getByTestId('seat-move-dialog').waitFor();
    expect(await focused(page)).toBe('seat-move-stay');
    expect(await page.locator('#seat-move-title').textContent()).toBe(es.table.moveSeatTitle.replace('{{to}}', String(to)));
    // It says that the bet on the felt comes back (standing up returns it).
    expect(await page.locator('#seat-move-text').textContent()).toContain(es.table.moveSeatBets.replace('{{amount}}', '5\u00a0$'));
    await shot(page, 'seat-move-es');
    await page.keyboard.press('Enter');
    await page.getByTestId('seat-move-dialog').waitFor({ state: 'detached' });
    expect(await focused(page)).toBe(other);
    expect(await mine()).toBe(home);
    // Escape says no too; the move itself is the dialog's other button.
    await page.keyboard.press('Enter');
    await page.getByTestId('seat-move-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('seat-move-dialog').waitFor({ state: 'detached' });
    expect(await mine()).toBe(home);
    await page.keyboard.press('Enter');
    await press(page, byId('seat-move-confirm'));
    await page.locator(`[data-testid="${other}"][data-mine="true"]`).waitFor();
    expect(await focused(page)).toBe(other);
  }, 120_000);

  it('gives the focus to the main heading after signing in, after Lobby with no bet, and on the coach pages and the lab', async () => {
    const table = houseTable(tables, 2);
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await page.goto(server.url);
    await tabTo(page, byId('nickname'));
    await page.keyboard.type('Heads');
    await page.keyboard.press('Enter');
    await page.getByTestId(`table-${table.tableId}`).waitFor();
    expect(await focusedH1(page)).toBe(true);
    await press(page, byId(`table-${table.tableId}`));
    await page.locator('[data-testid="role"][data-role="player"]').waitFor();
    await press(page, byId('leave'));
    await page.getByTestId(`table-${table.tableId}`).waitFor();
    expect(await focusedH1(page)).toBe(true);
    for (const [hash, ready] of [['#/daily', 'daily-title'], ['#/coach', 'coach-page'], ['#/trainer', 'trainer-page'], ['#/house-way-lab', 'house-way-lab']]) {
      await press(page, `a[href="${hash}"]`);
      await page.getByTestId(ready).waitFor();
      expect(await focusedH1(page), `${hash}: ${await focused(page)}`).toBe(true);
    }
  }, 120_000);
});
