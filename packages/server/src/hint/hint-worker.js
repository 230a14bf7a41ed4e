// @ts-check
/**
 * Worker-thread entry of the hint pool (`pool.ts`, docs/server.md "Hints"): computes a table Hint,
 * the engine's `settingHint(hand, rng, samples, commissionBps, houseWay)`, off the main thread.
 *
 * Plain JavaScript on purpose. The server runs compiled (`dist/`, tsc) in production and from its
 * TypeScript sources under Vitest, which does not transform worker threads; this one file is loaded
 * by `node:worker_threads` as it is in both cases (`pool.ts` finds it under `src/hint/` from either
 * place), and it imports the BUILT engine: `@paigow/engine` resolves to `packages/engine/dist`, which
 * `npm run build` (and so `npm test` and `npm start`) produces first.
 *
 * Protocol with the pool: on start it warms up (the engine builds its lookup tables on first use and
 * the JIT compiles the sampling loop) and posts `{ ready: true, warmupMs }`. Then for every task
 * `{ id, cards: number[], samples, commissionBps, houseWay }` (a registered house way's id) it posts `{ id, hint, computeMs }` or
 * `{ id, error }`. Each hint's banker hands come from a fresh `createSeededRng` (sfc32) seeded from
 * `crypto.getRandomValues` (the hint uses only the asking player's own cards).
 */
import { parentPort } from 'node:worker_threads';
import { createSeededRng, HAND_SIZE, HINT_SAMPLES, houseWays, settingHint, shuffledDeck, toHand, unwrap } from '@paigow/engine';

if (!parentPort) throw new Error('hint-worker must run in a worker thread');
const port = parentPort;

/** A fresh 32-bit seed from the platform's secure random source. */
function secureSeed() {
  return globalThis.crypto.getRandomValues(new Uint32Array(1))[0];
}

/**
 * The sampling `Rng` of one hint: sfc32 seeded from `secureSeed()`, with `nextInt(bound)` by
 * multiply-shift instead of the engine's rejection sampling. For bounds ≤ 46 its bias is below
 * 46 / 2^32 ≈ 1e-8 per draw, nothing beside the ±0.5% sampling error of a hint, and it makes the
 * 100,000-hand estimate about a fifth faster. Never used to shuffle a deck (rules.md §1 uses the
 * engine's unbiased crypto `Rng`).
 * @returns {import('@paigow/engine').Rng}
 */
function samplingRng() {
  const next32 = createSeededRng(secureSeed()).next32;
  return { nextInt: (bound) => (next32() * bound * 2.3283064365386963e-10) | 0 };
}

// Warm-up: a few full-size hints on random hands, so that the first player's hint is as fast as the rest; one
// more per other house way, which builds that house way's banker tables too.
const warmupStarted = performance.now();
const dealer = createSeededRng(secureSeed());
/** A random hand of the warm-up. */
const dealtHand = () => unwrap(toHand(shuffledDeck(dealer).slice(0, HAND_SIZE)));
for (let i = 0; i < 3; i++) settingHint(dealtHand(), samplingRng(), HINT_SAMPLES, 500);
for (const way of Object.values(houseWays).slice(1)) settingHint(dealtHand(), samplingRng(), HINT_SAMPLES, 500, way);
port.postMessage({ ready: true, warmupMs: performance.now() - warmupStarted });

port.on('message', (/** @type {{ id: number, cards: number[], samples: number, commissionBps: number, houseWay: import('@paigow/engine').HouseWayId }} */ task) => {
  const started = performance.now();
  try {
    // The cards crossed a thread (structured clone): checked again here, the worker's edge.
    const hint = settingHint(unwrap(toHand(task.cards)), samplingRng(), task.samples, task.commissionBps, houseWays[task.houseWay]);
    port.postMessage({ id: task.id, hint, computeMs: performance.now() - started });
  } catch (error) {
    port.postMessage({ id: task.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
