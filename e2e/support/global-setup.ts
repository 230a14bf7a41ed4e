/**
 * The browser tests' global setup (vitest.config.ts, project `e2e`): builds the server and the web client once
 * for the whole run (unless PAIGOW_E2E_SKIP_BUILD), before the first browser test file starts.
 */
import { buildForBrowserTests } from './server.js';

export default function setup(): void {
  buildForBrowserTests();
}
