/**
 * End-to-end: faults a tester found at a shared table (table-2, 5.00 minimum), with the built server and the
 * web client in Chromium. A player not dealt into another player's round keeps its own last result on the
 * felt (its cards with their marks, the banker's cards, the result line) until it bets again; a bet below the
 * minimum disables Deal with the reason shown, and no "+$1" badge on the Fortune spot; the chips are named by
 * what they do; leaving with bets on the felt or a hand in play asks first, saying what will happen
 * (rules.md §5). Screenshots go to artifacts/e2e/round-leave-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { HistoryResponse, MeResponse } from '@paigow/protocol';
import { en } from '../packages/web/src/app/i18n/en.js';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import { openPage } from './support/pages.js';
import { VIEWPORTS } from './support/browser.js';
import type { RunningServer } from './support/server.js';
import { placeBet, shot, signIn, sitAt, waitForResult } from './support/table-page.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openSuite()), SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

describe('a shared table (table-2)', () => {
  it("keeps a player's result while another plays a round it is not in, and asks before leaving mid-round", async () => {
    const a = await openPage(browser, { viewport: VIEWPORTS.laptop });
    const b = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(a, server.url, 'Ann Keeps');
    await signIn(b, server.url, 'Ben Deals');
    await sitAt(a, 'table-2');
    await sitAt(b, 'table-2');
    // Both bet 5 and deal; both let the house way set their hands.
    await placeBet(a, 500);
    await placeBet(b, 500);
    await a.getByTestId('deal').click();
    await b.getByTestId('deal').click();
    for (const page of [a, b]) {
      await page.locator('[data-testid="high-hand"][data-count="7"]').waitFor();
      await page.getByTestId('house-way').click();
    }
    const first = await waitForResult(a, null);
    // Ben bets 5 and deals alone: Ann is not in his round.
    await placeBet(b, 500);
    await b.getByTestId('deal').click();
    await b.locator('[data-testid="high-hand"][data-count="7"]').waitFor();
    // Ann's phase line moves on from her settled round once Ben's is dealt.
    await a.waitForFunction((settled) => document.querySelector('[data-testid="message"]')?.textContent !== settled, en.phase.settled);
    // Ann still reads her round: her result, her seven cards with their marks, the banker's set hands tagged as hers.
    expect(await a.getByTestId('result').getAttribute('data-round-id')).toBe(first.roundId);
    expect(await a.getByTestId('player-card').count()).toBe(7);
    expect(await a.getByTestId('high-mark').count()).toBe(1);
    expect(await a.getByTestId('dealer-low-hand').count()).toBe(1);
    expect(await a.getByTestId('last-round-tag').textContent()).toBe(en.table.yourLastRoundTag);
    expect(await a.locator('.felt').getAttribute('data-stage')).toBe('revealed');
    expect(await a.getByTestId('last-round-panel-title').textContent()).toBe(en.table.lastRoundPanel);
    await shot(a, 'round-leave-1-kept');
    // Ben's round settles: Ann's own result stays until she places a chip.
    await b.getByTestId('house-way').click();
    await a.locator('[data-testid="last-round-panel"]:not([data-round-id="' + first.roundId + '"])').waitFor();
    expect(await a.getByTestId('result').getAttribute('data-round-id')).toBe(first.roundId);
    await a.getByTestId('chip-1').click();
    await a.getByTestId('result').waitFor({ state: 'detached' });

    // 1.00 at a 5.00 table: Deal disabled, saying why; the Fortune spot carries no "+$1" badge; chips named.
    await a.locator('[data-testid="bet-stack"][data-draft-cents="100"]').waitFor();
    expect(await a.getByTestId('deal').isDisabled()).toBe(true);
    expect(await a.getByTestId('deal-reason').textContent()).toBe(en.table.underMin.replace('{{amount}}', '$5'));
    expect(await a.locator('.spot__badge').count()).toBe(0);
    expect(await a.getByTestId('chip-5').getAttribute('aria-label')).toBe(en.table.chipToMain.replace('{{amount}}', '$5'));
    await a.getByTestId('chip-5').click();
    await a.locator('[data-testid="bet-stack"][data-cents="600"]').waitFor();
    expect(await a.getByTestId('deal').isDisabled()).toBe(false);
    expect(await a.getByTestId('deal-reason').count()).toBe(0);

    // Leaving with a bet on the felt asks first, and Stay keeps the player at the table.
    await a.getByTestId('leave').click();
    const dialog = a.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('data-kind')).toBe('bets');
    expect(await dialog.textContent()).toContain(en.table.leaveConfirmBets.replace('{{amount}}', '$6'));
    await a.getByTestId('leave-stay').click();
    await dialog.waitFor({ state: 'detached' });
    // Dealt: leaving says the house way sets the hand; confirming goes to the lobby.
    await a.getByTestId('deal').click();
    await a.locator('[data-testid="high-hand"][data-count="7"]').waitFor();
    await a.getByTestId('leave').click();
    await dialog.waitFor();
    expect(await dialog.getAttribute('data-kind')).toBe('dealt');
    expect(await dialog.textContent()).toContain(en.table.leaveConfirmDealt);
    await shot(a, 'round-leave-2-confirm');
    const leftAt = Date.now();
    await a.getByTestId('leave-confirm').click();
    await a.getByTestId('table-table-2').waitFor();
    // As the dialog says: the house way sets the hand at once (a leave on purpose), not after the 15-s reconnection grace.
    const token = await a.evaluate(() => localStorage.getItem('paigow.session') ?? '');
    const latest = async () => {
      const history = (await (await fetch(`${server.url}/api/history?limit=1`, { headers: { authorization: `Bearer ${token}` } })).json()) as HistoryResponse;
      return history.items[0];
    };
    await expect.poll(async () => (await latest())?.status, { timeout: 30_000, interval: 250 }).toBe('settled');
    expect(Date.now() - leftAt).toBeLessThan(10_000);
    expect((await latest())!.result!.players.find((player) => player.you)?.setBy).toBe('house-way');
  }, 240_000);

  it('shows in the lobby the balance and comp points of a round left in play once another player ends it', async () => {
    // A player's finding: after leaving a round still in play, the lobby kept the balance and comp points of before its
    // settlement (a push read as a loss) until Refresh was pressed.
    const a = await openPage(browser, { viewport: VIEWPORTS.laptop, reducedMotion: 'reduce' });
    const b = await openPage(browser, { viewport: VIEWPORTS.laptop, reducedMotion: 'reduce' });
    await signIn(a, server.url, 'Ada Leaves');
    await signIn(b, server.url, 'Bea Stays');
    await sitAt(a, 'table-1');
    await sitAt(b, 'table-1');
    await placeBet(a, 500);
    await placeBet(b, 500);
    await a.getByTestId('deal').click();
    await b.getByTestId('deal').click();
    for (const page of [a, b]) await page.locator('[data-testid="high-hand"][data-count="7"]').waitFor();
    await a.getByTestId('house-way').click();
    await a.getByTestId('leave').click();
    await a.getByRole('alertdialog').waitFor();
    await a.getByTestId('leave-confirm').click();
    await a.getByTestId('table-table-1').waitFor();
    const shown = async () => ({
      balanceCents: Number(await a.getByTestId('balance').getAttribute('data-cents')),
      compPoints: Number(await a.getByTestId('comp-points').getAttribute('data-points')),
    });
    const before = await shown();
    // Bea ends the round after the lobby has read Ada's balance, her 5.00 still held.
    await a.waitForTimeout(1_000);
    await b.getByTestId('house-way').click();
    await waitForResult(b, null);
    const token = await a.evaluate(() => localStorage.getItem('paigow.session') ?? '');
    const me = (await (await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as MeResponse;
    expect(me.player.compPoints, 'the settlement credits the comp points').toBeGreaterThan(before.compPoints);
    await expect.poll(shown, { timeout: 10_000, interval: 250 }).toEqual({ balanceCents: me.player.balanceCents, compPoints: me.player.compPoints });
  }, 240_000);
});
