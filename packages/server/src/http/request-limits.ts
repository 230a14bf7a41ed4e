/**
 * Request limits of the HTTP side (docs/server.md "Limits"): the body size of every route, UTF-8 bodies only, and the
 * `429` answer of a rate limit. Refusals are the JSON error body (`HttpErrorBody`), or under `/matchmake` the
 * matchmaking's (`refusalBody`).
 */
import { ErrorCode } from '@colyseus/core';
import type { Request, RequestHandler, Response } from 'express';
import type { RuleError } from '@paigow/engine';
import type { HttpErrorBody } from '@paigow/protocol';
import { rateLimited, retryAfterSeconds } from '../limits/index.js';
import { rateLimitedRequests } from '../metrics/index.js';

/**
 * The body of a refusal of `req` that could not be read (a body too large, not UTF-8 or not JSON, a path that is not
 * valid percent-encoding): under `/matchmake`, Colyseus' shape that colyseus.js reads, `{ code, error: "<code>:
 * <message>" }` with Colyseus' `INVALID_PAYLOAD` (docs/protocol.md "Connecting": an attacker's join with a body
 * `nope` got the API's `{ error: { code, message } }`, which colyseus.js shows as `[object Object]`); elsewhere the
 * API's `HttpErrorBody`.
 */
export function refusalBody(req: Request, error: RuleError): HttpErrorBody | { code: number; error: string } {
  return req.originalUrl.startsWith('/matchmake/') ? { code: ErrorCode.INVALID_PAYLOAD, error: `${error.code}: ${error.message}` } : { error };
}

/**
 * Refuses, before reading a byte of it, a body over `maxBodyBytes` (by its `Content-Length`: 413) or of
 * unknown length (`Transfer-Encoding` without `Content-Length`: 411; browsers and the clients always send
 * the length). The connection is closed after the answer, so the rest of the body is never read.
 */
export function bodyLimit(maxBodyBytes: number): RequestHandler {
  return (req, res, next) => {
    const length = req.headers['content-length'];
    const refuse = (status: number, message: string): void => {
      res.status(status).set('Connection', 'close').json(refusalBody(req, { code: 'action/invalid', message }));
    };
    if (length !== undefined) {
      if (!/^\d+$/.test(length)) return refuse(400, 'Content-Length is not a number');
      if (Number(length) > maxBodyBytes) return refuse(413, `the request body is larger than ${maxBodyBytes} bytes`);
    } else if (req.headers['transfer-encoding'] !== undefined) {
      return refuse(411, 'a request body needs a Content-Length');
    }
    next();
  };
}

/** The refusal of a body in another charset than UTF-8. */
const NOT_UTF8: RuleError = { code: 'action/invalid', message: 'the body must be JSON in UTF-8 (charset=utf-8, or no charset)' };

/**
 * Refuses with `415` (`NOT_UTF8`), before reading it, a body the JSON parser would read (`parsed`) whose `Content-Type`
 * names a charset other than UTF-8 (`utf-8` in any case, quoted or not; none is UTF-8). The parser (body-parser) decodes
 * any `utf-*` charset, UTF-16 included, and refuses only others (an attacker's finding: `charset=utf-16` got
 * `400 the body is not JSON` instead of the documented 415).
 * @param parsed whether a request's body is read as JSON (the `/api` routes: `application/json` only; `/matchmake`: any)
 */
export function utf8Bodies(parsed: (req: Request) => boolean): RequestHandler {
  return (req, res, next) => {
    const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody || !parsed(req)) return next();
    const charsets = charsetsOf(req.headers['content-type'] ?? '');
    if (charsets.every((charset) => charset.toLowerCase() === 'utf-8')) return next();
    res.status(415).json(refusalBody(req, NOT_UTF8));
  };
}

/** The values of every `charset` parameter of a `Content-Type` (RFC 9110 §8.3: a token or a quoted string, its escapes undone). */
function charsetsOf(contentType: string): string[] {
  const charsets: string[] = [];
  const parameter = /;\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"?|[^;\s]*)/g;
  for (const [, name, value] of contentType.matchAll(parameter)) {
    if (name!.toLowerCase() !== 'charset') continue;
    charsets.push(value!.startsWith('"') ? value!.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1') : value!);
  }
  return charsets;
}

/** Answers a rate-limited request: 429, `Retry-After` in whole seconds, `rate/limited` (counted in `paigow_rate_limited_total{kind="http"}`). */
export function sendRateLimited(res: Response, waitMs: number): void {
  rateLimitedRequests.inc({ kind: 'http' });
  const body: HttpErrorBody = { error: rateLimited(waitMs) };
  res.status(429).set('Retry-After', String(retryAfterSeconds(waitMs))).json(body);
}
