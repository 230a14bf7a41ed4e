/**
 * End-to-end: the notices cover no control (tester: a notice in the bottom right corner covered the side column's
 * fairness link until it was closed), nor the top bar's balance and Lobby button nor the seats (a new player's phone
 * after a time-out: the two notices lay over the top bar and the seats).
 *
 * On a laptop (1366×768, the side column beside the felt) two players play a round at a table whose decision timer
 * is 2 s, and neither sets its hand: each is told the house set its hand and that it left the table (notices in the
 * bottom right corner, 9 and 20 s, the second with "Sit again"). The round's two players fill the side column's
 * "This round at the table", which brings the fairness panel down to the corner. With the notices showing, the
 * side column ends above them, and the "Fairness audit" link, scrolled into the column's view as a click would, is
 * the element at its own centre (`elementFromPoint`); so is every other control of the column in view. On a phone
 * (de, 360×740) the same two notices are in the page's flow under the top bar, each whole, "Sit again" first.
 * Screenshots: artifacts/e2e/toasts-laptop.png, toasts-phone-de-360x740.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import { VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import { type RunningServer } from './support/server.js';
import { placeBet, shot, signIn, sitAt } from './support/table-page.js';

let server: RunningServer;
let browser: Browser;

/** One house-banked table whose players have 2 s to set their hands (operations.md "Tables"). */
const QUICK = 'quick';
/** The same where a player may bank: on a phone the bank's row ("Be the banker", "Why?") is high on the felt, and the notices end above it. */
const QUICK_BANK = 'quick-bank';

beforeAll(async () => {
  const configured = [
    { tableId: QUICK, name: 'Quick', seats: 6, limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 100, maxCents: 2_500 } }, timers: { decisionMs: 2_000 } },
    { tableId: QUICK_BANK, name: 'Quick bank', seats: 6, playerBanking: true, limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 100, maxCents: 2_500 } }, timers: { decisionMs: 2_000 } },
  ];
  ({ server, browser } = await openSuite({ tables: configured }));
}, SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

/** The side column's controls in its view and the window whose centre is not themselves (what covers each), and where the column and the notices are. */
async function coveredControls(page: Page): Promise<{ covered: string[]; sideBottom: number; toastsTop: number }> {
  return page.evaluate(() => {
    const side = document.querySelector('aside.side')!.getBoundingClientRect();
    const toasts = document.querySelector('.toasts')!.getBoundingClientRect();
    const name = (el: Element | null) => (el === null ? 'nothing' : `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}.${el.className}`);
    const covered: string[] = [];
    for (const el of Array.from(document.querySelectorAll('aside.side :is(a[href], button, input, select, textarea, [tabindex="0"])'))) {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (r.width === 0 || y < side.top || y > side.bottom || y > window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit === null || !el.contains(hit)) covered.push(`${name(el)} "${el.textContent?.trim().slice(0, 30)}" at (${Math.round(x)}, ${Math.round(y)}) under ${name(hit)}`);
    }
    return { covered, sideBottom: side.bottom, toastsTop: toasts.top };
  });
}

/** The top bar's balance and Lobby button and the seats' row, each that the notices' box meets (with both boxes). */
async function topCovered(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const t = document.querySelector('.toasts')!.getBoundingClientRect();
    return ['[data-testid="balance"]', '[data-testid="leave"]', '.seats'].flatMap((selector) => {
      const r = document.querySelector(selector)!.getBoundingClientRect();
      const meets = r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top;
      return meets ? [`${selector} at y ${Math.round(r.top)}–${Math.round(r.bottom)} under the notices at ${Math.round(t.top)}–${Math.round(t.bottom)}`] : [];
    });
  });
}

describe('notices on a laptop', () => {
  it('leave the side column\'s fairness link and its other controls clickable while they show', async () => {
    const other = await openPage(browser, { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    await signIn(other, server.url, 'Other Olga');
    await sitAt(other, QUICK);
    await placeBet(other, 500);
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop, reducedMotion: 'reduce' });
    await signIn(page, server.url, 'Toast Tom');
    await sitAt(page, QUICK);
    await placeBet(page, 500);
    // Both seated with a bet: the round is dealt once both have pressed Deal, with both in it.
    await other.getByTestId('deal').click();
    await page.getByTestId('deal').click();
    // Neither sets its hand: 2 s later the house sets both and both leave the table, told so in the corner.
    await page.locator('[data-testid="notice"][data-code="notice/left-table"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('sit-again').waitFor();
    await page.getByTestId('last-round-panel').waitFor();

    const link = page.getByTestId('fairness-audit-link');
    await link.evaluate((a) => a.scrollIntoView({ block: 'nearest' }));
    // The link is the element at its centre (not a notice over it): a click there opens the audit.
    await expect
      .poll(() => link.evaluate((a) => {
        const r = a.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return a.contains(hit) ? 'the link' : `${hit?.tagName.toLowerCase()}.${hit?.className} "${hit?.textContent?.trim().slice(0, 40)}"`;
      }), { timeout: 3_000 })
      .toBe('the link');
    await shot(page, 'toasts-laptop');
    const where = await coveredControls(page);
    expect(where.covered).toEqual([]);
    expect(where.sideBottom, 'the side column ends above the notices').toBeLessThanOrEqual(where.toastsTop);
    expect(await topCovered(page)).toEqual([]);
    // The notices still show while this is so (the one asking to sit again stays 20 s).
    expect(await page.getByTestId('sit-again').isVisible()).toBe(true);
    await page.close();
    await other.close();
  }, 120_000);
});

/**
 * Each notice as drawn on a phone, scrolled into view as a player would scroll it: whether its whole box is inside the
 * notices' box and the window, and what a tap at the centre of its text and of its "Sit again" button reaches.
 */
async function noticesOnPhone(page: Page): Promise<{ code: string; whole: boolean; text: string; button: string | null; box: string }[]> {
  const count = await page.getByTestId('notice').count();
  const out: { code: string; whole: boolean; text: string; button: string | null; box: string }[] = [];
  for (let i = 0; i < count; i++) {
    const notice = page.getByTestId('notice').nth(i);
    await notice.evaluate((n) => n.scrollIntoView({ block: 'nearest' }));
    out.push(
      await notice.evaluate((n) => {
        const column = n.closest('.toasts')!.getBoundingClientRect();
        const r = n.getBoundingClientRect();
        const inside = (b: DOMRect) => b.top >= Math.max(0, column.top) - 0.5 && b.bottom <= Math.min(window.innerHeight, column.bottom) + 0.5 && b.left >= -0.5 && b.right <= window.innerWidth + 0.5;
        const at = (el: Element | null) => {
          if (!el) return null;
          const b = el.getBoundingClientRect();
          const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
          return el.contains(hit) ? 'itself' : `${hit?.tagName.toLowerCase()}.${hit?.className}`;
        };
        return { code: n.getAttribute('data-code') ?? '', whole: inside(r), text: at(n.querySelector('.toast__text')) ?? 'none', button: at(n.querySelector('[data-testid="sit-again"]')), box: `${Math.round(r.top)}–${Math.round(r.bottom)} in ${Math.round(column.top)}–${Math.round(column.bottom)}` };
      }),
    );
  }
  return out;
}

describe('notices on a phone', () => {
  // A tester (de, 360×740, after a reconnection): "Die Zeit ist abgelaufen…" and "Sie haben den Tisch verlassen: …" over the
  // top bar, the second cut after its first words and its "Wieder Platz nehmen" out of sight; a new player's (en, 390×844)
  // lay over the top bar's balance and Lobby button and over the seats.
  it('de at 360×740: each notice reads whole and "Sit again" takes a tap, the top bar and the seats uncovered', async () => {
    const size = { width: 360, height: 740 };
    const page = await openPage(browser, { viewport: size, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    await signIn(page, `${server.url}/?lang=de`, 'Hans Phone');
    await sitAt(page, QUICK_BANK);
    await placeBet(page, 500);
    await page.getByTestId('deal').click();
    // The hand is not set: 2 s later the house sets it and the player leaves the table, told so in two notices.
    await page.locator('[data-testid="notice"][data-code="notice/left-table"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('sit-again').waitFor({ state: 'attached' });
    await expect.poll(() => page.getByTestId('notice').count()).toBeGreaterThanOrEqual(2);
    await shot(page, 'toasts-phone-de-360x740');
    // The notice that asks for an action comes first: "Sit again" takes a tap before any scrolling.
    const sitAgain = await page.getByTestId('sit-again').evaluate((b) => {
      const r = b.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return b.contains(hit) ? 'itself' : `${hit?.tagName.toLowerCase()}.${hit?.className} at ${Math.round(r.top)}`;
    });
    expect(sitAgain, 'Sit again before scrolling').toBe('itself');
    expect(await topCovered(page)).toEqual([]);
    const notices = await noticesOnPhone(page);
    for (const n of notices) {
      expect(n.whole, `${n.code} whole: ${n.box}`).toBe(true);
      expect(n.text, `${n.code}'s text`).toBe('itself');
      if (n.code === 'notice/left-table') expect(n.button, 'Sit again').toBe('itself');
    }
    await page.getByTestId('sit-again').tap();
    await page.locator('[data-testid="role"][data-role="player"]').waitFor();
    await page.close();
  }, 90_000);
});
