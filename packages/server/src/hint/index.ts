/** Table Hints computed off the main thread (docs/server.md "Hints"). */
export { HintPool, type HintPoolOptions, type HintService } from './pool.js';
