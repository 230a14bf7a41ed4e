/**
 * The wire protocol shared by the server and the web client (docs/protocol.md): client → server
 * messages and their parsers, the per-seat `TableView`, and the HTTP API shapes. Pure types and
 * parsers; no I/O.
 */
export * from './messages.js';
export * from './view.js';
export * from './http.js';
export * from './notices.js';
