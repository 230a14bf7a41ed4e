/**
 * The abuse settings from the environment (docs/server.md "Limits", "Headers and origins", "Sessions"):
 * each variable read as documented, a malformed one refused with a message naming it.
 */
import { describe, expect, it } from 'vitest';
import { serverOptionsFromEnv } from '../env.js';
import { DEFAULT_LIMITS, limitsFromEnv, parseRateLimit } from './settings.js';

describe('limits from the environment', () => {
  it('reads rates as <count>/<duration> in ms, s, m or h', () => {
    expect(parseRateLimit('X', '20/10m')).toEqual({ points: 20, windowMs: 600_000 });
    expect(parseRateLimit('X', ' 30 / 1s ')).toEqual({ points: 30, windowMs: 1_000 });
    expect(parseRateLimit('X', '100/500ms')).toEqual({ points: 100, windowMs: 500 });
    expect(parseRateLimit('X', '2/1h')).toEqual({ points: 2, windowMs: 3_600_000 });
    for (const bad of ['20', '0/1s', '5/0s', '5/1d', '-1/1s', '1.5/1s', 'x/1s']) {
      expect(() => parseRateLimit('PAIGOW_RATE_GUESTS_PER_IP', bad), bad).toThrow(`PAIGOW_RATE_GUESTS_PER_IP must be a rate like 20/10m (count/duration in ms, s, m or h), got '${bad}'`);
    }
  });

  it('takes each set variable and leaves the others to the defaults', () => {
    expect(limitsFromEnv({})).toEqual({});
    expect(
      limitsFromEnv({ PAIGOW_MAX_BODY_BYTES: '16384', PAIGOW_CONNECTIONS_PER_PLAYER: '2', PAIGOW_RATE_MESSAGES_PER_IP: '1000/1s' }),
    ).toEqual({ maxBodyBytes: 16_384, connectionsPerPlayer: 2, messagesPerIp: { points: 1_000, windowMs: 1_000 } });
    expect(() => limitsFromEnv({ PAIGOW_MAX_MESSAGE_BYTES: '4k' })).toThrow("PAIGOW_MAX_MESSAGE_BYTES must be a whole number of bytes from 1024 to 1048576 (decimal digits only), got '4k'");
    expect(DEFAULT_LIMITS).toMatchObject({ maxBodyBytes: 8_192, maxMessageBytes: 4_096, connectionsPerPlayer: 3, trustedProxies: 'loopback' });
  });

  it('reads the connections per IP and the slow-request timeouts (ms)', () => {
    expect(limitsFromEnv({ PAIGOW_CONNECTIONS_PER_IP: '1000', PAIGOW_HEADERS_TIMEOUT_MS: '5000', PAIGOW_REQUEST_TIMEOUT_MS: '20000' })).toEqual({
      connectionsPerIp: 1_000,
      headersTimeoutMs: 5_000,
      requestTimeoutMs: 20_000,
    });
    expect(DEFAULT_LIMITS).toMatchObject({ connectionsPerIp: 256, headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 });
    expect(() => limitsFromEnv({ PAIGOW_CONNECTIONS_PER_IP: '0' })).toThrow("PAIGOW_CONNECTIONS_PER_IP must be a whole number of connections from 8 to 1000000 (decimal digits only), got '0'");
    expect(() => limitsFromEnv({ PAIGOW_HEADERS_TIMEOUT_MS: '10s' })).toThrow("PAIGOW_HEADERS_TIMEOUT_MS must be a whole number of ms from 1000 to 3600000 (decimal digits only), got '10s'");
  });

  it('reads the requests unanswered per connection (PAIGOW_MAX_PIPELINED_REQUESTS), 16 by default', () => {
    expect(DEFAULT_LIMITS.maxPipelinedRequests).toBe(16);
    expect(limitsFromEnv({ PAIGOW_MAX_PIPELINED_REQUESTS: '64' })).toEqual({ maxPipelinedRequests: 64 });
    expect(() => limitsFromEnv({ PAIGOW_MAX_PIPELINED_REQUESTS: '16k' })).toThrow(
      "PAIGOW_MAX_PIPELINED_REQUESTS must be a whole number of requests from 1 to 1000 (decimal digits only), got '16k'",
    );
  });

  it('reads the seats per IP and table (PAIGOW_SEATS_PER_IP), 1 to MAX_SEATS', () => {
    expect(DEFAULT_LIMITS.seatsPerIp).toBe(3);
    expect(limitsFromEnv({ PAIGOW_SEATS_PER_IP: '6' })).toEqual({ seatsPerIp: 6 });
    expect(() => limitsFromEnv({ PAIGOW_SEATS_PER_IP: '7' })).toThrow("PAIGOW_SEATS_PER_IP must be a whole number of seats from 1 to 6 (decimal digits only), got '7'");
  });

  it('reads the trusted proxies (PAIGOW_TRUST_PROXY) and names the variable of a bad list', () => {
    expect(limitsFromEnv({ PAIGOW_TRUST_PROXY: '10.0.0.0/8, loopback' })).toEqual({ trustedProxies: '10.0.0.0/8, loopback' });
    expect(limitsFromEnv({ PAIGOW_TRUST_PROXY: 'none' })).toEqual({ trustedProxies: 'none' });
    expect(() => limitsFromEnv({ PAIGOW_TRUST_PROXY: 'my-proxy' })).toThrow("PAIGOW_TRUST_PROXY must be addresses, CIDR ranges, loopback, linklocal, uniquelocal or none, comma-separated, got 'my-proxy'");
  });

  it('reads the allowed origins and the session idle time', () => {
    const options = serverOptionsFromEnv({ PAIGOW_ALLOWED_ORIGINS: 'http://localhost:5173, https://play.example', PAIGOW_SESSION_IDLE_DAYS: '7' });
    expect(options.allowedOrigins).toEqual(['http://localhost:5173', 'https://play.example']);
    expect(options.sessionIdleMs).toBe(7 * 24 * 3_600_000);
    expect(serverOptionsFromEnv({}).allowedOrigins).toEqual([]);
    expect(serverOptionsFromEnv({}).sessionIdleMs).toBeUndefined();
    expect(() => serverOptionsFromEnv({ PAIGOW_ALLOWED_ORIGINS: 'https://play.example/' })).toThrow(
      "PAIGOW_ALLOWED_ORIGINS must list origins like http://localhost:5173, got 'https://play.example/'",
    );
    expect(() => serverOptionsFromEnv({ PAIGOW_SESSION_IDLE_DAYS: '0' })).toThrow(
      "PAIGOW_SESSION_IDLE_DAYS must be a number of days above 0 and at most 3650 (decimal digits, one optional point), got '0'",
    );
  });
});
