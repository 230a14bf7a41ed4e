#!/usr/bin/env node
// Screenshots of the visual preview (preview.html, dev only) at laptop and phone sizes, for
// looking at the table without a server. Starts Vite's dev server, drives /usr/bin/chromium.
// Usage: node packages/web/scripts/preview-shots.mjs [state ...]   → artifacts/preview/<state>-<size>.png
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '..', '..', 'artifacts', 'preview');
mkdirSync(out, { recursive: true });
const states = process.argv.slice(2).length ? process.argv.slice(2) : ['betting', 'foul', 'ok', 'submitted', 'win', 'lose', 'push', 'shared', 'banker', 'empty'];
const server = await createServer({ root, configFile: join(root, 'vite.config.ts'), server: { port: 0, host: '127.0.0.1' }, logLevel: 'error' });
await server.listen();
const url = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--headless'] });
try {
  for (const [size, viewport] of [['laptop', { width: 1366, height: 768 }], ['phone', { width: 390, height: 844 }]]) {
    const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
    for (const state of states) {
      await page.goto(`${url}preview.html#${state}`);
      await page.waitForSelector('.felt');
      await page.waitForTimeout(400);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      await page.screenshot({ path: join(out, `${state}-${size}.png`), fullPage: true });
      console.log(`${state}-${size}.png${overflow > 0 ? `  HORIZONTAL OVERFLOW ${overflow}px` : ''}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
