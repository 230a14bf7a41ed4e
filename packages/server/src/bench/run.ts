/**
 * `node packages/server/dist/bench/run.js [players...] [--rounds N | --seconds S] [--max-players N] [--max-lag-ms N] [--cpu-prof DIR] [--no-grades] [--ledger-thread] [--think-ms N]`: runs
 * `benchServer` at 50 and 200 players (or the given counts), each in its own process (Colyseus'
 * matchmaker is one per process, and runs must not disturb each other), and prints one JSON document per
 * run (`BenchResult` plus `rounds`, `seconds` asked and `database`). `--seconds` plays for that long
 * (default: `--rounds`, 20 rounds per player); `--max-players` and `--max-lag-ms` set admission control's
 * player and event-loop limits (default the server's); `--cpu-prof DIR` writes the server process's CPU profile there; `--no-grades` runs
 * the server without the coach's grading of settings (to measure what grading costs); `--ledger-thread` runs its ledger on a worker
 * thread (docs/server.md "The ledger thread"); `--think-ms N` has each client think
 * about N ms (0.5–1.5 N) before each action, as people play (`BenchOptions.thinkMs`). `DATABASE_URL` selects PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchServer } from './bench.js';

const args = process.argv.slice(2);
let rounds: number | undefined;
let seconds: number | undefined;
let maxPlayers: number | undefined;
let profileDir: string | undefined;
let maxLagMs: number | undefined;
let child = false;
let noGrades = false;
let ledgerThread = false;
let thinkMs: number | undefined;
const counts: number[] = [];
const passed: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--rounds') passed.push(args[i], String((rounds = Number(args[++i]))));
  else if (args[i] === '--seconds') passed.push(args[i], String((seconds = Number(args[++i]))));
  else if (args[i] === '--max-players') passed.push(args[i], String((maxPlayers = Number(args[++i]))));
  else if (args[i] === '--max-lag-ms') passed.push(args[i], String((maxLagMs = Number(args[++i]))));
  else if (args[i] === '--think-ms') passed.push(args[i], String((thinkMs = Number(args[++i]))));
  else if (args[i] === '--cpu-prof') passed.push(args[i], (profileDir = args[++i]));
  else if (args[i] === '--no-grades') {
    passed.push(args[i]);
    noGrades = true;
  } else if (args[i] === '--ledger-thread') {
    passed.push(args[i]);
    ledgerThread = true;
  }
  else if (args[i] === '--child') child = true;
  else counts.push(Number(args[i]));
}
if (rounds === undefined && seconds === undefined) {
  rounds = 20;
  passed.push('--rounds', '20');
}
if (child) {
  const clients = counts[0];
  const result = await benchServer({
    clients,
    rounds,
    seconds,
    databaseUrl: process.env.DATABASE_URL || undefined,
    admission: { ...(maxPlayers === undefined ? {} : { maxPlayers }), ...(maxLagMs === undefined ? {} : { maxEventLoopLagMs: maxLagMs }) },
    ...(profileDir === undefined ? {} : { profileDir }),
    noGrades,
    ledgerThread,
    ...(thinkMs === undefined ? {} : { thinkMs }),
  });
  console.log(JSON.stringify({ ...result, rounds: rounds ?? null, secondsAsked: seconds ?? null, thinkMs: thinkMs ?? 0, database: process.env.DATABASE_URL ? 'postgres' : 'sqlite', ledgerThread }));
  process.exit(0);
}
let failed = false;
for (const clients of counts.length > 0 ? counts : [50, 200]) {
  const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), String(clients), ...passed, '--child'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
