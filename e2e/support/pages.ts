/**
 * Pages for the browser tests, made robust to a slow machine without hiding real failures:
 *
 * - every wait and navigation gets one bound, `PAIGOW_E2E_TIMEOUT_MS` (default 60 s), instead of
 *   Playwright's 30 s: a loaded two-core machine can take that long to serve and start the client, and a
 *   page that never shows what a test waits for still fails, only later;
 * - an uncaught exception in a page fails the test that opened it (a broken client is never mistaken
 *   for a slow one);
 * - when a test fails, each of its pages leaves a screenshot and its console under
 *   `artifacts/e2e/failures/`, and the error names them, so a time-out on a loaded machine can be told
 *   from a page that went wrong.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterEach, onTestFailed } from 'vitest';
import { ARTIFACTS } from './table-page.js';

/** One bound for every wait and navigation, ms. */
export const E2E_TIMEOUT_MS = Number(process.env.PAIGOW_E2E_TIMEOUT_MS ?? 60_000);

interface Tracked {
  readonly page: Page;
  readonly console: string[];
  readonly errors: string[];
}

let open: Tracked[] = [];

/**
 * Opens a page with `options` (viewport, touch, …) and tracks it for the current test: the bound above,
 * its console and uncaught errors recorded, a screenshot if the test fails. Its motion is reduced (`reducedMotion:
 * 'reduce'`) unless `options` say otherwise: drawing every animation in software on two cores took a quarter of a
 * table test's time; the animations themselves are checked where a test asks for `'no-preference'`
 * (phone-viewport.test.ts "motion").
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  return track(await browser.newPage(withReducedMotion(options)));
}

/**
 * Opens a browser context with `options` (motion reduced unless they say otherwise, as `openPage`'s) whose pages are tabs of one browser (one localStorage, one session: a tab
 * closed and the site opened again); `tab()` opens one, tracked as `openPage`'s are; `close()` ends them all.
 */
export async function openTabs(browser: Browser, options: BrowserContextOptions = {}): Promise<{ tab(): Promise<Page>; close(): Promise<void> }> {
  const context = await browser.newContext(withReducedMotion(options));
  return { tab: async () => track(await context.newPage()), close: () => context.close() };
}

/** `options` with the browser's motion reduced, unless they set `reducedMotion` themselves. */
function withReducedMotion(options: BrowserContextOptions): BrowserContextOptions {
  return { reducedMotion: 'reduce', ...options };
}

/** Tracks `page` for the current test (see `openPage`). */
function track(page: Page): Page {
  page.setDefaultTimeout(E2E_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(E2E_TIMEOUT_MS);
  const tracked: Tracked = { page, console: [], errors: [] };
  page.on('console', (message) => tracked.console.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => tracked.errors.push(error.stack ?? error.message));
  if (open.length === 0) onTestFailed(async ({ task }) => saveFailure(task.name));
  open.push(tracked);
  return page;
}

async function saveFailure(testName: string): Promise<void> {
  const dir = join(ARTIFACTS, 'failures');
  mkdirSync(dir, { recursive: true });
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  for (const [i, { page, console }] of open.entries()) {
    if (page.isClosed()) continue;
    const base = join(dir, `${slug}-${i}`);
    await page.screenshot({ path: `${base}.png`, fullPage: true }).catch(() => undefined);
    writeFileSync(`${base}.console.txt`, `${page.url()}\n${console.join('\n')}\n`);
  }
}

afterEach(() => {
  const errors = open.flatMap(({ errors }) => errors);
  open = [];
  if (errors.length > 0) throw new Error(`a page threw an uncaught exception:\n${errors.join('\n\n')}`);
});
