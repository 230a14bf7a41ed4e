/**
 * Worker-thread entry: runs the tasks the pool posts (`tasks.ts`) and posts back
 * `{ progress }` messages along the way and one `{ result }` (or `{ error }`) per task.
 */

import { parentPort } from 'node:worker_threads';
import { runTask, type Task } from './tasks.js';

if (!parentPort) throw new Error('task-worker must run in a worker thread');
const port = parentPort;

port.on('message', (task: Task) => {
  try {
    const result = runTask(task, (done) => port.postMessage({ progress: done }));
    // Histograms are large: hand their memory over instead of copying it.
    port.postMessage({ result }, result instanceof Float64Array ? [result.buffer as ArrayBuffer] : []);
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.stack ?? error.message : String(error) });
  }
});
