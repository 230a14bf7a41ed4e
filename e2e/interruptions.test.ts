/**
 * End-to-end: timers and interruptions (rules.md §5) as a player sees them, with the built server and
 * the web client in Chromium.
 * - Two players at a shared table: the one who pressed Deal sees whom it waits for, with a countdown;
 *   the one who lets its decision timer run out is told (the house way set its hand, it left the table:
 *   informational notices, not the red error) and can sit again; after the reveal everyone sees every
 *   player's hands and results.
 * - A server restart during a dealt round: the page reconnects by itself, takes its seat back, shows the
 *   round settled while it was away (and the same round in the history), and no connection error stays.
 * Screenshots go to artifacts/e2e/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import type { Browser, Page } from 'playwright-core';
import { en } from '../packages/web/src/app/i18n/en.js';
import { VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';
import { intAttr, placeBet, shot, signIn, sitAt } from './support/table-page.js';

let server: RunningServer;
let browser: Browser;


/** Table 2 as a default server has it; Table 1 too, but its players have 20 s to set their hands (45 s by default). */
const TABLES = {
  tables: [
    { tableId: 'table-1', name: 'Table 1 (1–100)', limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 100, maxCents: 2_500 } }, timers: { decisionMs: 20_000 } },
    { tableId: 'table-2', name: 'Table 2 (5–500)', limits: { main: { minCents: 500, maxCents: 50_000 }, fortune: { minCents: 500, maxCents: 10_000 } } },
  ],
};

beforeAll(async () => {
  ({ server, browser } = await openSuite({ tables: TABLES.tables }));
}, SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

/** The test id of the viewer's own seat pill (`seat-<n>`). */
async function mySeat(page: Page): Promise<string> {
  const seat = page.locator('[data-testid^="seat-"][data-mine="true"]');
  await seat.waitFor();
  return (await seat.getAttribute('data-testid')) ?? '';
}

/** The error element is hidden (no refused action on screen). */
async function noError(page: Page): Promise<boolean> {
  const error = page.getByTestId('error');
  return (await error.count()) === 0 || !(await error.isVisible());
}

describe('timers and interruptions in Chromium', () => {
  it('shows whom a ready player waits for, tells a timed-out player what happened, and lets it sit again', async () => {
    // A decision timer runs out in this test: Table 1's 20 s here (rules.md §5).
    const quick = await openPage(browser, { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    await signIn(quick, server.url, 'Quick Quinn');
    await sitAt(quick, 'table-1');
    await placeBet(quick, 500);
    const quickSeat = await mySeat(quick);

    const slow = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(slow, server.url, 'Slow Sam');
    await sitAt(slow, 'table-1');
    // The other player's bet is on show at a shared table.
    await slow.locator(`[data-testid="${quickSeat}"][data-main-cents="500"]`).waitFor();
    await placeBet(slow, 500);
    await slow.getByTestId('deal').click();

    // Ready: waiting for one more player to press Deal, at most its bet timer.
    const waiting = slow.locator('[data-testid="waiting"][data-kind="deal"][data-count="1"]');
    await waiting.waitFor();
    expect(await waiting.textContent()).toMatch(/Waiting for 1 more player to press Deal — at most \d+\u00a0s\./);
    const seconds = await intAttr(slow, 'countdown', 'seconds');
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(45);
    expect(await intAttr(slow, 'timer', 'ms-left')).toBeGreaterThan(0);
    await shot(slow, 'wait-1-ready-waiting-for-deal');

    await quick.getByTestId('deal').click();
    for (const page of [quick, slow]) await page.locator('[data-testid="high-hand"][data-count="7"]').waitFor();
    await quick.getByTestId('house-way').click();
    const waitingSet = quick.locator('[data-testid="waiting"][data-kind="set"][data-count="1"]');
    await waitingSet.waitFor();
    expect(await waitingSet.textContent()).toMatch(/Waiting for 1 player to set their hand — at most \d+\u00a0s\./);
    await shot(quick, 'wait-2-phone-waiting-for-set');

    // Slow Sam lets the 20 s run out: the house way sets the hand, and Sam leaves the table.
    const houseWaySet = slow.locator('[data-testid="notice"][data-code="notice/house-way-set"]');
    await houseWaySet.waitFor({ timeout: 70_000 });
    expect(await houseWaySet.textContent()).toContain(en.notices['house-way-set'].timeout);
    const left = slow.locator('[data-testid="notice"][data-code="notice/left-table"]');
    await left.waitFor({ timeout: 15_000 });
    expect(await left.textContent()).toContain(en.notices['left-table'].timeout);
    await slow.locator('[data-testid="role"][data-role="spectator"]').waitFor();
    expect(await slow.getByTestId('role').textContent()).toBe(en.role.spectator);
    expect(await slow.getByTestId('house-way-explanation').textContent()).toMatch(/^Time ran out, so the house set your hand/);
    // Notices are not refusals: the red error element stays hidden.
    expect(await noError(slow)).toBe(true);
    await shot(slow, 'wait-3-timed-out-notices');

    // After the reveal the other player sees both players' hands and results.
    const rows = quick.getByTestId('round-player');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    const samRow = quick.locator('[data-testid="round-player"]', { hasText: 'Slow Sam' });
    expect(await samRow.textContent()).toContain(en.roundPlayer.setBy.timeout);
    expect(await samRow.locator('.mini-card').count()).toBe(7);
    await shot(quick, 'wait-4-phone-round-players');

    // "Sit again" takes a seat back.
    await slow.getByTestId('sit-again').click();
    await slow.locator('[data-testid="role"][data-role="player"]').waitFor();
    await slow.getByTestId('deal').waitFor();
    await quick.close();
    await slow.close();
  }, 180_000);

  it('after a server restart, reconnects, takes its seat back and shows the round settled while away', async () => {
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(page, server.url, 'Restart Rita');
    await sitAt(page, 'table-2');
    const seat = await mySeat(page);
    const before = await intAttr(page, 'balance', 'cents');
    await page.locator('[data-testid="history"]', { hasText: en.history.empty }).waitFor();
    await placeBet(page, 2500);
    await page.getByTestId('deal').click();
    await page.locator('[data-testid="high-hand"][data-count="7"]').waitFor();

    // The server dies during the round (no clean shutdown) and comes back on the same port and data.
    const { port, dataDir } = server;
    await server.crash();
    await page.locator('[data-testid="message"]', { hasText: en.app.reconnecting }).waitFor({ timeout: 10_000 });
    server = await startServer({ port, dataDir, tables: TABLES.tables });

    // Reconnected: seated again at the same seat, the missed round in the away panel and the history.
    const away = page.getByTestId('away-round');
    await away.first().waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="role"][data-role="player"]').waitFor({ timeout: 10_000 });
    await page.locator(`[data-testid="${seat}"][data-mine="true"]`).waitFor();
    expect(await away.count()).toBe(1);
    const roundId = (await away.getAttribute('data-round-id')) ?? '';
    const net = Number(await away.getAttribute('data-net-cents'));
    expect(['win', 'push', 'lose']).toContain(await away.getAttribute('data-result'));
    expect(await away.textContent()).toContain(en.away.houseWay);
    const row = page.locator(`[data-testid="history-row"][data-round-id="${roundId}"]`);
    await row.waitFor();
    expect(Number(await row.getAttribute('data-net-cents'))).toBe(net);
    expect(await row.getByTestId('history-table').textContent()).toContain('Table 2');
    await expect.poll(() => intAttr(page, 'balance', 'cents')).toBe(before + net);
    expect(await noError(page)).toBe(true);
    await shot(page, 'restart-1-back-after-restart');
    await page.getByTestId('away-close').click();
    expect(await page.getByTestId('away-panel').count()).toBe(0);
    await page.close();
  }, 120_000);
});
