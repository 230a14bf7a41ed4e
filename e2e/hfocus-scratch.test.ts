import { afterAll, beforeAll, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { LobbyTable } from '@paigow/engine';
import { launchBrowser, VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import { buildOnce, startServer, type RunningServer } from './support/server.js';
import { placeBet, signIn, sitAt, deal, waitForResult } from './support/table-page.js';

let server: RunningServer;
let browser: Browser;
let tables: LobbyTable[];
beforeAll(async () => {
  buildOnce();
  server = await startServer();
  browser = await launchBrowser();
  tables = ((await (await fetch(`${server.url}/api/tables`)).json()) as { tables: LobbyTable[] }).tables;
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
it('lists tab stops', async () => {
  for (const table of tables.slice(0, 6)) {
    for (const vp of [VIEWPORTS.laptop, { width: 900, height: 800 }]) {
      const page = await openPage(browser, { viewport: vp });
      await signIn(page, server.url, `T${table.tableId.slice(0, 5)}`);
      await sitAt(page, table.tableId);
      await placeBet(page, table.limits.main.minCents);
      const stops: string[] = [];
      await page.locator('[data-testid^="seat-"], .felt').first().focus();
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        const id = await page.evaluate(() => { const el = document.activeElement; return el ? (el.getAttribute('data-testid') ?? el.tagName + '.' + el.className) : 'none'; });
        stops.push(id);
        if (id === 'deal') break;
      }
      console.log('STOPS', table.tableId, JSON.stringify(table.limits), table.playerBanking, vp.width, stops.length, stops.join(' '));
      await page.close();
    }
  }
}, 240_000);
