// @ts-check
/**
 * Worker-thread entry of the grade pool (`grade-pool.ts`, docs/server.md "The coach"): the exact analysis of one
 * hand, the engine's `analyzeHand(cards, commissionBps, houseWay)` (what `paigow analyze` computes), off the
 * main thread.
 *
 * Plain JavaScript and the BUILT engine, for the reasons given in `../hint/hint-worker.js` (Vitest does not
 * transform worker threads).
 *
 * Protocol with the pool: for every task `{ id, cards: number[], commissionBps, houseWay }` (a registered house
 * way's id) it posts `{ id, scores, computeMs }`, `scores` a Float64Array of the 21 settings in
 * `settings(cards)` order, five numbers each (legal as 1 or 0, win, push, loss, ev), or `{ id, error }`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { analyzeHand, houseWays } from '@paigow/engine';

if (!parentPort) throw new Error('grade-worker must run in a worker thread');
const port = parentPort;

/**
 * Grading is background work (issue 17: it adds no latency to rounds): this thread runs under Linux's
 * SCHED_IDLE policy (`chrt --idle`: it runs only when no other thread wants the core, and any thread that
 * wakes up takes the core from it at once) and at nice 19 (the lowest priority, where SCHED_IDLE cannot be
 * set). Linux schedules each thread on its own, named by its thread id (`/proc/thread-self`); elsewhere the
 * thread keeps the process's priority. (`workerData.background === false`: the process's priority and
 * policy.) The pool ignores the first message (no `id`); tests read the priority and the policy from it.
 */
let priority = null;
let schedIdle = false;
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (/** @type {{ background?: boolean } | undefined} */ (workerData)?.background !== false) {
    setPriority(tid, 19);
    try {
      execFileSync('chrt', ['--idle', '--pid', '0', String(tid)], { stdio: 'ignore', timeout: 5_000 });
    } catch {
      // No chrt: nice 19 alone.
    }
  }
  priority = getPriority(tid);
  // Field 41 of the thread's stat is its scheduling policy; 5 is SCHED_IDLE (after the parenthesised name).
  schedIdle = readFileSync(`/proc/thread-self/stat`, 'utf8').split(') ')[1].split(' ')[38] === '5';
} catch {
  // Not Linux, or not allowed: grade at the process's priority.
}
port.postMessage({ priority, schedIdle });

port.on('message', (/** @type {{ id: number, cards: number[], commissionBps: number, houseWay: import('@paigow/engine').HouseWayId }} */ task) => {
  const started = performance.now();
  try {
    const settings = analyzeHand(task.cards, task.commissionBps, houseWays[task.houseWay]).settings;
    const scores = new Float64Array(settings.length * 5);
    settings.forEach((s, k) => scores.set([s.legal ? 1 : 0, s.win, s.push, s.loss, s.ev], k * 5));
    port.postMessage({ id: task.id, scores, computeMs: performance.now() - started }, [scores.buffer]);
  } catch (error) {
    port.postMessage({ id: task.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
