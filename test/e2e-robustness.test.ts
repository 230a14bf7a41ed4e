/**
 * The browser tests stay robust to a slow machine without hiding real failures (issue 10 point 17: a
 * phone-size test once failed waiting 30 s for the nickname field while the rest of the suite ran).
 * Two things keep that true, and a new test file or a change of configuration that drops either fails here:
 *
 * - every browser test opens its pages through `openPage` (`e2e/support/pages.ts`: one bound for every
 *   wait and navigation instead of Playwright's 30 s, uncaught page errors fail the test, a screenshot and
 *   the console of each page on failure), never with `browser.newPage` or `newContext` of its own;
 * - the browser tests run after the unit tests (`vitest.config.ts`, project `e2e`), at most two files at a time
 *   (the suite's `maxWorkers`), so Chromium and its server never compete with the rest of the suite for the
 *   machine's cores (one file at a time the suite overran CI's 30 minutes on a slow two-core machine).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import config from '../vitest.config.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const E2E = join(ROOT, 'e2e');

/** Every `.ts` file under `dir`, as paths relative to the repository root. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [relative(ROOT, path)] : [];
  });
}

interface Project {
  test?: { name?: string; include?: string[]; fileParallelism?: boolean; sequence?: { groupOrder?: number } };
}

describe('browser tests on a slow machine (issue 10 point 17)', () => {
  it('open every page through openPage, never with a page or context of their own', () => {
    const files = sources(E2E).filter((file) => file !== join('e2e', 'support', 'pages.ts'));
    expect(files.filter((file) => file.endsWith('.test.ts')).length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(text, `${file} opens a page without openPage`).not.toMatch(/\.newPage\(|\.newContext\(/);
    }
    const pages = readFileSync(join(E2E, 'support', 'pages.ts'), 'utf8');
    expect(pages).toMatch(/setDefaultTimeout\(E2E_TIMEOUT_MS\)/);
    expect(pages).toMatch(/setDefaultNavigationTimeout\(E2E_TIMEOUT_MS\)/);
    expect(pages).toMatch(/on\('pageerror'/);
  });

  it('run at most two files at a time, after the unit tests', () => {
    const projects = (config.test?.projects ?? []) as Project[];
    const unit = projects.find((p) => p.test?.name === 'unit');
    const e2e = projects.find((p) => p.test?.name === 'e2e');
    expect(e2e?.test?.include).toEqual(['e2e/**/*.test.ts']);
    expect(config.test?.maxWorkers).toBe(2);
    expect(e2e?.test?.fileParallelism).not.toBe(false);
    expect(e2e?.test?.sequence?.groupOrder).toBeGreaterThan(unit?.test?.sequence?.groupOrder ?? Infinity);
    expect(unit?.test?.include?.some((glob) => glob.startsWith('e2e'))).toBe(false);
  });
});
