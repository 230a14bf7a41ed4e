/**
 * Accessibility checks for the browser tests (issue 14 point 5): axe-core run inside the page (its
 * source injected with addScriptTag, no network), and keyboard-only navigation (Tab until an element
 * has the focus, with its focus drawn visibly).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe violation, as much as a failure message needs. */
export interface AxeProblem {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

/**
 * The serious and critical axe violations of the page as it is now (WCAG 2.x A and AA rules, best
 * practices). The page must be opened with `bypassCSP: true`: the server's Content-Security-Policy
 * (script-src 'self') refuses the injected script otherwise.
 */
export async function seriousViolations(page: Page): Promise<AxeProblem[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
}

/**
 * The axe violations of the page as it is now of any impact, restricted to the rules `ruleIds` (e.g.
 * `heading-order`, a moderate one). The page must be opened with `bypassCSP: true`.
 */
export async function axeViolations(page: Page, ruleIds: readonly string[]): Promise<AxeProblem[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'rule', values: rules } });
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  }, [...ruleIds]);
}

/**
 * axe on the page as it is now: fails the test (with `screen` and each violation named) unless axe finds
 * no serious or critical violation (issue 14 point 5). The page must be opened with `bypassCSP: true`.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect(await seriousViolations(page), screen).toEqual([]);
}

/**
 * Presses Tab (at most `maxTabs` times) until the focused element matches `selector`, and returns
 * whether its focus is drawn (an outline or a box-shadow from :focus-visible). Throws when never reached.
 */
export async function tabTo(page: Page, selector: string, maxTabs = 250): Promise<{ visible: boolean }> {
  for (let i = 0; i < maxTabs; i++) {
    const here = await page.evaluate((sel) => {
      const el = document.activeElement;
      if (!el || !el.matches(sel)) return null;
      const style = getComputedStyle(el);
      return { visible: el.matches(':focus-visible') && ((style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none') };
    }, selector);
    if (here) return here;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** The CSS selector of the elements with `data-testid="<testid>"`. */
export const byId = (testid: string): string => `[data-testid="${testid}"]`;

/**
 * Waits until `selector` is enabled, Tabs to it (into its toolbar, then the arrow keys, for a control in a
 * toolbar), checks its focus is visible (fails the test otherwise) and presses `key` — a player's
 * keystrokes, nothing clicked.
 */
export async function press(page: Page, selector: string, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await page.locator(`${selector}:not([disabled])`).first().waitFor();
  // A control in a toolbar (the chips, the bet tools) is one Tab stop: Tab into it, then the arrow keys.
  if (await page.locator(selector).first().evaluate((el) => el.closest('[role="toolbar"]') !== null)) {
    await tabTo(page, `[role="toolbar"]:has(${selector}) button`);
    const at = (sel: string) => page.evaluate((s) => document.activeElement?.matches(s) === true, sel);
    for (let i = 0; i < 12 && !(await at(selector)); i++) await page.keyboard.press('ArrowRight');
  }
  const { visible } = await tabTo(page, selector);
  expect(visible, `visible focus on ${selector}`).toBe(true);
  await page.keyboard.press(key);
}

/**
 * The `data-testid` of the focused element (or of its nearest tagged ancestor) once the focus is off the
 * page body, waiting for it (a control that gave way hands the focus on after the next render); throws
 * when the focus stays on the body.
 */
export async function focusedTestid(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    return el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.tagName.toLowerCase();
  });
  return (await handle.jsonValue()) as string;
}

/** Focuses `from` and counts the Tab presses (at most `maxTabs`) until the focus reaches `to`; throws when it never does. */
export async function tabsBetween(page: Page, from: string, to: string, maxTabs = 60): Promise<number> {
  await page.locator(from).first().focus();
  for (let i = 1; i <= maxTabs; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) === true, to)) return i;
  }
  throw new Error(`${maxTabs} Tabs from ${from} never reached ${to}`);
}
