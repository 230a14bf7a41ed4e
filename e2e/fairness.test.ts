/**
 * End-to-end: a provably fair round (issue 15) with the built server and the web client in Chromium. The
 * table shows the round's commitment before the first bet and a random, editable client seed; the player
 * types its own seed, plays a round with House Way, opens the round's verify page from its history and
 * reads "verified": the browser replayed the shuffle with WebCrypto, and its seed under its seat as the table numbers
 * it ("Seat 2 (you): fay picks 7"), then the string hashed ("1:fay picks 7"), on a centred card. The verify page (in English and German)
 * and the fairness audit page have no serious or critical axe violation (issue 14 point 5).
 * Screenshots: artifacts/e2e/fairness-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import type { Browser } from 'playwright-core';
import { VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import { type RunningServer } from './support/server.js';
import { deal, placeBet, shot, shownRoundId, signIn, sitAt, waitForResult } from './support/table-page.js';
import { expectAccessible } from './support/a11y.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openSuite()), SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

describe('provably fair rounds in the browser (issue 15)', () => {
  it('commits before the bet, takes the player’s client seed, and the verify page from the history says "verified"', async () => {
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop, bypassCSP: true });
    await signIn(page, server.url, 'Fair Fay');
    await sitAt(page, 'table-1');
    const commitment = await page.getByTestId('fairness-commitment').textContent();
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    const seedInput = page.getByTestId('client-seed');
    expect(await seedInput.inputValue()).toMatch(/^[0-9a-f]{16}$/); // random by default
    await seedInput.fill('bad|seed');
    await page.getByTestId('client-seed-error').waitFor();
    await seedInput.fill('fay picks 7');
    const before = await shownRoundId(page);
    await placeBet(page, 500);
    await deal(page);
    await page.locator('[data-testid="fairness-client-seeds"]').waitFor();
    expect(await page.getByTestId('fairness-client-seeds').textContent()).toContain(':fay picks 7');
    await page.getByTestId('house-way').click();
    const shown = await waitForResult(page, before);
    await shot(page, 'fairness-table');

    const row = page.locator(`[data-testid="history-row"][data-round-id="${shown.roundId}"]`);
    await row.waitFor();
    const [verify] = await Promise.all([page.context().waitForEvent('page'), row.getByTestId('history-verify').click()]);
    await verify.locator('[data-testid="verify-status"][data-verified="yes"]').waitFor();
    expect(await verify.getByTestId('verify-status').textContent()).toBe('verified');
    expect(verify.url()).toContain(`#/verify/${shown.roundId}`);
    expect(await verify.getByTestId('verify-server-seed').textContent()).toMatch(/^[0-9a-f]{64}$/);
    await expectAccessible(verify, 'verify page');
    await shot(verify, 'fairness-verify');

    // The proof the page checked is the round's, with the player's seed and the commitment shown before the bet.
    const proof = (await (await fetch(`${server.url}/api/rounds/${shown.roundId}/fairness`)).json()) as { commitment: string; clientSeeds: string };
    expect(proof.commitment).toBe(commitment);
    expect(proof.clientSeeds).toMatch(/^\d+:fay picks 7$/);
    // The page names the seed by the seat as it numbers seats, from 1 (the string counts from 0: "1:…" is Seat 2),
    // beside the string exactly as hashed; its card is centred as the lobby's is (it sat at x 315–735 of 1366).
    const seat = Number(proof.clientSeeds.split(':')[0]);
    expect(await verify.getByTestId('verify-client-seed').allTextContents()).toEqual([`Seat ${seat + 1} (you): fay picks 7`]);
    expect(await verify.getByTestId('verify-client-seeds-hashed').textContent()).toBe(proof.clientSeeds);
    expect(await verify.getByTestId('verify-client-seeds-note').textContent()).toContain('numbers the seats from 0');
    const card = (await verify.getByTestId('verify-page').boundingBox())!;
    expect(Math.abs(card.x - (VIEWPORTS.laptop.width - card.x - card.width)), JSON.stringify(card)).toBeLessThanOrEqual(2);

    // The same page in another language the table speaks; and the audit page counts the round.
    const german = await openPage(browser, { viewport: VIEWPORTS.laptop, bypassCSP: true });
    await german.goto(`${server.url}/?lang=de#/verify/${shown.roundId}`);
    await german.locator('[data-testid="verify-status"][data-verified="yes"]').waitFor();
    expect(await german.getByTestId('verify-status').textContent()).toBe('geprüft');
    await expectAccessible(german, 'verify page (German)');
    const audit = await openPage(browser, { viewport: VIEWPORTS.laptop, bypassCSP: true });
    await audit.goto(`${server.url}/#/fairness-audit`);
    const verdict = audit.getByTestId('fairness-audit-verdict');
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-flagged')).toBe('false');
    expect(await verdict.textContent()).toMatch(/^[1-9]\d* rounds?: no test below p = 0\.001$/);
    for (const test of ['banker-category', 'fortune-line', 'outcome']) await audit.getByTestId(`audit-${test}`).waitFor();
    await expectAccessible(audit, 'fairness audit page');
  }, 180_000);
});
