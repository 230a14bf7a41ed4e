/**
 * End-to-end: a tester's table faults a browser must show (the built server and the web client in Chromium).
 * - Fault 1 (390×844, en): the network goes (`context.setOffline(true)`, a few seconds; the page drops its socket, so
 *   that the server counts the player as gone) — within a few seconds "Connection lost — reconnecting…" (a live region),
 *   the chips disabled so no chip looks accepted, the player's seat away to another player; back online, the banner goes
 *   and the table answers again.
 * - Fault 2 (360×740): Lobby pressed with a hand in play and not answered: the dialog shows the time left, and closes
 *   once the decision timer has run out (the house way set the hand, the player was stood up).
 * Faults 3 and 4 are drawn from fixed views: packages/web/src/app/table-player-faults.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { en } from '../packages/web/src/app/i18n/en.js';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import { openPage } from './support/pages.js';
import type { RunningServer } from './support/server.js';
import { deal, placeBet, shot, signIn, sitAt } from './support/table-page.js';

let server: RunningServer;
let browser: Browser;

const LIMITS = { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 100, maxCents: 2_500 } };
/** Table 1 as usual; Table 2 gives 8 s to set a hand (the leave dialog's test waits for it to run out). */
const TABLES = {
  tables: [
    { tableId: 'table-1', name: 'Table 1', limits: LIMITS },
    { tableId: 'table-2', name: 'Table 2', limits: LIMITS, timers: { decisionMs: 8_000 } },
  ],
};

beforeAll(async () => {
  ({ server, browser } = await openSuite({ tables: TABLES.tables }));
}, SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

describe("a player's table faults in Chromium", () => {
  it('says the connection is lost within seconds, accepts no chip while offline, and recovers when back', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(page, server.url, 'Offline Olga');
    await sitAt(page, 'table-1');
    await placeBet(page, 500);

    // Another player at the table, in its own browser, sees who is there.
    const other = await openPage(browser, { viewport: { width: 1366, height: 700 } });
    await signIn(other, server.url, 'Watching Walt');
    await sitAt(other, 'table-1');
    const olgaSeat = other.locator('.seat--taken[data-mine="false"]');
    await olgaSeat.waitFor();
    expect(await olgaSeat.getAttribute('class')).not.toContain('seat--away');

    await page.context().setOffline(true);
    // The page drops its socket: the server counts the player as gone (an interruption, rules.md §5), whereas
    // Chromium's offline mode kept the socket answering the server's pings, so a player who could not act was
    // counted as present, timed out and stood up (a tester's 50 s offline). Before: still there after 8 s.
    await other.locator('.seat--taken.seat--away[data-mine="false"]').waitFor({ timeout: 8_000 });
    await other.close();
    const banner = page.getByTestId('connection-lost');
    // Within a few seconds (soft: the chips below are checked too, whatever the banner did).
    await banner.waitFor({ timeout: 5_000 }).catch(() => undefined);
    expect.soft(await banner.isVisible()).toBe(true);
    expect.soft((await banner.count()) > 0 ? await banner.textContent() : '').toContain(en.table.connectionLost);
    // A live region announces it.
    expect.soft(await page.locator('[role="status"]', { has: banner }).count()).toBe(1);
    // No action looks accepted that the server never got: the chips are disabled, the bet stays as it was.
    expect(await page.getByTestId('chip-1').isDisabled()).toBe(true);
    await page.getByTestId('chip-1').click({ force: true, timeout: 2_000 }).catch(() => undefined);
    expect(await page.getByTestId('bet-stack').getAttribute('data-cents')).toBe('500');
    await shot(page, 'player-faults-1-offline');
    // Still said a moment later, while the browser is offline.
    await page.waitForTimeout(3_000);
    expect(await banner.isVisible()).toBe(true);
    expect(await page.getByTestId('chip-1').isDisabled()).toBe(true);

    await page.context().setOffline(false);
    await banner.waitFor({ state: 'detached', timeout: 15_000 });
    // The return is said in the same live region (a removal alone is not read out).
    expect(await page.locator('[role="status"] [data-testid="connection-back"]').textContent()).toBe(en.table.connectionBack);
    // Fresh again: the table answers a chip.
    await page.locator('[data-testid="chip-1"]:not([disabled])').waitFor({ timeout: 15_000 });
    const before = Number(await page.getByTestId('bet-stack').getAttribute('data-cents'));
    await page.getByTestId('chip-1').click();
    await page.locator(`[data-testid="bet-stack"][data-cents="${before + 100}"]`).waitFor();
    await page.getByTestId('deal').click();
    await page.locator('[data-testid="high-hand"][data-count="7"]').waitFor();
    await page.close();
  }, 120_000);

  it('closes the leave dialog once its hand is no longer in play, showing the time left meanwhile', async () => {
    const page = await openPage(browser, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await signIn(page, server.url, 'Dawdling Dora');
    await sitAt(page, 'table-2');
    await placeBet(page, 500);
    await deal(page);
    await page.getByTestId('leave').click();
    const dialog = page.locator('[data-testid="leave-dialog"][data-kind="dealt"]');
    await dialog.waitFor();
    // The time left to set the hand (soft: whether the dialog closes below is checked whatever it shows).
    const timeLeft = page.getByTestId('leave-time-left');
    const left = (await timeLeft.count()) > 0 ? Number(await timeLeft.getAttribute('data-seconds')) : 0;
    expect.soft(left).toBeGreaterThan(0);
    expect.soft(left).toBeLessThanOrEqual(8);
    await shot(page, 'player-faults-2-leave-dialog');
    // Not answered: the decision timer runs out behind it, the house way sets the hand and the player is stood up.
    await page.locator('[data-testid="role"][data-role="spectator"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('leave-dialog').waitFor({ state: 'detached', timeout: 2_000 });
    await page.close();
  }, 90_000);
});
