/**
 * Chromium for the end-to-end tests: Debian's /usr/bin/chromium driven by playwright-core
 * (docs/CONTRIBUTING-helpers.md; browsers are never downloaded). When it is missing and the tests run
 * as root, it is installed with apt-get; otherwise the tests fail with a message saying how.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The Chromium binary: Debian's, unless PAIGOW_CHROMIUM names another. */
export const CHROMIUM = process.env.PAIGOW_CHROMIUM ?? '/usr/bin/chromium';

/** Makes sure Chromium is installed (apt-get as root), or throws an error naming the fix. */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (existsSync(CHROMIUM)) return CHROMIUM;
  }
  throw new Error(`${CHROMIUM} is missing: install Debian's chromium (sudo apt-get install -y chromium) or set PAIGOW_CHROMIUM`);
}

/** Launches headless Chromium with the project's flags. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = ensureChromium();
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--headless'],
  });
}

/** The two screen sizes the table must work at. */
export const VIEWPORTS = {
  laptop: { width: 1366, height: 768 },
  phone: { width: 390, height: 844 },
} as const;
