/**
 * Request limits of the HTTP side (docs/server.md "Limits"): the body size of every route and the
 * `429` answer of a rate limit. Refusals are the JSON error body (`HttpErrorBody`).
 */
import type { RequestHandler, Response } from 'express';
import type { HttpErrorBody } from '@paigow/protocol';
import { rateLimited, retryAfterSeconds } from '../limits/index.js';
import { rateLimitedRequests } from '../metrics/index.js';

/**
 * Refuses, before reading a byte of it, a body over `maxBodyBytes` (by its `Content-Length`: 413) or of
 * unknown length (`Transfer-Encoding` without `Content-Length`: 411; browsers and the clients always send
 * the length). The connection is closed after the answer, so the rest of the body is never read.
 */
export function bodyLimit(maxBodyBytes: number): RequestHandler {
  return (req, res, next) => {
    const length = req.headers['content-length'];
    const refuse = (status: number, message: string): void => {
      const body: HttpErrorBody = { error: { code: 'action/invalid', message } };
      res.status(status).set('Connection', 'close').json(body);
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

/** Answers a rate-limited request: 429, `Retry-After` in whole seconds, `rate/limited` (counted in `paigow_rate_limited_total{kind="http"}`). */
export function sendRateLimited(res: Response, waitMs: number): void {
  rateLimitedRequests.inc({ kind: 'http' });
  const body: HttpErrorBody = { error: rateLimited(waitMs) };
  res.status(429).set('Retry-After', String(retryAfterSeconds(waitMs))).json(body);
}
