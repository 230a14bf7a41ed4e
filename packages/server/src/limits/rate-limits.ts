/**
 * Rate limits per client IP and per player (docs/server.md "Limits"), counted in this process's memory
 * with rate-limiter-flexible (`RateLimiterMemory`, a fixed window per key). A refused request is answered
 * `rate/limited` (HTTP 429 with `Retry-After`; a table message gets the `error` message) and changes nothing.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { RuleError } from '@paigow/engine';
import type { RateLimit, ServerLimits } from './settings.js';

function limiter(limit: RateLimit): RateLimiterMemory {
  return new RateLimiterMemory({ points: limit.points, duration: limit.windowMs / 1_000 });
}

/**
 * A refusal by the rate limits: `waitMs`, the ms until the refusing limiter allows again, and `own`, whether it
 * was the first key's (the player's own limit) rather than one it shares with others (its IP's).
 */
export interface RateRefusal {
  readonly waitMs: number;
  readonly own: boolean;
}

/**
 * Takes one point from each key's limiter in turn, stopping at the first that refuses: a request refused
 * for its player costs its IP nothing, so one flooding player does not use up the IP's allowance of the
 * other players behind it.
 * @returns `null` when every limiter allowed it, else the refusal (`own` when the first limiter refused)
 */
async function consumeAll(pairs: readonly (readonly [RateLimiterMemory, string])[]): Promise<RateRefusal | null> {
  for (const [index, [rateLimiter, key]] of pairs.entries()) {
    try {
      await rateLimiter.consume(key);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return { waitMs: refusal.msBeforeNext, own: index === 0 };
    }
  }
  return null;
}

/** The process's rate limiters. Each method takes one point and returns `null` (allowed) or the refusal. */
export class RateLimits {
  private readonly guestsPerIp: RateLimiterMemory;
  private readonly topUpsPerPlayer: RateLimiterMemory;
  private readonly topUpsPerIp: RateLimiterMemory;
  private readonly accountWritesPerPlayer: RateLimiterMemory;
  private readonly accountWritesPerIp: RateLimiterMemory;
  private readonly messagesPerPlayer: RateLimiterMemory;
  private readonly messagesPerIp: RateLimiterMemory;

  constructor(limits: ServerLimits) {
    this.guestsPerIp = limiter(limits.guestsPerIp);
    this.topUpsPerPlayer = limiter(limits.topUpsPerPlayer);
    this.topUpsPerIp = limiter(limits.topUpsPerIp);
    this.accountWritesPerPlayer = limiter(limits.accountWritesPerPlayer);
    this.accountWritesPerIp = limiter(limits.accountWritesPerIp);
    this.messagesPerPlayer = limiter(limits.messagesPerPlayer);
    this.messagesPerIp = limiter(limits.messagesPerIp);
  }

  /** A guest creation (`POST /api/guest`) from `ip`. */
  guest(ip: string): Promise<RateRefusal | null> {
    return consumeAll([[this.guestsPerIp, ip]]);
  }

  /** A top-up (`POST /api/top-up` or the `top-up` table message) by `playerId` from `ip`. */
  topUp(playerId: string, ip: string): Promise<RateRefusal | null> {
    return consumeAll([
      [this.topUpsPerPlayer, playerId],
      [this.topUpsPerIp, ip],
    ]);
  }

  /** Another write `playerId` asks for from `ip`: its language (`PUT /api/me/language`) or a daily challenge hand (`POST /api/daily/play`). */
  accountWrite(playerId: string, ip: string): Promise<RateRefusal | null> {
    return consumeAll([
      [this.accountWritesPerPlayer, playerId],
      [this.accountWritesPerIp, ip],
    ]);
  }

  /** A table message by `playerId` from `ip` (`own`: refused by the player's own limit, not its IP's). */
  message(playerId: string, ip: string): Promise<RateRefusal | null> {
    return consumeAll([
      [this.messagesPerPlayer, playerId],
      [this.messagesPerIp, ip],
    ]);
  }
}

/** Whole seconds to wait, at least 1: the `Retry-After` of a 429. */
export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1_000));
}

/** The `rate/limited` refusal of a request that must wait `waitMs` ms. */
export function rateLimited(waitMs: number): RuleError {
  return { code: 'rate/limited', message: `too many requests; try again in ${retryAfterSeconds(waitMs)} s` };
}
