/**
 * End-to-end: house ways as a table setting and the house-way lab (issue 16 points 1 and 4), with the built
 * server and web client in Chromium. The lobby names each table's house way; at the Foxwoods table the
 * table says so and House Way sets the hand by Foxwoods' rules; the lab page (linked from the lobby, no
 * sign-in needed) shows both edges, the share of hands the two set differently, the costliest hands, and a
 * search by hand, with no serious or critical axe violation (issue 14 point 5). Screenshots go to
 * artifacts/e2e/lab-*.png.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import type { Browser } from 'playwright-core';
import { handOf, houseWays, parseCards, RANK_CHARS, rankOf, type Card } from '@paigow/engine';
import { openPage } from './support/pages.js';
import { VIEWPORTS } from './support/browser.js';
import { ROOT, type RunningServer } from './support/server.js';
import { deal, handCards, placeBet, shot, shownRoundId, signIn, sitAt, waitForResult } from './support/table-page.js';
import { expectAccessible } from './support/a11y.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openSuite()), SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

const ranks = (cards: readonly Card[]): string => cards.map((c) => RANK_CHARS[rankOf(c)]).sort().join('');
const cardsOf = (texts: readonly string[]): Card[] => {
  const parsed = parseCards([...texts]);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

describe('house ways (issue 16)', () => {
  it('the lobby names each table\'s house way; at the Foxwoods table House Way plays Foxwoods\' setting', async () => {
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(page, server.url, 'Fox Fan');
    expect(await page.getByTestId('house-way-table-4').getAttribute('data-house-way')).toBe('foxwoods');
    expect(await page.getByTestId('house-way-table-1').getAttribute('data-house-way')).toBe('seeds');
    await shot(page, 'lab-1-lobby');
    await sitAt(page, 'table-4');
    expect(await page.getByTestId('table-house-way').textContent()).toContain('Foxwoods');
    await placeBet(page, 100);
    const previous = await shownRoundId(page);
    const mine = await deal(page);
    await page.getByTestId('house-way').click();
    await waitForResult(page, previous);
    const way = houseWays.foxwoods.set(handOf(mine));
    expect(ranks(cardsOf(await handCards(page, 'low-hand')))).toBe(ranks(way.low));
    expect(ranks(cardsOf(await handCards(page, 'high-hand')))).toBe(ranks(way.high));
    await page.close();
  }, 180_000);

  it('the lab: edges, the share set differently, the costliest hands and a search by hand', async () => {
    // The page shows the precomputed file's figures (`paigow house-way diff seeds foxwoods`).
    const data = JSON.parse(readFileSync(join(ROOT, 'packages', 'web', 'public', 'house-way-lab.json'), 'utf8')) as { diffs: { a: string; differ: number }[] };
    const differ = String(data.diffs.find((d) => d.a === 'seeds')?.differ);
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop, bypassCSP: true });
    await page.goto(`${server.url}/#/house-way-lab`);
    await page.getByTestId('lab-share').waitFor();
    // The hands' tables scroll sideways in regions the keyboard can focus.
    await expectAccessible(page, 'house-way lab');
    expect(await page.getByTestId('lab-share').getAttribute('data-differ')).toBe(differ);
    for (const id of ['seeds', 'foxwoods']) {
      expect(['exact', 'simulated']).toContain(await page.getByTestId(`lab-edge-${id}`).getAttribute('data-kind'));
    }
    expect(await page.locator('[data-testid="lab-top"] tbody tr').count()).toBe(50);
    await page.getByTestId('lab-search-input').fill('Ah Kh Kd Qc Jc Ts 3d');
    await page.getByTestId('lab-search').locator('button').click();
    await page.getByTestId('lab-search-result').waitFor();
    expect(await page.getByTestId('lab-search-result').getAttribute('data-differ')).toBe('true');
    expect(await page.getByTestId('lab-search-result').textContent()).toContain('Foxwoods house way');
    await expectAccessible(page, 'house-way lab, search result');
    await shot(page, 'lab-2-page');
    // At 1366×768 the tables fit the panel: no column cut, no sideways scrolling inside or of the page.
    const clipped = await page.evaluate(() =>
      Array.from(document.querySelectorAll('table'))
        .map((table) => table.parentElement!)
        .filter((box) => box.scrollWidth > box.clientWidth + 1)
        .map((box) => `${box.className || box.tagName}: ${box.scrollWidth} > ${box.clientWidth}`),
    );
    expect(clipped, 'a lab table scrolls sideways at 1366 px').toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.laptop.width);
    // Swapping the two house ways shows the other order (the banker playing Foxwoods).
    await page.getByTestId('lab-a').selectOption('foxwoods');
    expect(await page.getByTestId('lab-b').inputValue()).toBe('seeds');
    expect(await page.getByTestId('lab-share').getAttribute('data-differ')).toBe(differ);
    await page.close();
  }, 120_000);
});
