/**
 * The phone table on one screen (issue 14 point 4), for the browser tests: the two phone sizes, what
 * each stage of a round must show at once, and the check that the page is not scrolled, no taller or
 * wider than the window, and that those elements are inside it.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** The two phone sizes of issue 14: portrait and landscape. */
export const PHONE_SIZES = {
  portrait: { width: 375, height: 667 },
  landscape: { width: 667, height: 375 },
} as const;

/** What each stage must show at once, by data-testid (every element with the id must be on screen). */
export const STAGE_IDS = {
  betting: ['bet-stack', 'fortune-stack', 'chip-1', 'chip-5', 'chip-25', 'chip-100', 'deal', 'bet-total', 'balance', 'timer'],
  dealt: ['dealer-hand', 'dealer-card', 'low-hand', 'high-hand', 'player-card', 'split', 'house-way', 'hint', 'timer', 'balance'],
  result: ['result', 'dealer-low-hand', 'dealer-high-hand', 'dealer-card', 'low-hand', 'high-hand', 'player-card', 'high-mark', 'low-mark', 'balance'],
} as const;

/**
 * Asserts the page is not scrolled and no taller than the window, and that every element with each of
 * `ids` is inside the window of `size` (px).
 */
export async function expectOnOneScreen(page: Page, size: { width: number; height: number }, ids: readonly string[]): Promise<void> {
  const scroll = await page.evaluate(() => ({
    y: window.scrollY,
    height: document.scrollingElement?.scrollHeight ?? Infinity,
    inner: window.innerHeight,
    width: document.scrollingElement?.scrollWidth ?? Infinity,
    innerWidth: window.innerWidth,
  }));
  expect(scroll.y, 'scrollY').toBe(0);
  expect(scroll.height, 'the page is taller than the window').toBeLessThanOrEqual(scroll.inner);
  // A page wider than the phone would be zoomed out by the browser: the window must be the phone's.
  expect(scroll.innerWidth, 'the window is zoomed out').toBe(size.width);
  expect(scroll.width, 'the page is wider than the window').toBeLessThanOrEqual(scroll.innerWidth);
  await expectInWindow(page, size, ids);
}

/**
 * Asserts every element with each of `ids` is drawn inside the window of `size` (px), whatever the page's scroll.
 * The boxes are read in one call into the page (one locator call per element took a quarter of a phone test's time).
 */
export async function expectInWindow(page: Page, size: { width: number; height: number }, ids: readonly string[]): Promise<void> {
  const boxes = await page.evaluate(
    (testids) =>
      testids.map((id) =>
        Array.from(document.querySelectorAll(`[data-testid="${CSS.escape(id)}"]`), (el) => {
          // Not drawn (display: none, or not in the layout) as Playwright's boundingBox() says: no box at all.
          if (el.getClientRects().length === 0) return null;
          const r = el.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        }),
      ),
    ids,
  );
  ids.forEach((id, k) => {
    const all = boxes[k]!;
    expect(all.length, id).toBeGreaterThan(0);
    all.forEach((box, i) => {
      expect(box, `${id} #${i} is not drawn`).not.toBeNull();
      const where = `${id} #${i} at ${JSON.stringify(box)}`;
      expect(box!.x, where).toBeGreaterThanOrEqual(0);
      expect(box!.y, where).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, where).toBeLessThanOrEqual(size.width);
      expect(box!.y + box!.height, where).toBeLessThanOrEqual(size.height);
    });
  });
}
