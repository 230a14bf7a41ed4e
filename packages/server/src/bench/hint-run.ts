/**
 * `node packages/server/dist/bench/hint-run.js [--hints N]`: the hint benchmark (`benchHints`), one
 * JSON document on stdout: the computation alone, through the pool, and the client's round trip, in ms.
 */
import { benchHints } from './hint.js';

const args = process.argv.slice(2);
const i = args.indexOf('--hints');
const hints = i >= 0 ? Number(args[i + 1]) : 30;
if (!Number.isInteger(hints) || hints < 2) {
  console.error('hint-run: --hints must be a whole number of at least 2');
  process.exit(2);
}
console.log(JSON.stringify(await benchHints(hints), null, 2));
process.exit(0);
