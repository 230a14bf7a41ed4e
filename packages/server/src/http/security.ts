/**
 * Headers and origins (docs/server.md "Headers and origins"): the security headers of every response
 * (helmet: a Content-Security-Policy without inline script, `frame-ancestors 'none'`, `nosniff`,
 * `Referrer-Policy: no-referrer`), CORS for the allowed origins only, and the origin check of WebSocket
 * upgrades. The game's own origin (the request's `Host`) is always allowed; `allowedOrigins` adds others
 * (a development server on another port, a second host name).
 */
import cors from 'cors';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The security headers of every response (helmet). The policy allows scripts, styles, fonts and
 * connections from the page's own origin only (its WebSockets included: `'self'` covers them), images from it and `data:`
 * URLs (the icon), no plugins, no framing; TLS and HSTS are left to the operator's proxy.
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        // `'self'` covers the page's own WebSockets (CSP Level 3, in every current browser). The policy never
        // repeats the request's Host header: a cache shared between hosts could hand one host's policy to another.
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  }) as RequestHandler;
}

/**
 * True when a request with this `Origin` may use the game: no `Origin` at all (not a browser: bots, tests,
 * the `paigow` tools), the page's own origin (the origin's host is the request's `Host`), or one of
 * `allowedOrigins` (exact, e.g. `http://localhost:5173`).
 */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, allowedOrigins: readonly string[]): boolean {
  if (origin === undefined) return true;
  if (allowedOrigins.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * CORS for `allowedOrigins` only (`GET`/`POST`/`PUT` with `Authorization` and `Content-Type`); the page's own
 * origin needs none. Other origins get no CORS headers, so browsers refuse their requests.
 */
export function corsFor(allowedOrigins: readonly string[]): RequestHandler {
  return cors({
    origin: [...allowedOrigins],
    methods: ['GET', 'POST', 'PUT'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
}
