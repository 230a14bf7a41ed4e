/**
 * The Pai Gow Poker game server (docs/protocol.md, docs/server.md): `startServer` for the CLI's
 * `paigow serve`, `serverOptionsFromEnv` for the environment of interfaces.md, and `benchServer`.
 */
export {
  DEFAULT_TABLES,
  ServerStartError,
  startServer,
  type CloseOptions,
  type ServerHandle,
  type ServerStartErrorCode,
  type StartServerOptions,
} from './server.js';
export { DEFAULT_LEASE, type LeaseTiming } from './lease/index.js';
export { serverOptionsFromEnv } from './env.js';
export { benchServer, type BenchOptions, type BenchResult } from './bench/bench.js';
