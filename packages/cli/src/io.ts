/**
 * Output and failure conventions shared by every command (interfaces.md):
 * `--json` prints one JSON document on stdout; bad input exits with status 2 and one line on
 * stderr naming the problem (`paigow: card 'Zz' is not a card`), with nothing on stdout.
 */

import type { RuleError } from '@paigow/engine';

/** Thrown by a command on bad input; `main` prints it and exits with status 2. */
export class UsageError extends Error {}

/** Prints `paigow: <message>` on stderr and exits with status 2 (bad input). */
export function failUsage(message: string): never {
  process.stderr.write(`paigow: ${message}\n`);
  process.exit(2);
}

/** `failUsage` for a refused engine `Result`. */
export function failRule(error: RuleError): never {
  failUsage(error.message);
}

/** Prints one JSON document on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}
