/**
 * End-to-end: what a new player found on a 390×844 touch phone and on a laptop (QA).
 *
 * - Tap targets (WCAG 2.2 AA 2.5.8): every control on the lobby and the table (seated, dealt, result) is at
 *   least 24×24 CSS px (a card of the overlapped high hand: the part of it not covered by the next card);
 *   Deal, Split, House Way, Hint and the chips are at least 44 px tall; the table stays on one screen; a
 *   house-way explanation cut to two lines shows a ▾ and opens whole at a tap. A finger's target (where a tap lands,
 *   elementFromPoint): every control 44×44 (a free seat 32 wide) in the lobby, betting with a Fortune chip, dealt, with
 *   the Hint open and at the result; turned to 844×390 (betting, dealt, result), the main ones 40 and the rest 32.
 * - In every language the top bar's labels read whole (no "…", no accent cut off), the language's name is
 *   whole in its select, the seats are all on screen, and "History & info" holds its text; the hands' labels
 *   ("Niedrige Hand des Gebers", "Niedrige Hand (2)") read whole inside their boxes, at 390×844 and, the
 *   result resized to it, at 360×780, where the table is still on one screen; in Spanish the player's
 *   own seat with a main and a Fortune bet ("5 $ + 1 $ F") shows the whole nickname (the bets on a line
 *   of their own under it); its seats, one row too wide for the window then, each read whole once the row is
 *   scrolled to it (the row scrolls sideways rather than take a second row).
 * - The felt ends after its content (seated, dealt, result), the page not scrolled: stretched to the window's bottom it
 *   drew a large empty felt under the controls (a new player's finding).
 * - No empty timer ring while no countdown runs.
 * - A reload while setting the hand keeps the card moved into the low hand.
 * - Each page (lobby, table, house-way lab, #/lab and #/fairness) has a level-one heading.
 * - Laptop: the client seeds line stays inside the "Provably fair" panel.
 * Screenshots: artifacts/e2e/touch-<lang>-<stage>.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { LobbyTable } from '@paigow/protocol';
import { closeSuite, openSuite, SUITE_SETUP_MS } from './support/suite.js';
import { VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import { type RunningServer } from './support/server.js';
import { clickCard, deal, handCards, placeBet, shot, shownRoundId, signIn, sitAt, waitForResult } from './support/table-page.js';
import { STAGE_IDS, expectOnOneScreen } from './support/viewport.js';

let server: RunningServer;
let browser: Browser;
let tables: LobbyTable[];

beforeAll(async () => ({ server, browser, tables } = await openSuite()), SUITE_SETUP_MS);
afterAll(() => closeSuite({ server, browser }));

const PHONE = VIEWPORTS.phone;
const PRIMARY = ['deal', 'split', 'house-way', 'hint', 'chip-1', 'chip-5', 'chip-25', 'chip-100'];

/** A house-banked table with a Fortune bet and the most seats, one per test (`index`). */
function table(index: number): LobbyTable {
  const fitting = tables.filter((t) => !t.playerBanking && t.limits.fortune !== null).sort((a, b) => b.seats - a.seats);
  const found = fitting[index % fitting.length];
  if (!found) throw new Error('no house-banked table with a Fortune bet');
  return found;
}

async function openPhone(lang: string, nickname: string): Promise<Page> {
  const page = await openPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
  await page.goto(`${server.url}/?lang=${lang}`);
  await page.getByTestId('nickname').fill(nickname);
  await page.getByTestId('join').click();
  await page.locator('[data-testid^="table-"]').first().waitFor();
  return page;
}

/**
 * The visible controls smaller than 24×24 px (`where`: a label for the message). A card followed by an
 * overlapping card counts only its uncovered part.
 */
async function smallTargets(page: Page, where: string): Promise<string[]> {
  const small = await page.evaluate(() => {
    const out: string[] = [];
    const controls = document.querySelectorAll('button, select, input:not([type="hidden"]), a[href], [role="button"], summary');
    for (const el of Array.from(controls)) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // Inline links in a sentence are exempt (2.5.8's "inline" exception).
      if (el.matches('a:not(.btn)') && getComputedStyle(el).display === 'inline') continue;
      let width = box.width;
      const next = el.nextElementSibling;
      if (next && el.matches('.card') && next.matches('.card')) width = Math.min(width, next.getBoundingClientRect().left - box.left);
      if (width < 23.5 || box.height < 23.5) out.push(`${el.getAttribute('data-testid') ?? el.className} ${Math.round(width)}×${Math.round(box.height)}`);
    }
    return out;
  });
  return small.map((s) => `${where}: ${s}`);
}

/** The primary controls on screen less than 44 px tall. */
async function shortPrimaries(page: Page, where: string): Promise<string[]> {
  const out: string[] = [];
  for (const id of PRIMARY) {
    for (const box of await page.getByTestId(id).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
      if (box.width > 0 && box.height < 43.5) out.push(`${where}: ${id} ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  return out;
}

/** What a finger needs of a control, by kind: its target's smallest width and height, px. */
interface FingerRule {
  /** Deal, Split, House Way, Hint, Rebet and the chips. */
  readonly main: number;
  /** Every other control. */
  readonly other: number;
  /** A seat's width (its height is `other`): the seats' row is as wide as the window allows. */
  readonly seatWidth: number;
}
/** A portrait phone's: 44 px everywhere (a free seat at least 32 wide). A landscape phone's: 40 px for the main ones, 32 for the rest. */
const PORTRAIT_FINGER: FingerRule = { main: 44, other: 44, seatWidth: 32 };
const LANDSCAPE_FINGER: FingerRule = { main: 40, other: 32, seatWidth: 32 };
const LANDSCAPE = { width: 844, height: 390 } as const;

/**
 * The controls in the window whose target is smaller than `rule` (a tester: on this phone the Bet/Fortune switch was
 * 62×24, the Fortune × and the Hint's × 24×24, the seats and the top bar's buttons 32 tall; in landscape the chips 32,
 * Deal 26). A target is where a tap lands on the control (`elementFromPoint`), across and down its middle: a control
 * whose look is smaller may have a larger transparent target around it, which no other control's covers. Cards (their
 * visible part, 24 px: `smallTargets`), the house-way explanations (a line of text, the felt's width) and what is not wholly in
 * the window (a lobby's table further down) are left out.
 */
async function smallFingerTargets(page: Page, where: string, rule: FingerRule): Promise<string[]> {
  const small = await page.evaluate(({ main, other, seatWidth }) => {
    const selector = 'button, select, input:not([type="hidden"]), a[href], [role="button"]';
    const mains = new Set(['deal', 'split', 'house-way', 'hint', 'rebet', 'chip-1', 'chip-5', 'chip-25', 'chip-100']);
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (box.top < 0 || box.bottom > window.innerHeight || el.matches('.card, .explanation')) continue;
      if (el.matches('a:not(.btn)') && getComputedStyle(el).display === 'inline') continue;
      const owns = (x: number, y: number) => document.elementFromPoint(x, y)?.closest(selector) === el;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const id = el.getAttribute('data-testid') ?? el.className;
      if (!owns(x, y)) {
        out.push(`${id} covered at its middle`);
        continue;
      }
      let [left, right, top, bottom] = [x, x, y, y];
      while (left > 0 && owns(left - 1, y)) left--;
      while (right < window.innerWidth - 1 && owns(right + 1, y)) right++;
      while (top > 0 && owns(x, top - 1)) top--;
      while (bottom < window.innerHeight - 1 && owns(x, bottom + 1)) bottom++;
      const [width, height] = [right - left + 1, bottom - top + 1];
      const least = mains.has(id) ? main : other;
      if (height < least - 0.5 || width < (el.matches('.seat') ? seatWidth : least) - 0.5) out.push(`${id} ${Math.round(width)}×${Math.round(height)} (look ${Math.round(box.width)}×${Math.round(box.height)})`);
    }
    return out;
  }, rule);
  return small.map((s) => `${where}: ${s}`);
}

/** `smallFingerTargets` at 844×390 (the phone turned), then back at 390×844. */
async function smallFingerTargetsTurned(page: Page, where: string): Promise<string[]> {
  await page.setViewportSize(LANDSCAPE);
  const small = await smallFingerTargets(page, `${where} (landscape)`, LANDSCAPE_FINGER);
  await expectOnOneScreen(page, LANDSCAPE, []);
  await page.setViewportSize(PHONE);
  return small;
}

/**
 * Words that fill their round box to its edge (a tester's): the timer's seconds wider than the ring's inside less 4 px
 * ("43 s" touched the ring of a 34 px timer in landscape), the Fortune spot's label wider than the spot's inside less 6
 * px ("FORTUNE" filled it in portrait). Each only while it is shown.
 */
async function crampedWords(page: Page, where: string): Promise<string[]> {
  const cramped = await page.evaluate(() => {
    const out: string[] = [];
    const width = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return range.getBoundingClientRect().width;
    };
    const timer = document.querySelector('[data-testid="timer"]:not(.timer--idle)');
    if (timer) {
      // The ring: radius 20 and stroke 4 in a 48-unit box, so its inside is 36/48 of the timer's width.
      const inside = (timer.getBoundingClientRect().width * 36) / 48;
      const text = width(timer.querySelector('.timer__text')!);
      if (text > inside - 4) out.push(`timer "${timer.textContent}" ${text.toFixed(1)} px in a ring ${inside.toFixed(1)} px inside`);
    }
    const label = document.querySelector<HTMLElement>('[data-testid="fortune-stack"] .spot__label');
    if (label && getComputedStyle(label).opacity !== '0') {
      const spot = label.closest('.spot')!;
      const inside = spot.clientWidth;
      const text = width(label.firstChild!);
      if (text > inside - 6) out.push(`Fortune label "${label.firstChild!.textContent}" ${text.toFixed(1)} px in a spot ${inside} px inside`);
    }
    return out;
  });
  return cramped.map((c) => `${where}: ${c}`);
}

/** The top bar's labels that are cut (an ellipsis, hidden overflow sideways or above/below: an accent). */
async function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.topbar .stat__label, .topbar .stat__value'))
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .flatMap((el) => {
        const style = getComputedStyle(el);
        const hides = style.overflowX !== 'visible' || style.overflowY !== 'visible';
        const sideways = el.scrollWidth > el.clientWidth + 1;
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        // The glyphs (accents included: the line box is the font's ascent to descent) inside the box.
        const clipped = hides && (sideways || text.top < box.top - 0.5 || text.bottom > box.bottom + 0.5);
        const ellipsis = style.textOverflow === 'ellipsis' && sideways;
        const lineTooTight = parseFloat(style.lineHeight) < parseFloat(style.fontSize) * 1.2 && hides;
        return clipped || ellipsis || lineTooTight ? [`"${el.textContent}" ${Math.round(box.width)}×${Math.round(box.height)} (${style.overflowX}/${style.textOverflow}, line ${style.lineHeight})`] : [];
      }),
  );
}

/**
 * The hands' labels that are cut: wider than their box (a hidden overflow or an "…" then cuts them), or their
 * text reaching past the hand's box (drawn over its edge).
 */
async function cutHandLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.hand__label'))
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .flatMap((el) => {
        const style = getComputedStyle(el);
        const sideways = el.scrollWidth > el.clientWidth + 1;
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        const hand = el.closest('.hand')!.getBoundingClientRect();
        const spills = text.left < hand.left - 0.5 || text.right > hand.right + 0.5;
        const ellipsis = style.textOverflow === 'ellipsis' && sideways;
        return sideways || spills || ellipsis ? [`"${el.textContent}" content ${el.scrollWidth} in ${el.clientWidth} (text ${Math.round(text.left)}–${Math.round(text.right)}, hand ${Math.round(hand.left)}–${Math.round(hand.right)}, ${style.textOverflow})`] : [];
      }),
  );
}

/** Elements of `selector` whose content spills out of their box, or that are outside the window. */
async function spilled(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    ([sel, width, height]) =>
      Array.from(document.querySelectorAll(sel)).flatMap((el) => {
        const box = el.getBoundingClientRect();
        const out = el.scrollWidth > el.clientWidth + 1 || box.left < 0 || box.right > width || box.top < 0 || box.bottom > height;
        return out ? [`${el.getAttribute('data-testid') ?? el.className} "${el.textContent}" at ${Math.round(box.left)}–${Math.round(box.right)} (content ${el.scrollWidth}, box ${el.clientWidth})`] : [];
      }),
    [selector, PHONE.width, PHONE.height] as const,
  );
}

/** Whether the language select is wide enough for the name of the language chosen, and its arrow. */
async function languageNameFits(page: Page): Promise<{ name: string; fits: boolean }> {
  return page.getByTestId('language').evaluate((el) => {
    const select = el as HTMLSelectElement;
    const name = select.selectedOptions[0]?.textContent ?? '';
    const canvas = document.createElement('canvas').getContext('2d')!;
    const style = getComputedStyle(select);
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const needed = canvas.measureText(name).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 16;
    return { name, fits: select.clientWidth >= needed };
  });
}

/** The timer's visibility (`visible` / `hidden`) and whether it counts down. */
async function timerState(page: Page): Promise<{ visibility: string; running: boolean }> {
  return page.getByTestId('timer').evaluate((el) => ({ visibility: getComputedStyle(el).visibility, running: !el.classList.contains('timer--idle') }));
}

describe('a 390×844 touch phone', () => {
  it('gives every control a 24 px target and a finger\'s (44 px; turned, 40 and 32), on one screen', async () => {
    const page = await openPhone('en', 'Thumb Tess');
    const problems: string[] = [];
    await shot(page, 'touch-en-lobby');
    problems.push(...(await smallTargets(page, 'lobby')), ...(await smallFingerTargets(page, 'lobby', PORTRAIT_FINGER)));
    const t = table(0);
    await sitAt(page, t.tableId);
    problems.push(...(await smallTargets(page, 'seated')), ...(await shortPrimaries(page, 'seated')), ...(await crampedWords(page, 'seated')));
    await placeBet(page, Math.max(2500, t.limits.main.minCents));
    // A Fortune chip: its spot's × shows.
    await page.getByTestId('chips-to-fortune').click();
    await page.getByTestId('chip-1').click();
    await page.locator('[data-testid="fortune-stack"][data-cents="100"]').waitFor();
    problems.push(...(await smallFingerTargets(page, 'betting', PORTRAIT_FINGER)), ...(await smallFingerTargetsTurned(page, 'betting')));
    const previous = await shownRoundId(page);
    await deal(page);
    await shot(page, 'touch-en-dealt');
    problems.push(...(await smallTargets(page, 'dealt')), ...(await shortPrimaries(page, 'dealt')));
    problems.push(...(await smallFingerTargets(page, 'dealt', PORTRAIT_FINGER)), ...(await smallFingerTargetsTurned(page, 'dealt')));
    await page.setViewportSize(LANDSCAPE);
    problems.push(...(await crampedWords(page, 'dealt (landscape)')));
    await page.setViewportSize(PHONE);
    await expectOnOneScreen(page, PHONE, STAGE_IDS.dealt);
    await page.getByTestId('hint').click();
    await page.locator('[data-testid="hint-panel"][data-state="ready"]').waitFor();
    problems.push(...(await smallFingerTargets(page, 'hint', PORTRAIT_FINGER)));
    await page.getByTestId('hint-close').click();
    await page.getByTestId('house-way').click();
    await waitForResult(page, previous);
    await page.locator('[data-testid="dealer-card"][data-card]').nth(6).waitFor();
    await page.locator('[data-testid="result-grade"][data-state="graded"]').waitFor({ timeout: 90_000 });
    await shot(page, 'touch-en-result');
    problems.push(...(await smallTargets(page, 'result')), ...(await shortPrimaries(page, 'result')));
    problems.push(...(await smallFingerTargets(page, 'result', PORTRAIT_FINGER)), ...(await smallFingerTargetsTurned(page, 'result')));
    await expectOnOneScreen(page, PHONE, STAGE_IDS.result);
    expect(problems).toEqual([]);
    // Turned, the top bar's role badge is whole (10 px tall, its capitals were cut at the top: "PLAYER") and the last
    // round is shown (it was left out, though about 300 px of the bar were empty).
    await page.setViewportSize(LANDSCAPE);
    const bar = await page.evaluate(() => {
      const badge = document.querySelector('[data-testid="role"]')!;
      const letters = document.createRange();
      letters.selectNodeContents(badge);
      const [box, text] = [badge.getBoundingClientRect(), letters.getBoundingClientRect()];
      return { inside: text.top >= box.top - 0.5 && text.bottom <= box.bottom + 0.5 && box.top >= 0, box: [box.top, box.bottom], text: [text.top, text.bottom] };
    });
    expect(bar, 'the role badge (its box and its letters, px)').toMatchObject({ inside: true });
    expect(await page.getByTestId('last-round').isVisible(), 'the last round in the landscape top bar').toBe(true);
    await page.setViewportSize(PHONE);
    // A house-way explanation cut to two lines says it opens (▾), and a tap shows it whole.
    for (const id of ['banker-explanation', 'house-way-explanation']) {
      const explanation = page.getByTestId(id);
      expect(await explanation.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"▾"');
      await explanation.tap();
      expect(await page.getByTestId(`${id}-full`).textContent()).toBe(await explanation.locator('.explanation__text').textContent());
      await explanation.tap();
    }
    await page.close();
  }, 120_000);

  for (const [index, lang] of (['en', 'ru', 'fr', 'de', 'es'] as const).entries()) {
    it(`reads whole in ${lang}: the top bar's labels, the language's name, the seats, "History & info"`, async () => {
      const page = await openPhone(lang, `Whole ${lang}`);
      expect(await languageNameFits(page), 'the language select').toMatchObject({ fits: true });
      const t = table(index + 1);
      await sitAt(page, t.tableId);
      const problems: string[] = [];
      const check = async (stage: string) => {
        problems.push(...(await cutLabels(page)).map((p) => `${stage}: label ${p}`));
        problems.push(...(await cutHandLabels(page)).map((p) => `${stage}: hand label ${p}`));
        problems.push(...(await spilled(page, '[data-testid^="seat-"]')).map((p) => `${stage}: seat ${p}`));
        problems.push(...(await spilled(page, '[data-testid="side-toggle"]')).map((p) => `${stage}: ${p}`));
        if (!(await languageNameFits(page)).fits) problems.push(`${stage}: the language's name is cut`);
      };
      await check('seated');
      await placeBet(page, Math.max(2500, t.limits.main.minCents));
      const previous = await shownRoundId(page);
      await deal(page);
      await check('dealt');
      await page.getByTestId('house-way').click();
      await waitForResult(page, previous);
      await page.locator('[data-testid="dealer-card"][data-card]').nth(6).waitFor();
      await shot(page, `touch-${lang}-result`);
      await check('result');
      await expectOnOneScreen(page, PHONE, STAGE_IDS.result);
      // A narrower phone: the result resized to 360×780, the hands' labels still whole, the hands inside the
      // window and the page no taller than it. (Not the whole width: after a win in Spanish the top bar's
      // "+23,75 $" and "1023,75 $" can widen the page by a few px, which is the top bar's matter.)
      const narrow = { width: 360, height: 780 };
      await page.setViewportSize(narrow);
      // Not `innerHeight === 780`: a touch phone zooms out a page a few px wider than the window (the top bar after a
      // win, below), and its inner height grows with the zoom.
      await page.waitForFunction(() => window.matchMedia('(max-width: 380px)').matches);
      await shot(page, `touch-${lang}-result-360`);
      problems.push(...(await cutHandLabels(page)).map((p) => `result at 360×780: hand label ${p}`));
      const fit = await page.evaluate(() => ({
        scrolls: (document.scrollingElement?.scrollHeight ?? Infinity) > window.innerHeight,
        outside: Array.from(document.querySelectorAll('.hand')).filter((el) => el.getBoundingClientRect().right > window.innerWidth || el.getBoundingClientRect().left < 0).length,
      }));
      expect(fit, 'at 360×780: the page taller than the window, or a hand outside it').toEqual({ scrolls: false, outside: 0 });
      expect(problems).toEqual([]);
      await page.close();
    }, 120_000);
  }

  it('reads whole in es: the nickname on the player\'s own seat beside a main and a Fortune bet ("5 $ + 1 $ F")', async () => {
    const nickname = 'Paloma Ruiz';
    const page = await openPhone('es', nickname);
    const t = table(8);
    await sitAt(page, t.tableId);
    const main = Math.max(500, t.limits.main.minCents);
    await placeBet(page, main);
    await page.getByTestId('chips-to-fortune').click();
    await page.getByTestId('chip-1').click();
    await page.locator('[data-testid="fortune-stack"][data-cents="100"]').waitFor();
    await page.getByTestId('chips-to-main').click();
    const seat = page.locator(`[data-testid^="seat-"][data-mine="true"][data-main-cents="${main}"][data-fortune-cents="100"]`);
    await seat.waitFor();
    await shot(page, 'touch-es-seat-bets');
    const shown = await seat.evaluate((el) => {
      const name = el.querySelector('.seat__name') as HTMLElement;
      const bet = el.querySelector('.seat__bet') as HTMLElement;
      return {
        // What is drawn: not the "(tú)" only a screen reader hears (.visually-hidden).
        name: Array.from(name.childNodes, (node) => (node instanceof HTMLElement && node.classList.contains('visually-hidden') ? '' : node.textContent)).join(''),
        nameCut: name.scrollWidth > name.clientWidth + 1,
        bet: bet.textContent,
        betCut: bet.scrollWidth > bet.clientWidth + 1 || bet.getBoundingClientRect().right > el.getBoundingClientRect().right + 1,
        seatCut: el.scrollWidth > el.clientWidth + 1,
      };
    });
    expect(shown).toMatchObject({ name: nickname, nameCut: false, betCut: false, seatCut: false });
    expect(shown.bet).toContain('$');
    expect(shown.bet).not.toContain('US'); // the plain "$" in every language (formatMoney)
    // The seats' one row scrolls sideways (packages/web/README.md: every phone's seats are one row): each is whole in
    // the window once the row is scrolled to it.
    const seats = await page.locator('[data-testid^="seat-"]').count();
    for (let i = 0; i < seats; i++) {
      await page.getByTestId(`seat-${i}`).evaluate((el) => el.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
      expect(await spilled(page, `[data-testid="seat-${i}"]`)).toEqual([]);
    }
    await page.close();
  }, 120_000);

  it('ends the felt after its content, with no empty felt under the controls (packages/web/README.md)', async () => {
    const page = await openPhone('en', 'Felt Fay');
    const t = table(9);
    await sitAt(page, t.tableId);
    // No empty felt under its last part (its border and padding left out), and the page not scrolled.
    const expectFitted = async (stage: string) => {
      const { empty, scrolled } = await page.locator('.felt').evaluate((el) => {
        const style = getComputedStyle(el);
        const inner = el.getBoundingClientRect().bottom - parseFloat(style.borderBottomWidth) - parseFloat(style.paddingBottom);
        const content = Math.max(...Array.from(el.children, (c) => c.getBoundingClientRect().bottom));
        return { empty: Math.round(inner - content), scrolled: document.scrollingElement!.scrollHeight > window.innerHeight };
      });
      expect(empty, `${stage}: empty felt under the controls`).toBeLessThanOrEqual(1);
      expect(scrolled, `${stage}: the page scrolls`).toBe(false);
    };
    await expectFitted('seated');
    await placeBet(page, Math.max(500, t.limits.main.minCents));
    const previous = await shownRoundId(page);
    await deal(page);
    await expectFitted('dealt');
    await page.getByTestId('house-way').click();
    await waitForResult(page, previous);
    await shot(page, 'touch-en-felt-result');
    await expectFitted('result');
    await page.close();
  }, 120_000);

  it('shows no timer ring while no countdown runs, and the countdown once one does', async () => {
    const page = await openPhone('en', 'Timer Tom');
    const t = table(6);
    await sitAt(page, t.tableId);
    expect(await timerState(page)).toEqual({ visibility: 'hidden', running: false });
    await placeBet(page, Math.max(500, t.limits.main.minCents));
    const previous = await shownRoundId(page);
    await deal(page);
    expect(await timerState(page)).toEqual({ visibility: 'visible', running: true });
    await page.getByTestId('house-way').click();
    await waitForResult(page, previous);
    await page.close();
  });

  it('keeps the card moved into the low hand over a reload, for that round only', async () => {
    const page = await openPhone('en', 'Reload Rae');
    const t = table(7);
    await sitAt(page, t.tableId);
    await placeBet(page, Math.max(500, t.limits.main.minCents));
    const previous = await shownRoundId(page);
    const cards = await deal(page);
    await clickCard(page, cards[0]!);
    expect(await handCards(page, 'low-hand')).toEqual([cards[0]]);
    await page.reload();
    await page.locator('[data-testid="high-hand"][data-count="6"]').waitFor();
    expect(await handCards(page, 'low-hand')).toEqual([cards[0]]);
    await clickCard(page, cards[1]!);
    expect(await handCards(page, 'low-hand')).toEqual([cards[0], cards[1]]);
    // The two cards may be a foul (a random deal): House Way sets the hand whatever they are.
    await page.getByTestId('house-way').click();
    await waitForResult(page, previous);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('paigow.low.')))).toEqual([]);
    // The next round starts with every card in the high hand.
    await placeBet(page, Math.max(500, t.limits.main.minCents));
    await deal(page);
    expect(await handCards(page, 'low-hand')).toEqual([]);
    await page.close();
  });
});

/** The disabled Double's reason as a player on a touch screen reads it: drawn on the page, and the button described by it. */
async function doubleReason(page: Page): Promise<{ disabled: boolean; shown: string | null; describes: boolean }> {
  return page.getByTestId('bet-double').evaluate((button) => {
    const reason = document.querySelector<HTMLElement>('[data-testid="double-reason"]');
    const box = reason?.getBoundingClientRect();
    const shown = reason && box && box.width > 0 && box.height > 0 && getComputedStyle(reason).visibility !== 'hidden' ? reason.textContent : null;
    const ids = (button.getAttribute('aria-describedby') ?? '').split(' ');
    return { disabled: (button as HTMLButtonElement).disabled, shown, describes: reason !== null && ids.includes(reason.id) };
  });
}

describe('a disabled control\'s reason on a touch phone', () => {
  // A tester could not learn why Rebet ×2 (Double) was disabled: its reason was only in a tooltip, which a tap never shows.
  it('shows why Double and Rebet ×2 are disabled in words, not only in a tooltip, and the table stays on one screen', async () => {
    const page = await openPhone('en', 'Double Dee');
    const t = table(11);
    await sitAt(page, t.tableId);
    // Six tenths of the maximum: twice that is over it.
    const bet = Math.ceil((t.limits.main.maxCents * 0.6) / 100) * 100;
    await placeBet(page, bet);
    const betting = await doubleReason(page);
    expect(betting).toMatchObject({ disabled: true, describes: true });
    expect(betting.shown).toContain('maximum');
    await shot(page, 'touch-en-double-reason');
    await expectOnOneScreen(page, PHONE, [...STAGE_IDS.betting, 'double-reason']);
    const previous = await shownRoundId(page);
    await deal(page);
    await page.getByTestId('house-way').click();
    await waitForResult(page, previous);
    await page.locator('[data-testid="dealer-card"][data-card]').nth(6).waitFor();
    // After the round the felt is empty: Double is Rebet ×2, the last bets twice over, over the maximum too.
    await page.locator('[data-testid="bet-double"][data-as-rebet="true"]').waitFor();
    const result = await doubleReason(page);
    expect(result).toMatchObject({ disabled: true, describes: true });
    expect(result.shown).toContain('maximum');
    await shot(page, 'touch-en-rebet-double-reason');
    await expectOnOneScreen(page, PHONE, [...STAGE_IDS.result, 'double-reason']);
    await page.close();
  }, 120_000);
});

/** The site's links drawn on the page shown (the lobby's: the lab, the coach, the trainer, the daily challenge), each with where it goes and whether it is in the page's navigation landmark. */
async function navLinks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ['lab-link', 'coach-link', 'trainer-link', 'daily-link'].flatMap((id) =>
      Array.from(document.querySelectorAll(`a[data-testid="${id}"]`))
        .filter((a) => a.getBoundingClientRect().width > 0)
        .map((a) => `${id} ${a.getAttribute('href')}${a.closest('nav') ? ' (nav)' : ''}`),
    ),
  );
}

describe('the site\'s navigation', () => {
  // A tester: the Verify page had no link to the Coach, though the lobby had one.
  it('is the same on the lobby, the lab, the coach, trainer and daily pages, the verify page and the fairness audit', async () => {
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(page, server.url, 'Nav Nell');
    const lobby = await navLinks(page);
    expect(lobby.map((l) => l.split(' ')[0])).toEqual(['lab-link', 'coach-link', 'trainer-link', 'daily-link']);
    const pages = {
      lab: ['#/house-way-lab', 'house-way-lab'],
      coach: ['#/coach', 'coach-back'],
      trainer: ['#/trainer', 'coach-back'],
      daily: ['#/daily', 'coach-back'],
      verify: ['#/verify/no-such-round', 'verify-status'],
      audit: ['#/fairness-audit', 'fairness-audit'],
    } as const;
    const differs: string[] = [];
    for (const [name, [hash, shown]] of Object.entries(pages)) {
      await page.goto(`${server.url}/${hash}`);
      await page.getByTestId(shown).first().waitFor();
      const links = await navLinks(page);
      if (JSON.stringify(links) !== JSON.stringify(lobby)) differs.push(`${name}: ${JSON.stringify(links)}`);
      if (name === 'verify') await shot(page, 'touch-nav-verify');
    }
    expect(differs, `the lobby's: ${JSON.stringify(lobby)}`).toEqual([]);
    await page.close();
  }, 120_000);

  it('leaves no page wider than a 360 px phone in any language (the fairness audit\'s tables scroll in their own box)', async () => {
    // Testers: in French the audit's tables made the page 401 px wide at 360, in Russian 367; in Russian the daily
    // challenge's heading (its date unbroken) 362, in Spanish 456. Each page by its address, once its content is in.
    const pages = {
      '#/': '[data-testid^="table-"]',
      '#/daily': '[data-testid="daily-title"]',
      '#/coach': '[data-testid="coach-none"], [data-testid="strategy-tax"]',
      '#/trainer': '[data-testid="trainer-hand"]',
      '#/house-way-lab': '[data-testid="house-way-lab"]',
      '#/verify/no-such-round': '[data-testid="verify-status"]:not(:empty)',
      '#/fairness-audit': '.audit-table',
    };
    const page = await openPage(browser, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await signIn(page, server.url, 'Narrow Nina');
    const wide: string[] = [];
    for (const lang of ['en', 'ru', 'fr', 'de', 'es']) {
      await page.goto(`${server.url}/?lang=${lang}#/`);
      for (const [hash, shown] of Object.entries(pages)) {
        // The address's part after # alone changes: the page is not loaded again.
        await page.evaluate((h) => (window.location.hash = h), hash);
        await page.locator(shown).first().waitFor();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 360) wide.push(`${lang} ${hash}: ${width} px`);
        // A tester's: the daily hand's seven cards wrapped six and one, which looked broken.
        if (hash === '#/daily') {
          await page.getByTestId('daily-card').first().waitFor();
          const rows = await page.evaluate(() => new Set(Array.from(document.querySelectorAll('[data-testid="daily-card"]'), (card) => Math.round(card.getBoundingClientRect().top))).size);
          if (rows !== 1) wide.push(`${lang} ${hash}: the hand on ${rows} rows`);
        }
      }
    }
    expect(wide).toEqual([]);
    await page.close();
  }, 120_000);
});

describe('headings and the fairness panel', () => {
  it('gives the lobby, the table, the house-way lab, #/lab and #/fairness a level-one heading', async () => {
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(page, server.url, 'Heading Hal');
    const h1s = async () => page.locator('h1').count();
    expect(await h1s(), 'lobby').toBeGreaterThan(0);
    for (const hash of ['#/lab', '#/fairness']) {
      await page.goto(`${server.url}/${hash}`);
      await page.locator('[data-testid^="table-"]').first().waitFor();
      expect(await h1s(), hash).toBeGreaterThan(0);
    }
    await page.goto(`${server.url}/#/house-way-lab`);
    await page.getByTestId('house-way-lab').waitFor();
    expect(await h1s(), 'house-way lab').toBeGreaterThan(0);
    await page.goto(`${server.url}/#/`);
    await sitAt(page, table(8).tableId);
    expect(await h1s(), 'table').toBeGreaterThan(0);
    await page.close();
  });

  it('breaks the client seeds inside the "Provably fair" panel', async () => {
    const page = await openPage(browser, { viewport: VIEWPORTS.laptop });
    await signIn(page, server.url, 'Seedy Sam');
    const t = table(9);
    await sitAt(page, t.tableId);
    await page.getByTestId('client-seed').fill('c601da4c5dd563fa'.repeat(4));
    await placeBet(page, Math.max(500, t.limits.main.minCents));
    await deal(page);
    const seeds = page.getByTestId('fairness-client-seeds');
    await seeds.waitFor();
    const fit = await seeds.evaluate((el) => {
      const panel = el.closest('[data-testid="fairness-panel"]')!.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      return { inside: text.left >= panel.left - 0.5 && text.right <= panel.right + 0.5, text: text.right, panel: panel.right };
    });
    expect(fit).toMatchObject({ inside: true });
    await page.close();
  });
});
