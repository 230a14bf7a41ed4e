/**
 * End-to-end, a keyboard and screen-reader tester's faults 6 and 7: the grade's announcement replaced the result's
 * ("You lost $1. Grading your setting…" became "You made the best setting.", the money unsaid); the player's own seat
 * was named by its nickname alone; the two chip toolbars had no name; Sound was "Sound off", not pressed (a double
 * negative); and every history link was "Verify", saying neither which round nor that it opens a new tab. Fault 5 in
 * the history as the browser names it: the cards by their names, no suit symbols.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { LobbyTable } from '@paigow/protocol';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import { VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import type { RunningServer } from './support/server.js';
import { deal, houseTable, placeBet, signIn, sitAt, waitForResult } from './support/table-page.js';

let server: RunningServer;
let browser: Browser;
let tables: LobbyTable[];

beforeAll(async () => ({ server, browser, tables } = await openSuite()), SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

const announcer = (page: Page) => page.getByTestId('announcer').textContent();

describe('what a screen reader hears of the seat, the tools, the result and the history', () => {
  it('names the own seat, the toolbars and Sound; keeps the money in the grade; names each Verify link and the history cards', async () => {
    const table = houseTable(tables, 0, 500);
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(page, server.url, 'KeyTester');
    await sitAt(page, table.tableId);
    // The own seat says it is the player's.
    await expect.poll(() => page.getByRole('button', { name: /^KeyTester \(you\)/ }).count()).toBe(1);
    // Both toolbars are named.
    expect(await page.getByRole('toolbar', { name: 'Chips', exact: true }).count()).toBe(1);
    expect(await page.getByRole('toolbar', { name: 'Bet tools', exact: true }).count()).toBe(1);
    // Sound is "Sound", and whether it is on is its pressed state.
    const sound = page.getByRole('button', { name: 'Sound', exact: true });
    expect(await sound.count()).toBe(1);
    expect(await sound.getAttribute('aria-pressed')).toBe('false');
    // On screen it still says whether it is on.
    expect((await sound.innerText()).replace(/\s+/g, ' ').trim()).toBe('♪ Sound off');
    await sound.click();
    expect(await sound.getAttribute('aria-pressed')).toBe('true');
    expect((await sound.innerText()).replace(/\s+/g, ' ').trim()).toBe('♪ Sound on');

    await placeBet(page, 500);
    await deal(page);
    await page.getByTestId('house-way').click();
    await waitForResult(page, null);
    const headline = (await page.locator('[data-testid="result-line"][data-kind="net"]').textContent())?.trim() ?? '';
    // The banner's first line: the round's net in words ("You lost $5", "Push: your bet back").
    expect(headline).not.toBe('');
    // The grade's announcement (the coach grades a house-way setting too) still says the money. Grading is background work
    // that waits while the machine is busy (docs/server.md "The coach"): with another browser file running beside this one, 60 s.
    await page.waitForFunction(() => /best setting|gave up/.test(document.querySelector('[data-testid="announcer"]')?.textContent ?? ''), undefined, { timeout: 60_000 });
    expect(await announcer(page)).toMatch(new RegExp(`^${headline.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\. You (made the best setting|gave up)`));

    // The history row's Verify link says which round and that it opens a new tab; its cards are said by their names.
    const row = page.getByTestId('history-row').first();
    await row.getByTestId('history-verify').waitFor();
    const link = row.getByRole('link');
    expect(await link.getAttribute('target')).toBe('_blank');
    const tableName = (await row.getByTestId('history-table').textContent())?.replace(/^\s*·\s*/, '').trim() ?? '';
    expect(await row.getByRole('link', { name: new RegExp(`^Verify the round of .+ at ${tableName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(.+\\); opens in a new tab$`) }).count()).toBe(1);
    const said = await row.ariaSnapshot();
    expect(said).not.toMatch(/[♠♥♦♣]/);
    expect(said).toMatch(/high hand: \w+ of \w+, .*; low hand: \w+ of \w+/);
    await page.close();
  }, 120_000);
});
