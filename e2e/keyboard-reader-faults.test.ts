/**
 * End-to-end, a keyboard and screen-reader tester's faults: the "Leave the table now?" question is a modal (Tab and
 * Shift+Tab stay in it, the table behind is inert, Escape closes it wherever the focus is, and the focus goes back
 * to Lobby); the live region says the bet, the chips' spot and the low hand as the player changes them; and the
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
import { deal, houseTable, placeBet, signIn, sitAt } from './support/table-page.js';

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
