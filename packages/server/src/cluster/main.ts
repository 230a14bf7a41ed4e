/**
 * `npm run cluster -- --processes N [--port P]` (docs/operations.md "A cluster"): the program of `cli.ts`
 * (`clusterMain`) on this process's command line, environment, output and signals.
 */
import { clusterMain } from './cli.js';

await clusterMain({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  exit: (status) => process.exit(status),
  signals: process,
});
