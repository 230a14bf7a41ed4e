/**
 * Hint benchmark (docs/server.md "Hints"): how long a table Hint takes.
 * - `compute`: the computation alone, timed inside the worker (`settingHint`, HINT_SAMPLES banker hands);
 * - `pool`: from `HintPool.compute` to its answer on the main thread (adds the thread hop);
 * - `roundTrip`: from a client's `hint` message to the `hint` reply, over a WebSocket on loopback
 *   against a server in this process (SQLite in a temporary folder), one hint per dealt hand.
 * The first hint of each part is reported apart (`firstMs`): it includes the workers' start and warm-up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCryptoRng, HAND_SIZE, shuffledDeck, toHand, unwrap } from '@paigow/engine';
import { onTableView, type HintReply, type SessionResponse, type TableView } from '@paigow/protocol';
import { HintPool } from '../hint/index.js';
import { startServer } from '../server.js';
import { percentile } from './bench.js';

/** Latency figures in ms over `count` hints (the first one excluded, reported as `firstMs`). */
export interface LatencyFigures {
  readonly count: number;
  readonly firstMs: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  readonly meanMs: number;
}

/** What `benchHints` measured. */
export interface HintBenchResult {
  readonly samples: number;
  readonly threads: number;
  readonly compute: LatencyFigures;
  readonly pool: LatencyFigures;
  readonly roundTrip: LatencyFigures;
}

function figures(times: readonly number[]): LatencyFigures {
  const [first, ...rest] = times;
  const sorted = [...rest].sort((a, b) => a - b);
  const round = (ms: number): number => Math.round(ms * 10) / 10;
  return {
    count: sorted.length,
    firstMs: round(first ?? 0),
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
    meanMs: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)),
  };
}

/**
 * Runs the hint benchmark.
 * @param hints hints per part (≥ 2; default 30)
 * @throws Error when a hint is refused or a reply does not come within 30 s
 */
export async function benchHints(hints = 30): Promise<HintBenchResult> {
  const rng = createCryptoRng(globalThis.crypto);
  const hand = () => unwrap(toHand(shuffledDeck(rng).slice(0, HAND_SIZE)));

  // 1. The pool alone: the computation timed in the worker, and the call timed here.
  const compute: number[] = [];
  const poolTimes: number[] = [];
  const pool = new HintPool({ onComputed: (ms) => compute.push(ms) });
  let samples = 0;
  let threads: number;
  try {
    for (let i = 0; i < hints; i++) {
      const t0 = performance.now();
      samples = (await pool.compute(hand(), 500)).samples;
      poolTimes.push(performance.now() - t0);
    }
    threads = pool.running;
  } finally {
    await pool.close();
  }

  // 2. The round trip through a real server (its own pool, started at the first deal).
  const { Client } = await import('colyseus.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'paigow-bench-hint-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    log: () => undefined,
    tables: [{ tableId: 'hint-bench', seats: 1, limits: { main: { minCents: 100, maxCents: 10_000 } } }],
  });
  const roundTrip: number[] = [];
  try {
    const response = await fetch(`${server.url}/api/guest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nickname: 'hint bench' }),
    });
    const session = (await response.json()) as SessionResponse;
    const room = await new Client(`ws://127.0.0.1:${server.port}`).joinById('hint-bench', { token: session.token });
    let request = 0;
    const waiters = new Set<(type: string, message: { requestId?: string | null; ack?: string | null }) => void>();
    for (const type of ['error', 'hint']) {
      room.onMessage(type, (message: { requestId?: string | null }) => {
        for (const waiter of [...waiters]) waiter(type, message);
      });
    }
    onTableView(room, (view) => {
      for (const waiter of [...waiters]) waiter('view', view);
    });
    const send = <T>(type: string, payload: object = {}): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        const requestId = `b-${++request}`;
        const timer = setTimeout(() => reject(new Error(`${type}: no answer within 30 s`)), 30_000);
        const waiter = (kind: string, message: { requestId?: string | null; ack?: string | null }): void => {
          const answers = kind === 'view' ? message.ack === requestId : message.requestId === requestId;
          if (!answers) return;
          waiters.delete(waiter);
          clearTimeout(timer);
          if (kind === 'error') reject(new Error(`${type} refused: ${JSON.stringify(message)}`));
          else resolve(message as T);
        };
        waiters.add(waiter);
        room.send(type, { requestId, ...payload });
      });
    await send<TableView>('sit', { seat: 0 });
    for (let i = 0; i < hints; i++) {
      await send<TableView>('bet', { spot: 'main', amountCents: 100 });
      const dealt = await send<TableView>('deal');
      if (dealt.phase !== 'setting') throw new Error(`the deal did not happen (phase ${dealt.phase})`);
      const t0 = performance.now();
      await send<HintReply>('hint', { roundId: dealt.roundId });
      roundTrip.push(performance.now() - t0);
      await send<TableView>('house-way', { roundId: dealt.roundId });
    }
    await room.leave(true);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { samples, threads, compute: figures(compute), pool: figures(poolTimes), roundTrip: figures(roundTrip) };
}
