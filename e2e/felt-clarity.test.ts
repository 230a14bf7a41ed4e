/**
 * End-to-end: what players and a banker read on the felt (issue 10 points 7–10), with the built server
 * and the web client in Chromium. Chips: a refused chip is never the one taken off next, the Fortune
 * spot offers no chip above its limit and says its limit, a chip is picked for the Fortune bet without
 * touching the main bet, Clear / Undo / Double, the total on the felt. The bank: why "Be the banker" is
 * disabled, taking the bank after playing a round (never redrawn as if banked), a player sitting down
 * (never shown the previous round as current), what the bank can still take, and the banker's marks
 * from its own side. Screenshots go to artifacts/e2e/clarity-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import type { Browser, Page } from 'playwright-core';
import { en } from '../packages/web/src/app/i18n/en.js';
import { openPage } from './support/pages.js';
import { VIEWPORTS } from './support/browser.js';
import { type RunningServer } from './support/server.js';
import { deal, intAttr, placeBet, shot, shownRoundId, signIn, sitAt, waitForResult } from './support/table-page.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openSuite()), SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

const TEST_TIMEOUT_MS = 180_000;

/** Waits until the element `testid` has `data-<attr>="<value>"`. */
async function waitAttr(page: Page, testid: string, attr: string, value: string | number): Promise<void> {
  await page.locator(`[data-testid="${testid}"][data-${attr}="${value}"]`).first().waitFor();
}

/** The mirror of a player's hand mark on the banker's side (a copy stays a copy). */
const mirror = (mark: string | null) => (mark === 'win' ? 'lose' : mark === 'lose' ? 'win' : mark);

describe('the felt reads clearly (issue 10)', () => {
  it('chips: a refused chip, the Fortune limit, picking a chip for the Fortune bet, Clear, Undo, Double and the total', async () => {
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(page, server.url, 'Chip Chen');
    await sitAt(page, 'table-1'); // 1.00 – 100.00, Fortune 1.00 – 25.00
    // A Fortune chip before any main bet is not taken, and says why (the Fortune bet goes with a main bet).
    await page.getByTestId('chips-to-fortune').click();
    await page.getByTestId('chip-5').click();
    expect(await page.getByTestId('error').textContent()).toBe(en.bets.fortuneNeedsMain);
    await waitAttr(page, 'fortune-stack', 'cents', 0);
    expect(await page.getByTestId('bet-undo').isDisabled()).toBe(true);
    await page.getByTestId('chips-to-main').click();
    await page.getByTestId('chip-1').click();
    await page.getByTestId('chip-5').click();
    await waitAttr(page, 'bet-stack', 'cents', 600);
    // 106.00 is over the maximum: refused, the bet stays 6.00 …
    await page.getByTestId('chip-100').click();
    await page.locator('[data-testid="error"]:visible', { hasText: '$106' }).waitFor();
    expect(await page.getByTestId('error').textContent()).toBe(en.bets.mainOverMax.replace('{{max}}', '$100').replace('{{amount}}', '$106'));
    await waitAttr(page, 'bet-stack', 'cents', 600);
    // … and taking a chip off takes the last accepted one (the 5), not the 1.
    await page.getByTestId('bet-stack').click();
    await waitAttr(page, 'bet-stack', 'cents', 100);

    // Chips go on the Fortune bet: the 5 is picked without touching the main bet; the 100 is never offered.
    await page.getByTestId('chips-to-fortune').click();
    // A chip over the Fortune maximum stays enabled and says why, as at the table maximum.
    await page.getByTestId('chip-100').click();
    expect(await page.getByTestId('error').textContent()).toBe(en.bets.fortuneOverMax.replace('{{max}}', '$25').replace('{{amount}}', '$100'));
    await page.getByTestId('chip-5').click();
    await waitAttr(page, 'fortune-stack', 'cents', 500);
    await waitAttr(page, 'bet-stack', 'cents', 100);
    expect(await page.getByTestId('chip-5').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('chip-25').click(); // 5 + 25 > 25
    expect(await page.getByTestId('error').textContent()).toBe(en.bets.fortuneOverMax.replace('{{max}}', '$25').replace('{{amount}}', '$30'));
    await page.getByTestId('chip-5').click();
    await waitAttr(page, 'fortune-stack', 'cents', 1000);
    for (let i = 0; i < 3; i++) await page.getByTestId('chip-5').click();
    await waitAttr(page, 'fortune-stack', 'cents', 2500);
    // At its maximum the Fortune spot offers nothing and says its limit.
    await page.getByTestId('fortune-stack').click();
    expect(await page.getByTestId('error').textContent()).toBe(en.bets.fortuneAtMax.replace('{{max}}', '$25'));
    await waitAttr(page, 'bet-total', 'cents', 2600);
    await shot(page, 'clarity-1-chips');

    // Undo takes back the last chip; Clear takes both bets off; Double doubles the bets.
    await page.getByTestId('bet-undo').click();
    await waitAttr(page, 'fortune-stack', 'cents', 2000);
    await page.getByTestId('bet-clear').click();
    await waitAttr(page, 'bet-stack', 'cents', 0);
    await waitAttr(page, 'fortune-stack', 'cents', 0);
    await waitAttr(page, 'bet-total', 'cents', 0);
    expect(await page.getByTestId('bet-double').isDisabled()).toBe(true);
    await page.getByTestId('chips-to-main').click();
    await placeBet(page, 500);
    await page.getByTestId('chips-to-fortune').click();
    await page.getByTestId('chip-1').click();
    await waitAttr(page, 'fortune-stack', 'cents', 100);
    await page.getByTestId('bet-double').click();
    await waitAttr(page, 'bet-stack', 'cents', 1000);
    await waitAttr(page, 'fortune-stack', 'cents', 200);
    await waitAttr(page, 'bet-total', 'cents', 1200);
    await shot(page, 'clarity-2-doubled');
    await page.close();
  }, TEST_TIMEOUT_MS);

  it('the bank: why it is disabled, taking it after a round, a new player, the room left and the banker\'s marks', async () => {
    const banker = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(banker, server.url, 'Bo Brand');
    // The lobby says that banking costs comp points, with the table's own number.
    const note = (await banker.getByTestId('bank-cost-note').textContent()) ?? '';
    expect(note).toContain(en.lobby.bankCost.split('{{points}}')[1]!);
    expect(note).toContain('at least 50 needed');
    await sitAt(banker, 'table-3');
    // 0 comp points of the 50 needed: the reason says so with the table's numbers.
    await waitAttr(banker, 'bank-reason', 'kinds', 'comp-points');
    expect(await banker.getByTestId('take-bank').isDisabled()).toBe(true);
    expect(await banker.getByTestId('bank-reason').textContent()).toBe('Banking needs 50 comp points; you have 0.');
    await shot(banker, 'clarity-3-bank-reason');

    // One round of 55.00 as a player earns the points; then Bo takes the bank. (55: the 5 units Pia bets below
    // leave Bo the 50 banking needs, so he keeps the bank after that round, rules.md §5.)
    await placeBet(banker, 5500);
    const previous = await shownRoundId(banker);
    await deal(banker);
    await banker.getByTestId('house-way').click();
    const played = await waitForResult(banker, previous);
    await expect.poll(() => intAttr(banker, 'comp-points', 'points')).toBe(55);
    await banker.locator('[data-testid="take-bank"]:enabled').waitFor();
    await banker.getByTestId('take-bank').click();
    await banker.locator('[data-testid="role"][data-role="banker"]').waitFor();
    // The round Bo played as a player is still his player's round, tagged "Last round": no banker's
    // reading of it ("won … → you −…"), his own marks, the banner's figures unchanged.
    await waitAttr(banker, 'last-round-tag', 'round-id', played.roundId);
    expect(await banker.getByTestId('banker-net').count()).toBe(0);
    expect(await banker.getByTestId('high-mark').count()).toBe(1);
    await waitAttr(banker, 'result', 'net-cents', played.netCents);
    // The felt names the round's banker beside today's, whole at laptop size (a tester's read "(banker then: …").
    expect(await banker.getByTestId('last-round-banker').textContent()).toBe('(banker then: the house)');
    const title = banker.locator('.zone--banker .zone__title strong');
    expect(await title.evaluate((el) => el.scrollWidth - el.clientWidth), "the banker's name, the tag and the round's banker cut off").toBeLessThanOrEqual(0);
    await shot(banker, 'clarity-4-took-bank');
    // And on phones, where it wraps (a tester read "(Geber in…" at 740×360 and "(banq…" at 390×844), the table still on one screen.
    const laptop = banker.viewportSize()!;
    for (const phone of [{ width: 740, height: 360 }, { width: 390, height: 844 }]) {
      await banker.setViewportSize(phone);
      await expect.poll(() => title.evaluate((el) => el.scrollWidth - el.clientWidth), { message: `${phone.width}×${phone.height}: the round's banker cut off` }).toBeLessThanOrEqual(0);
      await shot(banker, `clarity-4-took-bank-${phone.width}x${phone.height}`);
      // Polled: the phone's layout comes with React's render after the media query changes, not with the resize.
      await expect
        .poll(() => banker.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight), { message: `${phone.width}×${phone.height}: the page taller than the window` })
        .toBeLessThanOrEqual(0);
    }
    await banker.setViewportSize(laptop);
    await banker.locator('[data-testid="approve"]:enabled').waitFor();
    await banker.getByTestId('approve').click();

    // A player sits down: the previous round is not on its felt; beside it, named, as the last round.
    const player = await openPage(browser, { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    await signIn(player, server.url, 'Player Pia');
    await sitAt(player, 'table-3');
    expect(await player.getByTestId('dealer-high-hand').count()).toBe(0);
    expect(await player.getByTestId('last-round-tag').count()).toBe(0);
    // On a phone the panels beside the felt are in the sheet behind `side-toggle` (issue 14 point 4).
    await player.getByTestId('side-toggle').click();
    await waitAttr(player, 'last-round-panel', 'round-id', played.roundId);
    expect(await player.getByTestId('last-round-panel').textContent()).toContain('Bo Brand');
    await player.getByTestId('side-close').click();
    // Someone else banks; the player sees how much the bank can still take. On a phone the reason is behind "Why?".
    await player.locator('[data-testid="bank-reason"][data-kinds="occupied"]').waitFor({ state: 'attached' });
    await player.getByTestId('bank-why').click();
    await waitAttr(player, 'bank-reason', 'kinds', 'occupied');
    expect(await player.getByTestId('bank-reason').textContent()).toBe('Bo Brand is the banker.');
    await player.getByTestId('bank-why').click();
    await player.getByTestId('bank-reason').waitFor({ state: 'hidden' });
    const room = await intAttr(player, 'bank-room', 'cents');
    expect(room).toBeGreaterThanOrEqual(10_000);
    await shot(player, 'clarity-5-newcomer');

    const before = await shownRoundId(banker);
    await placeBet(player, 500);
    await waitAttr(player, 'bank-room', 'cents', room - 500);
    const previousPia = await shownRoundId(player);
    await deal(player);
    await player.getByTestId('house-way').click();
    await waitForResult(player, previousPia);
    const b = await waitForResult(banker, before);
    // The banker's screen: marks over its own hands from its side; Pia's row has her money from the banker's side and,
    // beside her hands, her own marks (the banker's there were read as hers).
    const row = banker.getByTestId('round-player');
    const piaHigh = await player.getByTestId('high-mark').getAttribute('data-mark');
    const piaLow = await player.getByTestId('low-mark').getAttribute('data-mark');
    expect(await banker.getByTestId('dealer-high-mark').getAttribute('data-mark')).toBe(mirror(piaHigh));
    expect(await banker.getByTestId('dealer-low-mark').getAttribute('data-mark')).toBe(mirror(piaLow));
    const marks = await row.locator('.mark').evaluateAll((els) => els.map((e) => e.getAttribute('data-mark')));
    expect(marks).toEqual([piaHigh, piaLow]);
    const bankerCents = Number(await row.getAttribute('data-banker-cents'));
    expect(await row.getAttribute('data-banker-result')).toBe(bankerCents > 0 ? 'win' : bankerCents < 0 ? 'lose' : 'push');
    expect(await intAttr(banker, 'banker-net', 'net-cents')).toBe(b.netCents);
    await shot(banker, 'clarity-6-banker-marks');
    await player.close();
    await banker.close();
  }, TEST_TIMEOUT_MS);
});
