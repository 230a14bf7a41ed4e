/**
 * `node packages/server/dist/bench/run.js [clients...] [--rounds N]`: runs `benchServer` at 50 and
 * 200 clients (or the given counts), each in its own process (Colyseus' matchmaker is one per
 * process, and runs must not disturb each other), and prints one JSON document per run.
 * `DATABASE_URL` selects PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchServer } from './bench.js';

const args = process.argv.slice(2);
let rounds = 20;
let child = false;
const counts: number[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--rounds') rounds = Number(args[++i]);
  else if (args[i] === '--child') child = true;
  else counts.push(Number(args[i]));
}
if (child) {
  const clients = counts[0];
  const result = await benchServer({ clients, rounds, databaseUrl: process.env.DATABASE_URL || undefined });
  console.log(JSON.stringify({ ...result, rounds, database: process.env.DATABASE_URL ? 'postgres' : 'sqlite' }));
  process.exit(0);
}
let failed = false;
for (const clients of counts.length > 0 ? counts : [50, 200]) {
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), String(clients), '--rounds', String(rounds), '--child'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
