/**
 * `paigow enumerate <what>` (interfaces.md): exhaustive counts over every hand of the deck.
 * Each enumeration is its own module under `enumerate/` and is added with one line in
 * `ENUMERATIONS` below (e.g. `enumerate house-way`, written beside the house way).
 */

import type { Command } from 'commander';
import { UsageError } from '../io.js';
import { registerEnumerateFive } from './enumerate/five.js';
import { registerEnumerateSeven } from './enumerate/seven.js';
import { registerEnumerateHouseWay } from './enumerate/house-way.js';

/** Adds one subcommand to `paigow enumerate` (create it with `enumerate.command('<name>')`). */
export type RegisterEnumeration = (enumerate: Command) => void;

/** The subcommands of `paigow enumerate`, in help order. Add one line per enumeration. */
const ENUMERATIONS: readonly RegisterEnumeration[] = [
  registerEnumerateFive,
  registerEnumerateSeven,
  registerEnumerateHouseWay,
];

/** Registers `paigow enumerate` and its subcommands on the program. */
export function registerEnumerate(program: Command): void {
  // Its usage says what it takes: a subcommand, then that one's options (the `[what]` below is only its refusal).
  const enumerate = program.command('enumerate').description('count every hand of the deck exhaustively').usage('<command> [options]');
  for (const register of ENUMERATIONS) register(enumerate);
  const names = (): string => enumerate.commands.map((c) => c.name()).join(', ');
  // Reached only when no subcommand matches: one clear line instead of the help text.
  enumerate.argument('[what]').action((what: string | undefined) => {
    throw new UsageError(what === undefined ? `enumerate what? one of: ${names()}` : `unknown enumeration '${what}': one of ${names()}`);
  });
}
