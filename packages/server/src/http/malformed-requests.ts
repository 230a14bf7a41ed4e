/**
 * Node's answers to requests it cannot parse, in the API's shape (docs/protocol.md "HTTP errors"): by default
 * Node writes a bare `400 Bad Request` (a garbage request line, a bad `Content-Length`, a header line without a
 * colon), `431` (a request line or headers over 16 KiB) or `408` (no request within `headersTimeout`) with an empty
 * body, where every other refusal of the server is a typed JSON error (`{error: {code, message}}`, as the server's
 * own `411` and `413` are). Found by an attacker's test (raw requests); the connection is still closed, as Node does.
 */
import type { Server as HttpServer } from 'node:http';
import type { RequestHandler } from 'express';
import type { Socket } from 'node:net';
import type { HttpErrorBody } from '@paigow/protocol';
import { refusalBody } from './request-limits.js';

/** The status and message of a request Node could not read, by its error's `code` (Node's own choice of status). */
function refusal(code: unknown): { status: number; reason: string; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, reason: 'Request Header Fields Too Large', message: 'the request line and headers must fit in 16 KiB' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, reason: 'Payload Too Large', message: 'chunk extensions too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, reason: 'Request Timeout', message: 'the request did not arrive in time' };
    default:
      return { status: 400, reason: 'Bad Request', message: 'malformed HTTP request' };
  }
}

/**
 * Answers the requests `server` cannot parse (its `clientError` event) with a JSON `HttpErrorBody`, code
 * `action/invalid` (400, 408, 413, 431), then closes the connection. As Node's default does,
 * nothing is written on a connection that has already been written to (an answer under way) or cannot be written.
 */
export function answerMalformedRequests(server: HttpServer): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (socket.writable && socket.bytesWritten === 0) {
      const { status, reason, message } = refusal(error.code);
      const body: HttpErrorBody = { error: { code: 'action/invalid', message } };
      const json = JSON.stringify(body);
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
      );
    }
    socket.destroy(error);
  });
}

/**
 * Refuses an HTTP/1.1 request without a `Host` header (RFC 9112 §3.2) as Node would, but as the app's other refusals
 * are (`refusalBody`): `400` `action/invalid`, and the connection closed. Node's own refusal (`requireHostHeader`, turned
 * off in `httpServerOptions`) was an empty body (an attacker's test). HTTP/1.0 requests may go without.
 * Express middleware: mount it before the routes.
 */
export const requireHost: RequestHandler = (req, res, next) => {
  if (req.httpVersion !== '1.1' || req.headers.host !== undefined) return next();
  res.status(400).set('Connection', 'close').json(refusalBody(req, { code: 'action/invalid', message: 'an HTTP/1.1 request must have a Host header' }));
};
