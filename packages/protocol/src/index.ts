/**
 * The wire protocol shared by the server and the web client (docs/protocol.md): client → server
 * messages and their parsers, the per-seat `TableView` and its projection `viewFor` from the engine's
 * table state, the `notice` message, and the HTTP API shapes. Pure types, parsers and projections; no I/O.
 */
export * from './messages.js';
export * from './view.js';
export * from './view-patch.js';
export * from './http.js';
export * from './notices.js';
export * from './project.js';
export * from './coach.js';
