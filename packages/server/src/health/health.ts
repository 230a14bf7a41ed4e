/**
 * What `/livez` and `/readyz` say (docs/operations.md "Health"): liveness (the process runs and its
 * event loop turns) and readiness (the database answers and no write failed on a full disk lately; with Redis, Redis
 * answers; this process holds its lease; it is not draining; its event loop is not overloaded). One `ServerHealth` per server:
 * `startServer` creates it, the SIGTERM drain calls `setDraining()`, the lease loop `leaseRenewed()`.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { within } from '../within.js';
import { sharedCall } from '../shared-call.js';

/** One readiness check's outcome. */
export interface CheckOutcome {
  readonly ok: boolean;
  /** How long the check took, ms (database and Redis). */
  readonly latencyMs?: number;
  /** Why it failed, one line. */
  readonly reason?: string;
  /** The lease's age (ms since the last renewal), for `lease`. */
  readonly ageMs?: number;
  /** The event loop's delay, p99 over the last window, ms, for `load`. */
  readonly eventLoopLagMs?: number;
}

/** The `/readyz` body. `status` is `ready` (200) or why not (503): `starting`, `draining`, `not-ready`. */
export interface Readiness {
  readonly status: 'ready' | 'starting' | 'draining' | 'not-ready';
  readonly checks: {
    readonly database?: CheckOutcome;
    readonly redis?: CheckOutcome;
    readonly lease?: CheckOutcome;
    readonly draining?: CheckOutcome;
    readonly load?: CheckOutcome;
  };
}

/** The `/livez` body (always 200 while the process answers). */
export interface Liveness {
  readonly status: 'ok';
  /** Seconds since the process started. */
  readonly uptimeSeconds: number;
  /** The event loop's delay, p99 over the last window, ms (absent while the server starts: not measured yet). */
  readonly eventLoopLagMs?: number;
}

/**
 * The event-loop delay (p99 over the last window) above which `/readyz` says the process is overloaded, ms, when
 * `PAIGOW_MAX_EVENT_LOOP_LAG_MS` is unset. Admission control's own limit must stay below it (env.ts).
 */
export const DEFAULT_MAX_EVENT_LOOP_LAG_MS = 1_000;

/** What a `ServerHealth` checks. */
export interface HealthOptions {
  /**
   * Runs one trivial statement (`select 1`); rejects when the database does not answer, or, after a write failed on a
   * full, read-only or failing disk, with the reason writes fail (`storage/write-faults.ts`).
   */
  readonly pingDatabase: () => Promise<void>;
  /** Pings Redis; absent when the server runs without `REDIS_URL`. */
  readonly pingRedis?: () => Promise<void>;
  /** The lease (docs/server.md "Processes, leases and recovery"): an instance is alive while renewed within `leaseMs`. */
  readonly leaseMs: number;
  /** The clock, epoch ms. */
  readonly now: () => number;
  /** A database or Redis check slower than this fails, ms (default `READINESS_CHECK_TIMEOUT_MS`). */
  readonly checkTimeoutMs?: number;
  /** The event-loop delay (p99 over the last window) above which the process is overloaded, ms (default 1,000). */
  readonly maxEventLoopLagMs?: number;
}

/**
 * How long `/readyz` waits for its database and Redis checks, ms: one that has not answered by then fails ("no answer
 * within 2000 ms"). While the database or Redis is unreachable without refusing connections (packets dropped),
 * `/readyz` answers 503 only after this long, so a readiness probe's timeout must be above it (3 s;
 * docs/operations.md "Health").
 */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

/** The window over which the event-loop delay is measured, ms. */
export const LAG_WINDOW_MS = 2_000;

/** The health of one running server. Call `close()` when the server stops (it ends the lag monitor). */
export class ServerHealth {
  private draining = false;
  private leaseRenewedAtMs: number;
  private leaseLost = false;
  private readonly delay: IntervalHistogram;
  private readonly window: NodeJS.Timeout;
  private lagMs = 0;
  /**
   * The database and Redis pings, each shared while it runs (`sharedCall`): a probe while one is unanswered waits for
   * that one instead of starting another. While the database does not answer (a partition), each ping holds a pool
   * connection until the pool's query timeout (10 s), and probes every second, or a flood of them, would take every
   * connection from the tables.
   */
  private readonly pingDatabase: () => Promise<void>;
  private readonly pingRedis: (() => Promise<void>) | undefined;

  constructor(private readonly options: HealthOptions) {
    this.pingDatabase = sharedCall(options.pingDatabase);
    this.pingRedis = options.pingRedis === undefined ? undefined : sharedCall(options.pingRedis);
    this.leaseRenewedAtMs = options.now();
    this.delay = monitorEventLoopDelay({ resolution: 20 });
    this.delay.enable();
    this.window = setInterval(() => {
      this.lagMs = this.delay.percentile(99) / 1e6;
      this.delay.reset();
    }, LAG_WINDOW_MS);
    this.window.unref();
  }

  /**
   * Starts the delay's window afresh: called when the server begins taking players, so the start's own stall
   * (migrations, recovering rounds, hosting the tables) does not make `/readyz` say overloaded, nor admission
   * control refuse the first players, for up to a window after the `serving at` line.
   */
  restartLagWindow(): void {
    this.delay.reset();
    this.lagMs = 0;
    this.window.refresh();
  }

  /** Stops taking new work for a drain (SIGTERM): `/readyz` answers 503 `draining` from now on. */
  setDraining(on = true): void {
    this.draining = on;
  }

  /** True once `setDraining()` was called. */
  get isDraining(): boolean {
    return this.draining;
  }

  /** The lease was renewed at `atMs` (true) or found stopped (false: another process may recover this one's rounds). */
  leaseRenewed(renewed: boolean, atMs: number): void {
    if (renewed) this.leaseRenewedAtMs = atMs;
    else this.leaseLost = true;
  }

  /** Seconds since the lease was last renewed (the `paigow_lease_age_seconds` gauge). */
  leaseAgeSeconds(): number {
    return Math.max(0, this.options.now() - this.leaseRenewedAtMs) / 1000;
  }

  /** The event loop's delay, p99 over the last complete window (`LAG_WINDOW_MS`), ms. */
  eventLoopLagMs(): number {
    return this.lagMs;
  }

  /** `/livez`: answering at all shows the process runs and its event loop turns. */
  liveness(): Liveness {
    return { status: 'ok', uptimeSeconds: Math.round(process.uptime()), eventLoopLagMs: round(this.lagMs) };
  }

  /**
   * `/readyz`: every check, run now (database and Redis at once, each within `checkTimeoutMs`); a database or Redis
   * ping still unanswered from an earlier call is waited for, not run again (at most one of each at a time).
   */
  async readiness(): Promise<Readiness> {
    const timeoutMs = this.options.checkTimeoutMs ?? READINESS_CHECK_TIMEOUT_MS;
    const ping = async (run: () => Promise<void>): Promise<CheckOutcome> => {
      const started = performance.now();
      try {
        await within(run(), timeoutMs);
        return { ok: true, latencyMs: round(performance.now() - started) };
      } catch (error) {
        return { ok: false, latencyMs: round(performance.now() - started), reason: oneLine(error) };
      }
    };
    const [database, redis] = await Promise.all([
      ping(this.pingDatabase),
      this.pingRedis === undefined ? Promise.resolve(undefined) : ping(this.pingRedis),
    ]);
    const ageMs = Math.max(0, this.options.now() - this.leaseRenewedAtMs);
    const lease: CheckOutcome = this.leaseLost
      ? { ok: false, ageMs, reason: 'the lease was found stopped: another process may recover this one’s rounds' }
      : ageMs < this.options.leaseMs
        ? { ok: true, ageMs }
        : { ok: false, ageMs, reason: `the lease was last renewed ${ageMs} ms ago (lease ${this.options.leaseMs} ms)` };
    const maxLag = this.options.maxEventLoopLagMs ?? DEFAULT_MAX_EVENT_LOOP_LAG_MS;
    const load: CheckOutcome =
      this.lagMs <= maxLag ? { ok: true, eventLoopLagMs: round(this.lagMs) } : { ok: false, eventLoopLagMs: round(this.lagMs), reason: `event-loop delay over ${maxLag} ms` };
    const draining: CheckOutcome = this.draining ? { ok: false, reason: 'draining: finishing rounds in progress before stopping' } : { ok: true };
    const checks = { database, ...(redis === undefined ? {} : { redis }), lease, draining, load };
    const ready = Object.values(checks).every((check) => check.ok);
    return { status: ready ? 'ready' : this.draining ? 'draining' : 'not-ready', checks };
  }

  /** Stops the event-loop monitor. */
  close(): void {
    clearInterval(this.window);
    this.delay.disable();
  }
}

/** The `/readyz` body while the server starts (before the database is open). */
export const STARTING_READINESS: Readiness = Object.freeze({ status: 'starting', checks: {} });

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
}
