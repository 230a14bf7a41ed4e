/**
 * Test helpers of the engine, for the tests of this package and of the packages built on it
 * (`@paigow/engine/testing`, resolved from the sources only: never built, never published).
 */
export * from './table.js';
