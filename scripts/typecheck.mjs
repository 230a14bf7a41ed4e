/**
 * `npm run typecheck`: type-checks every tsconfig of the repository, tests included, as many at once as the machine
 * has cores (a `tsc` uses one; one after another they took 50 to 87 s of a CI run on two cores, about half that two at
 * a time). Each config's messages are printed together when it ends; the status is 1 when any config fails.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';

/** Every tsconfig that `tsc -b` does not build with its tests, the slowest first (so that the last ones end together). */
const CONFIGS = [
  'packages/cli/tsconfig.test.json',
  'packages/web',
  'packages/server/tsconfig.test.json',
  'packages/engine/tsconfig.test.json',
  'packages/i18n/tsconfig.test.json',
  'e2e',
  'tsconfig.test.json',
  'packages/protocol/tsconfig.test.json',
];

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** Runs `tsc -p config`; resolves with its exit status once its output is printed. */
function check(config) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      process.stdout.write(`tsc -p ${config}: ${code === 0 ? 'ok' : 'FAILED'}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

const failed = [];
let next = 0;
const worker = async () => {
  while (next < CONFIGS.length) {
    const config = CONFIGS[next++];
    if ((await check(config)) !== 0) failed.push(config);
  }
};
await Promise.all(Array.from({ length: Math.min(availableParallelism(), CONFIGS.length) }, worker));
if (failed.length > 0) {
  process.stderr.write(`typecheck failed: ${failed.join(', ')}\n`);
  process.exitCode = 1;
}
