/**
 * Admission control (docs/server.md "Admission control", issue 11 point 4b): a process that is overloaded
 * refuses new seats with `server/overloaded` rather than slowing every player down. It is overloaded when
 * its event loop's delay (p99 over the last short window, `ServerHealth.eventLoopLagMs`) or the number of
 * players at its tables passes a limit. Players already seated play on; the lobby shows the tables as full.
 */
import type { RuleError } from '@paigow/engine';

/** The limits, each with its environment variable. */
export interface AdmissionLimits {
  /** Players with a client connected at this process's tables (a player at two tables counts twice) above which new seats are refused (`PAIGOW_MAX_PLAYERS`). */
  readonly maxPlayers: number;
  /** Event-loop delay, p99 over the last window, above which new seats are refused, ms (`PAIGOW_ADMIT_MAX_LAG_MS`). */
  readonly maxEventLoopLagMs: number;
}

/**
 * The defaults: 1,000 players, and a delay of 500 ms (half of what makes `/readyz` say overloaded: new
 * players are refused well before the process stops taking any traffic). Measured with
 * `npm run bench -- server` (docs/server.md "Benchmark") on a two-core machine: up to 1,000 players who act as
 * fast as the server answers, the process settles its most wagers a second with no timer over a second late;
 * at 1,200 it settles fewer and timers ran up to 1.55 s late.
 */
export const DEFAULT_ADMISSION: AdmissionLimits = Object.freeze({ maxPlayers: 1_000, maxEventLoopLagMs: 500 });

/** What an `Admission` reads, each time it decides. */
export interface AdmissionProbe {
  /** The event loop's delay, p99 over the last window, ms. */
  readonly eventLoopLagMs: () => number;
  /** Players with a client connected at this process's tables now. */
  readonly players: () => number;
}

/** Decides whether this process takes a new seat. One per server (`startServer`). */
export class Admission {
  private refusedCount = 0;

  constructor(
    readonly limits: AdmissionLimits,
    private readonly probe: AdmissionProbe,
  ) {}

  /** Why a new seat is refused now (`server/overloaded`, with the limit passed), or null when it is taken. */
  refusal(): RuleError | null {
    const lagMs = this.probe.eventLoopLagMs();
    if (lagMs > this.limits.maxEventLoopLagMs) {
      return { code: 'server/overloaded', message: `this server is busy (event-loop delay ${Math.round(lagMs)} ms): try again in a minute or pick another table` };
    }
    const players = this.probe.players();
    if (players >= this.limits.maxPlayers) {
      return { code: 'server/overloaded', message: `this server is full (${players} players): try again in a minute or pick another table` };
    }
    return null;
  }

  /** The same as `refusal()`, counting a refusal (`refusals`). */
  admit(): RuleError | null {
    const refused = this.refusal();
    if (refused !== null) this.refusedCount += 1;
    return refused;
  }

  /** New seats refused so far. */
  get refusals(): number {
    return this.refusedCount;
  }
}

/** A whole number from `name` within `min`‥`max`, or undefined when unset. @throws Error naming the variable */
function wholeFromEnv(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return undefined;
  const value = Number(text.replaceAll('_', ''));
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got '${env[name]}'`);
  return value;
}

/**
 * The admission limits set by `PAIGOW_MAX_PLAYERS` (1‥1,000,000) and `PAIGOW_ADMIT_MAX_LAG_MS` (1‥3,600,000 ms);
 * only the variables set.
 * @throws Error (one line naming the variable) for a malformed or out-of-range number
 */
export function admissionFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<AdmissionLimits> {
  const maxPlayers = wholeFromEnv(env, 'PAIGOW_MAX_PLAYERS', 1, 1_000_000);
  const maxEventLoopLagMs = wholeFromEnv(env, 'PAIGOW_ADMIT_MAX_LAG_MS', 1, 3_600_000);
  return { ...(maxPlayers === undefined ? {} : { maxPlayers }), ...(maxEventLoopLagMs === undefined ? {} : { maxEventLoopLagMs }) };
}
