/**
 * The game server (issue: the online table): headless colyseus.js clients play rounds against one server
 * on loopback (`packages/server/dist/bench/run.js`, SQLite) at 50 and 200 clients — settled wagers per
 * second and the p50/p99 action latency (an action to the view that acknowledges it) — and the JavaScript
 * the browser downloads, gzipped (`packages/web/dist/assets`).
 */

import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BenchRow, BenchSection } from '../measure.js';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const ROUNDS = 10;

interface ServerBench {
  clients: number;
  tables: number;
  roundsPerSecond: number;
  actionP50Ms: number;
  actionP99Ms: number;
}

function serverRuns(): ServerBench[] {
  const run = spawnSync(process.execPath, [join(ROOT, 'packages/server/dist/bench/run.js'), '50', '200', '--rounds', String(ROUNDS)], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '' },
  });
  if (run.status !== 0) throw new Error(`server bench exited with ${run.status}: ${run.stderr}`);
  return run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ServerBench);
}

function shippedJsGzipBytes(): number {
  const assets = join(ROOT, 'packages/web/dist/assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .reduce((sum, name) => sum + gzipSync(readFileSync(join(assets, name)), { level: 9 }).length, 0);
}

function rows(): BenchRow[] {
  const out: BenchRow[] = [];
  for (const r of serverRuns()) {
    out.push(
      { measure: `server, ${r.clients} clients at ${r.tables} tables: settled wagers/s`, unit: 'rate', paigow: r.roundsPerSecond },
      { measure: `server, ${r.clients} clients: action latency p50 (s)`, unit: 'seconds', paigow: r.actionP50Ms / 1000 },
      { measure: `server, ${r.clients} clients: action latency p99 (s)`, unit: 'seconds', paigow: r.actionP99Ms / 1000 },
    );
  }
  out.push({
    measure: 'JavaScript shipped to the browser, gzipped',
    unit: 'kilobytes',
    paigow: shippedJsGzipBytes() / 1024,
    goal: 300,
    note: `Server: ${ROUNDS} rounds per client, six players a table (each bets, deals and plays House Way), SQLite; the latency counts from a message to the view acknowledging it.`,
  });
  return out;
}

/** The server and web-client section of `npm run bench`. */
export const serverSection: BenchSection = { name: 'server', title: 'Game server and web client', run: rows };
