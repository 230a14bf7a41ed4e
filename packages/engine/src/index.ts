export * from './errors/index.js';
export * from './cards/index.js';
export * from './notation/index.js';
export * from './rng/index.js';
export * from './evaluate/index.js';
export * from './setting/index.js';
export * from './settle/index.js';
