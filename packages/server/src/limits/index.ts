/** Limits against abuse (docs/server.md "Limits"): the settings and the rate limiters. */
export { rateLimited, RateLimits, retryAfterSeconds, type RateRefusal } from './rate-limits.js';
export { DEFAULT_LIMITS, LIMIT_ENV_NAMES, limitsFromEnv, NUMBER_LIMIT_RANGES, parseRateLimit, RATE_RANGE, type RateLimit, type ServerLimits } from './settings.js';
export { SeatAddresses } from './seat-addresses.js';
