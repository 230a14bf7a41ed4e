/**
 * Drives the table page through its data-testids only (interfaces.md "The web page"), so that these
 * steps read like a player's: sign in, sit, click chips, deal, move cards, split.
 */
import type { LobbyTable } from '@paigow/protocol';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './server.js';

/** Where the screenshots go (artifacts/e2e under the repository root). */
export const ARTIFACTS = join(ROOT, 'artifacts', 'e2e');

/**
 * With `PAIGOW_E2E_SHOTS=1`, saves a full-page screenshot as artifacts/e2e/<name>.png, for a person to look at; else
 * nothing (a test's failure leaves its pages' screenshots in any case: support/pages.ts). Off by default: the 120
 * pictures took about 80 s of a run that must stay under CI's 30 minutes on a two-core machine.
 */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.PAIGOW_E2E_SHOTS !== '1') return;
  mkdirSync(ARTIFACTS, { recursive: true });
  // Let the ≤ 300 ms transitions finish so the picture shows the settled state.
  await page.waitForTimeout(350);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** An integer data attribute of the element with `testid`. */
export async function intAttr(page: Page, testid: string, attr: string): Promise<number> {
  const value = await page.getByTestId(testid).first().getAttribute(`data-${attr}`);
  if (value === null || value === '' || !Number.isFinite(Number(value))) throw new Error(`${testid} has no numeric data-${attr} (got ${value})`);
  return Number(value);
}

/** Guest sign-in: the nickname field and Join, then the lobby. */
export async function signIn(page: Page, baseUrl: string, nickname: string): Promise<void> {
  await page.goto(baseUrl);
  await page.getByTestId('nickname').fill(nickname);
  await page.getByTestId('join').click();
  await page.locator('[data-testid^="table-"]').first().waitFor();
}

/** Clicks a table in the lobby and waits until seated as a player. */
export async function sitAt(page: Page, tableId: string): Promise<void> {
  await page.getByTestId(`table-${tableId}`).click();
  await page.locator('[data-testid="role"][data-role="player"]').waitFor();
  await page.locator('[data-testid="deal"]').waitFor();
}

/** Builds a bet of `cents` from chips (largest first) and waits for the server to hold it. */
export async function placeBet(page: Page, cents: number): Promise<void> {
  let units = cents / 100;
  for (const chip of [100, 25, 5, 1]) {
    while (units >= chip) {
      await page.getByTestId(`chip-${chip}`).click();
      units -= chip;
    }
  }
  await page.locator(`[data-testid="bet-stack"][data-cents="${cents}"]`).waitFor();
}

/** The round id of the result shown, or `null`. */
export async function shownRoundId(page: Page): Promise<string | null> {
  const result = page.getByTestId('result');
  return (await result.count()) > 0 ? result.getAttribute('data-round-id') : null;
}

/**
 * Bets `mainCents` and a Fortune bet of 5.00 (the chips back on the main bet after), then deals.
 * @returns the round id the result showed before the deal, for `waitForResult`
 */
export async function dealWithFortune(page: Page, mainCents: number): Promise<string | null> {
  await placeBet(page, mainCents);
  await page.getByTestId('chips-to-fortune').click();
  await page.getByTestId('chip-5').click();
  await page.locator('[data-testid="fortune-stack"][data-cents="500"]').waitFor();
  await page.getByTestId('chips-to-main').click();
  const previous = await shownRoundId(page);
  await deal(page);
  return previous;
}

/** Clicks Deal and waits for the seven cards in the high hand and the banker's seven backs. */
export async function deal(page: Page): Promise<string[]> {
  await page.getByTestId('deal').click();
  await page.locator('[data-testid="high-hand"][data-count="7"]').waitFor();
  await page.locator('[data-testid="dealer-card"]').nth(6).waitFor();
  return playerCards(page);
}

/** The data-card of every player card, in page order. */
export async function playerCards(page: Page): Promise<string[]> {
  return page.getByTestId('player-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-card') ?? ''));
}

/** The data-card of the player cards in one hand. */
export async function handCards(page: Page, hand: 'high-hand' | 'low-hand'): Promise<string[]> {
  return page.locator(`[data-testid="${hand}"] [data-testid="player-card"]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-card') ?? ''));
}

/** Clicks one of the player's cards (moving it to the other hand). */
export async function clickCard(page: Page, card: string): Promise<void> {
  await page.locator(`[data-testid="player-card"][data-card="${card}"]`).click();
}

/** The result of a round settled after `previousRoundId`. */
export interface ShownResult {
  readonly roundId: string;
  readonly result: 'win' | 'push' | 'lose';
  readonly netCents: number;
}

/** Waits for the result of a round other than `previousRoundId` and reads it. */
export async function waitForResult(page: Page, previousRoundId: string | null): Promise<ShownResult> {
  await page.waitForFunction(
    (prev) => {
      const r = document.querySelector('[data-testid="result"]');
      return r !== null && r.getAttribute('data-round-id') !== prev;
    },
    previousRoundId,
    { timeout: 20_000 },
  );
  const result = page.getByTestId('result');
  return {
    roundId: (await result.getAttribute('data-round-id')) ?? '',
    result: (await result.getAttribute('data-result')) as ShownResult['result'],
    netCents: Number(await result.getAttribute('data-net-cents')),
  };
}

/** True when the page can be scrolled sideways (it must never be). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * A house-banked table of the lobby (rules.md §3.1: 5% commission) with a free seat, whose minimum main bet is at
 * most `maxMinCents` (default: any). Each test takes its own (`index`), so that one test's player never waits on
 * another's (the multi-player Deal rule, docs/protocol.md).
 * @throws Error when the lobby has no such table
 */
export function houseTable(tables: readonly LobbyTable[], index: number, maxMinCents = Number.POSITIVE_INFINITY): LobbyTable {
  const fitting = tables.filter((t) => !t.playerBanking && t.limits.main.minCents <= maxMinCents && t.seatsTaken < t.seats);
  const table = fitting[index % Math.max(1, fitting.length)];
  if (!table) throw new Error(`no house-banked table with a free seat and a minimum of at most ${maxMinCents} cents: ${JSON.stringify(tables)}`);
  return table;
}

/** Switches the page to `lang` with the top bar's language switcher and waits for the page to speak it. */
export async function speak(page: Page, lang: string): Promise<void> {
  await page.getByTestId('language').selectOption(lang);
  await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' });
}
