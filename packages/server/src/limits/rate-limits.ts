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
 * Takes one point from each key's limiter in turn, stopping at the first that refuses: a request refused
 * for its player costs its IP nothing, so one flooding player does not use up the IP's allowance of the
 * other players behind it.
 * @returns `null` when every limiter allowed it, else the ms until the refusing one allows again
 */
async function consumeAll(pairs: readonly (readonly [RateLimiterMemory, string])[]): Promise<number | null> {
  for (const [rateLimiter, key] of pairs) {
    try {
      await rateLimiter.consume(key);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return refusal.msBeforeNext;
    }
  }
  return null;
}

/** The process's rate limiters. Each method takes one point and returns `null` (allowed) or the ms to wait. */
export class RateLimits {
  private readonly guestsPerIp: RateLimiterMemory;
  private readonly topUpsPerPlayer: RateLimiterMemory;
  private readonly topUpsPerIp: RateLimiterMemory;
  private readonly messagesPerPlayer: RateLimiterMemory;
  private readonly messagesPerIp: RateLimiterMemory;

  constructor(limits: ServerLimits) {
    this.guestsPerIp = limiter(limits.guestsPerIp);
    this.topUpsPerPlayer = limiter(limits.topUpsPerPlayer);
    this.topUpsPerIp = limiter(limits.topUpsPerIp);
    this.messagesPerPlayer = limiter(limits.messagesPerPlayer);
    this.messagesPerIp = limiter(limits.messagesPerIp);
  }

  /** A guest creation (`POST /api/guest`) from `ip`. */
  guest(ip: string): Promise<number | null> {
    return consumeAll([[this.guestsPerIp, ip]]);
  }

  /** A top-up (`POST /api/top-up` or the `top-up` table message) by `playerId` from `ip`. */
  topUp(playerId: string, ip: string): Promise<number | null> {
    return consumeAll([
      [this.topUpsPerPlayer, playerId],
      [this.topUpsPerIp, ip],
    ]);
  }

  /** A table message by `playerId` from `ip`. */
  message(playerId: string, ip: string): Promise<number | null> {
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
