/**
 * The soak (issue 11 point 10): one server process under a steady load for a bounded time,
 * `npm run bench -- soak --minutes N [--players P]` (default 10 minutes, 500 players): the same figures as
 * the server section's levels, so that a leak (RSS), a slow drift of the latency or of the event-loop
 * delay, or money made or lost (the ledger's drift) over a long run shows.
 */

import type { BenchArgs, BenchRow, BenchSection } from '../measure.js';
import { levelRows, serverRuns } from './server.js';

const DEFAULT_MINUTES = 10;
const DEFAULT_PLAYERS = 500;

function rows(args: BenchArgs): BenchRow[] {
  const minutes = args.minutes ?? DEFAULT_MINUTES;
  const players = Math.round(args.players ?? DEFAULT_PLAYERS);
  const [run] = serverRuns([players], Math.round(minutes * 60));
  const out = levelRows(run, `soak, ${players} players, ${minutes} min`);
  out[out.length - 1] = { ...out[out.length - 1], note: `Soak: ${players} players on one process for ${minutes} minutes (SQLite); RSS is the highest reading.` };
  return out;
}

/** `npm run bench -- soak --minutes N`: runs only when named. */
export const soakSection: BenchSection = { name: 'soak', title: 'Game server soak', onlyWhenNamed: true, run: rows };
