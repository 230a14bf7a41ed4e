/**
 * What every browser test file starts with and ends with: the web client (built once per run, global-setup.ts), the built server on
 * a port of its own (`startServer`), Debian's Chromium, and the lobby's tables as the server lists them.
 */
import type { LobbyTable } from '@paigow/protocol';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { requireBuilt, startServer, type RunningServer, type StartOptions } from './server.js';

/** A file's server, browser and the tables of its lobby (`GET /api/tables` at the start). */
export interface BrowserSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly tables: LobbyTable[];
}

/** How long `openSuite` may take in a `beforeAll` (a cold server and Chromium on a loaded machine), ms. */
export const SUITE_SETUP_MS = 300_000;

/** Checks that the client is built (by the global setup), starts a server (with `start`) and Chromium, and reads the lobby. */
export async function openSuite(start: StartOptions = {}): Promise<BrowserSuite> {
  requireBuilt();
  const server = await startServer(start);
  const browser = await launchBrowser();
  const res = await fetch(`${server.url}/api/tables`);
  const tables = ((await res.json()) as { tables: LobbyTable[] }).tables;
  return { server, browser, tables };
}

/** Closes the browser and stops the server (either may be missing when the start failed). */
export async function closeSuite(suite: Partial<Pick<BrowserSuite, 'server' | 'browser'>>): Promise<void> {
  await suite.browser?.close();
  await suite.server?.stop();
}
