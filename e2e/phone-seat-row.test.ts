/**
 * End-to-end: the seats' row on a phone fits the felt, or shows that it scrolls.
 *
 * At 360×740 (touch, Russian) the player's own seat with a main and a Fortune bet and five free seats fit the row: a new
 * player's scrolled sideways there, and the dealt high hand's seventh card ran past its box, the box past the felt. The
 * own seat's name and bets are whole, nothing scrolls and no bar is drawn; once dealt, every card is inside its hand's
 * box and each hand inside the felt. At 390×844 in Spanish the same seats, free ones named in words ("Asiento 3"), are
 * wider than the row, which scrolls (tester: with no scroll bar in sight, though packages/web/README.md said it showed
 * one): under the row a scroll bar is drawn and stays (a phone's own bar shows only while the row moves): a track
 * across the row and a gold thumb as wide as the part of the row in view, at its start; scrolled to the end, the thumb
 * is at the track's end. It takes no room of its own (the table stays on one screen) and no tap. At 390×844, in
 * Russian, French and Spanish, a player's seat with its bet and the five free seats are on one row (testers: "Место 6"
 * alone on a second), each pill's words on one line.
 * Screenshots: artifacts/e2e/seat-row-360x740-ru.png, seat-row-390x844-es-start.png, -end.png, seat-row-390x844-<lang>-pills.png.
 *
 * A name with accents on its capitals ("Ülrich Ñoño") is not cut in the top bar (at the top, nor at its end by the role's
 * badge) or at the top in its seat, on a phone and a laptop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { LobbyTable } from '@paigow/protocol';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import { VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import { type RunningServer } from './support/server.js';
import { deal, houseTable, placeBet, shot, signIn, sitAt } from './support/table-page.js';
import { expectOnOneScreen } from './support/viewport.js';

let server: RunningServer;
let browser: Browser;
let tables: LobbyTable[];

const LIMITS = { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 100, maxCents: 2_500 } };
/** A table for "a full table" alone: the others' players keep their seats a while after their pages close. */
const FULL = 'full';

beforeAll(async () => {
  const configured = [
    { tableId: 'table-1', name: 'Table 1 (1–100)', seats: 6, limits: LIMITS },
    { tableId: 'table-2', name: 'Table 2 (5–500)', seats: 6, limits: { main: { minCents: 500, maxCents: 50_000 }, fortune: { minCents: 500, maxCents: 10_000 } } },
    { tableId: 'table-3', name: 'Table 3 (1–100)', seats: 6, limits: LIMITS },
    { tableId: FULL, name: 'Full (1–100)', seats: 6, limits: LIMITS },
  ];
  ({ server, browser, tables } = await openSuite({ tables: configured }));
  tables = tables.filter((t) => t.tableId !== FULL);
}, SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

const NARROW = { width: 360, height: 740 } as const;

/** The seats' row and the bar under it, as drawn (client px; `bar`/`thumb` null when not drawn). */
interface RowAndBar {
  readonly overflow: number;
  readonly row: { left: number; right: number; bottom: number };
  readonly bar: { left: number; right: number; top: number; bottom: number } | null;
  readonly thumb: { left: number; right: number; top: number; bottom: number; colour: string } | null;
  /** The element a tap at the bar's centre reaches. */
  readonly tapAtBar: string | null;
}

async function rowAndBar(page: Page): Promise<RowAndBar> {
  return page.evaluate(() => {
    const row = document.querySelector<HTMLElement>('.seats')!;
    const bar = document.querySelector<HTMLElement>('[data-testid="seats-scrollbar"]');
    const thumb = bar?.firstElementChild ?? null;
    const box = (el: Element | null | undefined) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' ? { left: r.left, right: r.right, top: r.top, bottom: r.bottom } : null;
    };
    const barBox = box(bar);
    const thumbBox = box(thumb);
    const r = row.getBoundingClientRect();
    const hit = barBox ? document.elementFromPoint((barBox.left + barBox.right) / 2, (barBox.top + barBox.bottom) / 2) : null;
    return {
      overflow: row.scrollWidth - row.clientWidth,
      row: { left: r.left, right: r.right, bottom: r.bottom },
      bar: barBox,
      thumb: thumbBox && { ...thumbBox, colour: getComputedStyle(thumb!).backgroundColor },
      tapAtBar: hit === null ? null : `${hit.tagName.toLowerCase()}.${hit.className}`,
    };
  });
}

/** The player's cards outside their hand's box and the hands outside the felt's inner box (its border and padding). */
async function spilledCards(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const felt = document.querySelector('.felt')!;
    const style = getComputedStyle(felt);
    const f = felt.getBoundingClientRect();
    const left = f.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    const right = f.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
    const span = (r: DOMRect) => `${Math.round(r.left)}–${Math.round(r.right)}`;
    const out: string[] = [];
    for (const hand of Array.from(document.querySelectorAll('.zone--player .hand'))) {
      const h = hand.getBoundingClientRect();
      if (h.left < left - 0.5 || h.right > right + 0.5) out.push(`${hand.className} at ${span(h)} in the felt's ${Math.round(left)}–${Math.round(right)}`);
      for (const card of Array.from(hand.querySelectorAll('.card'))) {
        const c = card.getBoundingClientRect();
        if (c.left < h.left || c.right > h.right) out.push(`${card.getAttribute('data-card')} at ${span(c)} in ${hand.className} at ${span(h)}`);
      }
    }
    return out;
  });
}

describe('the seats\' row on a phone', () => {
  it('fits a 360 px phone with the own seat whole; where it scrolls (390 px, Spanish), draws a scroll bar under it', async () => {
    const page = await openPage(browser, { viewport: NARROW, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    const table = houseTable(tables, 0);
    await signIn(page, `${server.url}/?lang=ru`, 'Scroll Sam');
    await sitAt(page, table.tableId);
    await betWithFortune(page, Math.max(2500, table.limits.main.minCents));
    const mine = page.locator('[data-testid^="seat-"][data-mine="true"][data-fortune-cents="500"]');
    await mine.waitFor();
    await shot(page, 'seat-row-360x740-ru');
    // A new player's row scrolled sideways here (by 91 px beside one other player in English).
    expect(await rowAndBar(page)).toMatchObject({ overflow: 0, bar: null });
    // Neither the seat nor its name and bets are cut.
    const cuts = await mine.evaluate((el) => [el, ...Array.from(el.children)].map((part) => part.scrollWidth - part.clientWidth));
    expect(cuts, 'the own seat cut').toEqual([0, 0, 0]);
    await expectOnOneScreen(page, NARROW, ['balance', 'deal', 'bet-stack', 'chip-1', 'chip-100']);
    await deal(page);
    expect(await spilledCards(page)).toEqual([]);

    // A taller phone, in Spanish: the free seats' words make the row wider than the felt.
    await page.getByTestId('language').selectOption('es');
    await page.setViewportSize(VIEWPORTS.phone);
    await page.waitForFunction(() => document.documentElement.lang === 'es' && window.matchMedia('(min-width: 381px)').matches);
    await expect.poll(async () => (await rowAndBar(page)).overflow, { message: 'the seats overflow their row' }).toBeGreaterThan(1);
    const start = await rowAndBar(page);
    await shot(page, 'seat-row-390x844-es-start');
    expect(start.bar, 'a scroll bar is drawn under the row').not.toBeNull();
    expect(start.thumb, 'its thumb is drawn').not.toBeNull();
    const bar = start.bar!;
    const thumb = start.thumb!;
    // Right under the row, across most of it, thin, inside the window.
    expect(bar.top).toBeGreaterThanOrEqual(start.row.bottom - 1);
    expect(bar.bottom).toBeLessThanOrEqual(start.row.bottom + 5);
    expect(bar.bottom - bar.top).toBeGreaterThanOrEqual(2);
    expect(bar.right - bar.left).toBeGreaterThan((start.row.right - start.row.left) * 0.8);
    expect(bar.left).toBeGreaterThanOrEqual(0);
    expect(bar.right).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    // The thumb: as wide as the part in view (less than the whole track), at the start, gold and opaque enough to see.
    expect(thumb.right - thumb.left).toBeLessThan((bar.right - bar.left) * 0.95);
    expect(thumb.right - thumb.left).toBeGreaterThan((bar.right - bar.left) * 0.3);
    expect(Math.abs(thumb.left - bar.left)).toBeLessThanOrEqual(1);
    const [r, g, b, a = 1] = thumb.colour.match(/[\d.]+/g)!.map(Number);
    expect({ gold: r! > 180 && g! > 150 && b! < 140, opaque: a >= 0.6 }, thumb.colour).toEqual({ gold: true, opaque: true });
    // A tap there reaches what is under it, never the bar.
    expect(start.tapAtBar ?? '').not.toMatch(/seats-scrollbar/);
    await expectOnOneScreen(page, VIEWPORTS.phone, ['balance', 'split', 'house-way', 'hint', 'high-hand', 'low-hand']);

    // Scrolled to its end, the thumb is at the track's end.
    await page.locator('.seats').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect
      .poll(async () => {
        const end = await rowAndBar(page);
        return end.thumb && end.bar ? Math.round(end.bar.right - end.thumb.right) : null;
      })
      .toBeLessThanOrEqual(1);
    await shot(page, 'seat-row-390x844-es-end');
    await page.close();
  }, 120_000);
});

/** Each seat's pill as drawn: its top, its height and its text ("Место 6"), and the height of a pill of one line. */
async function seatPills(page: Page): Promise<{ tops: number[]; split: string[] }> {
  return page.evaluate(() => {
    const pills = Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="seat-"]'));
    const lines = (el: Element) => {
      // The words only a screen reader hears (.visually-hidden: "(you)" after the own name) are clipped to nothing, no line.
      const bottoms = new Set<number>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        if (node.parentElement?.closest('.visually-hidden')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of Array.from(range.getClientRects())) if (r.width > 0) bottoms.add(Math.round(r.bottom));
      }
      return bottoms.size;
    };
    return {
      tops: pills.map((el) => Math.round(el.getBoundingClientRect().top)),
      // A free seat's words ("Место 6") and a player's name each on one line (a player's bets have a line of their own under the name).
      split: pills.flatMap((el) => {
        const parts = el.querySelector('.seat__name') ? [el.querySelector('.seat__name')!] : [el];
        return parts.filter((part) => lines(part) > 1).map((part) => `"${part.textContent}" on ${lines(part)} lines`);
      }),
    };
  });
}

describe('the seats on a 390×844 phone', () => {
  // Testers: in Russian, French and Spanish the six seats took two rows, "Seat 6" alone on the second.
  for (const [index, lang] of (['ru', 'fr', 'es'] as const).entries()) {
    it(`${lang}: every seat on one row, each pill on one line`, async () => {
      const page = await openPage(browser, { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, deviceScaleFactor: 2, reducedMotion: 'reduce' });
      const table = houseTable(tables, index + 2);
      await signIn(page, `${server.url}/?lang=${lang}`, `Pill ${lang}`);
      await sitAt(page, table.tableId);
      await placeBet(page, Math.max(2500, table.limits.main.minCents));
      await page.locator('[data-testid^="seat-"][data-mine="true"] .seat__bet').waitFor();
      await shot(page, `seat-row-390x844-${lang}-pills`);
      const pills = await seatPills(page);
      expect(new Set(pills.tops).size, `the pills' tops: ${pills.tops.join(', ')}`).toBe(1);
      expect(pills.split).toEqual([]);
      await expectOnOneScreen(page, VIEWPORTS.phone, ['balance', 'deal', 'bet-stack', 'chip-1', 'chip-100']);
      await page.close();
    }, 60_000);
  }
});

/** Bets `cents` and a Fortune bet of 5.00, the chips back on the main bet after. */
async function betWithFortune(page: Page, cents: number): Promise<void> {
  await placeBet(page, cents);
  await page.getByTestId('chips-to-fortune').click();
  await page.getByTestId('chip-5').click();
  await page.locator('[data-testid="fortune-stack"][data-cents="500"]').waitFor();
  await page.getByTestId('chips-to-main').click();
}

describe('a full table on a phone', () => {
  // Testers: at 390×844 in French, six players each with a bet and a Fortune bet ("10 $ + 5 $ Fortune" under each name)
  // took three rows of pills, which pushed the Hint panel off the bottom of the window; at 740×360 (a landscape phone
  // wider than 700 px) the pills took three rows as well, and the top bar cut the player's name ("Pes7…"). The others'
  // seats give way to the player's own (their names and bets cut), so that the six fit one row, from 360 px up.
  it('fr: six seats with their bets on one row, the own seat whole, the Hint panel on one screen at 360×740, 390×844 and 740×360', async () => {
    const table = { tableId: FULL, seats: 6, limits: LIMITS };
    const bots: Page[] = [];
    for (let i = 1; i < table.seats; i++) {
      const bot = await openPage(browser, { viewport: VIEWPORTS.laptop, reducedMotion: 'reduce' });
      await signIn(bot, `${server.url}/?lang=fr`, `Joueur ${i}`);
      await sitAt(bot, table.tableId);
      await betWithFortune(bot, Math.max(1000, table.limits.main.minCents));
      bots.push(bot);
    }
    const page = await openPage(browser, { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    await signIn(page, `${server.url}/?lang=fr`, 'Pfr390');
    await sitAt(page, table.tableId);
    await betWithFortune(page, Math.max(1000, table.limits.main.minCents));
    await expect.poll(() => page.locator('[data-testid^="seat-"] .seat__bet').count()).toBe(table.seats);
    for (const bot of bots) await bot.getByTestId('deal').click();
    await page.getByTestId('deal').click();
    await page.locator('[data-testid="player-card"]').nth(6).waitFor();
    // The player's own seat, the sixth, is in the row's view.
    const mine = await page.locator('[data-testid^="seat-"][data-mine="true"]').evaluate((el) => {
      const row = el.parentElement!.getBoundingClientRect();
      const seat = el.getBoundingClientRect();
      return { inView: seat.left >= row.left - 0.5 && seat.right <= row.right + 0.5, seat: `${Math.round(seat.left)}–${Math.round(seat.right)}`, row: `${Math.round(row.left)}–${Math.round(row.right)}` };
    });
    expect(mine.inView, `the player's seat at ${mine.seat} in the row ${mine.row}`).toBe(true);
    await page.getByTestId('hint').click();
    await page.locator('[data-testid="hint-panel"][data-state="ready"]').waitFor();
    const hintStage = ['hint-panel', 'hint-use', 'split', 'house-way', 'high-hand', 'low-hand', 'balance'];
    for (const size of [NARROW, VIEWPORTS.phone, { width: 740, height: 360 }]) {
      await page.setViewportSize(size);
      await page.waitForFunction((w) => window.innerWidth === w, size.width);
      await shot(page, `seat-row-full-fr-${size.width}x${size.height}-hint`);
      const pills = await seatPills(page);
      expect(new Set(pills.tops).size, `${size.width}×${size.height}: the pills' tops: ${pills.tops.join(', ')}`).toBe(1);
      await expectOnOneScreen(page, size, hintStage);
      // Nothing scrolls; the player's own seat is whole.
      expect(await rowAndBar(page), `${size.width}×${size.height}: the row`).toMatchObject({ overflow: 0, bar: null });
      const ownCut = await page.locator('[data-testid^="seat-"][data-mine="true"]').evaluate((el) => Array.from(el.children, (part) => part.scrollWidth - part.clientWidth));
      expect(ownCut, `${size.width}×${size.height}: the own seat's name and bets cut`).toEqual([0, 0]);
      // The timer and "History & info" beside the row (a landscape phone) leave its last seat clear.
      const corner = await page.evaluate(() => {
        const [row, right] = ['.seats', '.middle__right'].map((s) => document.querySelector(s)!.getBoundingClientRect());
        return row!.right > right!.left && row!.bottom > right!.top && row!.top < right!.bottom ? `the row ends at ${Math.round(row!.right)}, the corner starts at ${Math.round(right!.left)}` : null;
      });
      expect(corner, `${size.width}×${size.height}`).toBeNull();
      // The player's name whole in the top bar.
      const cut = await page.locator('.stat--you .stat__name').evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(cut, `${size.width}×${size.height}: the top bar's name is cut`).toBeLessThanOrEqual(0);
    }
    for (const bot of bots) await bot.close();
    await page.close();
  }, 120_000);
});

/**
 * How far (px) the top of each name's text (its font's ascent, where a capital's accent reaches) is inside the
 * top of each box that cuts it (overflow not visible), for the top bar's name and the player's own seat: one number
 * per such box, negative when the accent is cut.
 */
async function nameCuts(page: Page): Promise<Record<string, number[]>> {
  return page.evaluate(() => {
    const out: Record<string, number[]> = {};
    for (const [key, selector] of [['top bar', '.stat--you .stat__name'], ['seat', '[data-mine="true"] .seat__name']] as const) {
      const el = document.querySelector(selector);
      if (!el) continue;
      const range = document.createRange();
      range.selectNodeContents(el);
      const top = range.getBoundingClientRect().top;
      out[key] = [];
      for (let box: Element | null = el; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowY !== 'visible') out[key].push(Math.round((top - box.getBoundingClientRect().top - parseFloat(style.borderTopWidth)) * 10) / 10);
      }
    }
    return out;
  });
}

describe('a name with accents on its capitals', () => {
  it('is not cut in the top bar or at the top in its seat, on a phone and a laptop', async () => {
    // A tester read "Ulrich" for "Ülrich": the name's line box cut the dots above the capital.
    const page = await openPage(browser, { viewport: NARROW, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    const table = houseTable(tables, 1);
    await signIn(page, server.url, 'Ülrich Ñoño');
    await sitAt(page, table.tableId);
    await placeBet(page, Math.max(500, table.limits.main.minCents));
    await page.locator('[data-testid^="seat-"][data-mine="true"] .seat__bet').waitFor();
    for (const size of ['phone', 'laptop'] as const) {
      if (size === 'laptop') await page.setViewportSize(VIEWPORTS.laptop);
      await page.waitForFunction((phone) => window.matchMedia('(max-width: 700px)').matches === phone, size === 'phone');
      // And React's render for it: the phone's sheet toggle there, gone on a laptop.
      await page.getByTestId('side-toggle').waitFor({ state: size === 'phone' ? 'visible' : 'detached' });
      const cuts = await nameCuts(page);
      expect(Object.keys(cuts), size).toEqual(['top bar', 'seat']);
      for (const [where, insides] of Object.entries(cuts)) expect(Math.min(...insides), `${where} (${size}): ${insides.join(', ')}`).toBeGreaterThanOrEqual(0);
      // Nor at its end: the role's badge is over the name on a phone, not beside it (a tester read "Sev…" beside ZUSCHAUER).
      const cutAtEnd = await page.locator('.stat--you .stat__name').evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(cutAtEnd, `the top bar's name cut at its end (${size})`).toBeLessThanOrEqual(0);
    }
    await shot(page, 'seat-row-accents-laptop');
    await page.close();
  }, 60_000);
});
