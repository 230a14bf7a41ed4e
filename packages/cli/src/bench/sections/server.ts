/**
 * The game server (issue 11 point 10): headless colyseus.js clients play on one server process on loopback
 * (`packages/server/dist/bench/run.js`, SQLite) at 200, 500, 1,000 and 2,000 players, each level for a
 * bounded time (`--seconds`, default 60): settled wagers per second, the p50/p99 action latency (an action
 * to the view that acknowledges it), the server's event-loop delay (the worst 2 s window's p99, and the
 * latest a timer fired), its RSS, the players refused by admission control, and the ledger's drift (the
 * sum of every account, which must be 0). Those clients act as soon as the server answers them, so the
 * server is always saturated: the issue's goals at 500 players are for that run (its actions answered first, the
 * rounds waiting for their deal and reveal: docs/server.md "Actions first"). 500 players are measured again at a
 * brisk pace (`PACED_THINK_MS` before each action, faster than a person plays): the latency at a load near what the
 * process carries; its wagers a second are the players' pace, not the server's capacity, and have no goal. Also the
 * JavaScript the browser downloads, gzipped.
 */

import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BenchArgs, BenchRow, BenchSection } from '../measure.js';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

/** The load levels, players on one process. */
const LEVELS = [200, 500, 1_000, 2_000] as const;

/**
 * The paced level: 500 players who each think 75–225 ms (0.5–1.5 × 150 ms) before each bet, deal and setting,
 * quicker than any person (a player takes seconds): 500 of them bring about 500–700 wagers a second on a two-core machine.
 */
const PACED_PLAYERS = 500;
const PACED_THINK_MS = 150;

/** Seconds per level unless `--seconds` is given. */
const DEFAULT_SECONDS = 60;

/** The goals of issue 11 point 10 (the figures of the day it was filed: 200 players 298 wagers/s). */
const GOALS = { p99At500Seconds: 0.15, wagersAt500: 2 * 298, lagMaxAt2000Seconds: 1 } as const;

/** One level's figures (`BenchResult` of packages/server/src/bench/bench.ts). */
export interface ServerBench {
  clients: number;
  tables: number;
  roundsPerSecond: number;
  actionP50Ms: number;
  actionP99Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
  rssMiB: number;
  refused: number;
  driftCents: number;
  seconds: number;
  cpuMsPerWager: number;
  statementsPerWager: number;
}

/**
 * Runs the server benchmark at each of `players` for `seconds` each (one process per level), SQLite; with
 * `thinkMs`, each client thinks about that long (ms) before each action.
 * @throws Error when a run fails
 */
export function serverRuns(players: readonly number[], seconds: number, thinkMs = 0): ServerBench[] {
  const args = [join(ROOT, 'packages/server/dist/bench/run.js'), ...players.map(String), '--seconds', String(seconds), '--think-ms', String(thinkMs)];
  // The servers log at info, as an operator runs them (a line a deal and a settlement: some 400 KB/s at 500 players),
  // which is part of what they cost. Their lines go to a file: held in memory they passed spawnSync's buffer within two
  // levels, and the run was killed (`exited with null`).
  const logDir = mkdtempSync(join(tmpdir(), 'paigow-bench-'));
  const logFile = join(logDir, 'server.log');
  const log = openSync(logFile, 'w');
  try {
    const run = spawnSync(process.execPath, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', log],
      // SQLite: DATABASE_URL unset (an empty one is refused, as by paigow serve).
      env: Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL')),
    });
    if (run.status !== 0) {
      const text = readFileSync(logFile, 'utf8');
      throw new Error(`server bench exited with ${run.status ?? run.signal}: ${text.slice(-4_000)}`);
    }
    return run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ServerBench);
  } finally {
    closeSync(log);
    rmSync(logDir, { recursive: true, force: true });
  }
}

/**
 * The rows of one level, labelled `label`, with the issue's goals where they apply to `r.clients` (at 500 players: the
 * latency at either pace; the throughput unless `paced`, where the players' pace sets it).
 */
export function levelRows(r: ServerBench, label: string, paced = false): BenchRow[] {
  const at500 = r.clients === 500;
  return [
    { measure: `${label}: settled wagers/s (${r.tables} tables)`, unit: 'rate', paigow: r.roundsPerSecond, ...(at500 && !paced ? { goal: GOALS.wagersAt500 } : {}) },
    { measure: `${label}: action latency p50 (s)`, unit: 'seconds', paigow: r.actionP50Ms / 1000 },
    { measure: `${label}: action latency p99 (s)`, unit: 'seconds', paigow: r.actionP99Ms / 1000, ...(at500 ? { goal: GOALS.p99At500Seconds } : {}) },
    { measure: `${label}: event-loop delay p99, worst 2 s (s)`, unit: 'seconds', paigow: r.lagP99Ms / 1000 },
    {
      measure: `${label}: latest timer (event-loop delay max) (s)`,
      unit: 'seconds',
      paigow: r.lagMaxMs / 1000,
      ...(r.clients === 2_000 ? { goal: GOALS.lagMaxAt2000Seconds } : {}),
    },
    { measure: `${label}: server CPU per settled wager (µs)`, unit: 'count', paigow: r.cpuMsPerWager * 1000 },
    { measure: `${label}: database statements per 100 settled wagers`, unit: 'count', paigow: r.statementsPerWager * 100 },
    { measure: `${label}: server RSS`, unit: 'megabytes', paigow: r.rssMiB },
    { measure: `${label}: players refused a seat (admission control)`, unit: 'count', paigow: r.refused },
    { measure: `${label}: ledger drift (sum of all accounts, cents)`, unit: 'count', paigow: Math.abs(r.driftCents), goal: 0 },
  ];
}

function shippedJsGzipBytes(): number {
  const assets = join(ROOT, 'packages/web/dist/assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .reduce((sum, name) => sum + gzipSync(readFileSync(join(assets, name)), { level: 9 }).length, 0);
}

function rows(args: BenchArgs): BenchRow[] {
  const seconds = args.seconds ?? DEFAULT_SECONDS;
  const out: BenchRow[] = serverRuns(LEVELS, seconds).flatMap((r) => levelRows(r, `server, ${r.clients} players`));
  for (const r of serverRuns([PACED_PLAYERS], seconds, PACED_THINK_MS)) {
    out.push(...levelRows(r, `server, ${r.clients} players at a brisk pace (${PACED_THINK_MS} ms a decision)`, true).slice(0, 5));
  }
  out.push({
    measure: 'JavaScript shipped to the browser, gzipped',
    unit: 'kilobytes',
    paigow: shippedJsGzipBytes() / 1024,
    goal: 300,
    note: `Server: ${seconds} s per level, six players a table (each bets 1.00, deals and plays House Way), SQLite, one process; the players act as soon as the server answers, except at a brisk pace (75–225 ms before each action); the latency counts from a message to the view acknowledging it; players past admission control's limits are refused and do not play.`,
  });
  return out;
}

/** The server and web-client section of `npm run bench`. */
export const serverSection: BenchSection = { name: 'server', title: 'Game server and web client', run: rows };
